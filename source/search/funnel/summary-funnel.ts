import {summaryNodeId} from '../../core/summary-node-id.js';
import {extraSourceFields, sessionFacts, type SessionFactsView} from '../../core/item-source.js';
import {itemSource, type SummaryStore} from '../../store/summary-store.js';
import type {ItemSource} from '../../store/interchange.js';
import type {EmbedderSpec} from '../semantic/embedder.js';
import {drillItem, withContext} from './drill-stage.js';
import type {FindParams} from './params.js';
import {stage1Query} from './stage1-query.js';
import {searchStatus} from '../indexing/search-status.js';
import {checkEmbedder, dropPrefetchedRoots, prefetchRoots} from '../semantic/semantic.js';
import {rankStage1} from './stage1.js';
import {highlight} from './marks.js';
import {nodeSnippet, subtreeOrdinals} from './snippets.js';
import {SpanRanker} from './span-ranking.js';
import type {CandidateItem, FindResult, Stage1Hit} from '../types.js';

/** Each list is fetched this deep (or top_k, if larger) before fusion. */
export const listDepth = 100;

interface NodeInfo {
	node: number;
	item: number;
	ordinal: number;
	level: number;
	title: string;
	summary: string;
	keywords: string;
	namespace: string;
	item_id: string;
	item_title: string;
	tldr: string;
	source: ItemSource;
	facts?: SessionFactsView;
}

/** A hit's provenance as before, and what the session cost and changed in brief (no file names: hits stay small). */
function briefSource(full: ItemSource): {source: ItemSource; facts?: SessionFactsView} {
	const facts = sessionFacts(full);
	const source = {...full};
	for (const field of extraSourceFields) delete source[field];
	return {source, ...(facts ? {facts} : {})};
}

function nodeInfo(store: SummaryStore, nodes: number[]): Map<number, NodeInfo> {
	if (nodes.length === 0) return new Map();
	const rows = store.guard(
		() =>
			store
				.statement(
					`SELECT n.id AS node, n.item AS item, n.ordinal AS ordinal, n.level AS level, n.title AS title, n.summary AS summary, n.keywords AS keywords,
						i.namespace AS namespace, i.item_id AS item_id, i.title AS item_title, i.tldr AS tldr,
						i.source_uri, i.source_kind, i.agent, i.project, i.started_at, i.ended_at, i.model, i.turns, i.tool_calls, i.source_line, i.source_extra, i.tokens
					 FROM nodes n JOIN items i ON i.id = n.item WHERE n.id IN (SELECT value FROM json_each(?))`,
				)
				.all(JSON.stringify(nodes)) as Array<Omit<NodeInfo, 'source'> & Parameters<typeof itemSource>[0]>,
	);
	return new Map(rows.map((row) => [row.node, {node: row.node, item: row.item, ordinal: row.ordinal, level: row.level, title: row.title, summary: row.summary, keywords: row.keywords, namespace: row.namespace, item_id: row.item_id, item_title: row.item_title, tldr: row.tldr, ...briefSource(itemSource(row))}]));
}

const round = (value: number, digits = 4) => Number(value.toFixed(digits));

/** The node row ids of some of an item's ordinals. */
function nodeIdsOf(store: SummaryStore, item: number, ordinals: ReadonlySet<number>): number[] {
	const rows = store.guard(() => store.statement('SELECT id, ordinal FROM nodes WHERE item = ?').raw(true).all(item) as Array<[number, number]>);
	return rows.filter(([, ordinal]) => ordinals.has(ordinal)).map(([id]) => id);
}

const readTuned = new WeakSet<SummaryStore>();

/**
 * FTS5 ranking reads many index pages per query; memory-mapping the file saves copying each one
 * through SQLite's page cache (measured: about half the time of a cold stage-1 query at 2M spans).
 */
function tuneForReading(store: SummaryStore): void {
	if (readTuned.has(store)) return;
	readTuned.add(store);
	try {
		store.db.pragma('mmap_size = 2147418112');
	} catch {
		// Not essential: some builds or file systems refuse mmap.
	}
}

