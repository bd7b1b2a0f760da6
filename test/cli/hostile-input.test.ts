import {spawn} from 'node:child_process';
import {chmodSync, mkdirSync, statSync, symlinkSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {cliPath, hasStackTrace, runCli, tempDir} from '../helpers/cli.js';
import {makeItem} from '../helpers/items.js';

const fixtureItems = path.resolve('fixtures/summaries.json');

/**
 * Whether another user can load the built CLI: every folder above it searchable by others and the
 * file readable (a clone inside a private temp folder, as CI makes, is not).
 */
function othersCanRun(file: string): boolean {
	try {
		if ((statSync(file).mode & 0o004) === 0) return false;
		for (let folder = path.dirname(file); ; folder = path.dirname(folder)) {
			if ((statSync(folder).mode & 0o001) === 0) return false;
			if (folder === path.dirname(folder)) return true;
		}
	} catch {
		return false;
	}
}

/** Runs as root and can run the CLI as nobody (uid 65534), whom a 0600 store shuts out. */
const asNobody = process.getuid?.() === 0 && othersCanRun(cliPath);

function storeWithFixtures(): string {
	const store = path.join(tempDir(), 'store.db');
	expect(runCli(['import', fixtureItems, '--store', store]).code).toBe(0);
	return store;
}

describe('a reader that goes away', () => {
	it('ends drill export quietly when the pipe closes after the first line (drill export | head -1)', async () => {
		const store = storeWithFixtures();
		const child = spawn(process.execPath, [cliPath, 'export', '--store', store], {stdio: ['ignore', 'pipe', 'pipe'], env: {...process.env, NO_COLOR: '1'}});
		let stderr = '';
		child.stderr.on('data', (data) => {
			stderr += data;
		});
		await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
		child.stdout.destroy();
		const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
		expect(stderr).toBe('');
		expect(code).toBe(0);
	});
});

describe('drill import with hostile input', () => {
	it('refuses binary standard input in one line, without a line per byte of noise', () => {
		const noise = Buffer.alloc(200_000);
		for (let i = 0; i < noise.length; i++) noise[i] = (i * 7919 + 13) % 256;
		const result = runCli(['import', '-', '--store', path.join(tempDir(), 'store.db')], {input: noise.toString('latin1')});
		expect(result.code).toBe(1);
		expect(result.stderr.trim().split('\n')).toHaveLength(1);
		expect(result.stderr).toMatch(/not UTF-8 text.*binary/u);
	});

	it('refuses a device such as /dev/zero at once instead of reading it forever', () => {
		const result = runCli(['import', '/dev/zero', '--store', path.join(tempDir(), 'store.db')]);
		expect(result.code).toBe(2);
		expect(result.stderr).toBe('drill: /dev/zero is a device or a socket, not a file; give a file, a pipe, or - for standard input\n');
	});

	it('keeps escape sequences of the input out of the terminal when it reports a line', () => {
		const input = `${JSON.stringify(makeItem('page', 'a'))}\n\u001b]52;c;aGVsbG8=\u0007 {\n\u009b2J\n`;
		const result = runCli(['import', '-', '--store', path.join(tempDir(), 'store.db')], {input});
		expect(result.code).toBe(1);
		expect(result.stderr).toContain('skipped line 2 is not valid JSON');
		expect(result.stderr).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/u);
		expect(result.stdout).toMatch(/^imported 1 item /u);
	});

	it('lists the first 20 problems, then says how many more, and counts them all in --json', () => {
		const lines = [JSON.stringify(makeItem('page', 'good'))];
		for (let i = 0; i < 30; i++) lines.push(JSON.stringify({...makeItem('page', `bad${i}`), nodes: []}));
		const store = path.join(tempDir(), 'store.db');
		const text = runCli(['import', '-', '--store', store], {input: lines.join('\n')});
		expect(text.code).toBe(1);
		const problems = text.stderr.trim().split('\n');
		expect(problems).toHaveLength(21);
		expect(problems[20]).toBe('drill: … and 10 more problems (drill import --json lists the first 1000)');
		const json = runCli(['import', '-', '--store', store, '--json'], {input: lines.join('\n')});
		const report = JSON.parse(json.stdout) as {failed: unknown[]; failed_count: number; items: number};
		expect(report).toMatchObject({failed_count: 30, items: 1});
		expect(report.failed).toHaveLength(30);
	});

	it('does not create a store when no item could be imported', () => {
		const store = path.join(tempDir(), 'store.db');
		const result = runCli(['import', '-', '--store', store], {input: '{"namespace": "a"}\n'});
		expect(result.code).toBe(1);
		expect(runCli(['walk', 'summary', '--store', store]).stderr).toMatch(/no store at/u);
		// An empty array is not a failure: it makes the empty store it names.
		expect(runCli(['import', '-', '--store', store], {input: '[]'}).code).toBe(0);
		expect(runCli(['walk', 'summary', '--store', store]).stdout).toContain('no children');
	});
});

