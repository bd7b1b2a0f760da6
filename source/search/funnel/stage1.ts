import type {SummaryStore} from '../../store/summary-store.js';
import type {EmbedderSpec} from '../semantic/embedder.js';
import {fuse, semanticSay, type RankedNode} from './fusion.js';
import {fittedShare} from './fitted-share.js';
import type {ItemFilter} from './item-filter.js';
import {keywordList, keywordWeights, type KeywordHit} from '../keyword/keyword.js';
import type {ParsedQuery} from './query.js';
import type {SearchStatus} from '../indexing/search-status.js';
import {feedbackHits, feedbackWeight, semanticList, type SemanticHit} from '../semantic/semantic.js';
import {ItemTermStats} from '../keyword/term-stats.js';
import type {TimeBounds} from './time-range.js';

/** The settings stage 1 ranks with; the defaults are the measured ones (bench/eval). */
export interface Stage1Tuning {
	/** Share of the keyword evidence in the hybrid: undefined takes the store's fitted share (fusion-fit.ts), else adapts it per query (see adaptiveShare). */
	share: number | undefined;
	/** Top keyword hits the semantic query moves toward in the hybrid, and by how much. */
	feedbackHits: number;
	feedbackWeight: number;
}

export const defaultTuning: Stage1Tuning = {share: undefined, feedbackHits, feedbackWeight};

export interface Stage1Request {
	query: ParsedQuery;
	/** Items overlapping this time rank first, in every method with the keyword list (a date the query's words say). */
	prefer?: TimeBounds;
	lists: {keyword: boolean; semantic: boolean};
	filter: ItemFilter;
	/** How deep each list is fetched. */
	depth: number;
	status: SearchStatus;
	requested?: EmbedderSpec;
	tuning?: Partial<Stage1Tuning>;
}

/** The item of every listed node (both lists know theirs). */
function itemsOf(keyword: readonly KeywordHit[], semantic: readonly SemanticHit[]): Map<number, number> {
	return new Map([...semantic, ...keyword].map((hit) => [hit.node, hit.item]));
}

/** Stage 1's two lists for one query, before fusion, and the semantic list's say in the hybrid (see semanticSay). */
export interface Stage1Lists {
	keyword: KeywordHit[];
	semantic: SemanticHit[];
	say: number;
}

/** The lists `request.lists` asks for (the semantic one moved toward the keyword list's first hits when both are asked). */
export async function stage1Lists(store: SummaryStore, request: Stage1Request, stats: ItemTermStats, lap: (name: string) => void = () => {}): Promise<Stage1Lists> {
	const {query, lists, filter, depth, status, prefer} = request;
	const tuning = {...defaultTuning, ...request.tuning};
	let keyword: KeywordHit[] = [];
	let semantic: SemanticHit[] = [];
	if (lists.keyword) {
		keyword = keywordList(store, {...query, prefer}, filter, depth, keywordWeights, stats);
		lap('keyword');
	}
	if (lists.semantic && status.semantic && query.match) {
		const feedback = lists.keyword ? keyword.slice(0, tuning.feedbackHits).map((hit) => hit.node) : [];
		semantic = await semanticList(store, status.semantic, query.terms.join(' '), filter, depth, request.requested, feedback, tuning.feedbackWeight);
		lap('semantic');
	}
	return {keyword, semantic, say: status.semantic ? semanticSay(status.semantic.spec.kind, status.semantic.trainedDocuments ?? status.semantic.builtItems) : 1};
}

/** Both lists fused at the keyword share `share`, or adapting it per query when undefined (see adaptiveShare). */
export function fuseLists({keyword, semantic, say}: Stage1Lists, share: number | undefined): RankedNode[] {
	return fuse(keyword, semantic, itemsOf(keyword, semantic), share, say);
}

/**
 * Stage 1: the keyword list, the semantic list, or both fused, as ranked nodes. `lap` is called
 * after each list with its name (for the result's timings).
 */
export async function rankStage1(store: SummaryStore, request: Stage1Request, lap: (name: string) => void = () => {}): Promise<{ranked: RankedNode[]; stats: ItemTermStats}> {
	const {query, lists, status} = request;
	const stats = new ItemTermStats(store, query.words, status.keywordItems);
	const found = await stage1Lists(store, request, stats, lap);
	let ranked: RankedNode[];
	if (lists.keyword && lists.semantic) ranked = fuseLists(found, request.tuning?.share ?? fittedShare(status));
	else if (lists.keyword) ranked = found.keyword.map((hit) => ({node: hit.node, score: hit.score, matched_by: ['keyword']}));
	else ranked = found.semantic.map((hit) => ({node: hit.node, score: hit.score, matched_by: ['semantic']}));
	return {ranked, stats};
}

/** Stage 1's order of items (their ids), to `limit` items: what the eval scores. */
export async function rankedItemIds(store: SummaryStore, request: Stage1Request, limit: number): Promise<string[]> {
	const {ranked} = await rankStage1(store, request);
	const items = new Map(
		store.guard(
			() =>
				store
					.statement('SELECT n.id, i.item_id FROM nodes n JOIN items i ON i.id = n.item WHERE n.id IN (SELECT value FROM json_each(?))')
					.raw(true)
					.all(JSON.stringify(ranked.map((hit) => hit.node))) as Array<[number, string]>,
		),
	);
	const out: string[] = [];
	for (const hit of ranked) {
		const id = items.get(hit.node);
		if (id !== undefined && !out.includes(id)) out.push(id);
		if (out.length >= limit) break;
	}
	return out;
}
