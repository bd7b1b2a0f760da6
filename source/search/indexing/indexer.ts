import type {TurnOptions} from '../../store/busy.js';
import type {IndexerHooks} from '../../store/indexer-hooks.js';
import {SummaryStore} from '../../store/summary-store.js';
import type {ItemIndexer} from '../../store/write-item.js';
import {indexItem, type SyncEmbedding} from './item-index.js';
import {termCountsOf, type ItemTermCounts} from '../../text/item-term-counts.js';
import {TermIds} from '../../text/term-bags.js';
import {itemStamp, PendingIndex, readsBackAsWritten, recordStamp} from './written-items.js';
import {autoTrainMaxSpans, autoTrainMaxTextBytes, finishBatch} from './train-phase.js';
import {recordEmbedded, storeSyncEmbedding} from './reindex.js';
import {removeItemText} from './text-index.js';
import {packRoots} from '../semantic/root-pack.js';
import {keepStatusCounts} from './search-status.js';

export type {IndexerHooks} from '../../store/indexer-hooks.js';
export {autoTrainMaxSpans} from './train-phase.js';

/**
 * Keeps the search indexes in step with every item written through `openIndexedStore`:
 * stage-1 rows and LSA vectors inside each item's transaction, and, when the writer closes the
 * store, a first LSA model (or a retrained one once the store has outgrown it) if the store is
 * small enough to train in a moment.
 */
export function searchIndexer(store: SummaryStore, hooks: IndexerHooks = {}): void {
	let embedding: SyncEmbedding | undefined;
	let embeddingGeneration = -1;
	const currentEmbedding = (): SyncEmbedding | undefined => {
		const generation = Number(store.getMeta('search.semantic.generation') ?? 0);
		if (generation !== embeddingGeneration) {
			embeddingGeneration = generation;
			embedding = storeSyncEmbedding(store);
		}
		return embedding;
	};
	// Without a model yet, the close will train one: the term counts of the items written meanwhile
	// are kept for it (counted from the item in hand instead of read back from the store and stemmed
	// again), as long as their text is small enough for the close to train on.
	const known = new Map<number, {stamp: string; counts: ItemTermCounts}>();
	// Their terms are interned once for the whole run: the close trains on these ids as they are.
	let knownIds = new TermIds();
	let knownBytes = 0;
	let knownSpans = 0;
	const pending = new PendingIndex();
	const indexer: ItemIndexer = {
		afterWrite(db, itemRowId, item) {
			const now = currentEmbedding();
			if (store.bulk) {
				pending.add(itemRowId, item);
				if (pending.due) {
					pending.flush(db, now, hooks.onIndexFailure);
					if (now) recordEmbedded(store, now);
				}
			} else {
				// The bulk run's last item: the ones before it that wait are indexed with it.
				pending.flush(db, now, hooks.onIndexFailure);
				indexItem(db, itemRowId, item, now);
				if (now) recordEmbedded(store, now);
			}
			if (!now && knownBytes <= autoTrainMaxTextBytes && knownSpans <= autoTrainMaxSpans) {
				for (const span of item.spans) knownBytes += span.text.length;
				knownSpans += item.spans.length;
				if (knownBytes > autoTrainMaxTextBytes || knownSpans > autoTrainMaxSpans) {
					known.clear();
					knownIds = new TermIds();
				} else if (readsBackAsWritten(item)) known.set(itemRowId, {stamp: recordStamp(item), counts: termCountsOf(item, {ids: knownIds})});
			}
		},
		beforeCommit(db) {
			indexer.endBulk!(db);
		},
		endBulk(db) {
			if (pending.empty) return;
			const now = currentEmbedding();
			pending.flush(db, now, hooks.onIndexFailure);
			if (now) recordEmbedded(store, now);
		},
		wantsTermCounts() {
			// Embedded with the model in hand, or kept for the close to train on.
			return currentEmbedding() !== undefined || (knownBytes <= autoTrainMaxTextBytes && knownSpans <= autoTrainMaxSpans);
		},
		beforeDelete(db, itemRowId) {
			known.delete(itemRowId);
			pending.drop(itemRowId);
			removeItemText(db, itemRowId);
		},
	};
	store.indexers.push(indexer);
	const close = store.close.bind(store);
	store.close = () => {
		try {
			// Also when nothing was written: a writer killed while it trained left the items without
			// a model, and the next run, which finds every item unchanged, must still finish the job.
			// Another writer may have replaced an item meanwhile (under the same row id even): counts
			// are only taken for the row that still holds the item they were counted from.
			// Items still pending are caught up from the store (finishBatch: indexMissingItems).
			if (store.db.open) {
				finishBatch(
					store,
					(row) => {
						const entry = known.get(row.id);
						return entry && entry.stamp === itemStamp(row) ? entry.counts : undefined;
					},
					{trainLarge: store.trainsOnClose, termIds: knownIds},
				);
				packRoots(store);
				keepStatusCounts(store);
			}
		} catch {
			// The items are written; an index that could not be brought up to date is reported by `find`.
		} finally {
			known.clear();
			close();
		}
	};
}

/**
 * The summary store opened for writing with the search indexer attached: whoever writes items
 * (import, ingest, frames, the runtime) opens the store this way, so the indexes never fall behind.
 */
export function openIndexedStore(file: string, turns: TurnOptions = {}, hooks: IndexerHooks = {}): SummaryStore {
	const store = SummaryStore.open(file, {...turns, write: true});
	try {
		searchIndexer(store, hooks);
	} catch (error) {
		store.close();
		throw error;
	}
	return store;
}
