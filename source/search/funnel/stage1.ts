import type {SummaryStore} from '../../store/summary-store.js';
import type {EmbedderSpec} from '../semantic/embedder.js';
import {fuse, semanticSay, type RankedNode} from './fusion.js';
import type {ItemFilter} from './item-filter.js';
import {keywordList, keywordWeights, type KeywordHit} from '../keyword/keyword.js';
import type {ParsedQuery} from './query.js';
import type {SearchStatus} from '../indexing/search-status.js';
import {feedbackHits, feedbackWeight, semanticList, type SemanticHit} from '../semantic/semantic.js';
import {ItemTermStats} from '../keyword/term-stats.js';
import type {TimeBounds} from './time-range.js';

/** The settings stage 1 ranks with; the defaults are the measured ones (bench/eval). */
export interface Stage1Tuning {
	/** Share of the keyword evidence in the hybrid: undefined adapts it per query (see adaptiveShare). */
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

/**
 * Stage 1: the keyword list, the semantic list, or both fused, as ranked nodes. `lap` is called
 * after each list with its name (for the result's timings).
 */
export async function rankStage1(store: SummaryStore, request: Stage1Request, lap: (name: string) => void = () => {}): Promise<{ranked: RankedNode[]; stats: ItemTermStats}> {
	const {query, lists, filter, depth, status, prefer} = request;
	const tuning = {...defaultTuning, ...request.tuning};
	const stats = new ItemTermStats(store, query.words, status.keywordItems);
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
	let ranked: RankedNode[];
	if (lists.keyword && lists.semantic) ranked = fuse(keyword, semantic, itemsOf(keyword, semantic), tuning.share, status.semantic ? semanticSay(status.semantic.spec.kind, status.semantic.trainedDocuments ?? status.semantic.builtItems) : 1);
	else if (lists.keyword) ranked = keyword.map((hit) => ({node: hit.node, score: hit.score, matched_by: ['keyword']}));
	else ranked = semantic.map((hit) => ({node: hit.node, score: hit.score, matched_by: ['semantic']}));
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
