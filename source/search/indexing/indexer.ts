import type {TurnOptions} from '../../store/busy.js';
import type {IndexerHooks} from '../../store/indexer-hooks.js';
import {SummaryStore, type ItemRow} from '../../store/summary-store.js';
import type {ItemIndexer} from '../../store/write-item.js';
import {indexItem, termCountsOf, type ItemTermCounts, type SyncEmbedding} from './item-index.js';
import {itemStamp, PendingIndex, readsBackAsWritten, recordStamp} from './written-items.js';
import {LsaEmbedder} from '../semantic/lsa-store.js';
import {indexMissingItems, retrainLsa} from './reindex.js';
import {searchStatus} from './search-status.js';
import {bumpVectorRevision, readSemanticMeta} from '../semantic/semantic-meta.js';
import {removeItemText} from './text-index.js';
import {packRoots} from '../semantic/root-pack.js';

/** After a batch of writes, a store this small is (re)trained on close; a larger one waits for `drill reindex`. */
export const autoTrainMaxNodes = 50_000;
/** …and only when its raw text is this small too: training holds the text's term counts in memory. */
export const autoTrainMaxTextBytes = 16 * 1024 * 1024;
/**
 * …and only when it holds at most this many spans: the counts training keeps are a map of terms
 * per span and per subtree, whatever the text's size (a session of a million one-word lines, 8 MB
 * of text, held 1.4 GB for them).
 */
export const autoTrainMaxSpans = 200_000;
/** Items written without the indexer are caught up on close when there are at most this many. */
export const autoCatchUpItems = 5_000;

/**
 * Keeps the search indexes in step with every item written through `openIndexedStore`:
 * stage-1 rows and LSA vectors inside each item's transaction, and, when the writer closes the
 * store, a first LSA model (or a retrained one once the store has outgrown it) if the store is
 * small enough to train in a moment.
 */
export type {IndexerHooks} from '../../store/indexer-hooks.js';

export function searchIndexer(store: SummaryStore, hooks: IndexerHooks = {}): void {
	let embedding: SyncEmbedding | undefined;
	let embeddingGeneration = -1;
	const currentEmbedding = (): SyncEmbedding | undefined => {
		const generation = Number(store.getMeta('search.semantic.generation') ?? 0);
		if (generation !== embeddingGeneration) {
			embeddingGeneration = generation;
			const meta = readSemanticMeta(store);
			if (meta && meta.spec.kind === 'lsa' && meta.dimension > 0) {
				const embedder = new LsaEmbedder(meta.dimension, {db: store.db});
				embedding = {generation: meta.generation, embedCounts: (counts) => embedder.embedCounts(counts)};
			} else embedding = undefined;
		}
		return embedding;
	};
	// Without a model yet, the close will train one: the term counts of the items written meanwhile
	// are kept for it (counted from the item in hand instead of read back from the store and stemmed
	// again), as long as their text is small enough for the close to train on.
	const known = new Map<number, {stamp: string; counts: ItemTermCounts}>();
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
					if (now) bumpVectorRevision(store);
				}
			} else {
				// The bulk run's last item: the ones before it that wait are indexed with it.
				pending.flush(db, now, hooks.onIndexFailure);
				indexItem(db, itemRowId, item, now);
				if (now) bumpVectorRevision(store);
			}
			if (!now && knownBytes <= autoTrainMaxTextBytes && knownSpans <= autoTrainMaxSpans) {
				for (const span of item.spans) knownBytes += span.text.length;
				knownSpans += item.spans.length;
				if (knownBytes > autoTrainMaxTextBytes || knownSpans > autoTrainMaxSpans) known.clear();
				else if (readsBackAsWritten(item)) known.set(itemRowId, {stamp: recordStamp(item), counts: termCountsOf(item)});
			}
		},
		beforeCommit(db) {
			indexer.endBulk!(db);
		},
		endBulk(db) {
			if (pending.empty) return;
			const now = currentEmbedding();
			pending.flush(db, now, hooks.onIndexFailure);
			if (now) bumpVectorRevision(store);
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
				finishBatch(store, (row) => {
					const entry = known.get(row.id);
					return entry && entry.stamp === itemStamp(row) ? entry.counts : undefined;
				});
				packRoots(store);
			}
		} catch {
			// The items are written; an index that could not be brought up to date is reported by `find`.
		} finally {
			known.clear();
			close();
		}
	};
}

function finishBatch(store: SummaryStore, knownCounts: (row: ItemRow) => ItemTermCounts | undefined): void {
	let status = searchStatus(store);
	if (status.keywordItems < status.items && status.items - status.keywordItems <= autoCatchUpItems) {
		indexMissingItems(store);
		status = searchStatus(store);
	}
	if (status.items === 0) return;
	const kind = status.semantic?.spec.kind;
	if (kind !== undefined && kind !== 'lsa') return;
	if (status.semantic && !status.stale && status.embeddedItems === status.items) return;
	const nodes = (store.statement('SELECT count(*) AS n FROM nodes').get() as {n: number}).n;
	if (nodes > autoTrainMaxNodes) return;
	const spans = (store.statement('SELECT coalesce(sum(span_count), 0) AS n FROM items').get() as {n: number}).n;
	if (spans <= autoTrainMaxSpans && textAtMost(store, autoTrainMaxTextBytes)) retrainLsa(store, {knownCounts});
}

/**
 * Whether the store's raw text is at most `limit` characters, read only up to the limit: summing
 * the whole text read every span of a store too big to train on close at each close (200 MB of
 * sessions: 0.15 s of CPU and the I/O of the whole file on a re-ingest that found nothing new).
 */
function textAtMost(store: SummaryStore, limit: number): boolean {
	let total = 0;
	for (const row of store.iterate<{n: number}>('SELECT length(text) AS n FROM spans')) {
		total += row.n;
		if (total > limit) return false;
	}
	return true;
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
