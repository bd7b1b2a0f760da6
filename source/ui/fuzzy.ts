import type Fuse from 'fuse.js';

/**
 * Fuzzy search over the names loaded in the tree, answering what fuse.js would (threshold 0.3,
 * location ignored: best matches first, with the matched ranges) fast enough for 100 000 names
 * after every key. fuse.js alone takes ~180 ms for 100 000 names (seconds for a query most names
 * resemble), so:
 * - Myers' bit-vector algorithm finds, for each name, the fewest edits that turn the
 *   query into some part of it — the number of errors fuse's bitap search finds — and with it
 *   fuse's score, (errors / length) ^ (field norm), without fuse;
 * - fuse itself runs only on the best `maxMatches` names, for the ranges to highlight.
 * The names are scanned in slices with a pause for pending keys and frames between them, and a
 * newer query stops an older one at the next slice. Queries fuse treats apart (longer than 32
 * characters, astral characters) are searched by fuse in slices.
 */
export interface NameEntry {
	key: string;
	name: string;
}

export interface FuzzyMatch {
	key: string;
	score: number;
	/** Inclusive [start, end] ranges of matched characters in the name. */
	ranges: Array<[number, number]>;
}

export const sliceSize = 500;
/** Names scanned between two pauses. */
export const scanSlice = 10_000;
const threshold = 0.3;
const maxMatches = 1000;
// fuse's bitap matcher works on patterns of up to 32 characters; longer ones are split.
const bitapLength = 32;

type FuseModule = typeof import('fuse.js');
let fuseModule: Promise<FuseModule> | undefined;
const loadFuse = () => (fuseModule ??= import('fuse.js'));

const pause = () => new Promise((resolve) => setImmediate(resolve));

/** Whether Myers' algorithm can answer for fuse: a query of one word of at most 32 UTF-16 units, not blank. */
function bitVectorQuery(query: string): boolean {
	return query.trim() !== '' && query.length <= bitapLength && !/[\ud800-\udfff]/u.test(query);
}

export class FuzzyIndex {
	/** Each name lowercased and its field norm, worked out the first time a search reaches it. */
	private readonly lowered: string[] = [];
	private readonly norms: Float64Array;

	constructor(readonly entries: readonly NameEntry[]) {
		this.norms = new Float64Array(entries.length).fill(-1);
	}

	/** Collects the names a slice at a time, so that a first search over 100 000 keeps the keys flowing. */
	static async collect(names: Iterable<NameEntry>, cancelled: () => boolean): Promise<FuzzyIndex | undefined> {
		const entries: NameEntry[] = [];
		for (const entry of names) {
			entries.push(entry);
			if (entries.length % scanSlice === 0) {
				await pause();
				if (cancelled()) return undefined;
			}
		}
		return new FuzzyIndex(entries);
	}

	get size(): number {
		return this.entries.length;
	}

	private lower(index: number): string {
		return (this.lowered[index] ??= this.entries[index]!.name.toLowerCase());
	}

	private norm(index: number): number {
		const known = this.norms[index]!;
		return known >= 0 ? known : (this.norms[index] = fieldNorm(this.lower(index)));
	}

	/**
	 * The best matches first, or undefined when `cancelled()` turned true on the way (checked
	 * between slices, where the search also yields to the event loop).
	 */
	async search(query: string, cancelled: () => boolean, progress?: (done: number, total: number) => void): Promise<FuzzyMatch[] | undefined> {
		const pattern = query.toLowerCase();
		if (!bitVectorQuery(pattern)) return this.searchWithFuse(query, this.entries, cancelled, progress);
		const length = pattern.length;
		const errors = allowedErrors(length);
		// Typed arrays as long as the list: a query most names resemble fills them without growing them.
		const found = new Int32Array(this.entries.length);
		const scores = new Float64Array(this.entries.length);
		let count = 0;
		const slices = Math.max(1, Math.ceil(this.entries.length / scanSlice));
		for (let slice = 0; slice < slices; slice++) {
			if (slice > 0) await pause();
			if (cancelled()) return undefined;
			const end = Math.min(this.entries.length, (slice + 1) * scanSlice);
			// The masks table is shared: set for this slice only, so that a search paused in between cannot see another's.
			const peq = patternMasks(pattern);
			try {
				for (let index = slice * scanSlice; index < end; index++) {
					const edits = fewestEdits(peq, length, this.lower(index));
					if (edits > errors) continue;
					found[count] = index;
					scores[count++] = Math.max(0.001, edits / length) ** this.norm(index);
				}
			} finally {
				clearMasks(peq, pattern);
			}
			progress?.(slice + 1, slices);
		}
		const best = bestOf(found.subarray(0, count), scores.subarray(0, count), maxMatches);
		return this.searchWithFuse(query, best.map((index) => this.entries[index]!), cancelled);
	}

