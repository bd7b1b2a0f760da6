import type {Unit} from '../model.js';
import {capBag, mergeBag, type Bag, type Lexicon} from '../../text/summary-words.js';
import {unitTerms} from '../tree/unit-terms.js';

/**
 * Topic segmentation by lexical cohesion (Hearst's TextTiling): the similarity of the words just
 * before and just after each gap between units; a gap in a deep valley of similarity is where the
 * topic changes. Runs over windows of units so that a 50 MB file never holds more than one
 * window of word bags.
 */

export interface SegmentLimits {
	/** Units on each side of a gap that are compared. */
	span: number;
	minUnits: number;
	maxUnits: number;
	minChars: number;
	maxChars: number;
}

export interface Segment {
	/** First unit (inclusive) and last unit (exclusive). */
	start: number;
	end: number;
	/** The segment's words (its heaviest terms). */
	bag: Bag;
	chars: number;
}

export const segmentBagSize = 64;
const windowUnits = 400;

interface Gap {
	/** The gap sits before unit `at`. */
	at: number;
	depth: number;
}

function dot(a: Bag, b: Bag): number {
	const [small, large] = a.size <= b.size ? [a, b] : [b, a];
	let sum = 0;
	for (const [term, count] of small) {
		const other = large.get(term);
		if (other !== undefined) sum += count * other;
	}
	return sum;
}

/**
 * Cosine similarity of the words of units [from, at) and [at, to), without adding the bags up:
 * a dot product of sums is the sum of the pairwise dot products, each computed once.
 */
class BlockSimilarity {
	private readonly norms: number[];
	private readonly dots = new Map<number, number>();

	constructor(private readonly bags: Bag[]) {
		this.norms = bags.map((bag) => {
			let sum = 0;
			for (const count of bag.values()) sum += count * count;
			return sum;
		});
	}

	private pair(i: number, j: number): number {
		if (i === j) return this.norms[i]!;
		const key = i < j ? i * this.bags.length + j : j * this.bags.length + i;
		let value = this.dots.get(key);
		if (value === undefined) {
			value = dot(this.bags[i]!, this.bags[j]!);
			this.dots.set(key, value);
		}
		return value;
	}

	private square(from: number, to: number): number {
		let sum = 0;
		for (let i = from; i < to; i++) for (let j = from; j < to; j++) sum += this.pair(i, j);
		return sum;
	}

	at(gap: number, span: number): number {
		const from = Math.max(0, gap - span);
		const to = Math.min(this.bags.length, gap + span);
		let cross = 0;
		for (let i = from; i < gap; i++) for (let j = gap; j < to; j++) cross += this.pair(i, j);
		if (cross === 0) return 0;
		return cross / Math.sqrt(this.square(from, gap) * this.square(gap, to));
	}
}

/** Depth of each gap's valley: how far similarity climbs on both sides before it falls again. */
function depths(scores: number[]): number[] {
	const climb = 24;
	return scores.map((score, index) => {
		let left = score;
		for (let i = index - 1; i >= 0 && index - i <= climb && scores[i]! >= left; i--) left = scores[i]!;
		let right = score;
		for (let i = index + 1; i < scores.length && i - index <= climb && scores[i]! >= right; i++) right = scores[i]!;
		return left - score + (right - score);
	});
}

/** The gap bonus for a place where a topic naturally starts (a person's prompt, a heading). */
function startBonus(unit: Unit | undefined, previous: Unit | undefined, endTitles?: ReadonlySet<string>): number {
	let bonus = 0;
	if (unit?.heading) bonus += 1;
	if (unit?.opensTurn) bonus += 0.12;
	if (previous?.sourceId && endTitles?.has(previous.sourceId)) bonus += 1;
	return bonus;
}

/**
 * Chooses boundaries inside one window: deepest valleys first, above the usual TextTiling cut-off
 * (mean − sd/2), never leaving a segment under the minimum; then splits any segment over the
 * maximum at its deepest gap.
 */
