import {copyFileSync, mkdirSync, statSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {readCursorStore} from '../../../source/ingest/formats/cursor-store.js';
import {sniff} from '../../../source/ingest/formats/detect.js';
import {openAgentDatabase} from '../../../source/ingest/io/agent-database.js';
import type {ParsedSource} from '../../../source/ingest/model.js';
import {ingest} from '../../helpers/ingest.js';
import {buildStore, expectUntouched} from '../../helpers/agent-store.js';
import {tempDir} from '../../helpers/cli.js';
import {allUnits, textsOf} from './read.js';

const workspaceId = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';

/** A Cursor user folder as Cursor lays it out: the global database and one workspace's. */
function cursorUser(): {global: string; workspace: string} {
	const user = path.join(tempDir('drill-cursor-'), 'Cursor', 'User');
	const global = path.join(user, 'globalStorage', 'state.vscdb');
	const workspace = path.join(user, 'workspaceStorage', workspaceId, 'state.vscdb');
	mkdirSync(path.dirname(global), {recursive: true});
	mkdirSync(path.dirname(workspace), {recursive: true});
	buildStore('fixtures/agents/cursor-global.store.json', global);
	buildStore('fixtures/agents/cursor-workspace.store.json', workspace);
	copyFileSync('fixtures/agents/cursor/workspace.json', path.join(path.dirname(workspace), 'workspace.json'));
	return {global, workspace};
}

function read(file: string): Array<{id: string; source: ParsedSource}> {
	const store = openAgentDatabase(file);
	try {
		return [...readCursorStore(store.database, file)].map((session) => ({id: session.id, source: session.read()}));
	} finally {
		store.close();
	}
}

const blocksOf = textsOf;

describe('Cursor global state.vscdb (cursorDiskKV)', () => {
	it('reads composers whose turns are bubble rows, an inline list, or a map, and not an empty one', () => {
		const {global} = cursorUser();
		const sessions = read(global);
		expect(sessions.map((session) => session.id)).toEqual(['3b1f7c9e-1a2d-4e5f-8a9b-0c1d2e3f4a5b', '8e2d4c6b-3a1f-4b2c-9d8e-7f6a5b4c3d2e', 'c3a9e1f0-5b7d-4c2e-8f1a-2b3c4d5e6f70']);
		const [rows, inline, map] = sessions.map((session) => session.source) as [ParsedSource, ParsedSource, ParsedSource];
		expect(rows.facts.provenance).toMatchObject({
			agent: 'cursor',
			// Listed in the workspace's composer.composerData beside the global database.
			project: '/home/mira/src/tidewater',
			model: 'claude-4-sonnet',
			started_at: '2025-12-10T07:40:00.000Z',
			ended_at: '2025-12-10T07:47:00.000Z',
			turns: 2,
			tool_calls: 3,
			session_id: '3b1f7c9e-1a2d-4e5f-8a9b-0c1d2e3f4a5b',
			agent_title: 'Harbour gauge ingest retries',
			tokens: {input: 18230, output: 412},
			files_edited: ['/home/mira/src/tidewater/src/ingest/gauge.ts', '/home/mira/src/tidewater/src/ingest/backoff.ts'],
		});
		// Listed with its workspace in the global composer.composerHeaders.
		expect(inline.facts.provenance).toMatchObject({project: '/home/mira/src/tidewater', agent_title: 'Explain the station codes', turns: 1});
		expect(blocksOf(map, 'assistant')).toEqual(['Renamed in 6 files; the public API keeps tideWindow as a deprecated alias.']);
		// "New chat" is Cursor's placeholder, and "default" no model.
		expect(map.facts.title).toBeUndefined();
		expect(map.facts.provenance?.model).toBeUndefined();
	});

	it('reads every bubble kind: text, rich text, thinking, tool calls with results, code blocks; skips capability stubs', () => {
		const source = read(cursorUser().global)[0]!.source;
		expect(blocksOf(source, 'user')).toEqual([expect.stringMatching(/^The harbour gauge ingest gives up/u), 'Only retry on 5xx, a 404 means the station is gone.']);
		expect(blocksOf(source, 'thinking')).toEqual(['The fetch is in src/ingest/gauge.ts; a retry wrapper belongs around fetchReadings.']);
		expect(blocksOf(source, 'tool_call')).toEqual([
			'read_file\ntarget_file: src/ingest/gauge.ts\nshould_read_entire_file: true',
			'edit_file\nrelativeWorkspacePath: src/ingest/gauge.ts\ncontents: const readings = await withRetries(() => fetchReadings(station), {attempts: 3});',
			'run_terminal_cmd\ncommand: npm test -- ingest\nis_background: false',
		]);
		expect(blocksOf(source, 'tool')).toEqual([expect.stringMatching(/^contents:\n {2}export async function ingestGauge/u), expect.stringMatching(/^diff:/u), '[error] output: 1 failing: retries on 404 too\nexitCode: 1']);
		expect(allUnits(source).flatMap((unit) => unit.blocks).filter((block) => block.kind === 'code').map((block) => block.text)).toEqual([expect.stringMatching(/^export async function withRetries/u)]);
		// The capability stub.
		expect(source.skipped).toBe(1);
	});

	it('opens the database without writing to it or beside it', async () => {
		const {global, workspace} = cursorUser();
		await expectUntouched(global, () => read(global));
		await expectUntouched(workspace, () => read(workspace));
	});
});

describe('Cursor workspace state.vscdb (ItemTable)', () => {
	it('reads the old side panel’s chats, inline composers and VS Code chat sessions, with the workspace’s folder', () => {
		const sessions = read(cursorUser().workspace);
		expect(sessions.map((session) => session.id)).toEqual(['9f3e1c2a-0000-4000-8000-00000000aa01', '55555555-6666-4777-8888-999999999999', 'aa11bb22-cc33-4d44-8e55-ff6677889900']);
		const [panel, composer, chat] = sessions.map((session) => session.source) as [ParsedSource, ParsedSource, ParsedSource];
		expect(panel.facts.title).toBe('Why is the tide chart blank on Safari?');
		expect(panel.facts.provenance).toMatchObject({agent: 'cursor', project: '/home/mira/src/tidewater', model: 'gpt-4o', turns: 1, started_at: '2024-12-11T06:58:20.000Z'});
		expect(blocksOf(panel, 'assistant')).toEqual([expect.stringMatching(/^Safari does not support/u)]);
		expect(blocksOf(composer, 'user')).toEqual(['Let the station search match by prefix, PE should find PE-07N.']);
		expect(chat.facts.provenance).toMatchObject({agent: 'cursor', project: '/home/mira/src/tidewater', session_id: 'aa11bb22-cc33-4d44-8e55-ff6677889900', turns: 1});
		expect(blocksOf(chat, 'assistant')).toEqual(['In `src/tides/format.ts`, `formatHeight` rounds to two decimals.']);
	});

	it('skips a VS Code state database that holds no chat, and another program’s database, in a folder walk', async () => {
		const folder = tempDir('drill-vscode-');
		buildStore('fixtures/agents/cursor-workspace.store.json', path.join(folder, 'chats.vscdb'));
		const empty = path.join(folder, 'state.vscdb');
		buildStore('fixtures/agents/cursor-workspace.store.json', empty);
		const store = (await import('better-sqlite3')).default;
		const db = new store(empty);
		db.exec("DELETE FROM ItemTable WHERE key <> 'workbench.explorer.treeViewState'");
		db.close();
		expect(await sniff(empty, statSync(empty).size)).toMatchObject({notASource: true, problem: 'is a VS Code state database (state.vscdb) that holds no chats'});
		// Another program's database is no source either.
		const other = new store(path.join(folder, 'bookmarks.sqlite'));
		other.exec("CREATE TABLE bookmarks (url TEXT, title TEXT); INSERT INTO bookmarks VALUES ('https://example.org', 'Example')");
		other.close();
		expect(await sniff(path.join(folder, 'bookmarks.sqlite'), statSync(path.join(folder, 'bookmarks.sqlite')).size)).toMatchObject({notASource: true, problem: expect.stringMatching(/^is a SQLite database, not one of the agent stores drill reads \(Cursor, OpenCode, Goose, Crush\b.*\)$/u)});
		const report = await ingest([folder], {storePath: path.join(tempDir(), 's.db'), workers: false});
		expect(report).toMatchObject({added: 3, skipped_files: 2, failed: []});
	});
});

describe('Cursor in the pipeline', () => {
	it('is told from its tables and ingested per chat; a second run reads nothing again', async () => {
		const {global, workspace} = cursorUser();
		expect((await sniff(global, statSync(global).size)).format).toBe('cursor');
		expect((await sniff(global, statSync(global).size, 'crush')).problem).toBe('is not a Crush database (crush.db); it looks like a Cursor state database (state.vscdb)');
		expect((await sniff(global, statSync(global).size, 'markdown')).problem).toBe('is not markdown; it looks like a Cursor state database (state.vscdb)');
		const store = path.join(tempDir(), 's.db');
		expect(await ingest([global, workspace], {storePath: store, workers: false})).toMatchObject({added: 6, failed: []});
		expect(await ingest([global, workspace], {storePath: store, workers: false})).toMatchObject({added: 0, updated: 0, skipped: 6, failed: []});
	});
});
