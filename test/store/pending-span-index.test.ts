import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {openIndexedStore} from '../../source/search/indexing/indexer.js';
import type {SummaryStore} from '../../source/store/summary-store.js';
import {tempDir} from '../helpers/cli.js';
import {makeItem} from '../helpers/items.js';

// In a batch of writes (SummaryStore.batchCommits), the raw spans' FTS5 rows are written when the
// batch commits, not in each item's savepoint (where FTS5 writes a segment per item).

function batchedStore(items: number): SummaryStore {
	const store = openIndexedStore(path.join(tempDir('drill-pending-spans-'), 'store.db'));
	store.useBulkWrites();
	store.batchCommits({items, ms: 60_000, gapMs: 0});
	return store;
}

const matches = (store: SummaryStore, query: string): number => (store.db.prepare('SELECT count(*) AS n FROM spans_fts WHERE spans_fts MATCH ?').get(query) as {n: number}).n;

/** FTS5's own check of the index against the spans table it indexes (throws when they differ). */
const checkIndex = (store: SummaryStore) => store.db.prepare("INSERT INTO spans_fts (spans_fts, rank) VALUES ('integrity-check', 1)").run();

describe('the spans index of a batch', () => {
	it('is written when the batch commits, for all of its items', () => {
		const store = batchedStore(3);
		store.writeItem(makeItem('page', 'alpha', {topics: 1}));
		store.writeItem(makeItem('page', 'beta', {topics: 1}));
		// Written, not indexed yet (on this connection, inside the open batch).
		expect((store.db.prepare('SELECT count(*) AS n FROM spans').get() as {n: number}).n).toBe(8);
		expect(matches(store, 'question')).toBe(0);
		store.writeItem(makeItem('page', 'gamma', {topics: 1}));
		expect(matches(store, 'question')).toBe(6);
		expect(matches(store, 'beta')).toBe(2);
		checkIndex(store);
		store.close();
	});

	it('holds only what is there when an item is replaced or deleted in the batch that wrote it', () => {
		const store = batchedStore(10);
		store.writeItem(makeItem('page', 'kept', {topics: 1}));
		const first = makeItem('page', 'changed', {topics: 1});
		store.writeItem({...first, spans: first.spans.map((span) => ({...span, text: `${span.text} walrus`}))});
		store.writeItem(makeItem('page', 'gone', {topics: 1}));
		store.writeItem(makeItem('page', 'changed', {topics: 1}));
		expect(store.deleteItem('page', 'gone')).toBe(true);
		store.commitBatch();
		checkIndex(store);
		expect(matches(store, 'walrus')).toBe(0);
		expect(matches(store, 'gone')).toBe(0);
		expect(matches(store, 'changed')).toBe(2);
		expect(matches(store, 'question')).toBe(4);
		// An item of an earlier batch replaced in this one: its indexed rows are taken out as before.
		store.writeItem(makeItem('page', 'kept', {topics: 2}));
		store.commitBatch();
		checkIndex(store);
		expect(matches(store, 'kept')).toBe(4);
		store.close();
	});

	it('leaves out an item that failed in its own savepoint, and indexes the rest', () => {
		const store = batchedStore(10);
		store.writeItem(makeItem('page', 'good', {topics: 1}));
		const bad = {...makeItem('page', 'bad', {topics: 1}), spans: [{seq: 0, role: 'user', text: 'bad text'}, {seq: 0, role: 'user', text: 'duplicate seq'}]};
		expect(() => store.writeItem(bad)).toThrow();
		store.writeItem(makeItem('page', 'after', {topics: 1}));
		store.commitBatch();
		checkIndex(store);
		expect(matches(store, 'question')).toBe(4);
		expect(matches(store, 'duplicate OR bad')).toBe(0);
		store.close();
	});
});
