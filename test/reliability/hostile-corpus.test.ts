// The reliability suite (docs/reliability.md): a generated hostile corpus through ingest, walk
// and find, damaged stores through every command that opens one, and a hostile .drills/ tree.
import {mkdirSync, readFileSync, rmSync, symlinkSync, truncateSync, writeFileSync, copyFileSync, statSync} from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import {beforeAll, describe, expect, it} from 'vitest';
import {drillDown, drillUp} from '../../source/frames/index.js';
import {hasStackTrace, runCli, tempDir, type CliResult} from '../helpers/cli.js';
import {makeFifo} from '../helpers/special-files.js';
import {writeCorpus, type CorpusCase} from './corpus.js';

/** Anything a terminal would act on: C0 controls but newline and tab, DEL, C1 controls, bidi overrides. */
const terminalControl = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/u;

/** What every command of the suite must do, whatever it was given: answer in lines, inert, without a stack trace. */
function expectComposed(result: CliResult, what: string): void {
	expect(result.code, `${what}: ${result.stderr}`).toBeGreaterThanOrEqual(0);
	expect(result.code, `${what} exit`).toBeLessThanOrEqual(2);
	expect(hasStackTrace(result.stderr), `${what}: ${result.stderr}`).toBe(false);
	expect(result.stderr, what).not.toMatch(/unexpected failure/u);
	expect(terminalControl.test(result.stdout), `${what} stdout`).toBe(false);
	expect(terminalControl.test(result.stderr), `${what} stderr`).toBe(false);
	for (const line of result.stderr.split('\n').filter(Boolean)) expect(line, what).toMatch(/^drill: /u);
}

let folder = '';
let corpus = '';
let cases: CorpusCase[] = [];

beforeAll(() => {
	folder = tempDir('drill-reliability-');
	corpus = path.join(folder, 'corpus');
	mkdirSync(corpus);
	cases = writeCorpus(corpus);
});

describe('the hostile corpus', () => {
	it('is ingested in one run that neither stops nor crashes: each file an item, a problem against it, or counted as left out', () => {
		const result = runCli(['ingest', 'corpus', '--store', 's.db', '--json'], {cwd: folder});
		expectComposed(result, 'ingest');
		// It read what it could: the problems are listed, the run is no failure (--strict makes it one).
		expect(result.code).toBe(0);
		const report = JSON.parse(result.stdout) as {added: number; skipped_files: number; failed: Array<{path: string; line?: number; reason: string}>};
		const items = new Set(cases.filter((entry) => entry.outcome === 'item').map((entry) => entry.name));
		expect(report.added).toBe(items.size);
		expect(report.skipped_files).toBe(cases.filter((entry) => entry.outcome === 'skipped').length);
		for (const problem of cases.filter((entry) => entry.outcome === 'problem')) {
			const prefix = problem.name.endsWith('/…') ? path.join('corpus', problem.name.slice(0, -1)) : path.join('corpus', problem.name);
			expect(report.failed.some((failure) => (problem.name.endsWith('/…') ? failure.path.startsWith(prefix) : failure.path === prefix) && problem.reason!.test(failure.reason)), `${problem.what}: ${JSON.stringify(report.failed)}`).toBe(true);
		}
		expect(report.failed).toHaveLength(cases.filter((entry) => entry.outcome === 'problem').length);
	});

	it('reads back inert: every item walked at full depth, searched, and its file found where it is', () => {
		const listed = (namespace: string) => (JSON.parse(runCli(['walk', 'summary', namespace, '--store', 's.db', '--json', '--limit', '100'], {cwd: folder}).stdout) as {children: Array<{node_id: string}>}).children;
		const ids = [...listed('document'), ...listed('conversation_session')].map((child) => child.node_id);
		expect(ids.length).toBe(cases.filter((entry) => entry.outcome === 'item').length);
		for (const id of ids) expectComposed(runCli(['walk', 'summary', id, '--depth', 'full', '--store', 's.db'], {cwd: folder}), `walk ${id}`);
		const found = runCli(['find', 'retry storms pwned', '--store', 's.db'], {cwd: folder});
		expectComposed(found, 'find');
		expect(found.stdout).toMatch(/Title .*end/u);
		const named = runCli(['find', 'OSC title sequence', '--store', 's.db'], {cwd: folder});
		expectComposed(named, 'find a file name');
		const hashed = ids.map((id) => runCli(['walk', 'summary', id, '--store', 's.db'], {cwd: folder}).stdout).join('\n');
		// A # in a path is part of it, and a control character in a name is written out, not dropped.
		expect(hashed).toContain(`from ${path.join(folder, 'corpus', 'notes#2.jsonl')}`);
		expect(hashed).toContain(`from ${path.join(folder, 'corpus', 'bad\\x1b]0;TITLE\\x07name.md')}`);
	});

	it('refuses devices and pipes named as inputs in one line each', () => {
		const pipe = path.join(folder, 'named-pipe');
		makeFifo(pipe);
		for (const input of ['/dev/zero', '/dev/null', pipe]) {
			const result = runCli(['ingest', input, '--store', 's.db'], {cwd: folder});
			expectComposed(result, `ingest ${input}`);
			expect(result.stderr.split('\n')[0]).toBe(`drill: ${input.startsWith(folder) ? path.relative(folder, input) : input}: is not a regular file or a folder`);
		}
		// (A pipe is what `drill import <(drill export …)` reads: import takes one, and waits for its writer.)
		for (const input of ['/dev/zero', '/dev/urandom']) {
			const result = runCli(['import', input, '--store', 'i.db'], {cwd: folder});
			expectComposed(result, `import ${input}`);
			expect(result.stderr.trim().split('\n')).toHaveLength(1);
		}
	});
});