/** The funnel over the summary store: stage 1 (keyword, semantic, or both fused), then stage 2. */
export async function summaryFunnel(store: SummaryStore, params: FindParams, requested?: EmbedderSpec): Promise<FindResult> {
	const started = performance.now();
	tuneForReading(store);
	const timings: Record<string, number> = {};
	const lap = (name: string, since: number) => {
		timings[name] = round(performance.now() - since, 2);
		return performance.now();
	};
	const {query, filter, prefer} = stage1Query(store, params);
	// The semantic list's item roots are read from their file while the keyword list runs.
	if (params.lists.semantic && query.match) prefetchRoots(store);
	const status = searchStatus(store);
	if (!status.semantic) dropPrefetchedRoots(store);
	const notices = [...status.notices];
	if (!query.match) notices.push('the query has no searchable words (letters or digits)');
	if (requested && status.semantic) checkEmbedder(status.semantic, requested);
	const depth = Math.max(listDepth, params.offset + params.topK);

	let at = performance.now();
	const {ranked, stats} = await rankStage1(store, {query, prefer, lists: params.lists, filter, depth, status, requested}, (name) => {
		at = lap(name, at);
	});
	// Inside one node of an item: its subtree's nodes and spans only.
	const subtree = params.within && params.within.ordinal > 0 && filter.item !== undefined ? subtreeOrdinals(store, filter.item, params.within.ordinal) : undefined;
	const inSubtree = subtree ? new Set(nodeIdsOf(store, filter.item!, subtree)) : undefined;
	const top = ranked
		.filter((hit) => !inSubtree || inSubtree.has(hit.node))
		.slice(params.offset, params.offset + params.topK)
		.filter((hit) => params.minScore === undefined || round(hit.score) >= params.minScore);
	const info = nodeInfo(store, top.map((hit) => hit.node));

	const {open, close} = params.highlight;
	const spans = new SpanRanker(store, query.terms, stats);
	const hits: Stage1Hit[] = [];
	const candidates = new Map<number, CandidateItem>();
	const drillIds = params.source === 'drill';
	for (const hit of top) {
		const node = info.get(hit.node);
		if (!node) continue;
		const rank = params.offset + hits.length + 1;
		const snippet = highlight(nodeSnippet(store, spans, {item: node.item, ordinal: node.ordinal, title: node.ordinal === 0 ? node.item_title : node.title, summary: node.summary, keywords: node.keywords, tldr: node.tldr}), open, close);
		hits.push({
			rank,
			score: round(hit.score),
			drill_node_id: summaryNodeId(node.namespace, node.item_id, node.ordinal),
			namespace: node.namespace,
			item_id: node.item_id,
			title: node.ordinal === 0 ? node.item_title : node.title,
			snippet,
			level: node.level,
			matched_by: hit.matched_by,
			source: node.source,
			...(node.facts ? {facts: node.facts} : {}),
			...(drillIds ? {drill_id: node.item_id} : {}),
		});
		if (!candidates.has(node.item)) {
			candidates.set(node.item, {
				drill_node_id: summaryNodeId(node.namespace, node.item_id),
				namespace: node.namespace,
				item_id: node.item_id,
				title: node.item_title,
				tldr: node.tldr,
				best_rank: rank,
				source: node.source,
				...(node.facts ? {facts: node.facts} : {}),
				...(drillIds ? {drill_id: node.item_id} : {}),
			});
		}
	}
	// Inside one item, its spans are searched even when stage 1 ranked none of its nodes: a huge
	// item's root row holds only its first spans (rootBodyLimit), so a word of its tail is in its spans alone.
	if (params.within && filter.item !== undefined && candidates.size === 0 && params.offset === 0 && params.drill) {
		const row = store.item(params.within.namespace, params.within.itemId);
		if (row) candidates.set(filter.item, {drill_node_id: summaryNodeId(row.namespace, row.item_id), namespace: row.namespace, item_id: row.item_id, title: row.title, tldr: row.tldr, best_rank: 0, source: briefSource(itemSource(row)).source});
	}
	at = lap('stage1', started);

	const drilled = [];
	if (params.drill && params.drillTopK > 0) {
		for (const [item, candidate] of [...candidates].slice(0, params.drillTopK)) {
			const result = drillItem(spans, {item, namespace: candidate.namespace, item_id: candidate.item_id, ...(subtree ? {nodes: subtree} : {})}, params.drillPerItemTopK, params.within ? 60 : 24);
			// (An item stage 1 did not rank is listed only when its spans match.)
			if (candidate.best_rank === 0 && result.spans.length === 0) {
				candidates.delete(item);
				continue;
			}
			for (const span of result.spans) span.snippet = highlight(span.snippet, open, close);
			drilled.push(params.within ? withContext(store, item, result) : result);
		}
		at = lap('drill', at);
	}
	timings.total = round(performance.now() - started, 2);
	return {
		query: params.query,
		method: params.method,
		scope: params.scope ?? null,
		stage1_hits: hits,
		candidate_items: [...candidates.values()],
		drilled,
		timings_ms: timings,
		...(params.source !== 'summary' ? {source: params.source} : {}),
		...(notices.length > 0 ? {notices} : {}),
		...(params.within ? {within: summaryNodeId(params.within.namespace, params.within.itemId, params.within.ordinal)} : {}),
	};
}
