import type {SummaryStore} from '../../store/summary-store.js';
import {searchStatus} from '../indexing/search-status.js';
import {ItemTermStats} from '../keyword/term-stats.js';
import {writeFusionFit, type FusionChoice, type FusionFit} from './fitted-share.js';
import {parseQuery} from './query.js';
import {fuseLists, stage1Lists, type Stage1Lists} from './stage1.js';

/** The mixes a fit chooses among: the agreement rule, and fixed keyword shares from the semantic list alone (0) to keyword alone (1). */
export const fitCandidates: readonly FusionChoice[] = ['adaptive', 0, 0.1, 0.2, 0.3, 0.5, 0.7, 0.9, 1];
/** Items sampled for pseudo-queries (evenly over the store). */
export const fitQueries = 60;
/** Fewer pseudo-queries than this say too little: the agreement rule stays. */
export const fitMinQueries = 10;
/**
 * A fixed share replaces the agreement rule only when it finds the pseudo-queries' items better by
 * this much MRR@10: the rule was chosen on real queries over twelve collections, the pseudo-queries
 * only resemble them (see docs/search.md, "Fitting the fusion per store").
 */
export const fitMargin = 0.05;
const depth = 100;
const queryWords = 20;

/** A text's first `queryWords` words, when it has three or more. */
function firstWords(text: string): string | undefined {
	const words = text.split(/\s+/u).filter(Boolean);
	return words.length >= 3 ? words.slice(0, queryWords).join(' ') : undefined;
}

/** A pseudo-query from an item: its title (the root node's), or for an item without one its summary's first sentence. */
export function pseudoQuery(title: string, summary: string): string | undefined {
	return firstWords(title) ?? firstWords(summary.split(/(?<=[.!?])\s/u)[0] ?? '');
}

function sampledTitles(store: SummaryStore, size: number): Array<{item: number; text: string}> {
	const rows = store.guard(() => store.statement('SELECT item, title, summary FROM nodes WHERE parent IS NULL ORDER BY item').raw(true).all() as Array<[number, string, string]>);
	const usable = rows.flatMap(([item, title, summary]) => {
		const text = pseudoQuery(title, summary);
		return text ? [{item, text}] : [];
	});
	if (usable.length <= size) return usable;
	const step = usable.length / size;
	return Array.from({length: size}, (_, i) => usable[Math.floor(i * step)]!);
}

/** 1 / the rank of `item` among the fused list's first ten items, or 0. */
function reciprocalRank(lists: Stage1Lists, share: number | undefined, item: number): number {
	const itemOf = new Map([...lists.semantic, ...lists.keyword].map((hit) => [hit.node, hit.item]));
	const seen = new Set<number>();
	for (const hit of fuseLists(lists, share)) {
		const at = itemOf.get(hit.node);
		if (at === undefined || seen.has(at)) continue;
		seen.add(at);
		if (at === item) return 1 / seen.size;
		if (seen.size >= 10) break;
	}
	return 0;
}

/** The candidate to use given each one's MRR: the best fixed share when it beats the agreement rule by `fitMargin`, else the rule. */
export function chooseShare(mrr: Readonly<Record<string, number>>, margin = fitMargin): FusionChoice {
	let best: FusionChoice = 'adaptive';
	for (const candidate of fitCandidates) if (candidate !== 'adaptive' && (mrr[String(candidate)] ?? 0) > (mrr[String(best)] ?? 0)) best = candidate;
	return best !== 'adaptive' && (mrr[String(best)] ?? 0) - (mrr.adaptive ?? 0) >= margin ? best : 'adaptive';
}

/**
 * Fits the hybrid's keyword share to the store by self-retrieval (`drill reindex` runs it after
 * training): the titles of `fitQueries` items, sampled evenly, are asked as queries; each candidate
 * mix ranks the items; the one that ranks their own item best (MRR@10) is kept when it beats the
 * agreement rule by `fitMargin`. The share and the evidence are stored with the model's generation
 * (`drill status` shows them). Returns undefined, storing nothing, for a store without a semantic model.
 */
export async function fitFusion(store: SummaryStore): Promise<FusionFit | undefined> {
	const status = searchStatus(store);
	if (!status.semantic) return undefined;
	const sums = new Map<FusionChoice, number>(fitCandidates.map((candidate) => [candidate, 0]));
	let queries = 0;
	for (const {item, text} of sampledTitles(store, fitQueries)) {
		const query = parseQuery(text);
		if (!query.match) continue;
		const request = {query, lists: {keyword: true, semantic: true}, filter: {}, depth, status};
		const lists = await stage1Lists(store, request, new ItemTermStats(store, query.words, status.keywordItems));
		for (const candidate of fitCandidates) sums.set(candidate, sums.get(candidate)! + reciprocalRank(lists, candidate === 'adaptive' ? undefined : candidate, item));
		queries++;
	}
	const mrr = Object.fromEntries(fitCandidates.map((candidate) => [String(candidate), queries > 0 ? Number((sums.get(candidate)! / queries).toFixed(4)) : 0]));
	const fit: FusionFit = {
		share: queries >= fitMinQueries ? chooseShare(mrr) : 'adaptive',
		generation: status.semantic.generation,
		queries,
		from: 'item titles (or first sentences)',
		mrr,
		fittedAt: new Date().toISOString(),
	};
	store.guard(() => store.db.transaction(() => writeFusionFit(store, fit)).immediate());
	return fit;
}
