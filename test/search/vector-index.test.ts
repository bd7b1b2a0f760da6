import {describe, expect, it} from 'vitest';
import {readSemanticMeta} from '../../source/search/semantic/semantic-meta.js';
import {VectorIndex} from '../../source/search/semantic/vector-index.js';
import {LsaEmbedder} from '../../source/search/semantic/lsa-store.js';
import {fixtureItems, fixtureStore} from './helpers.js';
import {retrainLsa} from '../../source/search/indexing/reindex.js';
import {schemaVersion} from '../../source/store/schema.js';
import {SummaryStore} from '../../source/store/summary-store.js';

describe('the lazily read node vectors', () => {
	it('read again the items a query needs when the cache of items is full, and rank as before', () => {
		const {store} = fixtureStore();
		try {
			const meta = readSemanticMeta(store)!;
			const query = new LsaEmbedder(meta.dimension, {db: store.db}).embedSync('retry storm pool')!;
			const roomy = new VectorIndex(store.db, meta.dimension).search(query, 10, 4);
			// Room for two items: the best item is read, then a query over four overflows the cache.
			const tight = new VectorIndex(store.db, meta.dimension, 2);
			expect(tight.search(query, 10, 1)).toEqual(roomy.filter((hit) => hit.item === roomy[0]!.item));
			expect(tight.search(query, 10, 4)).toEqual(roomy);
			expect(tight.search(query, 10, 4)).toEqual(roomy);
		} finally {
			store.close();
		}
	});

	it('take one vector per item first, each its root', () => {
		const {store} = fixtureStore();
		try {
			const meta = readSemanticMeta(store)!;
			const index = new VectorIndex(store.db, meta.dimension);
			expect(index.items).toBe((store.db.prepare('SELECT count(*) AS n FROM items').get() as {n: number}).n);
		} finally {
			store.close();
		}
	});
});

/** root_vectors against what node_vectors holds for the item roots: the same rows. */
function rootsAgree(db: SummaryStore['db']): {roots: number; same: boolean} {
	const kept = db.prepare('SELECT item, node, hex(vector) AS v FROM root_vectors ORDER BY item').all();
	const fromNodes = db.prepare('SELECT n.item, n.id AS node, hex(v.vector) AS v FROM nodes n JOIN node_vectors v ON v.node = n.id WHERE n.ordinal = 0 ORDER BY n.item').all();
	return {roots: kept.length, same: JSON.stringify(kept) === JSON.stringify(fromNodes)};
}

describe('the item roots kept side by side (root_vectors)', () => {
	it('follow node_vectors through writes, replacements, deletions and retraining (another embedder: embedders.test.ts)', async () => {
		const {store} = fixtureStore();
		try {
			expect(rootsAgree(store.db)).toEqual({roots: 4, same: true});
			const [first] = fixtureItems();
			store.writeItem({...first!, tldr: `${first!.tldr} Changed.`});
			expect(rootsAgree(store.db)).toEqual({roots: 4, same: true});
			expect(store.deleteItem('conversation_session', 'k3x9')).toBe(true);
			expect(rootsAgree(store.db)).toEqual({roots: 3, same: true});
			retrainLsa(store);
			expect(rootsAgree(store.db)).toEqual({roots: 3, same: true});
		} finally {
			store.close();
		}
	});

	it('are filled by the migration from the vectors an older store holds, and searched as before', () => {
		const {store, file} = fixtureStore();
		const meta = readSemanticMeta(store)!;
		const query = new LsaEmbedder(meta.dimension, {db: store.db}).embedSync('retry storm pool')!;
		const before = new VectorIndex(store.db, meta.dimension).search(query, 10, 4);
		store.db.exec('DROP TABLE root_vectors');
		// The version before the migration that made root_vectors (the fifth).
		store.db.pragma('user_version = 4');
		store.close();
		const again = SummaryStore.open(file, {write: true});
		try {
			expect(again.db.pragma('user_version', {simple: true})).toBe(schemaVersion);
			expect(rootsAgree(again.db)).toEqual({roots: 4, same: true});
			expect(new VectorIndex(again.db, meta.dimension).search(query, 10, 4)).toEqual(before);
		} finally {
			again.close();
		}
	});
});
