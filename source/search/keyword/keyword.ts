import type {SummaryStore} from '../../store/summary-store.js';
import {largest} from '../../core/arrays.js';
import {bm25Scores} from './bm25.js';
import {quote, weightedMatch} from '../funnel/query.js';
import {filteredRootsSql, isFiltered, type ItemFilter} from '../funnel/item-filter.js';
import {searchStatus} from '../indexing/search-status.js';
import {ItemTermStats} from './term-stats.js';
import {stem, words} from '../../text/index-words.js';
import {searchStopwords} from '../../text/stopwords.js';
import {identifierHolders, queryIdentifiers} from './identifiers.js';
import {TermMatcher} from './term-matcher.js';
import {neighbourPairs, proximityDepth, proximityScores, proximityWeight} from './proximity.js';
import {append} from '../../core/arrays.js';
import {followingDays, type TimeBounds} from '../funnel/time-range.js';
import {passageDepth, passageScores, passageWords, type PassageOptions} from './passages.js';

export interface KeywordWeights {
	/** bm25 column weights of `search_root_fts`: title, summary, keywords, tldr, body. */
	root: [number, number, number, number, number];
	/** bm25 column weights of `search_node_fts`: title, summary, keywords. */
	node: [number, number, number];
	/** How much an inner node's normalized score counts against its item root's. */
	nodeShare: number;
}

/**
 * Root rows hold the item's raw text (title and body) and the words only its summaries have (in
 * the summary column, see `rootRow`), all at weight 1: bm25 over them is bm25 over the raw text.
 * Keywords and TLDR columns are empty from layout 3 on (weight 0 for older rows).
 */
export const keywordWeights: KeywordWeights = {root: [1, 1, 0, 0, 1], node: [2, 1, 1], nodeShare: 0.5};

export interface ScoredNode {
	node: number;
	score: number;
}

/** A stage-1 keyword hit: `score` in [0, 1] (normalized), `itemRank` its item's place in the list's order of items. */
export interface KeywordHit extends ScoredNode {
	/** The node's item (row id). */
	item: number;
	/** 0 for the best item, 1 for the next…: the order of items, which no inner node changes. */
	itemRank: number;
	/**
	 * How many of the query's rare identifiers the item holds, and a half more when it is of the
	 * time the query's words name: a higher tier ranks first, in any method that has the keyword list.
	 */
	tier: number;
}

