import type {ItemRecord} from './interchange.js';

/** What a writer of items is told by the search indexer it carries. */
export interface IndexerHooks {
	/** An item written earlier in the run whose search rows could not be built (it stays unindexed). */
	onIndexFailure?: (item: ItemRecord, error: unknown) => void;
}
