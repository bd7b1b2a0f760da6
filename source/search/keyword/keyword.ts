import type {SummaryStore} from '../../store/summary-store.js';
import {bm25Scores} from './bm25.js';
import {quote, scopedMatch} from '../funnel/query.js';
import {searchStatus} from '../indexing/search-status.js';
import {ItemTermStats} from './term-stats.js';
import {stem, words} from '../../text/index-words.js';

export interface KeywordWeights {
	/** bm25 column weights of `search_root_fts`: title, summary, keywords, tldr, body. */
	root: [number, number, number, number, number];
	/** bm25 column weights of `search_node_fts`: title, summary, keywords. */
	node: [number, number, number];
	/** How much an inner node's normalized score counts against an item root's. */
	nodeShare: number;
}

/**
 * Tuned on the dev collections, with items made by the ingest pipeline and by the eval's sketch:
 * the body (the raw text under a node) carries the evidence, the title lifts, keywords help a
 * little. An item's extractive summary and TLDR are sentences of its body, so weighing them again
 * only doubles the sentences the summarizer liked (measured: with them at 0.25/0.5, cranfield fell
 * to 0.355 with ingested items; without, every collection and pipeline is above plain bm25).
 */
export const keywordWeights: KeywordWeights = {root: [2, 0, 0.5, 0, 1], node: [2, 1, 1], nodeShare: 0.5};

export interface ScoredNode {
	node: number;
	score: number;
}

/**
 * The MATCH expression of either table. No column filter: it costs a fifth of the query time,
 * and the only other column, `scope`, holds tokens (ns…0 hex) that words do not match (and has
 * bm25 weight 0).
 */
export function keywordMatch(match: string, scope: string | undefined, _root?: boolean): string {
	return scopedMatch(match, scope);
}

/** One of the two bare FTS5 queries stage 1 is built on. */
export function keywordSql(root: boolean, weights: readonly number[]): string {
	const table = root ? 'search_root_fts' : 'search_node_fts';
	const w = [...weights, 0].join(', ');
	return `SELECT rowid AS node, -bm25(${table}, ${w}) AS score FROM ${table} WHERE ${table} MATCH ? ORDER BY bm25(${table}, ${w}) LIMIT ?`;
}

/** Lists are normalized over their first `normalizeDepth` entries, so a deeper fetch does not reorder the top. */
export const normalizeDepth = 100;

/** Min-max normalization of a best-first list into [0, 1]; entries below the floor clamp to 0. */
export function normalizeScores<T extends {score: number}>(list: readonly T[]): Array<T & {normalized: number}> {
	if (list.length === 0) return [];
	const max = list[0]!.score;
	// A short list has no natural floor: 0 stands in (bm25 and a cosine of no similarity).
	const min = list.length >= normalizeDepth ? list[normalizeDepth - 1]!.score : Math.min(0, list[list.length - 1]!.score);
	const span = max - min;
	return list.map((entry) => ({...entry, normalized: span > 0 ? Math.max(0, (entry.score - min) / span) : 1}));
}

/** Candidate items whose inner nodes are scored: the hits a person sees come from the first few. */
export const nodeItems = 30;
/** Matching inner nodes read per item. */
const nodesPerItem = 100;

interface NodeRow {
	id: number;
	title: string;
	summary: string;
	keywords: string;
}

/**
 * BM25F over a node's summary fields, with item-level IDF: each field's term counts weighted and
 * summed, then saturated once (so a word in both title and keywords is not counted as two words).
 */
function scoreNodes(rows: readonly NodeRow[], terms: readonly string[], stats: ItemTermStats, weights: KeywordWeights['node']): ScoredNode[] {
	const wanted = new Map(terms.map((term) => [stem(term), stats.idf(term)]));
	const counted = rows.map((row) => {
		const frequencies = new Map<string, number>();
		let length = 0;
		[row.title, row.summary, row.keywords].forEach((field, index) => {
			for (const word of words(field)) {
				length++;
				const term = stem(word);
				if (wanted.has(term)) frequencies.set(term, (frequencies.get(term) ?? 0) + weights[index]!);
			}
		});
		return {id: row.id, frequencies, length};
	});
	const scores = bm25Scores(counted, wanted);
	return counted.map(({id}, index) => ({node: id, score: scores[index]!}));
}

/** The inner nodes of the given items that match, scored (an item's nodes have contiguous row ids). */
function innerNodes(store: SummaryStore, match: string, items: readonly number[], terms: readonly string[], stats: ItemTermStats, weights: KeywordWeights['node']): ScoredNode[] {
	const range = store.statement('SELECT min(id) AS lo, max(id) AS hi FROM nodes WHERE item = ?');
	// Row ids bound as BigInts: FTS5 ignores a REAL rowid bound and would read every match.
	const matching = store.statement(
		`SELECT id, title, summary, keywords FROM nodes
		 WHERE id IN (SELECT rowid FROM search_node_fts WHERE search_node_fts MATCH ? AND rowid BETWEEN ? AND ? LIMIT ?)`,
	);
	const rows: NodeRow[] = [];
	for (const item of items) {
		const {lo, hi} = store.guard(() => range.get(item) as {lo: number | null; hi: number | null});
		if (lo === null || hi === null) continue;
		rows.push(...store.guard(() => matching.all(match, BigInt(lo), BigInt(hi), nodesPerItem) as NodeRow[]));
	}
	return scoreNodes(rows, terms, stats, weights).sort((x, y) => y.score - x.score || x.node - y.node);
}

/**
 * Stage-1 keyword list, coarse to fine. Items first: one FTS5 bm25 query over the item roots
 * (summary fields and all raw text), with its own limit and the scope applied inside FTS5, so no
 * join or filter runs before the limit and a scope is never emptied by a global top-k; terms held
 * by most items are left out of it (bm25 gives them no weight, and scoring them would visit most
 * of the store). Then the inner nodes of the best items, scored by BM25F with the same IDF. The
 * two lists are merged on normalized scores.
 */
export function keywordList(store: SummaryStore, query: {terms: readonly string[]}, scope: string | undefined, limit: number, weights = keywordWeights, stats = new ItemTermStats(store, query.terms, searchStatus(store).keywordItems)): ScoredNode[] {
	if (query.terms.length === 0) return [];
	if (stats.items === 0) return [];
	const terms = stats.informative(query.terms);
	const match = terms.map(quote).join(' OR ');
	const roots = store.guard(() => store.statement(keywordSql(true, weights.root)).all(keywordMatch(match, scope, true), limit) as ScoredNode[]);
	if (roots.length === 0) return [];
	const items = store.guard(() => store.statement('SELECT id, item FROM nodes WHERE id IN (SELECT value FROM json_each(?))').raw(true).all(JSON.stringify(roots.slice(0, nodeItems).map((root) => root.node))) as Array<[number, number]>);
	const itemOf = new Map(items);
	const nodes = innerNodes(store, match, roots.slice(0, nodeItems).flatMap((root) => itemOf.get(root.node) ?? []), terms, stats, weights.node).slice(0, limit);
	const merged = [
		...normalizeScores(roots).map((entry) => ({node: entry.node, score: entry.normalized})),
		...normalizeScores(nodes).map((entry) => ({node: entry.node, score: weights.nodeShare * entry.normalized})),
	];
	return merged.sort((a, b) => b.score - a.score || a.node - b.node).slice(0, limit);
}
