import {describe, expect, it} from 'vitest';
import {termCounts, termCountsIn, termCountsOf} from '../../source/text/item-term-counts.js';
import {stemmedTerms} from '../../source/text/index-words.js';
import {BagBuilder, bagMap, bagOfMap, bagOfTerms, mergeBags, PackedBags, reinternBag, TermIds} from '../../source/text/term-bags.js';
import {fixtureItems} from '../search/helpers.js';

/** Maps added one into another, as the counts were kept before bags. */
function addedMaps(parts: ReadonlyArray<ReadonlyMap<string, number>>): Map<string, number> {
	const into = new Map<string, number>();
	for (const part of parts) for (const [term, count] of part) into.set(term, (into.get(term) ?? 0) + count);
	return into;
}

describe('TermIds', () => {
	it('interns each term once, with ids in the order the terms are first seen', () => {
		const ids = new TermIds();
		expect(['pool', 'retri', 'pool', 'storm', 'retri'].map((term) => ids.id(term))).toEqual([0, 1, 0, 2, 1]);
		expect(ids.size).toBe(3);
		expect([0, 1, 2].map((id) => ids.term(id))).toEqual(['pool', 'retri', 'storm']);
		expect(ids.terms).toEqual(['pool', 'retri', 'storm']);
	});
});

describe('term bags', () => {
	it('count a text as termCounts does, in the same order', () => {
		const ids = new TermIds();
		ids.id('unrelated');
		for (const item of fixtureItems()) {
			for (const text of [item.title, item.tldr, ...item.spans.map((span) => span.text), 'a b b c a a', '']) {
				const terms = stemmedTerms(text);
				const bag = bagOfTerms(terms, ids);
				expect([...bagMap(bag, ids)]).toEqual([...termCounts(terms)]);
				expect(new Set(bag.ids).size).toBe(bag.ids.length);
			}
		}
		const bag = bagOfTerms(['b', 'a', 'b', 'c', 'b', 'a'], ids);
		expect([...bag.ids].map((id) => ids.term(id))).toEqual(['b', 'a', 'c']);
		expect([...bag.counts]).toEqual([3, 2, 1]);
	});

	it('merge as maps added one into another: counts summed, each term where it first occurred', () => {
		const ids = new TermIds();
		const texts = ['retry storm pool', 'pool limit pool', '', 'storm drain retry retry', 'zebra'];
		const maps = texts.map((text) => termCounts(stemmedTerms(text)));
		const bags = maps.map((map) => bagOfMap(map, ids));
		expect([...bagMap(mergeBags(bags), ids)]).toEqual([...addedMaps(maps)]);
		expect([...bagMap(mergeBags([...bags].reverse()), ids)]).toEqual([...addedMaps([...maps].reverse())]);
		expect(mergeBags([])).toEqual({ids: new Int32Array(0), counts: new Int32Array(0)});
		// One bag after another: nothing of the one before is left in the next.
		expect([...bagMap(mergeBags([bags[4]!]), ids)]).toEqual([['zebra', 1]]);
	});

	it('a builder grows past its first size and keeps bags apart', () => {
		const builder = new BagBuilder();
		for (let id = 0; id < 5000; id += 7) builder.add(id, 2);
		builder.add(4991);
		const first = builder.take();
		expect(first.ids.length).toBe(715);
		expect(first.counts[first.ids.indexOf(4991)]).toBe(3);
		builder.add(7);
		builder.add(4999);
		builder.add(7);
		expect(builder.take()).toEqual({ids: Int32Array.from([7, 4999]), counts: Int32Array.from([2, 1])});
	});

	it('keep their terms and order when moved to another dictionary', () => {
		const from = new TermIds();
		const to = new TermIds();
		to.id('already');
		const bag = bagOfTerms(['x', 'y', 'x', 'already'], from);
		const moved = reinternBag(bag, from, to);
		expect([...bagMap(moved, to)]).toEqual([...bagMap(bag, from)]);
		expect(reinternBag(bag, from, from)).toBe(bag);
		for (const item of fixtureItems()) {
			const counts = termCountsOf(item);
			const shared = new TermIds();
			shared.id('already');
			const inShared = termCountsIn(counts, shared);
			expect(inShared.ids).toBe(shared);
			expect([...bagMap(inShared.item!, shared)]).toEqual([...bagMap(counts.item!, counts.ids)]);
			for (const [ordinal, node] of counts.nodes) expect([...bagMap(inShared.nodes.get(ordinal)!, shared)]).toEqual([...bagMap(node, counts.ids)]);
			// Counted straight into the shared dictionary: the same bags.
			expect(termCountsOf(item, {ids: shared})).toEqual(inShared);
		}
	});
});

describe('PackedBags', () => {
	const bagOf = (entries: Array<[number, number]>) => ({ids: Int32Array.from(entries, ([id]) => id), counts: Int32Array.from(entries, ([, count]) => count)});
	const plain = (bag: {ids: Int32Array; counts: Int32Array} | undefined) => (bag ? {ids: [...bag.ids], counts: [...bag.counts]} : undefined);

	it('gives back each bag kept, the same ids and counts in the same order, from a few shared chunks', () => {
		const bags = Array.from({length: 40}, (_, i) => bagOf(Array.from({length: i % 7}, (_, j) => [i * 10 + j, j + 1] as [number, number])));
		const packed = new PackedBags(bags.length, 1 << 20, 16);
		bags.forEach((bag, slot) => expect(packed.keep(slot, bag)).toBe(true));
		bags.forEach((bag, slot) => expect(plain(packed.get(slot))).toEqual(plain(bag)));
		// 120 entries in chunks of 16: 8 buffers for 40 bags, not two buffers a bag.
		const buffers = new Set(bags.map((_, slot) => packed.get(slot)!.ids.buffer));
		expect(buffers.size).toBeLessThanOrEqual(Math.ceil(120 / 16) + 1);
		expect(packed.held).toEqual({bytes: buffers.size * 16 * 8, items: 40});
		// A bag longer than a chunk gets a chunk of its own.
		const big = new PackedBags(2, 1 << 20, 4);
		expect(big.keep(0, bagOf([[1, 1], [2, 2], [3, 3], [4, 4], [5, 5], [6, 6]]))).toBe(true);
		expect(plain(big.get(0))?.ids).toEqual([1, 2, 3, 4, 5, 6]);
	});

	it('refuses what does not fit in its budget, and lets everything go on release', () => {
		const packed = new PackedBags(3, 3 * 8, 1 << 18);
		expect(packed.keep(0, bagOf([[1, 1], [2, 1]]))).toBe(true);
		expect(packed.keep(1, bagOf([[3, 1], [4, 1]]))).toBe(false);
		expect(packed.keep(2, bagOf([[5, 2]]))).toBe(true);
		expect(packed.get(1)).toBeUndefined();
		expect(plain(packed.get(2))).toEqual({ids: [5], counts: [2]});
		expect(packed.held.bytes).toBeLessThanOrEqual(3 * 8);
		packed.release();
		expect(packed.held).toEqual({bytes: 0, items: 0});
		expect(packed.get(0)).toBeUndefined();
	});
});
