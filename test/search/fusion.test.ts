import {describe, expect, it} from 'vitest';
import {adaptiveShare, agreementBase, agreementSlope, fuse, listAgreement, semanticSay} from '../../source/search/funnel/fusion.js';
import type {KeywordHit} from '../../source/search/keyword/keyword.js';

// Nodes 1…20 belong to items 101…120 (node n to item 100 + n); node 21 is a second node of item 101.
const itemOf = new Map([...Array.from({length: 20}, (_, i) => [i + 1, i + 101] as [number, number]), [21, 101]]);
const keyword = (nodes: number[]): KeywordHit[] => nodes.map((node, rank) => ({node, item: itemOf.get(node)!, score: 1 - rank / nodes.length, itemRank: rank, tier: 0}));
const semantic = (nodes: number[]) => nodes.map((node, rank) => ({node, score: 0.9 - rank / 100}));

describe('hybrid fusion', () => {
	it('measures the lists agreement on their first ten items, by item', () => {
		const k = keyword([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
		expect(listAgreement(k, semantic([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]), itemOf)).toBe(1);
		expect(listAgreement(k, semantic([11, 12, 13, 14, 15, 16, 17, 18, 19, 20]), itemOf)).toBe(0);
		// Node 21 is item 101's: the item counts once, whichever node the list found.
		expect(listAgreement(k, semantic([21, 1, 12, 13]), itemOf)).toBe(0.1);
		expect(listAgreement(k, [], itemOf)).toBe(0);
	});
	it('gives the semantic list more say the more it agrees with bm25', () => {
		const k = keyword([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
		expect(adaptiveShare(k, semantic([11, 12, 13]), itemOf)).toBeCloseTo(agreementBase, 10);
		expect(adaptiveShare(k, semantic([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]), itemOf)).toBeCloseTo(agreementBase - agreementSlope, 10);
	});
	it('keeps bm25 first when the semantic list disagrees, and lets an agreeing one reorder the top', () => {
		const k = keyword([1, 2]);
		// Semantic prefers 2 over 1, and finds nothing else bm25 found: bm25's order holds.
		expect(fuse(k, semantic([2, 11, 12, 13, 14, 15, 16, 17, 18, 19]), itemOf)[0]!.node).toBe(1);
		// A fixed share still works as before (the tune bench's grid).
		expect(fuse(k, semantic([2, 1]), itemOf, 0)[0]!.node).toBe(2);
	});
});

describe('the semantic list\'s say', () => {
	it('is whole for a model trained elsewhere, and for LSA from 64 training items on; less below', () => {
		expect(semanticSay('openai', 10)).toBe(1);
		expect(semanticSay('lsa', 640)).toBe(1);
		expect(semanticSay('lsa', 32)).toBe(0.5);
		// No agreement: keyword 0.95 of the hybrid; at half say, 0.975.
		expect(adaptiveShare([], [], new Map())).toBeCloseTo(0.95, 10);
		expect(adaptiveShare([], [], new Map(), 0.5)).toBeCloseTo(0.975, 10);
	});
});
