import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {openIndexedStore} from '../../source/search/indexing/indexer.js';
import {autoTrainMaxTextBytes} from '../../source/search/indexing/train-phase.js';
import {searchStatus} from '../../source/search/indexing/search-status.js';
import {readSemanticMeta} from '../../source/search/semantic/semantic-meta.js';
import {tempDir} from '../helpers/cli.js';
import {fixtureItems, reopened} from './helpers.js';

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

	it('of a writer that leaves training for later (a pull): a small store is trained, a large one is left to the next writer or reindex', () => {
		const small = path.join(tempDir('drill-train-'), 'store.db');
		const pull = openIndexedStore(small);
		pull.leaveTrainingForLater();
		for (const item of fixtureItems()) pull.writeItem(item);
		pull.close();
		expect(reopened(small, (store) => searchStatus(store))).toMatchObject({items: 4, embeddedItems: 4, notices: []});

		// More text than the close trains on from the counts it kept: a pull leaves the store without a model, and says so.
		const large = path.join(tempDir('drill-train-'), 'store.db');
		const words = 'retry storm pool exhaustion postgres connection limit ';
		const text = words.repeat(Math.ceil((autoTrainMaxTextBytes + 1) / words.length));
		const [first] = fixtureItems();
		const big = {...first!, item_id: 'big', nodes: [{ordinal: 0, parent: null, title: 'Big', summary: '', keywords: [], spans: [0]}], spans: [{seq: 0, role: 'user', text}]};
		const bigPull = openIndexedStore(large);
		bigPull.leaveTrainingForLater();
		bigPull.writeItem(big);
		for (const item of fixtureItems()) bigPull.writeItem(item);
		bigPull.close();
		expect(reopened(large, (store) => ({meta: readSemanticMeta(store), status: searchStatus(store)}))).toMatchObject({meta: undefined, status: {items: 5, keywordItems: 5, embeddedItems: 0, notices: ['no semantic index yet, so semantic search finds nothing: run `drill reindex`']}});

		// The next writer that trains on close (an ingest), even one that writes nothing, trains it.
		openIndexedStore(large).close();
		expect(reopened(large, (store) => ({built: readSemanticMeta(store)?.builtItems, status: searchStatus(store)}))).toMatchObject({built: 5, status: {items: 5, embeddedItems: 5, notices: []}});
	}, 60_000);
});
