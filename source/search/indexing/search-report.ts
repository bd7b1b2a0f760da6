import type {SummaryStore} from '../../store/summary-store.js';
import {readTrainedBecause, retrainUnknownMass} from '../semantic/vocabulary-drift.js';
import {searchStatus, type SearchStatus} from './search-status.js';

/** How far the search indexes cover the store, as `drill status --json` and MCP store_status give it. */
export interface SearchReport {
	keyword_items: number;
	embedder: string | null;
	embedded_items: number;
	semantic_built_at: string | null;
	semantic_built_items: number;
	/** Why the model in use was last trained, in words (the close of a write trains it). */
	semantic_trained_because: string | null;
	/**
	 * The term occurrences folded into the model since it was trained, the share of them it does
	 * not know, that share in its own training text, and the unknown ones as a share of the
	 * occurrences it was trained on (`of_trained`: retrained past `retrainUnknownMass`).
	 */
	vocabulary_drift: {occurrences: number; share: number; trained_share: number; of_trained: number};
	/** The model is due for retraining: the store grew by a quarter, or its vocabulary drifted. */
	stale: boolean;
	retrain: 'growth' | 'drift' | null;
}

export const emptySearchReport: SearchReport = {
	keyword_items: 0,
	embedder: null,
	embedded_items: 0,
	semantic_built_at: null,
	semantic_built_items: 0,
	semantic_trained_because: null,
	vocabulary_drift: {occurrences: 0, share: 0, trained_share: 0, of_trained: 0},
	stale: false,
	retrain: null,
};

const round = (share: number) => Number(share.toFixed(4));

function ofTrained({vocabularyDrift: drift}: SearchStatus): number {
	return drift.trainedOccurrences > 0 ? drift.unknown / drift.trainedOccurrences : 0;
}

export function searchReport(store: SummaryStore, status: SearchStatus = searchStatus(store)): SearchReport {
	return {
		keyword_items: status.keywordItems,
		embedder: status.semantic?.embedder ?? null,
		embedded_items: status.embeddedItems,
		semantic_built_at: status.semantic?.builtAt ?? null,
		semantic_built_items: status.semantic?.builtItems ?? 0,
		semantic_trained_because: status.semantic ? (store.guard(() => readTrainedBecause(store)) ?? null) : null,
		vocabulary_drift: {occurrences: status.vocabularyDrift.occurrences, share: round(status.vocabularyDrift.share), trained_share: round(status.vocabularyDrift.trained), of_trained: round(ofTrained(status))},
		stale: status.stale,
		retrain: status.retrain ?? null,
	};
}

const percent = (share: number) => `${(share * 100).toFixed(1)}%`;
const itemsWritten = (count: number) => `${count} item${count === 1 ? '' : 's'}`;

/**
 * Between retrainings a search uses the last model: items written since it was trained are folded
 * into its basis as they are written, and the close of the next write that finds the store grown
 * by a quarter, or its vocabulary drifted, retrains it (search/indexing/train-phase.ts).
 */
function modelInUse(search: SearchReport, items: number): string {
	const since = items - search.semantic_built_items;
	const {occurrences, share, of_trained} = search.vocabulary_drift;
	const drift = occurrences > 0 ? `; vocabulary drift ${percent(share)} of ${occurrences} words folded in, new words ${percent(of_trained)} of those it was trained on` : '';
	if (search.stale) return `, the last model in use (${itemsWritten(since)} written since${drift}; retrained by the next ingest or drill reindex)`;
	return since > 0 || drift ? `, the last model in use with ${itemsWritten(since)} written since folded in${drift} (retrained once the store grows by a quarter or new words reach ${percent(retrainUnknownMass)} of those it was trained on)` : '';
}

/** The search line of `drill status` and store_status. */
export function searchLine(search: SearchReport, items: number): string {
	const semantic = search.embedder
		? `${search.embedder}, ${search.embedded_items} items embedded, built ${search.semantic_built_at} on ${search.semantic_built_items} items${search.semantic_trained_because ? ` (${search.semantic_trained_because})` : ''}${modelInUse(search, items)}`
		: 'none';
	return `${search.keyword_items}/${items} items keyword-indexed; semantic ${semantic}`;
}
