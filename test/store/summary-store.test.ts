import {chmodSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import {describe, expect, it} from 'vitest';
import {DrillError} from '../../source/core/errors.js';
import {migrations, schemaVersion} from '../../source/store/schema.js';
import {SummaryStore} from '../../source/store/summary-store.js';
import {makeItem} from '../helpers/items.js';
import {tempDir} from '../helpers/cli.js';
import {drillErrorOf} from '../helpers/errors.js';

const codeOf = (action: () => unknown) => drillErrorOf(action).code;

describe('the summary store', () => {
	it('offers a bulk-write mode for a run of many items (a bigger page cache)', () => {
		const store = SummaryStore.open(path.join(tempDir(), 'bulk.db'), {write: true});
		store.useBulkWrites();
		expect(store.db.pragma('cache_size', {simple: true})).toBe(-16000);
		store.close();
	});

	it('writes, replaces and deletes an item, keeping counts and search indexes in step', () => {
		const store = SummaryStore.open(path.join(tempDir(), 'nested', 'store.db'), {write: true});
		expect(store.writeItem(makeItem('page', 'a'))).toBe('added');
		expect(store.writeItem(makeItem('page', 'a', {topics: 1}))).toBe('updated');
		expect(store.namespace('page')).toEqual({name: 'page', item_count: 1});
		expect(store.item('page', 'a')).toMatchObject({node_count: 4, span_count: 4, topic_count: 1});
		const fts = (sql: string) => (store.db.prepare(sql).get() as {n: number}).n;
		expect(fts("SELECT count(*) AS n FROM spans_fts WHERE spans_fts MATCH 'question'")).toBe(2);
		expect(store.deleteItem('page', 'a')).toBe(true);
		expect(store.namespace('page')).toBeUndefined();
		expect(fts("SELECT count(*) AS n FROM spans_fts WHERE spans_fts MATCH 'question'")).toBe(0);
		store.close();
	});

	it('drops the unused first index of node text from a store made before, keeping its items and their span index', () => {
		const file = path.join(tempDir(), 'old.db');
		const raw = new Database(file);
		for (const migration of migrations.slice(0, 5)) migration(raw);
		raw.pragma('user_version = 5');
		// An item as drill wrote it then: its node text in nodes_fts, its span in spans_fts.
		raw.exec(`
			INSERT INTO namespaces (name, item_count) VALUES ('page', 1);
			INSERT INTO items (namespace, item_id, title, generated_at, node_count, span_count) VALUES ('page', 'a', 'A', '2026-01-01T00:00:00Z', 1, 1);
			INSERT INTO nodes (item, ordinal, parent, level, title, summary) VALUES (1, 0, NULL, 0, 'Retry storms', 'Pools drained');
			INSERT INTO nodes_fts (rowid, title, summary, keywords, tldr) VALUES (1, 'Retry storms', 'Pools drained', '', '');
			INSERT INTO spans (item, seq, node, role, text) VALUES (1, 0, 0, 'text', 'a question about pools');
			INSERT INTO spans_fts (rowid, text) VALUES (1, 'a question about pools');
		`);
		raw.close();
		const store = SummaryStore.open(file, {write: true});
		expect(store.db.pragma('user_version', {simple: true})).toBe(schemaVersion);
		expect(store.db.prepare("SELECT name FROM sqlite_master WHERE name IN ('nodes_fts', 'node_text')").all()).toEqual([]);
		expect(store.item('page', 'a')).toMatchObject({title: 'A', node_count: 1, span_count: 1});
		const matches = () => (store.db.prepare("SELECT count(*) AS n FROM spans_fts WHERE spans_fts MATCH 'question'").get() as {n: number}).n;
		expect(matches()).toBe(1);
		// Replacing the old item removes its span entries as before.
		expect(store.writeItem(makeItem('page', 'a'))).toBe('updated');
		expect(() => store.db.exec("INSERT INTO spans_fts (spans_fts) VALUES ('integrity-check')")).not.toThrow();
		expect(store.deleteItem('page', 'a')).toBe(true);
		expect(matches()).toBe(0);
		store.close();
	});

	it('round-trips an item through its record', () => {
		const store = SummaryStore.open(path.join(tempDir(), 'store.db'), {write: true});
		const item = makeItem('conversation_session', 'k3x9');
		store.writeItem(item);
		expect(store.record(store.item('conversation_session', 'k3x9')!)).toEqual(item);
		store.close();
	});

	it('lists items newest first', () => {
		const store = SummaryStore.open(path.join(tempDir(), 'store.db'), {write: true});
		store.writeItem(makeItem('page', 'old', {generatedAt: '2025-01-01T00:00:00.000Z'}));
		store.writeItem(makeItem('page', 'new', {generatedAt: '2026-06-01T00:00:00.000Z'}));
		store.writeItem(makeItem('page', 'mid', {generatedAt: '2025-06-01T00:00:00.000Z'}));
		expect(store.items('page').map((item) => item.item_id)).toEqual(['new', 'mid', 'old']);
		expect(store.items('page', 1, 1).map((item) => item.item_id)).toEqual(['mid']);
		store.close();
	});

	it('leaves the previous item whole when a write fails half-way', () => {
		const store = SummaryStore.open(path.join(tempDir(), 'store.db'), {write: true});
		store.writeItem(makeItem('page', 'a'));
		store.indexers.push({
			afterWrite() {
				throw new Error('disk on fire');
			},
		});
		expect(() => store.writeItem(makeItem('page', 'a', {topics: 1}))).toThrow();
		store.indexers.length = 0;
		expect(store.item('page', 'a')).toMatchObject({node_count: 10, topic_count: 3});
		expect(store.nodes(store.item('page', 'a')!.id)).toHaveLength(10);
		store.close();
	});

	it('reads back an item whose one leaf owns 300 000 spans, in linear time', () => {
		const store = SummaryStore.open(path.join(tempDir(), 'store.db'), {write: true});
		const count = 300_000;
		const spans = Array.from({length: count}, (_, seq) => ({seq, role: 'user', text: `m${seq}`}));
		store.writeItem({namespace: 'page', item_id: 'wide', title: 'Wide', tldr: '', generated_at: '2026-01-01T00:00:00.000Z', nodes: [{ordinal: 0, parent: null, title: 'Wide', summary: '', keywords: [], spans: []}, {ordinal: 1, parent: 0, title: 'all', summary: '', keywords: [], spans: spans.map((span) => span.seq)}], spans});
		const record = store.record(store.item('page', 'wide')!);
		expect(record.nodes[1]!.spans).toHaveLength(count);
		store.close();
	}, 60_000);

	it('refuses a missing store for reading, with the fix', () => {
		expect(drillErrorOf(() => SummaryStore.open(path.join(tempDir(), 'none.db'))).line).toMatch(/^no store at .*none\.db; `drill ingest --agents` gathers/u);
	});

	it('refuses a garbage file and a truncated store as damaged', () => {
		const dir = tempDir();
		const garbage = path.join(dir, 'garbage.db');
		writeFileSync(garbage, 'this is not a database at all, just text '.repeat(200));
		expect(codeOf(() => SummaryStore.open(garbage))).toBe('store_corrupt');

		const good = path.join(dir, 'good.db');
		const store = SummaryStore.open(good, {write: true});
		for (let i = 0; i < 50; i++) store.writeItem(makeItem('page', `i${i}`));
		store.db.pragma('wal_checkpoint(TRUNCATE)');
		store.close();
		const truncated = path.join(dir, 'truncated.db');
		const bytes = readFileSync(good);
		writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length / 3)));
		const code = (() => {
			try {
				const damaged = SummaryStore.open(truncated);
				for (const row of damaged.eachItem()) damaged.record(row);
				damaged.close();
				return 'none';
			} catch (error) {
				expect(error).toBeInstanceOf(DrillError);
				return (error as DrillError).code;
			}
		})();
		expect(code).toBe('store_corrupt');
	});

	it('refuses a store of a newer schema', () => {
		const file = path.join(tempDir(), 'future.db');
		SummaryStore.open(file, {write: true}).close();
		const raw = new Database(file);
		raw.pragma(`user_version = ${schemaVersion + 1}`);
		raw.close();
		try {
			SummaryStore.open(file);
			expect.unreachable();
		} catch (error) {
			expect((error as DrillError).code).toBe('store_newer');
			expect((error as DrillError).hint).toContain('upgrade drill');
		}
	});

	it.skipIf(process.getuid?.() === 0)('reads a store in a read-only folder and refuses to write it', () => {
		const dir = path.join(tempDir(), 'ro');
		mkdirSync(dir);
		const file = path.join(dir, 'store.db');
		const store = SummaryStore.open(file, {write: true});
		store.writeItem(makeItem('page', 'a'));
		store.db.pragma('journal_mode = DELETE');
		store.close();
		chmodSync(dir, 0o555);
		try {
			const reader = SummaryStore.open(file);
			expect(reader.item('page', 'a')?.title).toBe('Session a');
			reader.close();
			expect(codeOf(() => SummaryStore.open(file, {write: true}))).toBe('store_readonly');
		} finally {
			chmodSync(dir, 0o755);
		}
	});
});
