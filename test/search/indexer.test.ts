import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {find} from '../../source/search/funnel/find.js';
import {reindex} from '../../source/search/indexing/reindex.js';
import {searchStatus} from '../../source/search/indexing/search-status.js';
import {readSemanticMeta} from '../../source/search/semantic/semantic-meta.js';
import {SummaryStore} from '../../source/store/summary-store.js';
import {autoTrainMaxSpans, openIndexedStore} from '../../source/search/indexing/indexer.js';
import {tempDir} from '../helpers/cli.js';
import {currentTextVersion} from '../../source/search/indexing/node-text.js';
import {nodeIds, writeRows} from '../../source/search/indexing/text-index.js';
import {fixtureItems, fixtureStore} from './helpers.js';

const keywordScores = async (store: SummaryStore, query: string) => (await find({query, method: 'keyword', drill: false, top_k: 20}, {store})).stage1_hits.map((hit) => [hit.drill_node_id, hit.score]);

function rawBm25(store: SummaryStore, term: string): number[] {
	return (store.db.prepare('SELECT bm25(search_root_fts) AS s FROM search_root_fts WHERE search_root_fts MATCH ? ORDER BY rowid').all(`"${term}"`) as Array<{s: number}>).map((row) => row.s);
}

/** Node vectors held in item_vectors (four bytes of node id each). */
const nodeVectorCount = (store: SummaryStore) => store.db.prepare('SELECT coalesce(sum(length(nodes) / 4), 0) FROM item_vectors').pluck().get() as number;

describe('the search indexer', () => {
	it('indexes every item written through a writable store, with vectors once a model exists', () => {
		const {store} = fixtureStore();
		try {
			const status = searchStatus(store);
			expect(status).toMatchObject({items: 4, keywordItems: 4, embeddedItems: 4, stale: false, notices: []});
			expect(readSemanticMeta(store)).toMatchObject({embedder: 'lsa', dimension: 128, generation: 1});
			expect(nodeVectorCount(store)).toBe(11);
		} finally {
			store.close();
		}
	});

	it('keeps bm25 statistics exact when an item is replaced or deleted', async () => {
		const {store} = fixtureStore();
		try {
			const before = rawBm25(store, 'pool');
			const scores = await keywordScores(store, 'pool checkpoint');
			const [first] = fixtureItems();
			for (let i = 0; i < 3; i++) store.writeItem(first!);
			expect(await keywordScores(store, 'pool checkpoint')).toEqual(scores);
			expect(rawBm25(store, 'pool')).toEqual(before);
			expect(store.deleteItem('conversation_session', 'k3x9')).toBe(true);
			expect((await keywordScores(store, 'retry storm')).length).toBe(0);
			expect(nodeVectorCount(store)).toBe(7);
		} finally {
			store.close();
		}
	});

	it('trains on close from the term counts of the items just written, as a reindex from their stored rows would', async () => {
		const vectorsOf = (store: SummaryStore) => store.db.prepare('SELECT item, nodes, vectors FROM item_vectors ORDER BY item').raw(true).all();
		const termsOf = (store: SummaryStore) => store.db.prepare('SELECT term, weight, vector FROM lsa_terms ORDER BY term').raw(true).all();
		const file = path.join(tempDir('drill-search-'), 'store.db');
		const written = openIndexedStore(file);
		const items = fixtureItems();
		// One item replaced and one deleted after writing: what the close trains on is what the store holds.
		for (const item of items) written.writeItem(item);
		written.writeItem({...items[0]!, title: 'API debugging, again', tldr: 'A retry storm and a second pool checkpoint.'});
		written.deleteItem(items[1]!.namespace, items[1]!.item_id);
		written.close();
		const store = SummaryStore.open(file, {write: true});
		try {
			expect(readSemanticMeta(store)).toMatchObject({generation: 1, builtItems: items.length - 1});
			const [terms, vectors] = [termsOf(store), vectorsOf(store)];
			await reindex(store);
			expect(readSemanticMeta(store)).toMatchObject({generation: 2});
			expect(termsOf(store)).toEqual(terms);
			expect(vectorsOf(store)).toEqual(vectors);
		} finally {
			store.close();
		}
	});

	it('embeds an item written after training into the existing model', async () => {
		const {store} = fixtureStore();
		try {
			const [first] = fixtureItems();
			store.writeItem({...first!, item_id: 'copy', title: 'Copy of API debugging'});
			expect(searchStatus(store).embeddedItems).toBe(5);
			const result = await find({query: 'retry storm', method: 'semantic', drill: false}, {store});
			expect(result.stage1_hits.map((hit) => hit.item_id)).toContain('copy');
		} finally {
			store.close();
		}
	});

	it('says what is missing in a store written without the indexer, and reindex fixes it', async () => {
		const file = path.join(tempDir('drill-search-'), 'store.db');
		const plain = SummaryStore.open(file, {write: true});
		for (const item of fixtureItems()) plain.writeItem(item);
		const before = await find({query: 'retry storm'}, {store: plain});
		expect(before.stage1_hits).toEqual([]);
		expect(before.notices).toEqual(['4 of 4 items are not in the search index yet: run `drill reindex`', 'no semantic index yet, so semantic search finds nothing: run `drill reindex`']);
		const report = await reindex(plain);
		expect(report).toMatchObject({items: 4, nodes: 11, embedder: 'lsa', dimension: 128, generation: 1});
		const after = await find({query: 'retry storm'}, {store: plain});
		expect(after.notices).toBeUndefined();
		expect(after.stage1_hits[0]!.matched_by).toEqual(['keyword', 'semantic']);
		plain.close();
	});

	it('trains a first model when a small store is closed after writes', () => {
		const file = path.join(tempDir('drill-search-'), 'store.db');
		const store = openIndexedStore(file);
		for (const item of fixtureItems()) store.writeItem(item);
		expect(readSemanticMeta(store)).toBeUndefined();
		store.close();
		const reopened = SummaryStore.open(file);
		expect(searchStatus(reopened)).toMatchObject({embeddedItems: 4, notices: []});
		reopened.close();
	});

	it('leaves a store of more spans than it can count in memory for drill reindex, however little text they hold', () => {
		const file = path.join(tempDir('drill-search-'), 'store.db');
		const store = openIndexedStore(file);
		const count = autoTrainMaxSpans + 1;
		const spans = Array.from({length: count}, (_, seq) => ({seq, role: 'user', text: `m${seq}`}));
		store.writeItem({namespace: 'n', item_id: 'tiny-lines', title: 'Tiny lines', tldr: '', generated_at: '2026-01-01T00:00:00.000Z', nodes: [{ordinal: 0, parent: null, title: 'Tiny lines', summary: '', keywords: [], spans: []}, {ordinal: 1, parent: 0, title: 'all', summary: '', keywords: [], spans: spans.map((span) => span.seq)}], spans});
		store.close();
		const reopened = SummaryStore.open(file);
		expect(searchStatus(reopened)).toMatchObject({items: 1, keywordItems: 1, embeddedItems: 0});
		expect(readSemanticMeta(reopened)).toBeUndefined();
		reopened.close();
	}, 60_000);

	it('calls a model stale once the store has outgrown it', () => {
		const {store} = fixtureStore();
		try {
			const [first] = fixtureItems();
			for (let i = 0; i < 30; i++) store.writeItem({...first!, item_id: `extra${i}`});
			const status = searchStatus(store);
			expect(status.stale).toBe(true);
			expect(status.notices).toEqual(['the semantic model was trained on 4 items and the store now has 34: run `drill reindex` to retrain it']);
		} finally {
			store.close();
		}
	});
});

