import type Fuse from 'fuse.js';

/**
 * Fuzzy search over the names loaded in the tree, in slices. fuse.js takes ~180 ms to search
 * 100 000 names at once; run in slices of a few thousand, with a pause for pending keys and frames
 * between slices, the app keeps answering while a search runs, and a newer query stops an older one.
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

export const sliceSize = 4000;
const maxMatches = 5000;

type FuseModule = typeof import('fuse.js');
let fuseModule: Promise<FuseModule> | undefined;
const loadFuse = () => (fuseModule ??= import('fuse.js'));

export class FuzzyIndex {
	private readonly slices: NameEntry[][] = [];
	private readonly engines: Array<Fuse<NameEntry> | undefined> = [];

	constructor(readonly entries: readonly NameEntry[]) {
		for (let start = 0; start < entries.length; start += sliceSize) this.slices.push(entries.slice(start, start + sliceSize));
	}

	get size(): number {
		return this.entries.length;
	}

	/**
	 * Searches slice by slice, yielding to the event loop between slices. Resolves with the best
	 * matches first, or undefined when `cancelled()` turned true on the way.
	 */
	async search(query: string, cancelled: () => boolean, progress?: (done: number, total: number) => void): Promise<FuzzyMatch[] | undefined> {
		const {default: FuseClass} = await loadFuse();
		const matches: FuzzyMatch[] = [];
		for (let index = 0; index < this.slices.length; index++) {
			if (index > 0) await new Promise((resolve) => setImmediate(resolve));
			if (cancelled()) return undefined;
			const engine = (this.engines[index] ??= new FuseClass(this.slices[index]!, {keys: ['name'], includeMatches: true, includeScore: true, threshold: 0.3, ignoreLocation: true, minMatchCharLength: 1}));
			for (const result of engine.search(query)) {
				const ranges = (result.matches?.[0]?.indices ?? []).map(([start, end]) => [start, end] as [number, number]);
				matches.push({key: result.item.key, score: result.score ?? 1, ranges});
			}
			progress?.(index + 1, this.slices.length);
		}
		matches.sort((a, b) => a.score - b.score);
		return matches.slice(0, maxMatches);
	}
}
