import {chmodSync, mkdirSync} from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import {describe, expect, it} from 'vitest';
import type {ItemRecord} from '../../source/store/interchange.js';
import {parseItems, validateItem} from '../../source/store/interchange.js';
import {rebuildGroups} from '../../source/store/item-groups.js';
import {migrations, schemaVersion} from '../../source/store/schema.js';
import {SummaryStore} from '../../source/store/summary-store.js';
import {createRuntime} from '../../source/runtime.js';
import {tempDir} from '../helpers/cli.js';
import {drillErrorOf} from '../helpers/errors.js';
import {makeItem} from '../helpers/items.js';

const provenance = {
	uri: '/home/ana/.codex/sessions/2026/11/28/rollout-1.jsonl',
	kind: 'codex',
	agent: 'codex',
	project: '/home/ana/src/api',
	started_at: '2026-11-28T14:02:00.000Z',
	ended_at: '2026-11-28T15:10:30.000Z',
	model: 'gpt-5-codex',
	turns: 12,
	tool_calls: 30,
	line: 1,
};

function withSource(namespace: string, id: string, source: ItemRecord['source'], generatedAt = '2026-11-28T14:02:00.000Z'): ItemRecord {
	return {...makeItem(namespace, id, {generatedAt}), source};
}

/** A store exactly as the previous schema (migrations before provenance) left it, with its items. */
function previousStore(file: string, items: Array<{namespace: string; id: string; uri: string | null; at: string}>): void {
	const db = new Database(file);
	for (const migration of migrations.slice(0, 3)) migration(db);
	db.pragma('user_version = 3');
	for (const item of items) {
		db.prepare('INSERT INTO namespaces (name, item_count) VALUES (?, 1) ON CONFLICT (name) DO UPDATE SET item_count = item_count + 1').run(item.namespace);
		const {lastInsertRowid} = db
			.prepare("INSERT INTO items (namespace, item_id, title, tldr, generated_at, source_uri, source_kind, node_count, span_count) VALUES (?, ?, ?, 'tl;dr', ?, ?, 'markdown', 1, 0)")
			.run(item.namespace, item.id, `Title ${item.id}`, item.at, item.uri);
		db.prepare("INSERT INTO nodes (item, ordinal, parent, level, title) VALUES (?, 0, NULL, 0, 'root')").run(lastInsertRowid);
	}
	db.close();
}

