import {spawn} from 'node:child_process';
import {appendFileSync, copyFileSync, mkdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import {afterEach, describe, expect, it, vi} from 'vitest';
import {shownSourceUri} from '../../source/core/source-uri.js';
import {cliPath, runCli, tempDir} from '../helpers/cli.js';

const transcripts = path.resolve('fixtures/transcripts');

function sessions(): {dir: string; logs: string; store: string} {
	const dir = tempDir();
	const logs = path.join(dir, 'logs');
	mkdirSync(path.join(logs, 'old'), {recursive: true});
	copyFileSync(path.join(transcripts, 'claude-code-session.jsonl'), path.join(logs, 'claude.jsonl'));
	copyFileSync(path.join(transcripts, 'codex-rollout.jsonl'), path.join(logs, 'codex.jsonl'));
	copyFileSync(path.join(transcripts, 'chatgpt-conversations.json'), path.join(logs, 'old', 'conversations.json'));
	copyFileSync(path.join(transcripts, 'gemini-chat-session.json'), path.join(logs, 'old', 'gemini.json'));
	const store = path.join(dir, 's.db');
	expect(runCli(['ingest', logs, '--store', store]).code).toBe(0);
	return {dir, logs, store};
}

interface Listed {
	id: string;
	uri: string;
	title: string;
}

function items(store: string): Listed[] {
	const lines = runCli(['export', '--store', store]).stdout.trim().split('\n').filter(Boolean);
	// A conversation of a file of many is named by a file: URI; read here as path#fragment.
	return lines.map((line) => JSON.parse(line)).map((item) => ({id: `${item.namespace}:${item.item_id}`, uri: shownSourceUri(item.source.uri), title: item.title}));
}

/** Every row of the store that is not the item's own: what forgetting it must leave exactly as it was. */
function rowsApartFrom(store: string, ids: string[]): Record<string, unknown[]> {
	const db = new Database(store, {readonly: true});
	try {
		const rowIds = ids.map((id) => (db.prepare('SELECT id FROM items WHERE namespace = ? AND item_id = ?').get(...id.split(':')) as {id: number}).id);
		const others = `NOT IN (${rowIds.join(',')})`;
		return {
			items: db.prepare(`SELECT * FROM items WHERE id ${others} ORDER BY id`).all(),
			nodes: db.prepare(`SELECT * FROM nodes WHERE item ${others} ORDER BY id`).all(),
			spans: db.prepare(`SELECT * FROM spans WHERE item ${others} ORDER BY id`).all(),
			search_items: db.prepare(`SELECT * FROM search_items WHERE item ${others} ORDER BY item`).all(),
			item_vectors: db.prepare(`SELECT * FROM item_vectors WHERE item ${others} ORDER BY item`).all(),
			namespaces: db.prepare('SELECT * FROM namespaces ORDER BY name').all(),
		};
	} finally {
		db.close();
	}
}

function rowCount(store: string, sql: string, ...params: unknown[]): number {
	const db = new Database(store, {readonly: true});
	try {
		return (db.prepare(sql).get(...params) as {n: number}).n;
	} finally {
		db.close();
	}
}

describe('drill forget', () => {
	it('removes an item (from a node id inside it) from the store and the search index, and nothing else changes', () => {
		const {store} = sessions();
		const all = items(store);
		const claude = all.find((item) => item.uri.endsWith('claude.jsonl'))!;
		const others = all.filter((item) => item !== claude);
		const namespaceCount = (rowsApartFrom(store, [claude.id]).namespaces as Array<{name: string; item_count: number}>).find((row) => row.name === 'conversation_session')!.item_count;
		const before = rowsApartFrom(store, [claude.id]);
		const word = 'convert.test.ts';
		expect(JSON.stringify(JSON.parse(runCli(['find', word, '--store', store, '--json']).stdout).candidate_items)).toContain(claude.id);

		const result = runCli(['forget', `${claude.id}#n1`, '--store', store]);
		expect(result.code).toBe(0);
		expect(result.stdout).toContain(`forgot ${claude.id}  ${claude.title}`);
		expect(result.stdout).toContain(`ingest leaves out ${claude.uri} until drill ingest --include-forgotten PATH`);

		expect(items(store).map((item) => item.id).sort()).toEqual(others.map((item) => item.id).sort());
		expect(JSON.stringify(JSON.parse(runCli(['find', word, '--store', store, '--json']).stdout))).not.toContain(claude.id);
		expect(rowCount(store, "SELECT count(*) AS n FROM items WHERE item_id = ?", claude.id.split(':')[1])).toBe(0);
		// The rest of the store, row for row: only the namespace's count went down by one.
		const after = rowsApartFrom(store, []);
		const namespaces = before.namespaces!.map((row) => ((row as {name: string}).name === 'conversation_session' ? {...(row as object), item_count: namespaceCount - 1} : row));
		expect(after).toEqual({...before, namespaces});
	});

	it('--source removes everything from a file or a folder; --dry-run only says what would go', () => {
		const {logs, store} = sessions();
		const old = path.join(logs, 'old');
		const fromOld = items(store).filter((item) => item.uri.startsWith(`${old}/`));
		expect(fromOld.length).toBe(4);
		const dry = JSON.parse(runCli(['forget', '--source', old, '--dry-run', '--json', '--store', store]).stdout);
		expect(dry.dry_run).toBe(true);
		expect(dry.forgotten.map((entry: {id: string}) => entry.id).sort()).toEqual(fromOld.map((item) => item.id).sort());
		expect(items(store).length).toBe(6);
		const done = JSON.parse(runCli(['forget', '--source', old, '--json', '--store', store]).stdout);
		expect(done).toMatchObject({sources: [old], dry_run: false});
		expect(items(store).map((item) => item.uri).filter((uri) => uri.startsWith(old))).toEqual([]);
		expect(items(store).length).toBe(2);
	});

	it('remembers what it forgot: ingest (and --agents, which ingests the same way) leaves it out until --include-forgotten', () => {
		const {logs, store} = sessions();
		const codex = items(store).find((item) => item.uri.endsWith('codex.jsonl'))!;
		const chat = items(store).find((item) => item.uri.includes('conversations.json#'))!;
		runCli(['forget', codex.id, chat.id, '--store', store]);
		appendFileSync(path.join(logs, 'codex.jsonl'), '');
		const again = JSON.parse(runCli(['ingest', logs, '--store', store, '--json']).stdout);
		expect(again).toMatchObject({added: 0, forgotten: 2});
		expect(items(store).map((item) => item.id)).not.toContain(codex.id);
		expect(items(store).map((item) => item.id)).not.toContain(chat.id);
		// The other conversations of the same file are still there, and still updated.
		expect(items(store).filter((item) => item.uri.includes('conversations.json#')).length).toBe(2);

		const back = runCli(['ingest', path.join(logs, 'codex.jsonl'), '--include-forgotten', '--store', store]);
		expect(back.code).toBe(0);
		expect(back.stderr).toContain(`taken back: ${path.join(logs, 'codex.jsonl')}`);
		expect(items(store).map((item) => item.id)).toContain(codex.id);
		expect(runCli(['ingest', logs, '--include-forgotten', '--store', store]).code).toBe(0);
		expect(items(store).map((item) => item.id)).toContain(chat.id);
	});

	it('--agents leaves a forgotten agent log out too', () => {
		const dir = tempDir();
		const home = path.join(dir, 'home');
		const project = path.join(home, '.claude', 'projects', '-home-ana-src-payments');
		mkdirSync(project, {recursive: true});
		copyFileSync(path.join(transcripts, 'claude-code-session.jsonl'), path.join(project, '4e2b9c71-0f3a-4d8e-b6c5-97a1d2e3f408.jsonl'));
		const store = path.join(dir, 's.db');
		const env = {HOME: home, CLAUDE_CONFIG_DIR: '', CODEX_HOME: '', GEMINI_CLI_HOME: ''};
		expect(JSON.parse(runCli(['ingest', '--agents', '--json', '--store', store], {env, cwd: dir}).stdout).added).toBe(1);
		runCli(['forget', '--source', project, '--store', store]);
		const again = JSON.parse(runCli(['ingest', '--agents', '--json', '--store', store], {env, cwd: dir}).stdout);
		expect(again).toMatchObject({added: 0, forgotten: 1});
		expect(items(store)).toEqual([]);
	});

	it('says on one line what would work for an id that names no item', () => {
		const {store} = sessions();
		expect(runCli(['forget', 'conversation_session', '--store', store]).stderr).toBe('drill: "conversation_session" is not an item or a node in one; give NAMESPACE:ITEM or NAMESPACE:ITEM#nK, e.g. from drill find or drill walk summary NAMESPACE\n');
		expect(runCli(['forget', 'conversation_session:nope', '--store', store]).stderr).toBe('drill: no item "conversation_session:nope" in the store; drill walk summary conversation_session lists its items\n');
		expect(runCli(['forget', '--store', store]).stderr).toMatch(/^drill: forget needs an ID or --source PATH/u);
	});
});

describe('drill forget while drill ingest --watch runs', () => {
	const children: Array<ReturnType<typeof spawn>> = [];
	afterEach(() => {
		for (const child of children.splice(0)) child.kill('SIGKILL');
	});

	it('the watcher does not bring a forgotten file back when it grows; other files go on being ingested', async () => {
		const dir = tempDir();
		const logs = path.join(dir, 'logs');
		mkdirSync(logs);
		const claude = path.join(logs, 'claude.jsonl');
		const codex = path.join(logs, 'codex.jsonl');
		const claudeLines = readFileSync(path.join(transcripts, 'claude-code-session.jsonl'), 'utf8').split('\n').filter(Boolean);
		const codexLines = readFileSync(path.join(transcripts, 'codex-rollout.jsonl'), 'utf8').split('\n').filter(Boolean);
		appendFileSync(claude, `${claudeLines.slice(0, 8).join('\n')}\n`);
		appendFileSync(codex, `${codexLines.slice(0, 6).join('\n')}\n`);
		const store = path.join(dir, 's.db');
		const child = spawn(process.execPath, [cliPath, 'ingest', logs, '--watch', '--poll', '--json', '--store', store], {cwd: dir, env: {...process.env, DRILL_STORE: '', NO_COLOR: '1'}});
		children.push(child);
		let out = '';
		child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
		const rounds = () => out.split('\n').filter(Boolean).map((line) => JSON.parse(line) as {round: number; added: number; updated: number; forgotten: number});
		const patience = {timeout: 30_000, interval: 100};
		await vi.waitFor(() => expect(rounds()[0]).toMatchObject({round: 0, added: 2}), patience);

		const forgotten = runCli(['forget', '--source', claude, '--store', store]);
		expect(forgotten.code).toBe(0);
		expect(items(store).map((item) => item.uri)).toEqual([codex]);

		appendFileSync(claude, `${claudeLines.slice(8).join('\n')}\n`);
		appendFileSync(codex, `${codexLines.slice(6).join('\n')}\n`);
		// The codex session grows in the store (the watcher is alive); the forgotten one is left out.
		await vi.waitFor(() => expect(rounds().some((round) => round.updated > 0)).toBe(true), patience);
		await vi.waitFor(() => expect(rounds().some((round) => round.forgotten > 0)).toBe(true), patience);
		expect(items(store).map((item) => item.uri)).toEqual([codex]);

		// Taken back, and the watcher keeps it from then on.
		expect(runCli(['ingest', claude, '--include-forgotten', '--store', store]).code).toBe(0);
		expect(items(store).map((item) => item.uri).sort()).toEqual([claude, codex]);
	}, 60_000);
});
