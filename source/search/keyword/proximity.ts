import type {SummaryStore} from '../../store/summary-store.js';
import {quote} from '../funnel/query.js';

/**
 * Proximity evidence on top of bm25: for each pair of neighbouring content words of the query, how
 * strongly an item holds them close together — within `nearWindow` words in any order (FTS5 NEAR),
 * and, at half weight, side by side in the query's order (a phrase) — scored by FTS5's bm25 over the
 * same root rows. A page whose body nearly repeats the query gains; a short page that holds the
 * words scattered (navigation, boilerplate) does not. Added to the bm25 score of the best items,
 * weighted by `proximityWeight` (measured on every collection at hand, see bench/eval).
 */
export const proximityWeight = 0.3;
export const nearWindow = 5;
const phraseShare = 0.5;
/** The best items of bm25 that proximity re-scores. */
export const proximityDepth = 100;

/** Neighbouring distinct pairs of a word sequence, first occurrence first. */
export function neighbourPairs(sequence: readonly string[], allowed?: ReadonlySet<string>): Array<[string, string]> {
	const pairs = new Map<string, [string, string]>();
	for (let i = 0; i + 1 < sequence.length; i++) {
		const [a, b] = [sequence[i]!, sequence[i + 1]!];
		if (a === b || (allowed && (!allowed.has(a) || !allowed.has(b)))) continue;
		pairs.set(`${a}\0${b}`, [a, b]);
	}
	return [...pairs.values()];
}

/**
 * The proximity score of each of `roots` (row ids of `search_root_fts`) that holds a pair close
 * together; absent means none.
 */
export function proximityScores(store: SummaryStore, roots: readonly number[], pairs: ReadonlyArray<[string, string]>, weights: readonly number[]): Map<number, number> {
	const scores = new Map<number, number>();
	if (pairs.length === 0 || roots.length === 0) return scores;
	const w = [...weights, 0].join(', ');
	const statement = store.statement(`SELECT rowid AS node, -bm25(search_root_fts, ${w}) AS score FROM search_root_fts WHERE search_root_fts MATCH ? AND (rowid + 0) IN (SELECT value FROM json_each(?))`);
	const ids = JSON.stringify(roots);
	const near = pairs.map(([a, b]) => `NEAR(${quote(a)} ${quote(b)}, ${nearWindow})`).join(' OR ');
	const phrase = pairs.map(([a, b]) => quote(`${a} ${b}`)).join(' OR ');
	for (const [match, share] of [
		[near, 1],
		[phrase, phraseShare],
	] as const) {
		for (const row of store.guard(() => statement.all(match, ids) as Array<{node: number; score: number}>)) scores.set(row.node, (scores.get(row.node) ?? 0) + share * row.score);
	}
	return scores;
}
