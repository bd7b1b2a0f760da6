import {readFileSync} from 'node:fs';
import path from 'node:path';
import {openIndexedStore} from '../../source/search/indexing/indexer.js';
import {retrainLsa} from '../../source/search/indexing/reindex.js';
import {parseItems, type ItemRecord} from '../../source/store/interchange.js';
import {SummaryStore} from '../../source/store/summary-store.js';
import {tempDir} from '../helpers/cli.js';

export const fixtureFile = path.resolve('fixtures/search/items.json');

export function fixtureItems(): ItemRecord[] {
	return parseItems(readFileSync(fixtureFile, 'utf8')).items;
}

/** A store holding the search fixtures, indexed, with an LSA model. */
export function fixtureStore(options: {train?: boolean} = {}): {store: SummaryStore; file: string} {
	const file = path.join(tempDir('drill-search-'), 'store.db');
	const store = openIndexedStore(file);
	for (const item of fixtureItems()) store.writeItem(item);
	if (options.train !== false) retrainLsa(store);
	return {store, file};
}

/** Reads a closed store file once, the way another process would see it. */
export function reopened<T>(file: string, read: (store: SummaryStore) => T): T {
	const store = SummaryStore.open(file);
	try {
		return read(store);
	} finally {
		store.close();
	}
}
