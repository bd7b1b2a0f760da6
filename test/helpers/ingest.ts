import {ingest as ingestThrough, type IngestOptions, type IngestReport} from '../../source/ingest/pipeline.js';
import {openIndexedStore} from '../../source/search/indexing/indexer.js';

/**
 * `ingest` as the CLI runs it: handed the writer the runtime gives (the store opened with its
 * search indexes kept in step), so a test names only the store's path.
 */
export function ingest(inputs: readonly string[], options: Omit<IngestOptions, 'openStore'>): Promise<IngestReport> {
	return ingestThrough(inputs, {...options, openStore: (turns, hooks) => openIndexedStore(options.storePath, turns, hooks)});
}
