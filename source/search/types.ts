import type {ItemSource} from '../store/interchange.js';
import type {SessionFactsView} from '../core/item-source.js';

/** The funnel's parameters, as the seed gives them (defaults in `findDefaults`). */
export interface FindOptions {
	query: string;
	/** 'summary' (default): the summary store; 'knowledge': the knowledge folder's units; 'drill': closed drills. */
	source?: FindSource;
	/** Restrict stage 1 to one summary namespace. */
	scope?: string;
	/** Restrict stage 1 to the items of one agent (provenance `source.agent`, e.g. claude-code). */
	agent?: string;
	/** Restrict stage 1 to the items of one project (provenance `source.project`, a working directory or repository). */
	project?: string;
	/**
	 * Only items from this time on: an ISO date or time (2025-03-14, 2025-03), a span back from now
	 * (12h, 7d, 2w, 3mo, 1y), or today, yesterday, this week, last week, this month, last month.
	 */
	since?: string;
	/** Only items up to this time (a named day, week or month is taken in whole); the forms of `since`. */
	until?: string;
	/**
	 * Search inside one item only (`{namespace}:{item_id}`, or one node of it `…#n4`): its nodes in
	 * stage 1, all its matching spans in stage 2 (20 by default), each with its time and citation.
	 */
	in?: string;
	/** 'keyword', 'semantic', or 'keyword,semantic' (default). */
	method?: string;
	/** Stage-1 cap: how many summary nodes to return. */
	top_k?: number;
	/** Skip this many stage-1 hits first (paging: the next page starts at offset + top_k). */
	offset?: number;
	/** Leave out stage-1 hits scoring below this. */
	min_score?: number;
	/** Run stage 2 over the top candidate items. */
	drill?: boolean;
	/** How many distinct items to drill. */
	drill_top_k?: number;
	/** How many raw-span hits per drilled item. */
	drill_per_item_top_k?: number;
	/** Which embedder the caller expects the store to use; a different one is refused. */
	embedder?: import('./semantic/embedder.js').EmbedderSpec;
	/** Marks around matched words in snippets (default `**`). */
	highlight?: {open: string; close: string};
}

export type FindSource = 'summary' | 'knowledge' | 'drill';
export type Method = 'keyword' | 'semantic' | 'keyword,semantic';
export type ListName = 'keyword' | 'semantic';

export const findDefaults = {source: 'summary', method: 'keyword,semantic', top_k: 8, drill: true, drill_top_k: 5, drill_per_item_top_k: 5} as const;

export interface Stage1Hit {
	rank: number;
	score: number;
	drill_node_id: string;
	namespace: string;
	item_id: string;
	title: string;
	snippet: string;
	level: number;
	matched_by: ListName[];
	/** The item's provenance (only the fields it has). */
	source?: ItemSource;
	/** What the session cost and changed, in brief (tokens, counts of files edited, commits, subagents, wall time). */
	facts?: SessionFactsView;
	/** source=drill: the drill's short sha, for `drill walk drills SHA`. */
	drill_id?: string;
}

export interface CandidateItem {
	drill_node_id: string;
	namespace: string;
	item_id: string;
	title: string;
	tldr: string;
	/** Its best stage-1 hit's rank; 0 inside one item (`--in`) when stage 1 ranked none of its nodes and its spans match (a huge item's root row holds only its first spans). */
	best_rank: number;
	/** The item's provenance (only the fields it has). */
	source?: ItemSource;
	facts?: SessionFactsView;
	drill_id?: string;
}

export interface DrilledSpan {
	drill_node_id: string;
	seq: number;
	snippet: string;
	score: number;
	/** ISO 8601: when the message was written (sessions whose source says). */
	time?: string;
	/** The run of neighbouring spans of the same node that match too, first and last seq. */
	range?: [number, number];
	/** Where it is said, within its item: `#n4 msgs 12–15` (a session's messages) or `#n2 spans 3–4`. */
	citation?: string;
	/** A search inside one item (`in`): the spans just before and after, to read the hit in context (clipped). */
	context?: {before?: SpanContext; after?: SpanContext};
}

export interface SpanContext {
	seq: number;
	role: string;
	text: string;
	time?: string;
}

export interface DrilledItem {
	drill_node_id: string;
	spans: DrilledSpan[];
}

export interface FindResult {
	query: string;
	method: Method;
	scope: string | null;
	stage1_hits: Stage1Hit[];
	candidate_items: CandidateItem[];
	drilled: DrilledItem[];
	timings_ms: Record<string, number>;
	/** Present when source is not 'summary': the domain whose walk takes these ids. */
	source?: FindSource;
	/** Present when something limits the answer (e.g. no semantic index yet) and how to fix it. */
	notices?: string[];
	/** Present when the search stayed inside one item (or node): its id. */
	within?: string;
}
