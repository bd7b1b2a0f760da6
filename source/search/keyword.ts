import type {SummaryStore} from '../store/summary-store.js';
import {scopedMatch} from './query.js';

export interface KeywordWeights {
	/** bm25 column weights of `search_root_fts`: title, summary, keywords, tldr, body. */
	root: [number, number, number, number, number];
	/** bm25 column weights of `search_node_fts`: title, summary, keywords. */
	node: [number, number, number];
	/** How much an inner node's normalized score counts against an item root's. */
	nodeShare: number;
}

/**
 * Tuned on the dev collections: the body (the raw text under a node) carries the evidence, the
 * title lifts, and the summary fields (extractive: a repeat of some sentences) count for less.
 */
export const keywordWeights: KeywordWeights = {root: [2, 0.25, 0.5, 0.5, 1], node: [2, 1, 1], nodeShare: 0.5};

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

/**
 * Stage-1 keyword list: two FTS5 queries (item roots, inner nodes), each with its own limit and
 * its scope applied inside FTS5 (the scope column), so no join or filter runs before a limit and
 * a scope is never emptied by a global top-k. The two lists are merged on normalized scores.
 */
export function keywordList(store: SummaryStore, match: string, scope: string | undefined, limit: number, weights = keywordWeights): ScoredNode[] {
	if (!match) return [];
	const roots = store.guard(() => store.statement(keywordSql(true, weights.root)).all(keywordMatch(match, scope, true), limit) as ScoredNode[]);
	const nodes = store.guard(() => store.statement(keywordSql(false, weights.node)).all(keywordMatch(match, scope, false), limit) as ScoredNode[]);
	const merged = [
		...normalizeScores(roots).map((entry) => ({node: entry.node, score: entry.normalized})),
		...normalizeScores(nodes).map((entry) => ({node: entry.node, score: weights.nodeShare * entry.normalized})),
	];
	return merged.sort((a, b) => b.score - a.score || a.node - b.node).slice(0, limit);
}
