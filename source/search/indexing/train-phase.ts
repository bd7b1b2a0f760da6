import type {ItemRow, SummaryStore} from '../../store/summary-store.js';
import type {ItemTermCounts} from '../../text/item-term-counts.js';
import type {TermIds} from '../../text/term-bags.js';
import {indexMissingItems, keepUnboundedRows, retrainLsa} from './reindex.js';
import {searchStatus} from './search-status.js';
import {describeRetrain, writeTrainedBecause} from '../semantic/vocabulary-drift.js';

/** A store this small is trained with the term counts its writer kept as it wrote (each item read and stemmed once)… */
export const autoTrainMaxNodes = 50_000;
/** …and only when its raw text is this small too: those counts are held in memory until the close. */
export const autoTrainMaxTextBytes = 16 * 1024 * 1024;
/**
 * …and only when it holds at most this many spans: the counts are a map of terms per span and per
 * subtree, whatever the text's size (a session of a million one-word lines, 8 MB of text, held
 * 1.4 GB for them). A larger store is trained from the store itself, an item at a time, and an item
 * of more spans than this is left out of the training sample (it is still embedded).
 */
export const autoTrainMaxSpans = 200_000;
/** Items written without the indexer are caught up on close when there are at most this many. */
export const autoCatchUpItems = 5_000;

/**
 * The train phase, when a writer closes the store: items written without the indexer are caught
 * up; a store with no semantic model gets its first, and one that has grown by a quarter since its
 * model was trained, or whose vocabulary has drifted from the model's (semantic/vocabulary-drift.ts),
 * is retrained, whatever its size. Between
 * retrainings, the items written are folded into the model's basis as they are written (the
 * indexer embeds them with it), and `drill status` says how many items the model was built on.
 * `knownCounts` gives the term counts of the items this writer counted as it wrote them (their term
 * ids of `options.termIds`). A writer
 * that leaves training for later (`trainLarge` false: a pull) trains only a small store, whose
 * model costs a moment; a larger one keeps the model it has, its new items folded in (or none:
 * `drill status` and `find` then say to run `drill reindex`), and the next ingest's close or
 * `drill reindex` trains it.
 */
export function finishBatch(store: SummaryStore, knownCounts: (row: ItemRow) => ItemTermCounts | undefined, options: {trainLarge?: boolean; termIds?: TermIds} = {}): void {
	keepUnboundedRows(store);
	let status = searchStatus(store);
	if (status.keywordItems < status.items && status.items - status.keywordItems <= autoCatchUpItems) {
		indexMissingItems(store);
		status = searchStatus(store);
	}
	if (status.items === 0) return;
	const kind = status.semantic?.spec.kind;
	if (kind !== undefined && kind !== 'lsa') return;
	if (status.semantic && status.retrain === undefined && status.embeddedItems === status.items) return;
	const nodes = (store.statement('SELECT count(*) AS n FROM nodes').get() as {n: number}).n;
	const spans = (store.statement('SELECT coalesce(sum(span_count), 0) AS n FROM items').get() as {n: number}).n;
	const small = nodes <= autoTrainMaxNodes && spans <= autoTrainMaxSpans && textAtMost(store, autoTrainMaxTextBytes);
	if (!small && options.trainLarge === false) return;
	const because = !status.semantic
		? 'the first model of the store'
		: status.retrain
			? describeRetrain(status.retrain, status.semantic.builtItems, status.items, status.vocabularyDrift)
			: `${status.items - status.embeddedItems} items were not embedded by it`;
	retrainLsa(store, small ? {knownCounts, ...(options.termIds ? {termIds: options.termIds} : {})} : {maxItemSpans: autoTrainMaxSpans});
	store.guard(() => writeTrainedBecause(store, because));
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
