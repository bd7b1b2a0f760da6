import {spawn as spawnChild} from 'node:child_process';
import {createServer} from 'node:http';
import type {AddressInfo} from 'node:net';
import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import Database from 'better-sqlite3';
import {SummaryStore} from '../../source/store/summary-store.js';
import {generatedMarkdown} from '../helpers/markdown.js';
import {cliPath, hasStackTrace, runCli, tempDir} from '../helpers/cli.js';

const fixtures = path.resolve('fixtures');

function ingestJson(args: string[], options: {cwd?: string; env?: NodeJS.ProcessEnv} = {}) {
	const result = runCli(['ingest', ...args, '--json'], options);
	return {...result, report: result.stdout.trim().startsWith('{') ? (JSON.parse(result.stdout) as Record<string, unknown>) : undefined};
}

describe('drill ingest', () => {
	it('prints exactly the report keys with --json; a run that read what it could exits 0, and 1 with --strict', () => {
		const folder = tempDir();
		const {code, report, stderr} = ingestJson([path.join(fixtures, 'transcripts'), '--store', path.join(folder, 's.db')]);
		expect(code).toBe(0);
		expect(Object.keys(report!)).toEqual(['added', 'updated', 'skipped', 'skipped_records', 'skipped_files', 'failed', 'conflicts', 'items', 'nodes', 'spans', 'redactions', 'subagents', 'warmups', 'empty_sessions', 'forgotten', 'seconds']);
		expect(report).toMatchObject({added: 17, updated: 0, skipped: 0, items: 17, conflicts: []});
		expect(report!.skipped_records).toBeGreaterThan(10);
		expect((report!.failed as Array<{line: number}>).map((failure) => failure.line)).toEqual([7, 13, 18]);
		// No progress bar when standard error is not a terminal.
		expect(stderr).toBe('');
		const again = ingestJson([path.join(fixtures, 'transcripts'), '--store', path.join(folder, 's.db')]);
		expect(again.code).toBe(0);
		expect(again.report).toMatchObject({added: 0, skipped: 17, failed: []});
		const strict = ingestJson([path.join(fixtures, 'transcripts', 'broken-lines.jsonl'), '--store', path.join(folder, 'strict.db'), '--strict']);
		expect(strict.code).toBe(1);
		expect(strict.report!.failed).toHaveLength(3);
	});

	it('lists the problems file by file, then says in one line what it did, counting files', () => {
		const folder = tempDir();
		writeFileSync(path.join(folder, 'empty.txt'), '');
		writeFileSync(path.join(folder, 'broken.jsonl'), '{"role":"user","content":"first question about caching"}\n{"role":\nnot json\n{"role":"assistant","content":"An answer about caching."}\n');
		const result = runCli(['ingest', path.join(fixtures, 'docs'), 'empty.txt', 'broken.jsonl', '--store', 's.db'], {cwd: folder});
		expect(result.code).toBe(0);
		expect(result.stdout).toMatch(/^ingested: 5 added, 0 updated, 0 unchanged, 2 files with problems — 5 items, \d+ nodes, \d+ spans written in [\d.]+ s into .*s\.db\n$/u);
		expect(result.stderr.split('\n')).toEqual([
			expect.stringMatching(/^drill: broken\.jsonl:2: line 2 is not valid JSON/u),
			expect.stringMatching(/^drill: broken\.jsonl:3: line 3 is not valid JSON/u),
			'drill: empty.txt: the file is empty',
			'',
		]);
	});

	it('exits 0 for a folder of documents where a page is only front matter (a Hugo _index.md)', () => {
		const folder = tempDir();
		mkdirSync(path.join(folder, 'docs', 'guides'), {recursive: true});
		writeFileSync(path.join(folder, 'docs', 'guides', '_index.md'), '---\ntitle: Guides\ndescription: How to run the service day to day.\nweight: 20\n---\n');
		writeFileSync(path.join(folder, 'docs', '_index.md'), '---\nweight: 1\n---\n');
		const {code, report} = ingestJson(['docs', '--store', 's.db'], {cwd: folder});
		expect(code).toBe(0);
		expect(report).toMatchObject({added: 2, failed: []});
		const listing = JSON.parse(runCli(['walk', 'summary', 'document', '--store', 's.db', '--json', '--depth', 'summary'], {cwd: folder}).stdout) as {children: Array<{name: string; summary: string}>};
		expect(listing.children.map((child) => [child.name, child.summary]).sort()).toEqual([
			['Guides', 'How to run the service day to day.'],
			['docs', 'docs'],
		]);
	});

	it('refuses a file forced to a format it is not in, in one line saying what it looks like', () => {
		const folder = tempDir();
		const session = path.join(fixtures, 'transcripts', 'claude-code-session.jsonl');
		const result = runCli(['ingest', session, '--format', 'codex', '--store', 's.db'], {cwd: folder});
		expect(result.code).toBe(1);
		expect(result.stderr).toBe(`drill: ${session}: the file is not a Codex CLI rollout (JSONL); it looks like a Claude Code session (JSONL)\ndrill: nothing could be ingested; see the reasons above\n`);
		const forced = ingestJson([path.join(fixtures, 'transcripts', 'aider.chat.history.md'), '--format', 'aider', '--store', 's.db'], {cwd: folder});
		expect(forced.report).toMatchObject({added: 2, failed: []});
	});

	it('makes items that drill walk shows at every depth', () => {
		const folder = tempDir();
		const store = path.join(folder, 's.db');
		ingestJson([path.join(fixtures, 'docs', 'incident-review.md'), '--store', store]);
		const namespace = JSON.parse(runCli(['walk', 'summary', 'document', '--store', store, '--json']).stdout) as {children: Array<{node_id: string}>};
		const id = namespace.children[0]!.node_id;
		const item = JSON.parse(runCli(['walk', 'summary', id, '--depth', 'summary', '--store', store, '--json']).stdout) as {title: string; summary: string; children: Array<{node_id: string; name: string; summary: string}>};
		expect(item.title).toMatch(/^Incident review/u);
		expect(item.summary).toMatch(/^For 38 minutes/u);
		expect(item.children.map((child) => child.name)).toContain('Timeline');
		const full = runCli(['walk', 'summary', item.children[0]!.node_id, '--depth', 'full', '--store', store]);
		expect(full.code).toBe(0);
		expect(full.stdout).toContain('[text]');
	});

	it('refuses bad options with a usage error', () => {
		const cases: Array<[string[], RegExp]> = [
			[['ingest'], /ingest needs at least one PATH/u],
			[['ingest', 'x', '--format', 'pdf'], /--format "pdf" is not known; use one of auto, transcript, markdown, text, html, claude-code, codex, gemini-cli, gemini-chat, aider, claude-agent, chatgpt, generic-chat, summary-json/u],
			[['ingest', 'x', '--summarizer', 'magic'], /--summarizer "magic" is not known/u],
			[['ingest', 'x', '--namespace', 'a:b'], /--namespace "a:b" is not a valid namespace/u],
			[['ingest', 'x', '--summarizer', 'llm'], /--summarizer llm needs an endpoint; give --llm-url URL or set DRILL_LLM_URL/u],
			[['ingest', 'x', '--summarizer', 'llm', '--llm-url', 'ftp://x'], /is not an http\(s\) URL/u],
			[['ingest', 'x', '--summarizer', 'llm', '--llm-url', 'http://127.0.0.1:1'], /needs a model name/u],
		];
		for (const [args, message] of cases) {
			const result = runCli(args, {env: {DRILL_LLM_URL: '', DRILL_LLM_MODEL: ''}});
			expect(result.code, args.join(' ')).toBe(2);
			expect(result.stderr).toMatch(message);
			expect(hasStackTrace(result.stderr)).toBe(false);
		}
	});

	it('fails cleanly when nothing could be ingested', () => {
		const folder = tempDir();
		const result = runCli(['ingest', 'missing-folder', '--store', 's.db'], {cwd: folder});
		expect(result.code).toBe(1);
		expect(result.stderr).toMatch(/^drill: missing-folder: no such file or folder\ndrill: nothing could be ingested; see the reasons above\n$/u);
	});

	it('uses an OpenAI-compatible endpoint from the environment', async () => {
		let calls = 0;
		const server = createServer((request, response) => {
			calls++;
			request.resume();
			request.on('end', () => response.writeHead(200, {'content-type': 'application/json'}).end(JSON.stringify({choices: [{message: {content: '{"title": "Written by the model", "summary": "A summary by the model."}'}}]})));
		});
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		try {
			const folder = tempDir();
			const env = {DRILL_LLM_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, DRILL_LLM_MODEL: 'm'};
			const result = await new Promise<{code: number; stdout: string}>((resolve) => {
				const child = spawnChild(process.execPath, [cliPath, 'ingest', path.join(fixtures, 'docs', 'field-notes.txt'), '--summarizer', 'llm', '--store', path.join(folder, 's.db'), '--json'], {env: {...process.env, ...env}});
				let stdout = '';
				child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
				child.on('close', (code) => resolve({code: code ?? -1, stdout}));
			});
			expect(result.code).toBe(0);
			expect(calls).toBe(4);
			const store = SummaryStore.open(path.join(folder, 's.db'));
			const [row] = [...store.eachItem()];
			expect(store.nodes(row!.id).slice(1).map((node) => node.title)).toEqual(['Written by the model', 'Written by the model', 'Written by the model']);
			store.close();
		} finally {
			server.close();
		}
	});

	it('shows a progress bar on a terminal', async () => {
		const pty = await import('@lydell/node-pty');
		const folder = tempDir();
		const env: NodeJS.ProcessEnv = {...process.env, NO_COLOR: '1', DRILL_STORE: ''};
		delete env.CI;
		const term = pty.spawn(process.execPath, [cliPath, 'ingest', path.join(fixtures, 'docs'), '--store', path.join(folder, 's.db')], {cols: 120, rows: 10, env: env as Record<string, string>});
		let output = '';
		term.onData((data) => (output += data));
		const code = await new Promise<number>((resolve) => term.onExit(({exitCode}) => resolve(exitCode)));
		expect(code).toBe(0);
		expect(output).toMatch(/ingest [█░]{24}  \d+\/4 files  [\d.]+\/[\d.]+ MB  [\d.]+ MB\/s  ETA/u);
		expect(output).toMatch(/\r\u001b\[2Kingested: 4 added/u);
	});
});

/** Items committed so far in a store another process is writing; 0 while it is still being made. */
function itemsWritten(file: string): number {
	let db: Database.Database | undefined;
	try {
		db = new Database(file, {readonly: true, fileMustExist: true, timeout: 0});
		const row = db.prepare('SELECT sum(item_count) AS items FROM namespaces').get() as {items: number | null};
		return row.items ?? 0;
	} catch {
		return 0;
	} finally {
		db?.close();
	}
}

describe('drill ingest killed mid-way', () => {
	it('leaves a readable store in which every item is whole, and the next run finishes the job', {timeout: 180_000}, async () => {
		const folder = tempDir();
		const input = path.join(folder, 'input');
		mkdirSync(input);
		const files = 60;
		for (let i = 0; i < files; i++) writeFileSync(path.join(input, `notes-${String(i).padStart(2, '0')}.md`), generatedMarkdown(i, 400_000));
		const store = path.join(folder, 'store.db');
		const child = spawnChild(process.execPath, [cliPath, 'ingest', input, '--store', store, '--json'], {stdio: ['ignore', 'ignore', 'pipe']});
		let stderr = '';
		child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
		let finished = false;
		const exited = new Promise<void>((resolve) =>
			child.on('exit', () => {
				finished = true;
				resolve();
			}),
		);
		// Wait until some items are in, then kill it without warning. The watcher reads through a
		// read-only connection that never waits for a lock: a normal open could migrate a store the
		// child had only just created and wait out the busy timeout while the child wrote everything.
		for (let seen = 0; seen < 3; ) {
			expect(finished, `drill ingest ended before it could be killed: ${stderr}`).toBe(false);
			await new Promise((resolve) => setTimeout(resolve, 10));
			seen = itemsWritten(store);
		}
		child.kill('SIGKILL');
		await exited;

		const reader = SummaryStore.open(store);
		try {
			expect(reader.db.pragma('integrity_check', {simple: true})).toBe('ok');
			const items = [...reader.eachItem()];
			expect(items.length).toBeGreaterThanOrEqual(3);
			expect(items.length).toBeLessThan(files);
			for (const item of items) {
				const counts = reader.db.prepare('SELECT (SELECT count(*) FROM nodes WHERE item = ?) AS nodes, (SELECT count(*) FROM spans WHERE item = ?) AS spans').get(item.id, item.id) as {nodes: number; spans: number};
				expect(counts).toEqual({nodes: item.node_count, spans: item.span_count});
				expect(reader.nodes(item.id)[0]!.ordinal).toBe(0);
			}
			expect(() => reader.db.exec(`INSERT INTO spans_fts (spans_fts) VALUES ('integrity-check');`)).not.toThrow();
			const done = items.length;
			reader.close();
			const rerun = ingestJson([input, '--store', store]);
			expect(rerun.report).toMatchObject({added: files - done, skipped: done, failed: []});
		} finally {
			reader.close();
		}
	});
});

describe('drill ingest on worker threads', () => {
	it('writes the same items as on the main thread', () => {
		const records = (workers: string) => {
			const folder = tempDir();
			const store = path.join(folder, 's.db');
			const result = runCli(['ingest', path.join(fixtures, 'docs'), path.join(fixtures, 'transcripts'), '--store', store, '--json'], {env: {DRILL_INGEST_WORKERS: workers}});
			expect(result.code).toBe(0);
			const reader = SummaryStore.open(store);
			try {
				// In the order of their row ids: a file of many items (the aider history, the ChatGPT export) is written after the pages before it.
				return [...reader.eachItem()].sort((a, b) => a.id - b.id).map((row) => ({id: row.id, ...reader.record(row)}));
			} finally {
				reader.close();
			}
		};
		const inline = records('0');
		expect(inline).toHaveLength(21);
		expect(records('1')).toEqual(inline);
		expect(records('2')).toEqual(inline);
	});
});