function chooseBoundaries(gaps: Gap[], chars: number[], offset: number, count: number, limits: SegmentLimits): number[] {
	if (gaps.length === 0) return [];
	const mean = gaps.reduce((sum, gap) => sum + gap.depth, 0) / gaps.length;
	const sd = Math.sqrt(gaps.reduce((sum, gap) => sum + (gap.depth - mean) ** 2, 0) / gaps.length);
	const cutoff = Math.max(mean - sd / 2, 0.05);
	// Prefix sums of characters, to check segment sizes quickly.
	const prefix = [0];
	for (let i = 0; i < count; i++) prefix.push(prefix[i]! + chars[i]!);
	const size = (from: number, to: number) => ({units: to - from, chars: prefix[to - offset]! - prefix[from - offset]!});
	// The boundaries so far, kept sorted, with the window's ends as sentinels.
	const bounds = [offset, offset + count];
	const insertAt = (at: number): number => {
		let low = 0;
		let high = bounds.length;
		while (low < high) {
			const middle = (low + high) >> 1;
			if (bounds[middle]! < at) low = middle + 1;
			else high = middle;
		}
		return low;
	};
	const fitsMinimum = (from: number, to: number) => {
		const {units, chars: segmentChars} = size(from, to);
		return units >= limits.minUnits && segmentChars >= limits.minChars;
	};
	for (const gap of [...gaps].sort((a, b) => b.depth - a.depth || a.at - b.at)) {
		if (gap.depth < cutoff) break;
		const index = insertAt(gap.at);
		if (bounds[index] === gap.at) continue;
		if (fitsMinimum(bounds[index - 1]!, gap.at) && fitsMinimum(gap.at, bounds[index]!)) bounds.splice(index, 0, gap.at);
	}
	// Split what is still too big at its deepest gap, preferring cuts that leave both parts of at
	// least the minimum size, then balanced ones.
	const depthAt = new Map(gaps.map((gap) => [gap.at, gap.depth]));
	const pending: Array<[number, number]> = [];
	for (let i = 0; i + 1 < bounds.length; i++) pending.push([bounds[i]!, bounds[i + 1]!]);
	while (pending.length > 0) {
		const [from, to] = pending.pop()!;
		const {units, chars: segmentChars} = size(from, to);
		if (units <= limits.maxUnits && segmentChars <= limits.maxChars) continue;
		let best: number | undefined;
		let bestScore = Number.NEGATIVE_INFINITY;
		for (let at = from + 1; at < to; at++) {
			const left = size(from, at);
			const right = size(at, to);
			const balanced = Math.min(left.units, right.units) >= limits.minUnits && Math.min(left.chars, right.chars) >= limits.minChars;
			const score = (depthAt.get(at) ?? 0) + (balanced ? 10 : 0) - Math.abs(left.chars - right.chars) / Math.max(1, segmentChars) / 4;
			if (score > bestScore) {
				bestScore = score;
				best = at;
			}
		}
		if (best === undefined) continue;
		bounds.splice(insertAt(best), 0, best);
		pending.push([from, best], [best, to]);
	}
	return bounds.slice(1, -1);
}

export interface SegmentOptions {
	limits: SegmentLimits;
	/** Source ids of units that end a stretch the source itself titled. */
	endTitles?: ReadonlySet<string>;
	/** Learns the written forms of the words it sees. */
	lexicon?: Lexicon;
}

/** Splits `units` into topic segments, in order, covering every unit once. */
export function segmentUnits(units: readonly Unit[], options: SegmentOptions): Segment[] {
	const {limits} = options;
	const segments: Segment[] = [];
	let start = 0;
	while (start < units.length) {
		const end = Math.min(units.length, start + windowUnits);
		const count = end - start;
		const measured = units.slice(start, end).map((unit) => unitTerms(unit, new Map(), options.lexicon));
		const bags = measured.map((entry) => entry.bag);
		const chars = measured.map((entry) => entry.chars);
		const similarity = new BlockSimilarity(bags);
		const scores: number[] = [];
		const ats: number[] = [];
		for (let at = start + 1; at < end; at++) {
			scores.push(similarity.at(at - start, limits.span));
			ats.push(at);
		}
		const gapDepths = depths(scores);
		const gaps: Gap[] = ats.map((at, index) => ({at, depth: gapDepths[index]! + startBonus(units[at], units[at - 1], options.endTitles)}));
		const bounds = [start, ...chooseBoundaries(gaps, chars, start, count, limits), end];
		const last = end === units.length;
		// The window's last segment may go on in the next window, unless it is all there is.
		const keep = last || bounds.length <= 2 ? bounds.length - 1 : bounds.length - 2;
		for (let i = 0; i < keep; i++) {
			const from = bounds[i]!;
			const to = bounds[i + 1]!;
			const bag: Bag = new Map();
			let segmentChars = 0;
			for (let unit = from; unit < to; unit++) {
				mergeBag(bag, bags[unit - start]!);
				segmentChars += chars[unit - start]!;
			}
			segments.push({start: from, end: to, bag: capBag(bag, segmentBagSize), chars: segmentChars});
		}
		start = bounds[keep]!;
	}
	return segments;
}
