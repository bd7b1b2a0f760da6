import type {ItemRow, SummaryStore} from '../../store/summary-store.js';
import type {ItemTermCounts} from './item-index.js';
import {indexMissingItems, retrainLsa} from './reindex.js';
import {searchStatus} from './search-status.js';

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
 * The train phase, when a writer closes the store: items written without the indexer are caught
 * up, and a first LSA model (or a retrained one once the store has outgrown it) is trained if the
 * store is small enough to train in a moment. `knownCounts` gives the term counts of the items
 * this writer counted as it wrote them.
 */
export function finishBatch(store: SummaryStore, knownCounts: (row: ItemRow) => ItemTermCounts | undefined): void {
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
