import {normalizeScores, type KeywordHit, type ScoredNode} from '../keyword/keyword.js';
import type {ListName} from '../types.js';

export interface RankedNode {
	node: number;
	score: number;
	matched_by: ListName[];
}

/**
 * Share of the keyword score in hybrid fusion: one setting for every store, chosen with the
 * feedback below by leave-one-collection-out over six collections (`npm run bench -- tune`): for
 * each collection held out, the setting with the best smallest gain over keyword on the other
 * five was 0.8 with two feedback hits on five of the six (gains +0.002 to +0.021 nDCG@10). A convex combination of
 * min-max-normalized scores keeps keyword's strength and adds what the semantic list knows;
 * reciprocal rank fusion gives a weak semantic list as much say as bm25 and lost.
 */
export const keywordShare = 0.8;

/**
 * Hybrid fusion. Evidence is pooled per item (the two lists often find different nodes of the same
 * item: bm25 the root that holds every word, the embedding the topic that means the same), so an
 * item's score is `share · best keyword + (1 − share) · best semantic` over its nodes, each list
 * min-max normalized. Each node then gets its item's score scaled by how it compares with the
 * item's best node: the best node of every item carries the item's score, so items rank by fused
 * evidence and stage 1 still names the node that matched best.
 */
export function fuse(keyword: readonly KeywordHit[], semantic: readonly ScoredNode[], itemOf: ReadonlyMap<number, number>, share = keywordShare): RankedNode[] {
	// The keyword list comes normalized (see keywordList).
	const k = new Map(keyword.map((entry) => [entry.node, entry.score]));
	// Items holding the query's rare identifiers stay first, as in the keyword list.
	const tiers = new Map<number, number>();
	for (const entry of keyword) {
		const item = itemOf.get(entry.node);
		if (item !== undefined && entry.tier > (tiers.get(item) ?? 0)) tiers.set(item, entry.tier);
	}
	const s = new Map(normalizeScores(semantic).map((entry) => [entry.node, entry.normalized]));
	const best = new Map<number, {k: number; s: number; own: number}>();
	const nodes: Array<{node: number; item: number; own: number; matched_by: ListName[]}> = [];
	for (const node of new Set([...k.keys(), ...s.keys()])) {
		const item = itemOf.get(node);
		if (item === undefined) continue;
		const kn = k.get(node) ?? 0;
		const sn = s.get(node) ?? 0;
		const own = share * kn + (1 - share) * sn;
		const matched: ListName[] = [];
		if (k.has(node)) matched.push('keyword');
		if (s.has(node)) matched.push('semantic');
		nodes.push({node, item, own, matched_by: matched});
		const entry = best.get(item) ?? {k: 0, s: 0, own: 0};
		best.set(item, {k: Math.max(entry.k, kn), s: Math.max(entry.s, sn), own: Math.max(entry.own, own)});
	}
	return nodes
		.map(({node, item, own, matched_by}) => {
			const entry = best.get(item)!;
			const itemScore = share * entry.k + (1 - share) * entry.s;
			return {node, score: entry.own > 0 ? (itemScore * own) / entry.own : 0, matched_by, tier: tiers.get(item) ?? 0};
		})
		.sort((a, b) => b.tier - a.tier || b.score - a.score || a.node - b.node)
		.map(({tier: _tier, ...hit}) => hit);
}
