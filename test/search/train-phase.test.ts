import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {openIndexedStore} from '../../source/search/indexing/indexer.js';
import {searchStatus} from '../../source/search/indexing/search-status.js';
import {readSemanticMeta} from '../../source/search/semantic/semantic-meta.js';
import {SummaryStore} from '../../source/store/summary-store.js';
import {tempDir} from '../helpers/cli.js';
import {fixtureItems} from './helpers.js';

function reopened<T>(file: string, read: (store: SummaryStore) => T): T {
	const store = SummaryStore.open(file);
	try {
		return read(store);
	} finally {
		store.close();
	}
}

describe('the train phase of a writer closing the store', () => {
	it('folds the items of a later write into the model, and retrains once the store has grown by a quarter', () => {
		const file = path.join(tempDir('drill-train-'), 'store.db');
		const items = fixtureItems();
		const first = openIndexedStore(file);
		for (const item of items) first.writeItem(item);
		first.close();
		const trained = reopened(file, (store) => readSemanticMeta(store)!);
		expect(trained.builtItems).toBe(items.length);

		// One more item (a fifth: +25%, not more): folded into the model it has, which stays.
		const second = openIndexedStore(file);
		second.writeItem({...items[0]!, item_id: 'folded-in'});
		second.close();
		expect(reopened(file, (store) => ({meta: readSemanticMeta(store)!.generation, status: searchStatus(store)}))).toMatchObject({meta: trained.generation, status: {items: 5, embeddedItems: 5, stale: false}});

		// A sixth: the store has grown by more than a quarter since the model was trained, which is retrained.
		const third = openIndexedStore(file);
		third.writeItem({...items[1]!, item_id: 'grown'});
		third.close();
		const retrained = reopened(file, (store) => readSemanticMeta(store)!);
		expect(retrained.generation).toBe(trained.generation + 1);
		expect(retrained.builtItems).toBe(6);
		expect(reopened(file, (store) => searchStatus(store))).toMatchObject({items: 6, embeddedItems: 6, stale: false, notices: []});
	});
});