describe('the search status counts', () => {
	it('count items, indexed items, older layouts and embedded items in one pass, each as its own count would', () => {
		const {store} = fixtureStore();
		try {
			const generation = readSemanticMeta(store)!.generation;
			// One item of an older layout, one embedded by an earlier model, one not indexed at all.
			store.db.prepare("UPDATE search_items SET text_version = 1 WHERE item = (SELECT id FROM items WHERE item_id = 'k3x9')").run();
			store.db.prepare('UPDATE search_items SET model = ? WHERE item = (SELECT min(item) FROM search_items WHERE text_version = ?)').run(generation - 1, currentTextVersion);
			store.db.prepare('DELETE FROM search_items WHERE item = (SELECT max(item) FROM search_items WHERE text_version = ? AND model = ?)').run(currentTextVersion, generation);
			const one = (sql: string, ...params: unknown[]) => store.db.prepare(sql).pluck().get(...params) as number;
			expect(searchStatus(store)).toMatchObject({
				items: one('SELECT count(*) FROM items'),
				keywordItems: one('SELECT count(*) FROM search_items'),
				embeddedItems: one('SELECT count(*) FROM search_items WHERE model = ?', generation),
			});
			expect(searchStatus(store)).toMatchObject({items: 4, keywordItems: 3, embeddedItems: 2});
			expect(searchStatus(store).notices).toEqual(['1 of 4 items are not in the search index yet: run `drill reindex`', '2 of 4 items have no lsa embeddings yet: run `drill reindex`']);
			store.db.prepare('INSERT INTO search_items (item, model, text_version) SELECT id, ?, ? FROM items WHERE id NOT IN (SELECT item FROM search_items)').run(generation, currentTextVersion);
			expect(searchStatus(store).notices).toEqual(['1 of 4 items are indexed the way an older drill did, which ranks them differently: run `drill reindex`', '1 of 4 items have no lsa embeddings yet: run `drill reindex`']);
		} finally {
			store.close();
		}
	});
});

describe('items indexed with an older layout of the root row', () => {
	it('are named in a notice and rewritten by reindex, removed with the layout they were written with', async () => {
		const {store} = fixtureStore();
		try {
			const {id} = store.db.prepare("SELECT id FROM items WHERE item_id = 'k3x9'").get() as {id: number};
			const record = store.record(store.itemByRowId(id)!);
			store.db.transaction(() => {
				writeRows(store.db, 'delete', record, nodeIds(store.db, id), currentTextVersion);
				writeRows(store.db, 'insert', record, nodeIds(store.db, id), 2);
				store.db.prepare('UPDATE search_items SET text_version = 2 WHERE item = ?').run(id);
			})();
			expect(searchStatus(store).notices.join('\n')).toMatch(/1 of \d+ items are indexed the way an older drill did.*drill reindex/u);
			await reindex(store);
			expect(searchStatus(store).notices).toEqual([]);
			expect(() => store.db.exec("INSERT INTO search_root_fts (search_root_fts) VALUES ('integrity-check')")).not.toThrow();
			const result = await find({query: 'retry storm pool', method: 'keyword'}, {store});
			expect(result.candidate_items[0]!.item_id).toBe('k3x9');
		} finally {
			store.close();
		}
	});
});