describe('provenance in the store', () => {
	it('keeps every field of source through write, read and export', () => {
		const store = SummaryStore.open(path.join(tempDir(), 'store.db'), {write: true});
		const item = withSource('conversation_session', 'a', provenance);
		store.writeItem(item);
		const row = store.item('conversation_session', 'a')!;
		expect(row).toMatchObject({agent: 'codex', project: '/home/ana/src/api', turns: 12, tool_calls: 30, source_line: 1, source_folder: '/home/ana/.codex/sessions/2026/11/28/'});
		expect(store.record(row)).toEqual(item);
		store.close();
	});

	it('round-trips interchange with and without provenance: export of an import imports to the same export', () => {
		const store = SummaryStore.open(path.join(tempDir(), 'store.db'), {write: true});
		const lines = [withSource('s', 'full', provenance), withSource('s', 'some', {agent: 'aider', turns: 0}), {...makeItem('s', 'bare'), source: undefined}, withSource('s', 'old', {uri: 'file:///x/y.md', kind: 'markdown'})];
		for (const item of parseItems(lines.map((line) => JSON.stringify(line)).join('\n')).items) store.writeItem(item);
		const exported = [...store.eachItem()].map((row) => store.record(row));
		expect(exported.find((item) => item.item_id === 'full')!.source).toEqual(provenance);
		expect(exported.find((item) => item.item_id === 'some')!.source).toEqual({agent: 'aider', turns: 0});
		expect(exported.find((item) => item.item_id === 'bare')!.source).toEqual({});
		expect(exported.find((item) => item.item_id === 'old')!.source).toEqual({uri: 'file:///x/y.md', kind: 'markdown'});
		const again = SummaryStore.open(path.join(tempDir(), 'again.db'), {write: true});
		for (const item of parseItems(exported.map((line) => JSON.stringify(line)).join('\n')).items) again.writeItem(item);
		expect([...again.eachItem()].map((row) => again.record(row))).toEqual(exported);
		store.close();
		again.close();
	});

	it('migrates a store of the previous schema in place: columns, folders and groups', () => {
		const file = path.join(tempDir(), 'old.db');
		previousStore(file, [
			{namespace: 'document', id: 'a', uri: 'file:///home/ana/docs/guides/a.md', at: '2026-01-02T10:00:00.000Z'},
			{namespace: 'document', id: 'b', uri: '/home/ana/docs/guides/setup/b.md', at: '2026-01-03T10:00:00.000Z'},
			{namespace: 'document', id: 'c', uri: '/home/ana/docs/c.md', at: '2026-01-03T23:59:59.000Z'},
			{namespace: 'document', id: 'd', uri: null, at: '2026-01-01T00:00:00.000Z'},
		]);
		const store = SummaryStore.open(file);
		expect(store.db.pragma('user_version', {simple: true})).toBe(schemaVersion);
		expect(store.item('document', 'b')).toMatchObject({source_folder: '/home/ana/docs/guides/setup/', agent: null, project: null, turns: null});
		expect(store.record(store.item('document', 'a')!).source).toEqual({uri: 'file:///home/ana/docs/guides/a.md', kind: 'markdown'});
		const groups = store.db.prepare("SELECT key, value, parent, item_count FROM item_groups WHERE namespace = 'document' ORDER BY key, value").all();
		expect(groups).toEqual([
			{key: 'agent', value: '', parent: '', item_count: 4},
			{key: 'day', value: '2026-01-01', parent: '', item_count: 1},
			{key: 'day', value: '2026-01-02', parent: '', item_count: 1},
			{key: 'day', value: '2026-01-03', parent: '', item_count: 2},
			{key: 'folder', value: '/', parent: '', item_count: 3},
			{key: 'folder', value: '/home/', parent: '/', item_count: 3},
			{key: 'folder', value: '/home/ana/', parent: '/home/', item_count: 3},
			{key: 'folder', value: '/home/ana/docs/', parent: '/home/ana/', item_count: 3},
			{key: 'folder', value: '/home/ana/docs/guides/', parent: '/home/ana/docs/', item_count: 2},
			{key: 'folder', value: '/home/ana/docs/guides/setup/', parent: '/home/ana/docs/guides/', item_count: 1},
			{key: 'machine', value: '', parent: '', item_count: 4},
			{key: 'project', value: '', parent: '', item_count: 4},
			{key: 'user', value: '', parent: '', item_count: 4},
		]);
		store.close();
		const runtime = createRuntime({storePath: file, knowledgeDir: tempDir(), drillsRoot: tempDir()});
		const drillables = runtime.domains;
		const top = drillables.walk('summary', 'document', 'index', {groupBy: 'folder'});
		expect(top.children.map((child) => child.node_id)).toEqual(['document#folder=guides', 'document:c', 'document:d']);
		expect(top.group).toEqual({key: 'folder', item_count: 4, base: '/home/ana/docs/'});
		expect(drillables.walk('summary', 'document').children.map((child) => child.node_id)).toEqual(['document:c', 'document:b', 'document:a', 'document:d']);
		runtime.close();
	});

	it.skipIf(process.getuid?.() === 0)('refuses to read a previous-schema store it cannot migrate, saying how to fix it', () => {
		const dir = path.join(tempDir(), 'ro');
		mkdirSync(dir);
		const file = path.join(dir, 'old.db');
		previousStore(file, [{namespace: 'page', id: 'a', uri: null, at: '2026-01-01T00:00:00.000Z'}]);
		chmodSync(dir, 0o555);
		try {
			const error = drillErrorOf(() => SummaryStore.open(file));
			expect(error.line).toMatch(/has schema version 3 and needs migrating to \d+, but it is read-only; open it once with write access/u);
		} finally {
			chmodSync(dir, 0o755);
		}
	});

	it('keeps the group counts in step through adds, replaces and deletes, as a full recount would', () => {
		const store = SummaryStore.open(path.join(tempDir(), 'store.db'), {write: true});
		const snapshot = () => store.db.prepare('SELECT namespace, key, value, parent, item_count, newest FROM item_groups ORDER BY namespace, key, value').all();
		store.writeItem(withSource('s', 'a', {...provenance, uri: '/p/x/a.md'}, '2026-01-01T00:00:00.000Z'));
		store.writeItem(withSource('s', 'b', {...provenance, uri: '/p/y/b.md'}, '2026-02-01T00:00:00.000Z'));
		store.writeItem(withSource('s', 'c', {agent: 'aider', uri: '/p/x/c.md'}, '2026-03-01T00:00:00.000Z'));
		store.writeItem(withSource('t', 'a', {agent: 'codex'}, '2026-03-01T00:00:00.000Z'));
		// Replacing b moves it to another project, folder and day; deleting c drops aider and the newest codex time changes.
		store.writeItem(withSource('s', 'b', {...provenance, project: '/elsewhere', uri: '/q/b.md'}, '2026-02-02T00:00:00.000Z'));
		store.deleteItem('s', 'c');
		const incremental = snapshot();
		rebuildGroups(store.db);
		expect(snapshot()).toEqual(incremental);
		expect(incremental).toContainEqual({namespace: 's', key: 'agent', value: 'codex', parent: '', item_count: 2, newest: '2026-02-02T00:00:00.000Z'});
		expect(incremental).not.toContainEqual(expect.objectContaining({namespace: 's', value: 'aider'}));
		expect(incremental).toContainEqual({namespace: 's', key: 'folder', value: '/', parent: '', item_count: 2, newest: ''});
		store.deleteItem('s', 'a');
		store.deleteItem('s', 'b');
		expect(store.db.prepare("SELECT count(*) AS n FROM item_groups WHERE namespace = 's'").get()).toEqual({n: 0});
		store.close();
	});

	it('lists a group through its index, never by scanning the items', () => {
		const store = SummaryStore.open(path.join(tempDir(), 'store.db'), {write: true});
		const plan = (sql: string, ...params: unknown[]) => (store.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as Array<{detail: string}>).map((row) => row.detail).join(' | ');
		expect(plan('SELECT id FROM items WHERE project IS ? AND namespace = ? ORDER BY generated_at DESC, item_id LIMIT 100', 'x', 's')).toMatch(/USING COVERING INDEX items_by_project/u);
		expect(plan('SELECT id FROM items WHERE agent IS ? AND namespace = ? ORDER BY generated_at DESC, item_id LIMIT 100', null, 's')).toMatch(/USING COVERING INDEX items_by_agent/u);
		expect(plan('SELECT id FROM items WHERE source_folder IS ? AND namespace = ? ORDER BY generated_at DESC, item_id LIMIT 100', '/a/', 's')).toMatch(/USING COVERING INDEX items_by_folder/u);
		expect(plan('SELECT id FROM items WHERE agent = ?', 'codex')).toMatch(/USING COVERING INDEX items_by_agent/u);
		expect(plan('SELECT id FROM items WHERE project = ?', '/x')).toMatch(/USING COVERING INDEX items_by_project/u);
		expect(plan("SELECT value FROM item_groups WHERE namespace = ? AND key = 'project' AND parent = '' ORDER BY newest DESC, value LIMIT 100", 's')).not.toMatch(/TEMP B-TREE/u);
		expect(plan("SELECT value FROM item_groups WHERE namespace = ? AND key = 'day' AND parent = '' ORDER BY value DESC LIMIT 100", 's')).not.toMatch(/TEMP B-TREE/u);
		store.close();
	});
});

