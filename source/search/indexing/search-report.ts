import type {SummaryStore} from '../../store/summary-store.js';
import {readTrainedBecause, retrainUnknownMass} from '../semantic/vocabulary-drift.js';
import {searchStatus, type SearchStatus} from './search-status.js';
import {currentFit, type FusionChoice} from '../funnel/fitted-share.js';
import {fitMargin} from '../funnel/fusion-fit.js';

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
	/**
	 * The hybrid's keyword share fitted at the last `drill reindex` (`adaptive`: the agreement rule),
	 * whether it is in force (it was measured with the model in use), and its evidence: MRR@10 of the
	 * pseudo-queries' own items per candidate mix. Null before the first fit.
	 */
	fusion: {share: FusionChoice; in_force: boolean; queries: number; from: string; mrr: Record<string, number>; fitted_at: string} | null;
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
	fusion: null,
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
		fusion: status.fusion ? {share: status.fusion.share, in_force: currentFit(status.fusion, status.semantic) !== undefined, queries: status.fusion.queries, from: status.fusion.from, mrr: status.fusion.mrr, fitted_at: status.fusion.fittedAt} : null,
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

const mrrText = (value: number | undefined) => (value ?? 0).toFixed(2);

/** The hybrid's mix, and the evidence it was fitted on. */
function fusionText(fusion: SearchReport['fusion']): string {
	if (!fusion) return '';
	const {share, mrr, queries, from} = fusion;
	const fixed = Object.entries(mrr).filter(([name]) => name !== 'adaptive');
	const [bestName, bestMrr] = fixed.reduce((best, entry) => (entry[1] > best[1] ? entry : best), fixed[0] ?? ['1', 0]);
	const asked = `${queries} ${from} asked as queries`;
	const evidence =
		share === 'adaptive'
			? `${asked}: no fixed share found their items better than the agreement rule by ${fitMargin} MRR@10 (rule ${mrrText(mrr.adaptive)}, best fixed ${mrrText(bestMrr)} at keyword share ${bestName})`
			: `${asked}: MRR@10 ${mrrText(mrr[String(share)])} at keyword share ${share}, ${mrrText(mrr.adaptive)} by the agreement rule`;
	const mix = share === 'adaptive' ? 'the agreement rule' : `keyword share ${share}`;
	if (!fusion.in_force) return `; hybrid mix: the agreement rule (the fit, ${mix}, was measured with an older model: drill reindex fits it again)`;
	return `; hybrid mix: ${mix}, fitted at reindex (${evidence})`;
}

/** The search line of `drill status` and store_status. */
export function searchLine(search: SearchReport, items: number): string {
	const semantic = search.embedder
		? `${search.embedder}, ${search.embedded_items} items embedded, built ${search.semantic_built_at} on ${search.semantic_built_items} items${search.semantic_trained_because ? ` (${search.semantic_trained_because})` : ''}${modelInUse(search, items)}`
		: 'none';
	return `${search.keyword_items}/${items} items keyword-indexed; semantic ${semantic}${search.embedder ? fusionText(search.fusion) : ''}`;
}