/** Stores damaged the ways a disk, a copy or another program damages them. */
function damagedStores(): Array<{name: string; file: string}> {
	const base = path.join(folder, 's.db');
	const make = (name: string, build: (file: string) => void) => {
		const file = path.join(folder, 'damaged', name);
		mkdirSync(path.dirname(file), {recursive: true});
		build(file);
		return {name, file};
	};
	return [
		make('garbage.db', (file) => writeFileSync(file, 'this is not a database at all\n'.repeat(100))),
		make('truncated.db', (file) => {
			copyFileSync(base, file);
			truncateSync(file, Math.floor(statSync(file).size / 3));
		}),
		make('newer.db', (file) => {
			copyFileSync(base, file);
			const db = new Database(file);
			db.pragma('user_version = 999');
			db.close();
		}),
		make('folder.db', (file) => mkdirSync(file)),
		make('zeros.db', (file) => {
			copyFileSync(base, file);
			const bytes = readFileSync(file);
			bytes.fill(0, 4096, Math.min(bytes.length, 4096 * 6));
			writeFileSync(file, bytes);
		}),
	];
}

describe('damaged stores', () => {
	it('are refused or diagnosed in one line by every command that opens one, never with a stack trace', () => {
		const stores = damagedStores();
		for (const {name, file} of stores) {
			for (const args of [['find', 'retry'], ['walk', 'summary', 'document'], ['ingest', path.join(corpus, 'escapes.md')], ['export'], ['doctor']]) {
				const result = runCli([...args, '--store', file], {cwd: folder});
				expectComposed(result, `${args[0]} on ${name}`);
				if (result.code !== 0) expect(result.stderr.trim().split('\n').length, `${args[0]} on ${name}: ${result.stderr}`).toBeLessThanOrEqual(2);
			}
		}
	});
});

describe('a hostile .drills tree, as a cloned repository can commit it', () => {
	it('prints no file from outside the root, blocks on no pipe, and says what is wrong in one line', async () => {
		const root = path.join(folder, 'repo');
		mkdirSync(path.join(root, '.git'), {recursive: true});
		const secret = path.join(folder, 'secret.txt');
		writeFileSync(secret, 'SECRET-LINE-29\n');
		const top = await drillDown({drillsRoot: root}, {slug: 'api-debug', objective: 'Why 502?'});
		const child = await drillDown({drillsRoot: root}, {slug: 'db-optim', objective: 'Which query?'});
		await drillUp({drillsRoot: root}, {findings: 'A missing index.', plan: []});
		const dir = (rel: string) => path.join(root, rel);
		mkdirSync(dir(`${top.drill.path}/ctx`));
		symlinkSync(secret, dir(`${top.drill.path}/ctx/ctx.md`));
		mkdirSync(dir(`${top.drill.path}/pipe`));
		makeFifo(dir(`${top.drill.path}/pipe/pipe.md`));
		rmSync(dir(child.drill.file));
		symlinkSync(secret, dir(child.drill.file));
		symlinkSync('/dev/zero', dir('.drills/.lock'));
		for (const args of [['walk', 'drills', '', '--depth', 'full'], ['walk', 'drills', top.drill.id, '--depth', 'full'], ['walk', 'drills', child.drill.id, '--depth', 'full'], ['status'], ['status', '--repair'], ['find', 'index', '--source', 'drill'], ['up', '--findings', 'x', '--plan', '[]']]) {
			const result = runCli([...args, '--drills', root, '--store', path.join(folder, 'frames.db')], {cwd: root});
			expectComposed(result, args.join(' '));
			expect(`${result.stdout}${result.stderr}`, args.join(' ')).not.toContain('SECRET-LINE-29');
		}
		const mcp = runCli(['mcp', '--drills', root, '--store', path.join(folder, 'frames.db')], {cwd: root, input: `${[
			{jsonrpc: '2.0', id: 1, method: 'initialize', params: {protocolVersion: '2025-06-18', capabilities: {}, clientInfo: {name: 'suite', version: '1'}}},
			{jsonrpc: '2.0', method: 'notifications/initialized'},
			{jsonrpc: '2.0', id: 2, method: 'tools/call', params: {name: 'walk', arguments: {domain: 'drills', node_id: top.drill.id, depth: 'full'}}},
			{jsonrpc: '2.0', id: 3, method: 'resources/read', params: {uri: `drill://drills/${child.drill.id}`}},
		].map((message) => JSON.stringify(message)).join('\n')}\n`});
		expect(mcp.stdout).toContain('"id":3');
		expect(mcp.stdout).not.toContain('SECRET-LINE-29');
	});
});
