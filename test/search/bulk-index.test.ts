import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {find} from '../../source/search/funnel/find.js';
import {openIndexedStore} from '../../source/search/indexing/indexer.js';
import {searchStatus} from '../../source/search/indexing/search-status.js';
import {searchBatchItems} from '../../source/search/indexing/written-items.js';
import {validateItem, type ItemRecord} from '../../source/store/interchange.js';
import {SummaryStore} from '../../source/store/summary-store.js';
import {tempDir} from '../helpers/cli.js';
import {makeItem} from '../helpers/items.js';

/** An ingest writes in bulk: each item in its own transaction, their search rows a batch at a time. */

const item = (i: number, text = `pelican ${i}`): ItemRecord => {
	const made = makeItem('page', `p${i}`, {topics: 1, title: `Page ${i} ${text}`});
	return validateItem({...made, spans: made.spans.map((span) => ({...span, text: `${span.text} ${text}`}))});
};

const indexedCount = (store: SummaryStore) => (store.db.prepare('SELECT count(*) AS n FROM search_items').get() as {n: number}).n;

/** bm25 of every root row for a term: exact only if every row holds what it should, once. */
const rawBm25 = (store: SummaryStore, term: string) => (store.db.prepare('SELECT rowid, bm25(search_root_fts) AS s FROM search_root_fts WHERE search_root_fts MATCH ? ORDER BY rowid').all(`"${term}"`) as Array<{rowid: number; s: number}>).map((row) => row.s.toFixed(9));

function bulkStore(): {store: SummaryStore; file: string} {
	const file = path.join(tempDir('drill-bulk-'), 'store.db');
	const store = openIndexedStore(file);
	store.useBulkWrites();
	return {store, file};
}

describe('search rows in a bulk run', () => {
	it('are written a batch at a time, and the rest on close: every item searchable as one by one', async () => {
		const {store, file} = bulkStore();
		const count = searchBatchItems + 5;
		for (let i = 0; i < searchBatchItems - 1; i++) store.writeItem(item(i));
		expect(indexedCount(store)).toBe(0);
		store.writeItem(item(searchBatchItems - 1));
		expect(indexedCount(store)).toBe(searchBatchItems);
		for (let i = searchBatchItems; i < count; i++) store.writeItem(item(i));
		expect(indexedCount(store)).toBe(searchBatchItems);
		store.close();

		const one = path.join(tempDir('drill-bulk-'), 'store.db');
		const single = openIndexedStore(one);
		for (let i = 0; i < count; i++) single.writeItem(item(i));
		single.close();
		const [bulk, each] = [SummaryStore.open(file), SummaryStore.open(one)];
		try {
			expect(searchStatus(bulk)).toMatchObject({items: count, keywordItems: count, embeddedItems: count, notices: []});
			expect(rawBm25(bulk, 'pelican')).toEqual(rawBm25(each, 'pelican'));
			const hits = await find({query: 'pelican 7', method: 'keyword', drill: false}, {store: bulk});
			expect(hits.stage1_hits[0]?.item_id).toBe('p7');
		} finally {
			bulk.close();
			each.close();
		}
	});

	it('are all written with the item that ends the run', () => {
		const {store} = bulkStore();
		for (let i = 0; i < 5; i++) store.writeItem(item(i));
		expect(indexedCount(store)).toBe(0);
		store.endBulkWrites();
		store.writeItem(item(5));
		expect(indexedCount(store)).toBe(6);
		store.close();
	});

	it('leave out an item deleted or replaced before its batch is written', () => {
		const {store, file} = bulkStore();
		store.writeItem(item(0, 'heron'));
		store.writeItem(item(1, 'heron'));
		store.deleteItem('page', 'p0');
		store.writeItem(item(1, 'egret'));
		// Another writer replaces an item of this batch meanwhile: its own indexer indexes its version.
		store.writeItem(item(2, 'heron'));
		const other = openIndexedStore(file);
		other.writeItem(item(2, 'ibis'));
		other.close();
		for (let i = 3; i < searchBatchItems + 3; i++) store.writeItem(item(i, 'stork'));
		store.close();
		const reader = SummaryStore.open(file);
		try {
			expect(searchStatus(reader)).toMatchObject({items: searchBatchItems + 2, keywordItems: searchBatchItems + 2});
			expect(rawBm25(reader, 'heron')).toEqual([]);
			expect(rawBm25(reader, 'egret')).toHaveLength(1);
			expect(rawBm25(reader, 'ibis')).toHaveLength(1);
			expect(() => reader.db.exec("INSERT INTO spans_fts (spans_fts) VALUES ('integrity-check')")).not.toThrow();
		} finally {
			reader.close();
		}
	});

	it('of items a killed writer had not indexed yet are caught up by the next writer', async () => {
		const {store, file} = bulkStore();
		for (let i = 0; i < 5; i++) store.writeItem(item(i));
		// Killed: the items are committed, their search rows were not written yet.
		store.db.close();
		const reader = SummaryStore.open(file);
		expect(searchStatus(reader).notices.join('\n')).toContain('5 of 5 items are not in the search index yet');
		reader.close();
		openIndexedStore(file).close();
		const again = SummaryStore.open(file);
		try {
			expect(searchStatus(again)).toMatchObject({items: 5, keywordItems: 5, embeddedItems: 5, notices: []});
			expect((await find({query: 'pelican 3', method: 'keyword', drill: false}, {store: again})).stage1_hits[0]?.item_id).toBe('p3');
		} finally {
			again.close();
		}
	});
});
