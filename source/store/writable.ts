import type {TurnOptions} from './busy.js';
import {SummaryStore} from './summary-store.js';

/**
 * The store opened for writing, with every registered item indexer attached, so that
 * whoever writes items (import, ingest, frames) keeps the search indexes in step.
 */
export type IndexerSetup = (store: SummaryStore) => void;
const setups: IndexerSetup[] = [];

export function registerIndexer(setup: IndexerSetup): void {
	setups.push(setup);
}

export function openWritableStore(file: string, turns: TurnOptions = {}): SummaryStore {
	const store = SummaryStore.open(file, {...turns, write: true});
	try {
		for (const setup of setups) setup(store);
	} catch (error) {
		store.close();
		throw error;
	}
	return store;
}
