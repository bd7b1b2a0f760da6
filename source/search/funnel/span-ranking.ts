import type {SummaryStore} from '../../store/summary-store.js';
import {bm25Scores} from '../keyword/bm25.js';
import type {ItemTermStats} from '../keyword/term-stats.js';
import {textSnippet} from './text-snippet.js';
import {stem, words} from '../../text/index-words.js';
import {TermMatcher} from '../keyword/term-matcher.js';
import {itemSpans, spanPasses, type SpanRow} from '../keyword/item-spans.js';

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
	role: string;
	time: string | null;
	score: number;
}

/**
 * A term's weight inside one item: how rare it is among the item's spans (Lucene's always-positive
 * IDF), so that in an item where every span says "postgres", "vacuum" decides.
 */
function localIdf(spans: number, holding: number): number {
	return Math.log(1 + (spans - holding + 0.5) / (holding + 0.5));
}

/**
 * Ranks spans for one query, item by item; results are kept, so the drill stage and the hits'
 * snippets share the work. Every span that holds a query word can be returned, in a store of one
 * item or of millions: the spans holding the rarer words are read first (a common word would fill
 * the read cap with weak matches), then those holding only the common ones.
 */
export class SpanRanker {
	private readonly ranked = new Map<number, RankedSpan[]>();
	private readonly weights: Map<string, number>;
	/** The query's terms (stems): what spans are scored by and snippets mark. */
	readonly matcher: TermMatcher;
	/** FTS5 expressions read in turn: the rarer words, then the words most items hold. */
	private readonly passes: string[];

	constructor(
		private readonly store: SummaryStore,
		terms: readonly string[],
		stats: ItemTermStats,
	) {
		this.weights = new Map(terms.map((term) => [stem(term), stats.idf(term)]));
		this.matcher = new TermMatcher(new Set(this.weights.keys()));
		this.passes = spanPasses(terms, stats);
	}

	/** The item's matching spans, best first. */
	rank(itemRowId: number): RankedSpan[] {
		const known = this.ranked.get(itemRowId);
		if (known) return known;
		const ranked = this.passes.length > 0 ? this.score(itemRowId) : [];
		this.ranked.set(itemRowId, ranked);
		return ranked;
	}

	private score(itemRowId: number): RankedSpan[] {
		const {rows, spans} = itemSpans(this.store, itemRowId, this.passes);
		const holding = new Map<string, number>();
		const counted: Array<{row: SpanRow; frequencies: Map<string, number>; length: number}> = [];
		for (const row of rows) {
			const frequencies = new Map<string, number>();
			let length = 0;
			for (const word of words(row.text)) {
				length++;
				const term = this.matcher.term(word);
				if (term !== undefined) frequencies.set(term, (frequencies.get(term) ?? 0) + 1);
			}
			if (frequencies.size === 0) continue;
			for (const term of frequencies.keys()) holding.set(term, (holding.get(term) ?? 0) + 1);
			counted.push({row, frequencies, length});
		}
		if (counted.length === 0) return [];
		const weights = new Map([...this.weights].map(([term, idf]) => [term, idf + localIdf(spans, holding.get(term) ?? 0)]));
		const scores = bm25Scores(counted, weights);
		return counted
			.map(({row}, index) => ({id: row.id, text: row.text, seq: row.seq, node: row.node, role: row.role, time: row.time, score: scores[index]!}))
			.sort((x, y) => y.score - x.score || x.seq - y.seq);
	}

	/** A ranked span's snippet, from the text already read. */
	snippet(span: RankedSpan, words: number): string {
		return textSnippet(span.text, this.matcher, words);
	}
}
