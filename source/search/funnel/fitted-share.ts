import type {SummaryStore} from '../../store/summary-store.js';
import type {SemanticMeta} from '../semantic/semantic-meta.js';

/** A fixed keyword share of the hybrid, or the agreement rule that adapts it per query (adaptiveShare). */
export type FusionChoice = number | 'adaptive';

/**
 * The hybrid's keyword share `drill reindex` fitted to the store (fusion-fit.ts), with its evidence:
 * how well each candidate mix found the items its own pseudo-queries were made from.
 */
export interface FusionFit {
	share: FusionChoice;
	/** The semantic model's generation it was measured with: a model trained since has not been fitted. */
	generation: number;
	/** Pseudo-queries asked (one per sampled item). */
	queries: number;
	/** What they were made of, in words. */
	from: string;
	/** MRR@10 of each pseudo-query's item, per candidate (`adaptive`, `0` … `1`). */
	mrr: Record<string, number>;
	fittedAt: string;
}

const fitKey = 'search.fusion.fit';

export function readFusionFit(store: SummaryStore): FusionFit | undefined {
	const text = store.getMeta(fitKey);
	if (!text) return undefined;
	try {
		const fit = JSON.parse(text) as FusionFit;
		const shareValid = fit.share === 'adaptive' || (typeof fit.share === 'number' && fit.share >= 0 && fit.share <= 1);
		return shareValid && typeof fit.generation === 'number' && fit.mrr && typeof fit.mrr === 'object' ? fit : undefined;
	} catch {
		return undefined;
	}
}

export function writeFusionFit(store: SummaryStore, fit: FusionFit): void {
	store.setMeta(fitKey, JSON.stringify(fit));
}

/** The fit in force: the one measured with the model the store searches with now. */
export function currentFit(fit: FusionFit | undefined, semantic: SemanticMeta | undefined): FusionFit | undefined {
	return fit && semantic && fit.generation === semantic.generation ? fit : undefined;
}

/** The fixed keyword share the store's fit chose, or undefined for the agreement rule (no fit, a fit of an older model, or one that kept the rule). */
export function fittedShare(status: {fusion: FusionFit | undefined; semantic: SemanticMeta | undefined}): number | undefined {
	const share = currentFit(status.fusion, status.semantic)?.share;
	return typeof share === 'number' ? share : undefined;
}
