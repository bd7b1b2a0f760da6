import path from 'node:path';
import Database from 'better-sqlite3';
import {describe, expect, it} from 'vitest';
import {openIndexedStore} from '../../source/search/indexing/indexer.js';
import {SummaryStore} from '../../source/store/summary-store.js';
import {tempDir} from '../helpers/cli.js';
import {makeItem} from '../helpers/items.js';

// Batched commits (SummaryStore.batchCommits, what an ingest uses): many items per transaction,
// each in a savepoint of its own. Another connection sees only committed batches, whole.

const committedItems = (file: string): number => {
	const reader = new Database(file, {readonly: true, timeout: 0});
	try {
		return (reader.prepare('SELECT count(*) AS n FROM items').get() as {n: number}).n;
	} finally {
		reader.close();
	}
};

/** Whether another process would find the write lock taken (a batch open), without waiting. */
const locked = (file: string): boolean => {
	const other = new Database(file, {timeout: 0});
	try {
		other.prepare('BEGIN IMMEDIATE').run();
		other.prepare('ROLLBACK').run();
		return false;
	} catch (error) {
		return String((error as {code?: string}).code).startsWith('SQLITE_BUSY');
	} finally {
		other.close();
	}
};

function batchedStore(limits: {items: number; ms: number; gapMs?: number}): {store: SummaryStore; file: string} {
	const file = path.join(tempDir('drill-batch-'), 'store.db');
	const store = openIndexedStore(file);
	store.useBulkWrites();
	store.batchCommits({gapMs: 0, ...limits});
	return {store, file};
}

describe('batched commits', () => {
	it('commit every N items, and a reader sees only whole committed batches', () => {
		const {store, file} = batchedStore({items: 4, ms: 60_000});
		const counted: number[] = [];
		for (let i = 0; i < 3; i++) {
			store.writeItem(makeItem('page', `p${i}`, {topics: 2}));
			store.whenCommitted(() => counted.push(i));
		}
		expect(committedItems(file)).toBe(0);
		expect(counted).toEqual([]);
		expect(locked(file)).toBe(true);
		store.writeItem(makeItem('page', 'p3', {topics: 2}));
		expect(committedItems(file)).toBe(4);
		expect(counted).toEqual([0, 1, 2]);
		expect(locked(file)).toBe(false);
		// The committed batch is indexed with it: nothing waits for the close.
		expect((store.db.prepare('SELECT count(*) AS n FROM search_items').get() as {n: number}).n).toBe(4);
		store.close();
	});

	it('commit an open batch once it is old enough, while the writer waits on other work', async () => {
		// 500 ms, not less: a write that itself takes the batch's age commits it (written()), and one
		// write took over 40 ms at load 27.
		const {store, file} = batchedStore({items: 64, ms: 500});
		store.writeItem(makeItem('page', 'a'));
		expect(committedItems(file)).toBe(0);
		// The batch's timer commits it once 500 ms have passed; on a loaded machine that can be late,
		// so wait for it (up to 10 s) rather than for a fixed time.
		for (let waited = 0; committedItems(file) === 0 && waited < 10_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
		expect(committedItems(file)).toBe(1);
		expect(locked(file)).toBe(false);
		store.close();
	});

	it('lose only the open batch when the writer goes away mid-batch; the items before stay whole', () => {
		const {store, file} = batchedStore({items: 3, ms: 60_000});
		for (let i = 0; i < 5; i++) store.writeItem(makeItem('page', `p${i}`, {topics: 1}));
		// Gone without committing (what SIGKILL leaves: SQLite never sees the second batch's COMMIT).
		store.db.close();
		const reader = SummaryStore.open(file);
		try {
			expect(reader.db.pragma('integrity_check', {simple: true})).toBe('ok');
			expect([...reader.eachItem()].map((row) => row.item_id).sort()).toEqual(['p0', 'p1', 'p2']);
			expect(reader.namespace('page')).toEqual({name: 'page', item_count: 3});
		} finally {
			reader.close();
		}
	});

	it('keep an item that failed in its own savepoint out, and the rest of the batch in', () => {
		const {store, file} = batchedStore({items: 8, ms: 60_000});
		store.writeItem(makeItem('page', 'good'));
		const bad = {...makeItem('page', 'bad'), spans: [{seq: 0, role: 'user', text: 'x'}, {seq: 0, role: 'user', text: 'duplicate seq'}]};
		expect(() => store.writeItem(bad)).toThrow();
		store.writeItem(makeItem('page', 'after'));
		store.close();
		expect(committedItems(file)).toBe(2);
	});

	it('leave the lock free for a moment after each commit, so that another writer gets its turn', async () => {
		const {store, file} = batchedStore({items: 2, ms: 60_000, gapMs: 200});
		store.writeItem(makeItem('page', 'a'));
		store.writeItem(makeItem('page', 'b'));
		// In the gap an item is committed on its own, and the lock is free between items.
		store.writeItem(makeItem('page', 'c'));
		expect(committedItems(file)).toBe(3);
		expect(locked(file)).toBe(false);
		await new Promise((resolve) => setTimeout(resolve, 250));
		store.writeItem(makeItem('page', 'd'));
		expect(committedItems(file)).toBe(3);
		expect(locked(file)).toBe(true);
		store.close();
		expect(committedItems(file)).toBe(4);
	});

	it('end with the bulk writes: what follows is committed item by item', () => {
		const {store, file} = batchedStore({items: 64, ms: 60_000});
		store.writeItem(makeItem('page', 'a'));
		store.endBulkWrites();
		expect(committedItems(file)).toBe(1);
		store.writeItem(makeItem('page', 'b'));
		expect(committedItems(file)).toBe(2);
		store.close();
	});
});
