/**
 * Term counts as bags of term ids. An ingest stems millions of words into a few tens of thousands
 * of distinct terms: each term is interned once (`TermIds`), and a text's counts are two parallel
 * arrays, its distinct term ids in the order they first occur and how often each occurs. Merging
 * bags (a node's subtree, an item's whole text) is then array work, not a string-keyed map per
 * node, and whoever reads the bags (the semantic model's training, a node's embedding) looks each
 * term up once per ingest by its id.
 *
 * The order is kept exactly as a `Map<string, number>` filled in the same sequence would keep it:
 * the semantic model sums a document's terms in that order, so the same order is the same model,
 * bit for bit.
 */

/** Terms interned to small integer ids (0, 1, 2, … in the order first seen). */
export class TermIds {
	private readonly byTerm = new Map<string, number>();
	private readonly list: string[] = [];

	/** The id of `term`, given it now if it has none yet. */
	id(term: string): number {
		let id = this.byTerm.get(term);
		if (id === undefined) {
			id = this.list.length;
			this.byTerm.set(term, id);
			this.list.push(term);
		}
		return id;
	}

	term(id: number): string {
		return this.list[id]!;
	}

	/** How many terms have an id (every id is below this). */
	get size(): number {
		return this.list.length;
	}

	/** The terms by id (for handing a bag to another thread, whose ids differ). */
	get terms(): readonly string[] {
		return this.list;
	}
}

/** A text's term counts: `ids[i]` occurs `counts[i]` times; each id once, in the order first seen. */
export interface TermBag {
	readonly ids: Int32Array;
	readonly counts: Int32Array;
}

export const emptyBag: TermBag = {ids: new Int32Array(0), counts: new Int32Array(0)};

/**
 * Builds one bag at a time from terms and other bags. Where each id sits in the bag being built
 * is kept in an array indexed by id, stamped with the bag's number, so nothing is cleared between bags.
 */
export class BagBuilder {
	private slot = new Int32Array(1024);
	private stamp = new Int32Array(1024);
	private generation = 1;
	private ids: number[] = [];
	private counts: number[] = [];

	private room(id: number): void {
		if (id < this.slot.length) return;
		let size = this.slot.length;
		while (size <= id) size *= 2;
		const slot = new Int32Array(size);
		slot.set(this.slot);
		const stamp = new Int32Array(size);
		stamp.set(this.stamp);
		this.slot = slot;
		this.stamp = stamp;
	}

	add(id: number, count = 1): void {
		this.room(id);
		if (this.stamp[id] === this.generation) {
			this.counts[this.slot[id]!]! += count;
			return;
		}
		this.stamp[id] = this.generation;
		this.slot[id] = this.ids.length;
		this.ids.push(id);
		this.counts.push(count);
	}

	addBag(bag: TermBag): void {
		const {ids, counts} = bag;
		for (let i = 0; i < ids.length; i++) this.add(ids[i]!, counts[i]!);
	}

	/** Interns each term into `dictionary` and counts it. */
	addTerms(terms: readonly string[], dictionary: TermIds): void {
		for (const term of terms) this.add(dictionary.id(term));
	}

	/** The bag built so far; the builder starts a new one. */
	take(): TermBag {
		const bag = {ids: Int32Array.from(this.ids), counts: Int32Array.from(this.counts)};
		this.ids = [];
		this.counts = [];
		this.generation++;
		if (this.generation === 0x7fffffff) {
			this.stamp.fill(0);
			this.generation = 1;
		}
		return bag;
	}
}

/** One builder per thread: bags are built one at a time, never nested. */
const shared = new BagBuilder();

/** The bag of a text's stemmed terms (`stemmedTerms`), interned into `dictionary`. */
export function bagOfTerms(terms: readonly string[], dictionary: TermIds): TermBag {
	shared.addTerms(terms, dictionary);
	return shared.take();
}

/** The bag of term ids of `dictionary`, in the text's order (what `bagOfTerms` gives of their terms). */
export function bagOfIds(ids: readonly number[]): TermBag {
	for (const id of ids) shared.add(id);
	return shared.take();
}

/** The bags merged in order: counts summed, each id where it first occurs (as maps added one into another). */
export function mergeBags(parts: readonly TermBag[]): TermBag {
	for (const part of parts) shared.addBag(part);
	return shared.take();
}

