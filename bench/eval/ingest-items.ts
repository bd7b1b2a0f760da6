import {ingest, type IngestOptions, type IngestReport} from '../../source/ingest/pipeline.js';
import {openIndexedStore} from '../../source/search/indexing/indexer.js';
import type {ItemRecord} from '../../source/store/interchange.js';

/**
 * Ingests `inputs` into the store at `storePath` and returns each item as it was last written (the
 * end-of-run passes rewrite a session told apart from its siblings, and the rewrite is the item a
 * person sees), with the run's report.
 */
export async function ingestItems(inputs: string[], storePath: string, options: Pick<IngestOptions, 'onSkippedFile'> = {}): Promise<{items: ItemRecord[]; report: IngestReport}> {
	const items = new Map<string, ItemRecord>();
	const report = await ingest(inputs, {
		storePath,
		workers: false,
		...options,
		openStore: (turns, hooks) => {
			const store = openIndexedStore(storePath, turns, hooks);
			const write = store.writeItem.bind(store);
			store.writeItem = (item, ...rest) => {
				items.set(`${item.namespace}:${item.item_id}`, item);
				return write(item, ...rest);
			};
			return store;
		},
	});
	return {items: [...items.values()], report};
}