describe('a file whose name holds escape sequences', () => {
	it('is shown with them written out, inert, as the file that exists: in the ingest report and wherever the item says where it is from', () => {
		const folder = tempDir();
		const name = 'bad\u001b]0;TITLE\u0007name.md';
		writeFileSync(path.join(folder, name), '# Odd name\n\nA page whose file name holds an OSC title sequence.\n');
		const shown = 'bad\\x1b]0;TITLE\\x07name.md';
		const missing = runCli(['ingest', 'gone\u001b]0;T\u0007.md', '--store', 's.db'], {cwd: folder});
		expect(missing.stderr).toBe('drill: gone\\x1b]0;T\\x07.md: no such file or folder\ndrill: nothing could be ingested; see the reasons above\n');
		expect(runCli(['ingest', '.', '--store', 's.db'], {cwd: folder}).code).toBe(0);
		const list = JSON.parse(runCli(['walk', 'summary', 'document', '--store', 's.db', '--json'], {cwd: folder}).stdout) as {children: Array<{node_id: string}>};
		const item = runCli(['walk', 'summary', list.children[0]!.node_id, '--store', 's.db'], {cwd: folder});
		expect(item.stdout).toContain(`from ${path.join(folder, shown)} (markdown)`);
		expect(item.stdout).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/u);
	});
});

describe('drill doctor on a store path that is not a store file', () => {
	it('says a folder is a folder', () => {
		const folder = path.join(tempDir(), 'store.db');
		mkdirSync(folder);
		const result = runCli(['doctor', '--store', folder]);
		expect(result.code).toBe(1);
		expect(result.stderr).toBe(`drill: the store path ${folder} is a folder; point --store or DRILL_STORE at a .db file\n`);
	});

	it.skipIf(!asNobody)('says a store it may not read cannot be read, without a stack or "unexpected failure"', () => {
		const store = storeWithFixtures();
		chmodSync(store, 0o600);
		const result = runCli(['doctor', '--store', store], {spawn: {uid: 65534, gid: 65534}});
		expect(result.code).toBe(1);
		expect(result.stderr).toMatch(/^drill: cannot read the store .* \(EACCES\); check that the file and its folder are readable by you\n$/u);
		expect(hasStackTrace(result.stderr)).toBe(false);
	});

	it('reports a file that is not SQLite with a whole number of milliseconds', () => {
		const store = path.join(tempDir(), 'store.db');
		writeFileSync(store, 'hello, not a database\n');
		const result = runCli(['doctor', '--store', store, '--json']);
		expect(result.code).toBe(1);
		expect(Number.isInteger((JSON.parse(result.stdout) as {checked_ms: number}).checked_ms)).toBe(true);
	});
});

describe('drill up with a device or binary input for its files', () => {
	function openDrill(): string {
		const root = tempDir();
		expect(runCli(['down', 'probe', '--objective', 'What breaks?', '--drills', root, '--store', path.join(root, 'store.db')], {cwd: root}).code).toBe(0);
		return root;
	}

	it('refuses --plan /dev/zero at once instead of reading it forever', () => {
		const root = openDrill();
		const result = runCli(['up', '--findings', 'done', '--plan', '/dev/zero', '--drills', root, '--store', path.join(root, 'store.db')], {cwd: root});
		expect(result.code).toBe(2);
		expect(result.stderr).toBe('drill: /dev/zero is a device or a socket, not a file; give a file, a pipe, or - for standard input\n');
	});

	it('refuses binary findings on standard input instead of keeping them as the payload', () => {
		const root = openDrill();
		const result = runCli(['up', '--findings', '-', '--plan', '[]', '--drills', root, '--store', path.join(root, 'store.db')], {cwd: root, input: '\u0000\u0001binary'});
		expect(result.code).toBe(1);
		expect(result.stderr).toBe('drill: standard input is not UTF-8 text (it looks binary); give a UTF-8 text file\n');
		expect(runCli(['status', '--drills', root], {cwd: root}).stdout).toContain('[open]');
	});
});

describe('a knowledge node id that is not there', () => {
	it('is quoted short when it is long, and the hint lists the nearest folder that exists', () => {
		const knowledge = path.resolve('fixtures/knowledge');
		const long = `runbooks/${'x'.repeat(5000)}/deeper`;
		const result = runCli(['walk', 'knowledge', long, '--knowledge', knowledge]);
		expect(result.code).toBe(1);
		expect(result.stderr.length).toBeLessThan(400);
		expect(result.stderr).toContain(`no knowledge unit "runbooks/${'x'.repeat(71)}"…`);
		expect(result.stderr).toMatch(/list the units with: drill walk knowledge runbooks\n$/u);
	});
});

describe('a store this user may not read', () => {
	it.skipIf(!asNobody)('is said to be unreadable, not read-only, by writers and readers alike', () => {
		const store = storeWithFixtures();
		chmodSync(store, 0o600);
		const nobody = {spawn: {uid: 65534, gid: 65534}};
		const line = `drill: cannot read the store ${store} (permission denied); check that the file and its folder are readable by you, or choose another with --store\n`;
		expect(runCli(['import', fixtureItems, '--store', store], nobody).stderr).toBe(line);
		expect(runCli(['walk', 'summary', '--store', store], nobody).stderr).toBe(line);
	});
});

describe('drill ingest of a folder with a symbolic link loop', () => {
	it('says the link is a loop, not that it is broken, and ingests the rest', () => {
		const folder = tempDir();
		writeFileSync(path.join(folder, 'notes.md'), '# Notes\n\nThe pool ran dry under load.\n');
		symlinkSync('loop-b', path.join(folder, 'loop-a'));
		symlinkSync('loop-a', path.join(folder, 'loop-b'));
		const result = runCli(['ingest', folder, '--store', path.join(tempDir(), 'store.db')]);
		expect(result.stderr).toContain('loop-a: is a symbolic link in a loop (it points back at itself)');
		expect(result.stderr).not.toContain('broken');
		expect(result.stdout).toMatch(/^ingested: 1 added/u);
	});
});
