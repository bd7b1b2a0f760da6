import type {SummaryStore} from '../../store/summary-store.js';
import {bm25Scores} from '../keyword/bm25.js';
import type {ItemTermStats} from '../keyword/term-stats.js';
import {textSnippet} from './text-snippet.js';
import {stem, words} from '../../text/index-words.js';

/**
 * Stage 2 ranks an item's raw spans without FTS5's bm25(): to weigh a term, bm25() counts every
 * span in the store that holds it, reading the term's whole index at each call (at 2M spans, most
 * of a find's time went there, once per drilled item and once per snippet). Here FTS5 only finds
 * which of the item's spans match — a seek within the item's rowid range — and the spans are scored
 * in JS by BM25 with item-level IDF (see ItemTermStats).
 */

export interface RankedSpan {
	/** The span's row id. */
	id: number;
	text: string;
	seq: number;
	/** The ordinal of the node that owns the span. */
	node: number;
	score: number;
}

/** Matching spans read per item; past this, the first ones in the item's order are ranked. */
export const maxSpansRanked = 400;

/** An item's span row ids: contiguous, since each item is written in one transaction. */
export function spanRange(store: SummaryStore, itemRowId: number): {lo: number; hi: number} | undefined {
	const row = store.guard(() => store.statement('SELECT min(id) AS lo, max(id) AS hi FROM spans WHERE item = ?').get(itemRowId) as {lo: number | null; hi: number | null});
	return row.lo === null || row.hi === null ? undefined : {lo: row.lo, hi: row.hi};
}

/**
 * Ranks spans for one query, item by item; results are kept, so the drill stage and the hits'
 * snippets share the work.
 */
export class SpanRanker {
	private readonly ranked = new Map<number, RankedSpan[]>();
	private readonly weights: Map<string, number>;
	private readonly stems: Set<string>;

	constructor(
		private readonly store: SummaryStore,
		private readonly match: string,
		terms: readonly string[],
		stats: ItemTermStats,
	) {
		this.weights = new Map(terms.map((term) => [stem(term), stats.idf(term)]));
		this.stems = new Set(this.weights.keys());
	}

	/** The item's matching spans, best first. */
	rank(itemRowId: number): RankedSpan[] {
		const known = this.ranked.get(itemRowId);
		if (known) return known;
		const ranked = this.match ? this.score(itemRowId) : [];
		this.ranked.set(itemRowId, ranked);
		return ranked;
	}

	private score(itemRowId: number): RankedSpan[] {
		const range = spanRange(this.store, itemRowId);
		if (!range) return [];
		// Row ids bound as BigInts: FTS5 ignores a REAL rowid bound and would read every match.
		const rows = this.store.guard(
			() =>
				this.store
					.statement(
						`SELECT s.id AS id, s.seq AS seq, s.node AS node, s.text AS text FROM spans s
						 WHERE s.id IN (SELECT rowid FROM spans_fts WHERE spans_fts MATCH ? AND rowid BETWEEN ? AND ? LIMIT ?)`,
					)
					.all(this.match, BigInt(range.lo), BigInt(range.hi), maxSpansRanked) as Array<{id: number; seq: number; node: number; text: string}>,
		);
		if (rows.length === 0) return [];
		const counted = rows.map((row) => {
			const frequencies = new Map<string, number>();
			let length = 0;
			for (const word of words(row.text)) {
				length++;
				const term = stem(word);
				if (this.weights.has(term)) frequencies.set(term, (frequencies.get(term) ?? 0) + 1);
			}
			return {row, frequencies, length};
		});
		const scores = bm25Scores(counted, this.weights);
		return counted
			.map(({row}, index) => ({id: row.id, text: row.text, seq: row.seq, node: row.node, score: scores[index]!}))
			.sort((x, y) => y.score - x.score || x.seq - y.seq);
	}

	/** A ranked span's snippet, from the text already read. */
	snippet(span: RankedSpan, words: number): string {
		return textSnippet(span.text, this.stems, words);
	}
}
