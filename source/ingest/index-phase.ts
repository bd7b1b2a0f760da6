import {fileOfSourceUri} from '../core/source-uri.js';
import type {ItemRecord} from '../store/interchange.js';
import {isFatal, messageOf, type IngestRun} from './ingest-run.js';
import {ItemSink} from './item-sink.js';
import type {Format} from './formats/catalog.js';

/**
 * The index phase: items written into the store (item-sink.ts), their search rows built by the
 * indexer the store carries, in batches of commits (store/write-batches.ts); the run's last
 * batch leaves every item indexed.
 */
export class IndexPhase {
	readonly sink: ItemSink;

	constructor(
		private readonly run: IngestRun,
		sessionIds: Partial<Record<Format, (head: string, file: string) => string | undefined>>,
	) {
		this.sink = new ItemSink(run.store, run.report, (file) => run.shown(file), {sessionIds, ...(run.options.keepLonger ? {keepLonger: true} : {})});
	}

	/** An item of an earlier file whose search rows could not be built: that file's problem, stated. */
	indexFailed(item: ItemRecord, error: unknown): void {
		const file = fileOfSourceUri(item.source?.uri, item.source?.kind) ?? `${item.namespace}:${item.item_id}`;
		this.run.fail(file, `the item ${item.namespace}:${item.item_id} is stored, but its search rows could not be built (${messageOf(error)}); find does not see it`);
	}

	/** The indexers' last batch: a full disk here stops the run like one met while writing an item. */
	flush(): void {
		try {
			this.run.store.endBulkWrites();
			this.sink.collectIfDue();
		} catch (error) {
			if (!isFatal(error)) throw error;
			this.run.fatal ??= error;
		}
	}
}
