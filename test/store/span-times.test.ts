import path from 'node:path';
import Database from 'better-sqlite3';
import {describe, expect, it} from 'vitest';
import {chatToItem} from '../../source/ingest/index.js';
import {validateItem} from '../../source/store/interchange.js';
import {migrations} from '../../source/store/schema.js';
import {SummaryStore} from '../../source/store/summary-store.js';
import {tempDir} from '../helpers/cli.js';

const messages = [
	{role: 'user', content: 'Why is the cache slow?', timestamp: '2026-03-14T09:00:00Z'},
	{role: 'assistant', content: 'It misses on every cold start.', timestamp: '2026-03-14T09:01:30Z'},
	// No time of its own: it was written after the last time the log gave.
	{role: 'user', content: 'Then warm it at boot.'},
];

describe('the time of each message', () => {
	it('is kept from the log on each span; a message without one takes the time given before it', () => {
		const item = chatToItem({namespace: 'conversation_session', itemId: 's1', messages});
		expect(item.spans.map((span) => span.time)).toEqual(['2026-03-14T09:00:00.000Z', '2026-03-14T09:01:30.000Z', '2026-03-14T09:01:30.000Z']);
		expect(item.source?.started_at).toBe('2026-03-14T09:00:00.000Z');
	});

	it('is read from interchange JSON, normalized, and a bad one is refused in one line', () => {
		const item = (time: unknown) => ({namespace: 'n', item_id: 'i', nodes: [{ordinal: 0, parent: null, title: 't', spans: [0]}], spans: [{seq: 0, role: 'user', text: 'x', time}]});
		expect(validateItem(item('2026-03-14T10:00:00+01:00')).spans[0]!.time).toBe('2026-03-14T09:00:00.000Z');
		expect(validateItem(item(undefined)).spans[0]).not.toHaveProperty('time');
		expect(() => validateItem(item('soon'))).toThrow(/"time" "soon" is not a date/u);
	});

	it('goes into the store and comes back out with the item', () => {
		const store = SummaryStore.open(path.join(tempDir('drill-span-times-'), 's.db'), {write: true});
		store.writeItem(chatToItem({namespace: 'conversation_session', itemId: 's1', messages}));
		const row = store.item('conversation_session', 's1')!;
		expect(store.record(row).spans.map((span) => span.time)).toEqual(['2026-03-14T09:00:00.000Z', '2026-03-14T09:01:30.000Z', '2026-03-14T09:01:30.000Z']);
		store.close();
	});

	it('is a column an older store gains on open, its spans keeping no time', () => {
		const file = path.join(tempDir('drill-span-times-old-'), 's.db');
		const db = new Database(file);
		const before = migrations.length - 1;
		for (const migration of migrations.slice(0, before)) migration(db);
		db.pragma(`user_version = ${before}`);
		db.exec(`INSERT INTO items (id, namespace, item_id, title, generated_at, node_count, span_count) VALUES (1, 'n', 'old', 'Old', '2025-01-01T00:00:00Z', 1, 1);
			INSERT INTO nodes (id, item, ordinal, parent, level, title) VALUES (1, 1, 0, NULL, 0, 'Old');
			INSERT INTO spans (item, seq, node, role, text) VALUES (1, 0, 0, 'user', 'hello');`);
		db.close();
		const store = SummaryStore.open(file);
		const row = store.item('n', 'old')!;
		expect(store.spans(row.id)[0]).toMatchObject({text: 'hello', time: null});
		expect(store.record(row).spans[0]).toEqual({seq: 0, role: 'user', text: 'hello'});
		store.close();
	});
});
