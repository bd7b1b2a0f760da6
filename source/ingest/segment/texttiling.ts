import type {Unit} from '../model.js';
import {capBag, cosine, mergeBag, type Bag} from '../text/words.js';
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

function sumBags(bags: Bag[], from: number, to: number): Bag {
	const sum: Bag = new Map();
	for (let i = Math.max(0, from); i < Math.min(bags.length, to); i++) mergeBag(sum, bags[i]!);
	return sum;
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
	const chosen = new Set<number>();
	const sorted = (): number[] => [offset, ...[...chosen].sort((a, b) => a - b), offset + count];
	const fits = (at: number, bounds: number[]): boolean => {
		let before = bounds[0]!;
		let after = bounds[bounds.length - 1]!;
		for (const bound of bounds) {
			if (bound < at) before = bound;
			else if (bound > at) {
				after = bound;
				break;
			}
		}
		const left = size(before, at);
		const right = size(at, after);
		return left.units >= limits.minUnits && right.units >= limits.minUnits && left.chars >= limits.minChars && right.chars >= limits.minChars;
	};
	for (const gap of [...gaps].sort((a, b) => b.depth - a.depth || a.at - b.at)) {
		if (gap.depth < cutoff) break;
		if (fits(gap.at, sorted())) chosen.add(gap.at);
	}
	// Split what is still too big at its deepest gap, the minimum sizes permitting.
	const byAt = new Map(gaps.map((gap) => [gap.at, gap.depth]));
	for (let changed = true; changed; ) {
		changed = false;
		const bounds = sorted();
		for (let i = 0; i + 1 < bounds.length; i++) {
			const from = bounds[i]!;
			const to = bounds[i + 1]!;
			const {units, chars: segmentChars} = size(from, to);
			if (units <= limits.maxUnits && segmentChars <= limits.maxChars) continue;
			let best: number | undefined;
			let bestScore = Number.NEGATIVE_INFINITY;
			for (let at = from + 1; at < to; at++) {
				const left = size(from, at);
				const right = size(at, to);
				if (left.units < 1 || right.units < 1) continue;
				const balanced = Math.min(left.units, right.units) >= limits.minUnits && Math.min(left.chars, right.chars) >= limits.minChars;
				const score = (byAt.get(at) ?? 0) + (balanced ? 10 : 0) - Math.abs(left.chars - right.chars) / Math.max(1, segmentChars) / 4;
				if (score > bestScore) {
					bestScore = score;
					best = at;
				}
			}
			if (best !== undefined) {
				chosen.add(best);
				changed = true;
				break;
			}
		}
	}
	return [...chosen].sort((a, b) => a - b);
}

export interface SegmentOptions {
	limits: SegmentLimits;
	/** Source ids of units that end a stretch the source itself titled. */
	endTitles?: ReadonlySet<string>;
}

/** Splits `units` into topic segments, in order, covering every unit once. */
export function segmentUnits(units: readonly Unit[], options: SegmentOptions): Segment[] {
	const {limits} = options;
	const segments: Segment[] = [];
	let start = 0;
	while (start < units.length) {
		const end = Math.min(units.length, start + windowUnits);
		const count = end - start;
		const measured = units.slice(start, end).map(unitTerms);
		const bags = measured.map((entry) => entry.bag);
		const chars = measured.map((entry) => entry.chars);
		const scores: number[] = [];
		const ats: number[] = [];
		for (let at = start + 1; at < end; at++) {
			const local = at - start;
			const similarity = cosine(sumBags(bags, local - limits.span, local), sumBags(bags, local, local + limits.span));
			scores.push(similarity);
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