/** A bag as a term → count map, in the bag's order (what the bag stands for). */
export function bagMap(bag: TermBag, dictionary: TermIds): Map<string, number> {
	const map = new Map<string, number>();
	for (let i = 0; i < bag.ids.length; i++) map.set(dictionary.term(bag.ids[i]!), bag.counts[i]!);
	return map;
}

/** The bag of a term → count map, in the map's order. */
export function bagOfMap(counts: ReadonlyMap<string, number>, dictionary: TermIds): TermBag {
	const ids = new Int32Array(counts.size);
	const values = new Int32Array(counts.size);
	let i = 0;
	for (const [term, count] of counts) {
		ids[i] = dictionary.id(term);
		values[i++] = count;
	}
	return {ids, counts: values};
}

/** A bag whose ids are `from`'s, given `to`'s ids instead (same order, same counts). */
export function reinternBag(bag: TermBag, from: TermIds, to: TermIds): TermBag {
	if (from === to) return bag;
	return {ids: Int32Array.from(bag.ids, (id) => to.id(from.term(id))), counts: bag.counts};
}

/**
 * Bags held packed, up to a byte budget: each bag's ids and counts copied into a few large arrays
 * (chunks) instead of being kept as two small typed arrays of their own. At 30 000 training
 * documents the bags' own arrays were 60 000 small buffers, each with its heap objects, and their
 * memory was not given back when they were let go among live ones; chunks are freed whole.
 * A bag handed out is a view into its chunk: the same ids and counts in the same order.
 */
export class PackedBags {
	private readonly chunkOf: Int32Array;
	private readonly startOf: Int32Array;
	private readonly lengthOf: Int32Array;
	private idChunks: Int32Array[] = [];
	private countChunks: Int32Array[] = [];
	/** Entries used in the last chunk. */
	private used = 0;
	private allocated = 0;
	private items = 0;

	/** `slots` bags at most (numbered from 0), in chunks of `chunkEntries` entries (8 bytes each) unless the budget's rest is smaller. */
	constructor(
		slots: number,
		readonly budgetBytes: number,
		private readonly chunkEntries = 1 << 18,
	) {
		this.chunkOf = new Int32Array(slots).fill(-1);
		this.startOf = new Int32Array(slots);
		this.lengthOf = new Int32Array(slots);
	}

	/** Copies `bag` in under `slot` if it fits in the budget's rest; whether it did. */
	keep(slot: number, bag: TermBag): boolean {
		const length = bag.ids.length;
		const last = this.idChunks.length - 1;
		if (last < 0 || this.used + length > this.idChunks[last]!.length) {
			const rest = Math.floor((this.budgetBytes - this.allocated) / 8);
			const entries = Math.max(length, Math.min(this.chunkEntries, rest));
			if (entries > rest || entries === 0) return false;
			this.idChunks.push(new Int32Array(entries));
			this.countChunks.push(new Int32Array(entries));
			this.allocated += entries * 8;
			this.used = 0;
		}
		const chunk = this.idChunks.length - 1;
		this.idChunks[chunk]!.set(bag.ids, this.used);
		this.countChunks[chunk]!.set(bag.counts, this.used);
		this.chunkOf[slot] = chunk;
		this.startOf[slot] = this.used;
		this.lengthOf[slot] = length;
		this.used += length;
		this.items++;
		return true;
	}

	/** The bag kept under `slot` (a view into its chunk), if it was kept and not released. */
	get(slot: number): TermBag | undefined {
		const chunk = this.chunkOf[slot];
		if (chunk === undefined || chunk < 0) return undefined;
		const start = this.startOf[slot]!;
		const end = start + this.lengthOf[slot]!;
		return {ids: this.idChunks[chunk]!.subarray(start, end), counts: this.countChunks[chunk]!.subarray(start, end)};
	}

	/** The bytes of the chunks made, and how many bags are held. */
	get held(): {bytes: number; items: number} {
		return {bytes: this.allocated, items: this.items};
	}

	/** Lets every bag go (their chunks with them). */
	release(): void {
		this.idChunks = [];
		this.countChunks = [];
		this.chunkOf.fill(-1);
		this.used = 0;
		this.allocated = 0;
		this.items = 0;
	}
}
