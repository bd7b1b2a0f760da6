import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {find} from '../../source/search/funnel/find.js';
import {warmUpSearch} from '../../source/search/funnel/warm-up.js';
import {openIndexedStore} from '../../source/search/indexing/indexer.js';
import {tempDir} from '../helpers/cli.js';
import {fixtureItems, fixtureStore} from './helpers.js';

describe('the warm-up search', () => {
	it("searches for the newest item's title and changes no later answer", async () => {
		const {store} = fixtureStore();
		try {
			const newest = [...fixtureItems()].sort((a, b) => b.generated_at.localeCompare(a.generated_at))[0]!;
			const cold = await find({query: 'retry storm pool'}, {store});
			expect(await warmUpSearch(store)).toBe(newest.title);
			const warm = await find({query: 'retry storm pool'}, {store});
			expect(warm.stage1_hits).toEqual(cold.stage1_hits);
			expect(warm.drilled).toEqual(cold.drilled);
		} finally {
			store.close();
		}
	});

	it('does nothing on an empty store, and never rejects on a closed one', async () => {
		const store = openIndexedStore(path.join(tempDir('drill-warm-'), 'store.db'));
		expect(await warmUpSearch(store)).toBeUndefined();
		store.close();
		expect(await warmUpSearch(store)).toBeUndefined();
	});
});