	/** fuse.js over `entries` (in their order), a slice at a time: the ranges, and the answer for queries fuse treats apart. */
	private async searchWithFuse(query: string, entries: readonly NameEntry[], cancelled: () => boolean, progress?: (done: number, total: number) => void): Promise<FuzzyMatch[] | undefined> {
		const {default: FuseClass} = await loadFuse();
		const slices = Math.ceil(entries.length / sliceSize);
		const matches: FuzzyMatch[] = [];
		for (let index = 0; index < slices; index++) {
			await pause();
			if (cancelled()) return undefined;
			const engine: Fuse<NameEntry> = new FuseClass(entries.slice(index * sliceSize, (index + 1) * sliceSize), {keys: ['name'], includeMatches: true, includeScore: true, threshold, ignoreLocation: true});
			for (const result of engine.search(query, {limit: maxMatches})) {
				const ranges = (result.matches?.[0]?.indices ?? []).map(([start, end]) => [start, end] as [number, number]);
				matches.push({key: result.item.key, score: result.score ?? 1, ranges});
			}
			progress?.(index + 1, slices);
		}
		if (cancelled()) return undefined;
		matches.sort((a, b) => a.score - b.score);
		return matches.slice(0, maxMatches);
	}
}

/** The most errors fuse accepts in a match of a query of `length` characters: errors / length ≤ threshold. */
function allowedErrors(length: number): number {
	let errors = 0;
	while ((errors + 1) / length <= threshold) errors++;
	return errors;
}

/** One bit per position of each character of the pattern (Myers' Peq), in a table by character code. */
const masks = new Int32Array(65_536);

function patternMasks(pattern: string): Int32Array {
	for (let index = 0; index < pattern.length; index++) masks[pattern.charCodeAt(index)]! |= 1 << index;
	return masks;
}

function clearMasks(table: Int32Array, pattern: string): void {
	for (let index = 0; index < pattern.length; index++) table[pattern.charCodeAt(index)] = 0;
}

/**
 * The fewest insertions, deletions and substitutions that turn the pattern into some substring
 * of the text (Myers 1999, the search form: a match may start anywhere). Patterns of up to 32
 * characters fit one 32-bit word.
 */
export function fewestEdits(peq: Int32Array, length: number, text: string): number {
	const high = 1 << (length - 1);
	let pv = length === 32 ? -1 : (1 << length) - 1;
	let mv = 0;
	let score = length;
	let best = length;
	for (let index = 0; index < text.length; index++) {
		const eq = peq[text.charCodeAt(index)]!;
		const xv = eq | mv;
		const xh = ((((eq & pv) + pv) | 0) ^ pv) | eq;
		let ph = mv | ~(xh | pv);
		let mh = pv & xh;
		if (ph & high) score++;
		else if (mh & high) score--;
		if (score < best) {
			best = score;
			if (best === 0) return 0;
		}
		ph <<= 1;
		mh <<= 1;
		pv = mh | ~(xv | ph);
		mv = ph & xv;
	}
	return best;
}

/** fuse's field-length norm: 1 / √(words), to three decimals. */
function fieldNorm(name: string): number {
	let words = 0;
	let inWord = false;
	for (let index = 0; index < name.length; index++) {
		const code = name.charCodeAt(index);
		const separator = (code >= 9 && code <= 13) || code === 32 || code === 160;
		if (!separator && !inWord) words++;
		inWord = !separator;
	}
	return Math.round(1000 / Math.sqrt(Math.max(1, words))) / 1000;
}

/**
 * The `count` best of `found` by score, ties in their order, returned in their order. Scores take
 * few distinct values (errors over length, to a few field norms): the cutoff comes from a tally
 * of them, not from sorting every score.
 */
function bestOf(found: Int32Array, scores: Float64Array, count: number): number[] {
	if (found.length <= count) return Array.from(found);
	const tally = new Map<number, number>();
	for (const score of scores) tally.set(score, (tally.get(score) ?? 0) + 1);
	let below = 0;
	let cutoff = 0;
	for (const score of [...tally.keys()].sort((a, b) => a - b)) {
		cutoff = score;
		const same = tally.get(score)!;
		if (below + same >= count) break;
		below += same;
	}
	let ties = count - below;
	const best: number[] = [];
	for (let at = 0; at < found.length; at++) {
		const score = scores[at]!;
		if (score < cutoff || (score === cutoff && ties-- > 0)) best.push(found[at]!);
	}
	return best;
}
