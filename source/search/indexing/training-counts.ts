import type {ItemRow, SummaryStore} from '../../store/summary-store.js';
import {termCountsIn, termCountsOf, type ItemTermCounts} from '../../text/item-term-counts.js';
import {emptyBag, PackedBags, type TermBag, type TermIds} from '../../text/term-bags.js';

/** A list of term counts as training reads it: its length, each in turn (several times over), or one by its place. */
export interface TermCountsList {
	readonly length: number;
	at(index: number): TermBag | undefined;
	[Symbol.iterator](): Iterator<TermBag>;
}

/**
 * An item's term counts as bags of `ids`: those its writer counted as it wrote it (`knownCounts`),
 * else counted again from its stored text (the same text, stemmed the same way: the same counts in
 * the same order, and a term counted before keeps its id).
 */
export function itemTermCountsOf(store: SummaryStore, row: ItemRow, ids: TermIds, knownCounts?: (row: ItemRow) => ItemTermCounts | undefined): ItemTermCounts {
	const known = knownCounts?.(row);
	return known ? termCountsIn(known, ids) : termCountsOf(store.record(row), {ids});
}

/**
 * How many bytes of the training sample's term counts are held between training's passes over it
 * (document frequencies, the matrix, the drift tally); past the budget an item's counts are counted
 * again from its stored text on each pass. Measured with `drill reindex` on 5 000 items of varied
 * words (56 MB of text), two runs beside one holding every count: peak RSS 436 → 316 MB, CPU +9–11 %, the
 * same model and vectors. (On the archive generated from the three fixture sessions, whose
 * vocabulary is 412 terms, the counts are small and the peak is in the read and index phases.)
 */
export const trainingCountsBudgetBytes = 64 << 20;

/**
 * The whole-item term counts of a training sample, read from the store as training asks for them:
 * held packed up to its budget (PackedBags: a few large arrays, not two small ones per item),
 * counted again (itemTermCountsOf) when they were not.
 * `release()` once training has read them for the last time.
 */
export class KeptTermCounts implements TermCountsList {
	private readonly keeper: PackedBags;
	/** How many items were counted (the first pass counts each once; a recount is one more). */
	counted = 0;

	constructor(
		private readonly store: SummaryStore,
		/** The sample's items by row id (each row read when its item is counted, not held). */
		private readonly sample: readonly number[],
		private readonly ids: TermIds,
		options: {budgetBytes?: number; knownCounts?: (row: ItemRow) => ItemTermCounts | undefined; onCounted?: (done: number, total: number) => void} = {},
	) {
		this.keeper = new PackedBags(sample.length, options.budgetBytes ?? trainingCountsBudgetBytes);
		this.knownCounts = options.knownCounts;
		this.onCounted = options.onCounted;
	}

	private readonly knownCounts?: (row: ItemRow) => ItemTermCounts | undefined;
	private readonly onCounted?: (done: number, total: number) => void;

	get length(): number {
		return this.sample.length;
	}

	at(index: number): TermBag | undefined {
		const id = this.sample[index];
		if (id === undefined) return undefined;
		const held = this.keeper.get(index);
		if (held) return held;
		const row = this.store.itemByRowId(id);
		// An item gone from the store since the sample was drawn counts as an empty text.
		const counts = row ? itemTermCountsOf(this.store, row, this.ids, this.knownCounts).item! : emptyBag;
		if (this.counted++ % 500 === 0 && this.counted <= this.sample.length) this.onCounted?.(this.counted, this.sample.length);
		this.keeper.keep(index, counts);
		return counts;
	}

	*[Symbol.iterator](): Iterator<TermBag> {
		for (let index = 0; index < this.sample.length; index++) yield this.at(index)!;
	}

	/** The bytes held now, and how many items' counts are. */
	get held(): {bytes: number; items: number} {
		return this.keeper.held;
	}

	/** Lets every count go: training has read them for the last time. */
	release(): void {
		this.keeper.release();
	}
}
