import {normalizeScores, type KeywordHit, type ScoredNode} from '../keyword/keyword.js';
import type {ListName} from '../types.js';
import type {EmbedderKind} from '../semantic/embedder.js';

export interface RankedNode {
	node: number;
	score: number;
	matched_by: ListName[];
}

/**
 * Share of the keyword score in hybrid fusion, per query: `agreementBase − agreementSlope × a`,
 * where `a` is the two lists' agreement — the share of bm25's first `agreementDepth` items that the
 * semantic list also ranks in its first `agreementDepth` — so the semantic list gets more say the
 * more it finds what bm25 finds (a model that fits the store and the query), and little when the
 * two disagree (0.95 − 0.3a: from 0.95 down to 0.65). One rule for every store, chosen by
 * leave-one-collection-out over twelve collections (`npm run bench -- tune --stores DIR --dump …`,
 * see docs/search.md): for eleven held out it was chosen on the others, and it kept the hybrid
 * at or above the better of keyword and semantic on eleven of the twelve; a fixed share could not
 * (0.9 came closest), nor any rule from the keyword list's score gap. The semantic query is not moved
 * toward the keyword hits (Rocchio feedback lost once the share adapts).
 */
export const agreementBase = 0.95;
export const agreementSlope = 0.3;
export const agreementDepth = 10;

/** The two lists' agreement in [0, 1]: how many of their first `agreementDepth` items they share, over `agreementDepth`. */
export function listAgreement(keyword: readonly KeywordHit[], semantic: readonly ScoredNode[], itemOf: ReadonlyMap<number, number>, depth = agreementDepth): number {
	const firstItems = (hits: readonly ScoredNode[]) => {
		const items = new Set<number>();
		for (const hit of hits) {
			const item = itemOf.get(hit.node);
			if (item !== undefined) items.add(item);
			if (items.size >= depth) break;
		}
		return items;
	};
	const fromKeyword = firstItems(keyword);
	let shared = 0;
	for (const item of firstItems(semantic)) if (fromKeyword.has(item)) shared++;
	return shared / depth;
}

/** The keyword share for one query (see agreementBase); `say` in [0, 1] scales the semantic list's part (see semanticSay). */
export function adaptiveShare(keyword: readonly KeywordHit[], semantic: readonly ScoredNode[], itemOf: ReadonlyMap<number, number>, say = 1): number {
	return 1 - (1 - (agreementBase - agreementSlope * listAgreement(keyword, semantic, itemOf))) * say;
}

/**
 * A store-trained model (LSA) has its full say from this many training items on; below, its part of
 * the hybrid shrinks in proportion. Trained on 20 or 30 items (one conversation's sessions) its
 * space is spanned by those few documents, and two lists of the first 10 of 27 items agree by
 * chance: measured on LoCoMo's conversations the hybrid fell below keyword (nDCG@10 0.843 vs
 * 0.847) and stays level with it at 64 (0.847); at 128 the hybrid of adi (82 items) lost 0.008
 * (bench/eval, docs/search.md). A model trained elsewhere keeps its say in any store. What counts
 * is the training documents: a small store now trains on its spans (see spanTrainingItems), and a
 * conversation's few hundred turns give the model its full say (LoCoMo hit@5 93.9 at the items'
 * say, 94.0 at full say); a store indexed before that counts its items.
 */
export const fullSayItems = 64;

/** How much of its part the semantic list gets: 1, or for LSA trained on fewer than `fullSayItems` documents, that share of it. */
export function semanticSay(embedder: EmbedderKind, trainedDocuments: number): number {
	return embedder === 'lsa' ? Math.min(1, Math.max(0, trainedDocuments) / fullSayItems) : 1;
}

/**
 * Hybrid fusion. Evidence is pooled per item (the two lists often find different nodes of the same
 * item: bm25 the root that holds every word, the embedding the topic that means the same), so an
 * item's score is `share · best keyword + (1 − share) · best semantic` over its nodes, each list
 * min-max normalized. Each node then gets its item's score scaled by how it compares with the
 * item's best node: the best node of every item carries the item's score, so items rank by fused
 * evidence and stage 1 still names the node that matched best.
 */
export function fuse(keyword: readonly KeywordHit[], semantic: readonly ScoredNode[], itemOf: ReadonlyMap<number, number>, fixedShare?: number, say = 1): RankedNode[] {
	const share = fixedShare ?? adaptiveShare(keyword, semantic, itemOf, say);
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