describe('provenance in the interchange', () => {
	const base = makeItem('conversation_session', 'x');
	const refusal = (source: unknown) => drillErrorOf(() => validateItem({...base, source})).line;

	it('normalizes times to ISO UTC, drops empty fields, and takes a bare string as the uri', () => {
		expect(validateItem({...base, source: {...provenance, started_at: '2026-11-28T15:02:00+01:00', ended_at: 1_795_000_000, agent: '  codex ', model: ''}}).source).toEqual({
			...provenance,
			started_at: '2026-11-28T14:02:00.000Z',
			ended_at: new Date(1_795_000_000_000).toISOString(),
			model: undefined,
		} as object);
		expect(validateItem({...base, source: '/x/y.md'}).source).toEqual({uri: '/x/y.md'});
		expect(validateItem({...base, source: null}).source).toEqual({});
		expect(validateItem({...base, source: {uri: 'a', future_field: 1}}).source).toEqual({uri: 'a'});
	});

	it('dates an undated session by its start', () => {
		expect(validateItem({...base, generated_at: undefined, source: {started_at: '2026-05-01T08:00:00Z'}}).generated_at).toBe('2026-05-01T08:00:00.000Z');
		expect(validateItem({...base, generated_at: '2026-06-01T00:00:00Z', source: {started_at: '2026-05-01T08:00:00Z'}}).generated_at).toBe('2026-06-01T00:00:00.000Z');
	});

	it.each([
		[{turns: '12'}, '"source.turns" must be a whole number ≥ 0, got "12"'],
		[{tool_calls: -1}, '"source.tool_calls" must be a whole number ≥ 0, got -1'],
		[{line: 0}, '"source.line" must be a whole number ≥ 1, got 0'],
		[{turns: 1.5}, '"source.turns" must be a whole number'],
		[{agent: 7}, '"source.agent" must be a string, got number'],
		[{project: ['a']}, '"source.project" must be a string, got object'],
		[{started_at: 'yesterday'}, '"source.started_at" "yesterday" is not a date'],
		[{ended_at: true}, '"source.ended_at" true is not a date'],
		[{model: 'm'.repeat(300)}, '"source.model" is longer than 256 characters'],
		[[1, 2], '"source" must be an object, got an array'],
		[42, '"source" must be an object, got number'],
	])('refuses source %j in one line naming the field', (source, message) => {
		const line = refusal(source);
		expect(line).toContain(`item conversation_session:x: ${message}`);
		expect(line).not.toContain('\n');
	});
});
