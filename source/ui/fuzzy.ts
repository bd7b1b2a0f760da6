import type Fuse from 'fuse.js';

/**
 * Fuzzy search over the names loaded in the tree. fuse.js takes ~180 ms (and seconds, for a query
 * most names resemble) to search 100 000 names at once, so:
 * - the set is narrowed first, exactly: a name fuse could accept holds at least the query's
 *   length minus the errors the threshold allows of the query's characters, which a count per
 *   name checks far faster than fuse matches;
 * - fuse runs on what is left in slices, with a pause for pending keys and frames between slices;
 * - a newer query stops an older one at the next slice.
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
const narrowSlice = 10_000;
const threshold = 0.3;
const maxMatches = 1000;
// fuse's bitap matcher works on patterns of up to 32 characters; longer ones are split.
const bitapLength = 32;

type FuseModule = typeof import('fuse.js');
let fuseModule: Promise<FuseModule> | undefined;
const loadFuse = () => (fuseModule ??= import('fuse.js'));

const pause = () => new Promise((resolve) => setImmediate(resolve));

/**
 * A test, on a lower-cased name, that every name fuse could match passes (and most others
 * fail): it holds at least the query's length minus the errors the threshold allows of the
 * query's characters. Undefined when the query is one fuse treats apart (blank, long, astral).
 */
export function candidateTest(query: string): ((lowerName: string) => boolean) | undefined {
	const lower = query.toLowerCase();
	if (!lower.trim() || lower.length > bitapLength || /[\ud800-\udfff]/u.test(lower)) return undefined;
	const needed = lower.length - Math.floor(threshold * lower.length);
	const slotOf = new Uint8Array(65_536);
	const wanted = [0];
	for (let index = 0; index < lower.length; index++) {
		const code = lower.charCodeAt(index);
		if (slotOf[code] === 0) {
			slotOf[code] = wanted.length;
			wanted.push(0);
		}
		wanted[slotOf[code]!]!++;
	}
	const left = new Int32Array(wanted.length);
	return (lowerName) => {
		left.set(wanted);
		let found = 0;
		for (let index = 0; index < lowerName.length; index++) {
			const slot = slotOf[lowerName.charCodeAt(index)]!;
			if (slot === 0 || left[slot] === 0) continue;
			left[slot]!--;
			if (++found >= needed) return true;
		}
		return false;
	};
}

export class FuzzyIndex {
	private readonly lowered: string[] = [];

	constructor(readonly entries: readonly NameEntry[]) {}

	/** Collects the names a slice at a time, so that a first search over 100 000 keeps the keys flowing. */
	static async collect(names: Iterable<NameEntry>, cancelled: () => boolean): Promise<FuzzyIndex | undefined> {
		const entries: NameEntry[] = [];
		for (const entry of names) {
			entries.push(entry);
			if (entries.length % narrowSlice === 0) {
				await pause();
				if (cancelled()) return undefined;
			}
		}
		return new FuzzyIndex(entries);
	}

	get size(): number {
		return this.entries.length;
	}

	/**
	 * Narrows, then searches slice by slice, yielding to the event loop in between. Resolves with
	 * the best matches first, or undefined when `cancelled()` turned true on the way.
	 */
	async search(query: string, cancelled: () => boolean, progress?: (done: number, total: number) => void): Promise<FuzzyMatch[] | undefined> {
		const {default: FuseClass} = await loadFuse();
		const test = candidateTest(query);
		let candidates: readonly NameEntry[] = this.entries;
		if (test) {
			const kept: NameEntry[] = [];
			for (let start = 0; start < this.entries.length; start += narrowSlice) {
				if (start > 0) await pause();
				if (cancelled()) return undefined;
				for (let index = start; index < Math.min(this.entries.length, start + narrowSlice); index++) {
					const lower = (this.lowered[index] ??= this.entries[index]!.name.toLowerCase());
					if (test(lower)) kept.push(this.entries[index]!);
				}
			}
			candidates = kept;
		}
		const slices = Math.ceil(candidates.length / sliceSize);
		const matches: FuzzyMatch[] = [];
		for (let index = 0; index < slices; index++) {
			await pause();
			if (cancelled()) return undefined;
			const engine: Fuse<NameEntry> = new FuseClass(candidates.slice(index * sliceSize, (index + 1) * sliceSize), {keys: ['name'], includeMatches: true, includeScore: true, threshold, ignoreLocation: true});
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
