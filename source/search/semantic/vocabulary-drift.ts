import type {SummaryStore} from '../../store/summary-store.js';
import type {TermBag, TermIds} from '../../text/term-bags.js';

/**
 * When a semantic model trained on the store is retrained (issue 40's decision): items written
 * after it are folded into its basis, which holds only the words it was trained on, so what a
 * fold-in loses is the words it does not know. It is retrained once the store has grown by more
 * than a quarter since, or once its vocabulary has drifted: the occurrences of words it does not
 * know, folded in since it was trained, come to `retrainUnknownMass` of the term occurrences it was
 * trained on (and at least `driftMinUnknown`, so a fold of a few words into a tiny store does not).
 * Measured against the store, not against what was folded in: a store of 50 000 sessions is not
 * retrained, for minutes, for a day's new identifiers, and a small store, cheap to retrain, is
 * retrained early. With one ingest of the last fifth, every collection whose fold-in missed a full
 * retrain by more than 0.005 brought new words of 1.5% of its training text or more; in four
 * ingests, cacm brings 0.4–0.5% at each and cisi 0.2–0.4%, and a last ingest left folded in above
 * 0.3% cost up to 0.02 (`npm run eval -- DIR --fold-in=4`). A model trained before its training
 * text was counted falls back to the share: more than `retrainDrift` of at least
 * `driftMinOccurrences` folded-in occurrences unknown.
 */
export const retrainGrowth = 1.25;
export const retrainUnknownMass = 0.003;
export const driftMinUnknown = 100;
export const retrainDrift = 0.06;
export const driftMinOccurrences = 2000;

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

/** The term occurrences of the text a model was trained on, and the share of them it left out. */
export interface TrainedDrift {
	share: number;
	occurrences: number;
}

/**
 * The share of `documents`' term occurrences a model leaves out, `knows(id)` saying whether it has
 * the term of id `id`: what `DriftTally` counts, by id (training knows its vocabulary by id before
 * the model is made, and the documents can then be let go before the SVD).
 */
export function trainedDriftOf(documents: Iterable<TermBag>, knows: (id: number) => boolean): TrainedDrift {
	let occurrences = 0;
	let unknown = 0;
	for (const bag of documents)
		for (let i = 0; i < bag.ids.length; i++) {
			const tf = bag.counts[i]!;
			occurrences += tf;
			if (!knows(bag.ids[i]!)) unknown += tf;
		}
	return {share: occurrences > 0 ? unknown / occurrences : 0, occurrences};
}

/** Records, for a model just trained, the share of its training text's term occurrences it left out. */
export function recordTrainedDrift(store: SummaryStore, drift: TrainedDrift): void {
	store.setMeta(trainedKey, String(drift.share));
	store.setMeta(trainedOccurrencesKey, String(drift.occurrences));
}

/** Whether a model trained on `builtItems` items must be retrained now that the store holds `items`, and why. */
export function retrainReason(builtItems: number, items: number, drift: VocabularyDrift): RetrainReason | undefined {
	if (items > retrainGrowth * Math.max(builtItems, 1)) return 'growth';
	if (drift.trainedOccurrences > 0) return drift.unknown >= driftMinUnknown && drift.unknown >= retrainUnknownMass * drift.trainedOccurrences ? 'drift' : undefined;
	if (drift.occurrences >= driftMinOccurrences && drift.share > retrainDrift) return 'drift';
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

	/** One item's stemmed-term counts (all its text once), a bag of term ids of `ids`. */
	count(bag: TermBag, ids: TermIds): void {
		for (let i = 0; i < bag.ids.length; i++) {
			const tf = bag.counts[i]!;
			this.occurrences += tf;
			if (!this.knows(ids.term(bag.ids[i]!))) this.unknown += tf;
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