/** The bm25 query over item roots, optionally restricted to the roots of filtered items (a row filter, evaluated before the limit). */
export function keywordSql(weights: readonly number[], filtered = false): string {
	const w = [...weights, 0].join(', ');
	const where = filtered ? ' AND (rowid + 0) IN (SELECT id FROM temp.search_filter)' : '';
	return `SELECT rowid AS node, -bm25(search_root_fts, ${w}) AS score FROM search_root_fts WHERE search_root_fts MATCH ?${where} ORDER BY bm25(search_root_fts, ${w}) LIMIT ?`;
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
/**
 * Below this many items every query word is scored, as bare bm25 does. Above it, words more than
 * half the items hold are left out of the query (bm25 weighs them 1e-6, yet scoring them visits
 * most of the store): scores move by at most ~1e-5, and items that hold only such words drop off
 * the end of the list.
 */
export const pruneMinItems = 20_000;

interface NodeRow {
	id: number;
	item: number;
	title: string;
	summary: string;
	keywords: string;
}

/**
 * BM25F over a node's summary fields, with item-level IDF: each field's term counts weighted and
 * summed, then saturated once (so a word in both title and keywords is not counted as two words).
 */
function scoreNodes(rows: readonly NodeRow[], terms: readonly string[], stats: ItemTermStats, weights: KeywordWeights['node']): Array<ScoredNode & {item: number}> {
	const wanted = new Map(terms.map((term) => [stem(term), stats.idf(term)]));
	const matcher = new TermMatcher(new Set(wanted.keys()));
	const counted = rows.map((row) => {
		const frequencies = new Map<string, number>();
		let length = 0;
		[row.title, row.summary, row.keywords].forEach((field, index) => {
			for (const word of words(field)) {
				length++;
				const term = matcher.term(word);
				if (term !== undefined) frequencies.set(term, (frequencies.get(term) ?? 0) + weights[index]!);
			}
		});
		return {id: row.id, item: row.item, frequencies, length};
	}).filter((node) => node.frequencies.size > 0);
	const scores = bm25Scores(counted, wanted);
	return counted.map(({id, item}, index) => ({node: id, item, score: scores[index]!}));
}

/** Items with at most this many nodes have them all read and scored here; a larger one asks FTS5 which match. */
const nodesReadWhole = 64;

/**
 * The inner nodes of the given items that match, scored. A small item's nodes are read whole (one
 * seek; scoring a few summaries costs less than an FTS5 query per item, whose every term is looked
 * up in every segment); a large item's matching nodes are found by FTS5 within its row ids (an
 * item's nodes have contiguous row ids).
 */
function innerNodes(store: SummaryStore, match: string, items: readonly number[], terms: readonly string[], stats: ItemTermStats, weights: KeywordWeights['node']): Array<ScoredNode & {item: number}> {
	if (items.length === 0) return [];
	const sizes = store.guard(() => store.statement('SELECT id, node_count FROM items WHERE id IN (SELECT value FROM json_each(?))').raw(true).all(JSON.stringify(items)) as Array<[number, number]>);
	const small = sizes.filter(([, count]) => count <= nodesReadWhole).map(([item]) => item);
	const large = sizes.filter(([, count]) => count > nodesReadWhole).map(([item]) => item);
	const rows: NodeRow[] = small.length > 0 ? store.guard(() => store.statement('SELECT id, item, title, summary, keywords FROM nodes WHERE item IN (SELECT value FROM json_each(?)) AND ordinal > 0').all(JSON.stringify(small)) as NodeRow[]) : [];
	if (large.length > 0) {
		const range = store.statement('SELECT min(id) AS lo, max(id) AS hi FROM nodes WHERE item = ?');
		// Row ids bound as BigInts: FTS5 ignores a REAL rowid bound and would read every match.
		const matching = store.statement(
			`SELECT id, item, title, summary, keywords FROM nodes
			 WHERE id IN (SELECT rowid FROM search_node_fts WHERE search_node_fts MATCH ? AND rowid BETWEEN ? AND ? LIMIT ?)`,
		);
		for (const item of large) {
			const {lo, hi} = store.guard(() => range.get(item) as {lo: number | null; hi: number | null});
			if (lo === null || hi === null) continue;
			append(rows, store.guard(() => matching.all(match, BigInt(lo), BigInt(hi), nodesPerItem) as NodeRow[]));
		}
	}
	return scoreNodes(rows, terms, stats, weights).filter((node) => node.score > 0);
}

/** Fills `temp.search_filter` with the root ids a filter lets through (once per query). */
function loadFilter(store: SummaryStore, filter: ItemFilter): void {
	const {sql, params} = filteredRootsSql(filter);
	store.guard(() => {
		store.db.exec('CREATE TEMP TABLE IF NOT EXISTS search_filter (id INTEGER PRIMARY KEY)');
		store.statement('DELETE FROM temp.search_filter').run();
		store.statement(`INSERT INTO temp.search_filter (id) ${sql}`).run(...params);
	});
}

/** The words stage 1 ranks items by: every query word, less those most items hold in a large store. */
export function rankingTerms(queryWords: readonly string[], stats: ItemTermStats): string[] {
	return stats.items >= pruneMinItems ? stats.informative(queryWords) : [...queryWords];
}

/**
 * Stage-1 keyword list, coarse to fine. Items first, ranked by FTS5 bm25 over their root rows —
 * which hold the item's raw text and nothing else bm25 would count, queried with every word of
 * the query — so the order of items is bare bm25's over the raw text, by construction; a filter
 * (scope) is a row filter inside that query, before its limit. Then the inner nodes of the best
 * items, scored by BM25F over their summary fields, each below its own item's root: a hit can be
 * the very node that matches, and no node moves its item ahead of another.
 */
export function keywordList(
	store: SummaryStore,
	query: {text: string; words: readonly string[]; terms: readonly string[]; sequence: readonly string[]; counts?: Readonly<Record<string, number>>; prefer?: TimeBounds; question?: boolean; phrases?: readonly string[]},
	filter: ItemFilter,
	limit: number,
	weights = keywordWeights,
	stats = new ItemTermStats(store, query.words, searchStatus(store).keywordItems),
	options: KeywordOptions = {},
): KeywordHit[] {
	if (query.words.length === 0 || stats.items === 0) return [];
	const functionWeight = options.functionWords ?? functionWordWeight;
	const content = query.words.filter((word) => !searchStopwords.has(word));
	const ranking = rankingTerms(functionWeight > 0 || content.length === 0 ? query.words : content, stats);
	const match = withPhrases(weightedMatch(ranking, (options.repeats ?? true) ? query.counts : {}, (word) => (searchStopwords.has(word) ? 2 * functionWeight : 2)), query.phrases);
	if (!match) return [];
	// The items of the time the query names, found first (the filter table is then refilled for the main query).
	let preferred: ScoredNode[] = [];
	const ofTime = (bounds: TimeBounds) => {
		loadFilter(store, {...filter, since: maxBound(filter.since, bounds.since), until: minBound(filter.until, bounds.until)});
		return store.guard(() => store.statement(keywordSql(weights.root, true)).all(match, limit) as ScoredNode[]);
	};
	if (query.prefer) {
		preferred = ofTime(query.prefer);
		const after = followingDays(query.prefer);
		if (preferred.length === 0 && after) preferred = ofTime(after);
	}
	const filtered = isFiltered(filter);
	if (filtered) loadFilter(store, filter);
	const bm25 = store.guard(() => store.statement(keywordSql(weights.root, filtered)).all(match, limit) as ScoredNode[]);
	const roots = rescore(store, query, bm25, preferred, ranking, match, weights, stats, filtered, options, (word) => (query.counts?.[word] ?? 1) * (searchStopwords.has(word) ? functionWeight : 1));
	if (roots.length === 0) return [];
	const rootItems = new Map(
		store.guard(() => store.statement('SELECT id, item FROM nodes WHERE id IN (SELECT value FROM json_each(?))').raw(true).all(JSON.stringify(roots.map((root) => root.node))) as Array<[number, number]>),
	);
	// Normalized over the order of scores (a tier can put a lower score first).
	const normalized = new Map(normalizeScores([...roots].sort((a, b) => b.score - a.score)).map((root) => [root.node, root.normalized]));
	const byItem = new Map<number, {rank: number; score: number; tier: number}>();
	const hits: KeywordHit[] = roots.map((root, rank) => {
		const item = rootItems.get(root.node) ?? -1;
		const score = normalized.get(root.node) ?? 0;
		byItem.set(item, {rank, score, tier: root.tier});
		return {node: root.node, item, score, itemRank: rank, tier: root.tier};
	});
	const nodeTerms = query.terms.length > 0 ? query.terms : query.words;
	const nodeMatch = nodeTerms.map(quote).join(' OR ');
	const nodes = normalizeScores(innerNodes(store, nodeMatch, roots.slice(0, nodeItems).flatMap((root) => rootItems.get(root.node) ?? []), nodeTerms, stats, weights.node).sort((x, y) => y.score - x.score || x.node - y.node));
	for (const node of nodes) {
		const own = byItem.get(node.item);
		if (own) hits.push({node: node.node, item: node.item, score: own.score * weights.nodeShare * node.normalized, itemRank: own.rank, tier: own.tier});
	}
	return sortKeywordHits(hits).slice(0, limit);
}

/**
 * How many times a Chinese or Japanese run typed as one unit ("登录页面") counts as a phrase in
 * stage-1 bm25, beside its words: the segmenter cuts a compound into words, and bm25 over the words
 * alone ranks an item that holds them often but apart above one that holds the compound itself.
 * Twice, as a content word counts (see weightedMatch). Queries without such a run are unchanged.
 */
export const unspacedPhraseRepeats = 2;

function withPhrases(match: string, phrases: readonly string[] | undefined): string {
	if (!match || !phrases?.length) return match;
	const added = phrases.flatMap((phrase) => Array.from({length: unspacedPhraseRepeats}, () => quote(phrase)));
	return [match, ...added].join(' OR ');
}

/**
 * Function words of the query count half as much as its content words in stage-1 bm25 (measured on
 * every collection, see bench/eval): dropping them loses the queries whose meaning is in them
 * ("not", "before", "over" in a known-item sentence), keeping them at full weight lets them dilute a
 * long request.
 */
export const functionWordWeight = 0.5;

/** Weight of passage evidence (see passages.ts): measured on every collection, see bench/eval. */
export const passageWeight = 1;

/** What may be added on top of bm25 (each measured on every collection; see bench/eval). */
export interface KeywordOptions {
	/** Weight of the proximity evidence (0: none). */
	proximity?: number;
	/** Rank items holding the query's rare identifiers first. */
	identifiers?: boolean;
	/** How much a function word (searchStopwords) of the query counts against a content word: 0 drops it, 1 counts it fully. */
	functionWords?: number;
	/** Count each word as often as it was typed (default), or once. */
	repeats?: boolean;
	/** Passage evidence (see passages.ts); weight 0: none. */
	passage?: PassageOptions;
}

/**
 * bm25's roots, re-scored: the best `proximityDepth` gain their proximity evidence, and items
 * holding rare identifiers of the query take a tier (fetched with their bm25 when the list missed
 * them). Sorted by tier, then score; ties keep bm25's order.
 */
function rescore(
	store: SummaryStore,
	query: {text: string; words: readonly string[]; sequence: readonly string[]; question?: boolean},
	bm25: readonly ScoredNode[],
	preferred: readonly ScoredNode[],
	ranking: readonly string[],
	match: string,
	weights: KeywordWeights,
	stats: ItemTermStats,
	filtered: boolean,
	options: KeywordOptions,
	wordWeight: (word: string) => number,
): Array<ScoredNode & {tier: number}> {
	const lambda = options.proximity ?? proximityWeight;
	const roots = bm25.map((root, rank) => ({...root, tier: 0, rank}));
	const known = new Set(bm25.map((root) => root.node));
	for (const root of preferred) if (!known.has(root.node)) roots.push({...root, tier: 0, rank: roots.length});
	const favoured = new Set(preferred.map((root) => root.node));
	// The best items, and every item of the time the query names, are re-scored.
	const head = (depth: number) => roots.filter((root, index) => index < depth || favoured.has(root.node));
	if (lambda > 0) {
		const top = head(proximityDepth);
		const extra = proximityScores(store, top.map((root) => root.node), neighbourPairs(query.sequence, new Set(ranking)), weights.root);
		for (const root of top) root.score += lambda * (extra.get(root.node) ?? 0);
	}
	const passage = {weight: passageWeight, words: passageWords, depth: passageDepth, ...options.passage};
	// A question is answered in one place: the best passage of a long item counts (see passages.ts).
	if (passage.weight > 0 && roots.length > 0 && (query.question || options.passage?.always)) {
		const top = head(passage.depth);
		const extra = passageScores(store, top.map((root) => root.node), new Map(ranking.map((word) => [word, wordWeight(word)])), stats, passage.words, passage.minItemPassages);
		const best = largest(extra.values(), 0);
		const scale = best > 0 ? (passage.weight * largest(top.map((root) => root.score))) / best : 0;
		for (const root of top) root.score += scale * (extra.get(root.node) ?? 0);
	}
	if (options.identifiers ?? true) {
		const holders = identifierHolders(store, queryIdentifiers(query.text), query.words, stats);
		const missing = [...holders.keys()].filter((node) => !roots.some((root) => root.node === node));
		if (missing.length > 0) {
			const statement = store.statement(`${keywordSql(weights.root, filtered).replace(' ORDER BY', ' AND rowid IN (SELECT value FROM json_each(?)) ORDER BY')}`);
			for (const row of store.guard(() => statement.all(match, JSON.stringify(missing), missing.length) as ScoredNode[])) roots.push({...row, tier: 0, rank: roots.length});
		}
		for (const root of roots) root.tier = holders.get(root.node) ?? 0;
	}
	// An item of the time the query names ranks above one of another time that holds as many identifiers.
	for (const root of roots) if (favoured.has(root.node)) root.tier += 0.5;
	return roots.sort((a, b) => b.tier - a.tier || b.score - a.score || a.rank - b.rank);
}

/** Best first by score; ties in bm25's order of items, an item's root before its inner nodes. */
export function sortKeywordHits<T extends KeywordHit>(hits: T[]): T[] {
	return hits.sort((a, b) => b.tier - a.tier || b.score - a.score || a.itemRank - b.itemRank || a.node - b.node);
}

const maxBound = (a: string | undefined, b: string | undefined) => (a === undefined ? b : b === undefined || a > b ? a : b);
const minBound = (a: string | undefined, b: string | undefined) => (a === undefined ? b : b === undefined || a < b ? a : b);
