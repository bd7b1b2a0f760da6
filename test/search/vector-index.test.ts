import {describe, expect, it} from 'vitest';
import {readSemanticMeta} from '../../source/search/semantic/semantic-meta.js';
import {VectorIndex} from '../../source/search/semantic/vector-index.js';
import {LsaEmbedder} from '../../source/search/semantic/lsa-store.js';
import {fixtureStore} from './helpers.js';

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
