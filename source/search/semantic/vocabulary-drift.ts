import type {SummaryStore} from '../../store/summary-store.js';

/**
 * When a semantic model trained on the store is retrained (issue 40's decision): items written
 * after it are folded into its basis, which holds only the words it was trained on. It is retrained
 * once the store has grown by more than a quarter since, or once its vocabulary has drifted: more
 * than `retrainDrift` of the term occurrences folded into it since it was trained are words it does
 * not know, counted over at least `driftMinOccurrences` (a few short items say nothing), or over a
 * tenth of the words the model was trained on when that is fewer (a store of a few short documents,
 * cheap to retrain: adi's 82 abstracts fold in 17 with 30% new words, −0.054 nDCG@10 kept).
 */
export const retrainGrowth = 1.25;
export const retrainDrift = 0.06;
export const driftMinOccurrences = 2000;
export const driftMinTrainedShare = 0.1;

export type RetrainReason = 'growth' | 'drift';

/** The term occurrences folded into the current model since it was trained, and how many it did not know. */
export interface VocabularyDrift {
	occurrences: number;
	unknown: number;
	/** unknown / occurrences (0 when nothing was folded in). */
	share: number;
	/** The same share in the text the model was trained on (the rare words it left out). */
	trained: number;
	/** The term occurrences of the text the model was trained on (0 when not recorded). */
	trainedOccurrences: number;
}

const occurrencesKey = 'search.semantic.folded_occurrences';
const unknownKey = 'search.semantic.unknown_occurrences';
const trainedKey = 'search.semantic.trained_unknown_share';
const trainedOccurrencesKey = 'search.semantic.trained_occurrences';

export function readVocabularyDrift(store: SummaryStore): VocabularyDrift {
	const occurrences = Number(store.getMeta(occurrencesKey) ?? 0) || 0;
	const unknown = Number(store.getMeta(unknownKey) ?? 0) || 0;
	return {occurrences, unknown, share: occurrences > 0 ? unknown / occurrences : 0, trained: Number(store.getMeta(trainedKey) ?? 0) || 0, trainedOccurrences: Number(store.getMeta(trainedOccurrencesKey) ?? 0) || 0};
}

/** A new model: nothing is folded into it yet. */
export function resetVocabularyDrift(store: SummaryStore): void {
	store.setMeta(occurrencesKey, '0');
	store.setMeta(unknownKey, '0');
}

/** Records, for a model just trained on `documents`, the share of their term occurrences it left out. */
export function recordTrainedDrift(store: SummaryStore, documents: ReadonlyArray<ReadonlyMap<string, number>>, knows: (term: string) => boolean): void {
	const tally = new DriftTally(knows);
	for (const counts of documents) tally.count(counts);
	store.setMeta(trainedKey, String(tally.share));
	store.setMeta(trainedOccurrencesKey, String(tally.counted));
}

/** Whether a model trained on `builtItems` items must be retrained now that the store holds `items`, and why. */
export function retrainReason(builtItems: number, items: number, drift: VocabularyDrift): RetrainReason | undefined {
	if (items > retrainGrowth * Math.max(builtItems, 1)) return 'growth';
	const enough = drift.trainedOccurrences > 0 ? Math.min(driftMinOccurrences, driftMinTrainedShare * drift.trainedOccurrences) : driftMinOccurrences;
	if (drift.occurrences > 0 && drift.occurrences >= enough && drift.share > retrainDrift) return 'drift';
	return undefined;
}

const becauseKey = 'search.semantic.trained_because';

/** Why the close of a write last trained the model, in words (`drill status` says it). */
export function readTrainedBecause(store: SummaryStore): string | undefined {
	return store.getMeta(becauseKey) || undefined;
}

export function writeTrainedBecause(store: SummaryStore, because: string): void {
	store.setMeta(becauseKey, because);
}

/** Why a model is retrained, in words: the reason first, then the other measure. */
export function describeRetrain(reason: RetrainReason, builtItems: number, items: number, drift: VocabularyDrift): string {
	const growth = `the store grew from ${builtItems} to ${items} items`;
	const drifted = `${(drift.share * 100).toFixed(1)}% of the ${drift.occurrences} words folded in were new to the model`;
	return reason === 'growth' ? `${growth}; ${drifted}` : `${drifted}; ${growth}`;
}

/**
 * Counts, as items are folded into a model, their term occurrences and those the model does not
 * know; `save` adds them to the store's count inside the writer's transaction.
 */
export class DriftTally {
	private occurrences = 0;
	private unknown = 0;

	constructor(private readonly knows: (term: string) => boolean) {}

	/** One item's stemmed-term counts (all its text once). */
	count(counts: ReadonlyMap<string, number>): void {
		for (const [term, tf] of counts) {
			this.occurrences += tf;
			if (!this.knows(term)) this.unknown += tf;
		}
	}

	get counted(): number {
		return this.occurrences;
	}

	get share(): number {
		return this.occurrences > 0 ? this.unknown / this.occurrences : 0;
	}

	save(store: SummaryStore): void {
		if (this.occurrences === 0) return;
		const stored = readVocabularyDrift(store);
		store.setMeta(occurrencesKey, String(stored.occurrences + this.occurrences));
		store.setMeta(unknownKey, String(stored.unknown + this.unknown));
		this.occurrences = 0;
		this.unknown = 0;
	}
}
