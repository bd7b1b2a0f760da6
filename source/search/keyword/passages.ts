import type {SummaryStore} from '../../store/summary-store.js';
import {stem, words} from '../../text/index-words.js';
import {bm25Scores, type CountedText} from './bm25.js';
import {itemSpans, spanPasses} from './item-spans.js';
import {TermMatcher} from './term-matcher.js';
import type {ItemTermStats} from './term-stats.js';

/**
 * Passage evidence on top of bm25: how well the best stretch of an item — consecutive spans
 * (messages of a session, sentences of a page) from one that holds a query word on, about
 * `passageWords` words long — answers the query, scored by BM25 over the stretches of the best
 * items, with the words' rarity among those stretches. bm25 over a whole session counts a word
 * wherever it is; a question is usually answered in one place. Added to the best `passageDepth`
 * items' bm25, scaled to it (the best passage as much as `weight` times the best item's score).
 */
export const passageWords = 80;
/** A passage runs over at most this many spans. */
export const passageSpans = 8;
export const passageDepth = 30;

/**
 * Passages count only where the items are long: when the middle one of the items scored is at
 * least this many passages long. Over short items (abstracts, short pages) the best passage is
 * most of the item, and bm25 over the item already says how well it answers.
 */
export const minItemPassages = 4;

export interface PassageOptions {
	weight?: number;
	words?: number;
	depth?: number;
	minItemPassages?: number;
	/** Passages count for every query, not only for questions (for measuring). */
	always?: boolean;
}

/**
 * The best passage score of each of `roots` (item root node ids) that holds a query word.
 * `query`: each word with how much it counts (typed count × its weight).
 */
export function passageScores(store: SummaryStore, roots: readonly number[], query: ReadonlyMap<string, number>, stats: ItemTermStats, length = passageWords, minPassages = minItemPassages): Map<number, number> {
	const scores = new Map<number, number>();
	if (roots.length === 0 || query.size === 0) return scores;
	const counts = new Map<string, number>();
	for (const [word, weight] of query) counts.set(stem(word), (counts.get(stem(word)) ?? 0) + weight);
	const matcher = new TermMatcher(new Set(counts.keys()));
	const passes = spanPasses([...query.keys()], stats);
	const items = new Map(store.guard(() => store.statement('SELECT id, item FROM nodes WHERE id IN (SELECT value FROM json_each(?))').raw(true).all(JSON.stringify(roots)) as Array<[number, number]>));
	if (middleLength(store, roots) < minPassages * length) return scores;
	const passages: Array<CountedText & {root: number}> = [];
	for (const root of roots) {
		const item = items.get(root);
		if (item === undefined) continue;
		const read = itemSpans(store, item, passes, passageSpans - 1);
		const spans = read.rows
			.map((row) => {
				const frequencies = new Map<string, number>();
				let size = 0;
				for (const word of words(row.text)) {
					size++;
					const term = matcher.term(word);
					if (term !== undefined) frequencies.set(term, (frequencies.get(term) ?? 0) + 1);
				}
				return {seq: row.seq, frequencies, size};
			})
			.sort((a, b) => a.seq - b.seq);
		spans.forEach((first, index) => {
			if (first.frequencies.size === 0) return;
			const frequencies = new Map<string, number>();
			let size = 0;
			for (let next = index; next < spans.length && size < length && spans[next]!.seq - first.seq < passageSpans && spans[next]!.seq === first.seq + (next - index); next++) {
				size += spans[next]!.size;
				for (const [term, count] of spans[next]!.frequencies) frequencies.set(term, (frequencies.get(term) ?? 0) + count);
			}
			passages.push({root, frequencies, length: size});
		});
	}
	// A word's weight: its rarity among the passages scored (Lucene's always-positive IDF), as often as the query counts it.
	const holding = new Map<string, number>();
	for (const passage of passages) for (const term of passage.frequencies.keys()) holding.set(term, (holding.get(term) ?? 0) + 1);
	const weights = new Map([...counts].map(([term, count]) => [term, count * Math.log(1 + (passages.length - (holding.get(term) ?? 0) + 0.5) / ((holding.get(term) ?? 0) + 0.5))]));
	const scored = bm25Scores(passages, weights);
	passages.forEach(({root}, index) => scores.set(root, Math.max(scores.get(root) ?? 0, scored[index]!)));
	return scores;
}

/** The body column of `search_root_fts`: its fifth (title, summary, keywords, tldr, body, scope). */
const bodyColumn = 4;

/**
 * The middle length (words of raw text) of the items whose roots are given, from FTS5's own count
 * of each row's tokens per column (its `docsize` table: one varint a column), so that nothing of
 * the items is read to learn it.
 */
export function middleLength(store: SummaryStore, roots: readonly number[]): number {
	const rows = store.guard(() => store.statement('SELECT sz FROM search_root_fts_docsize WHERE id IN (SELECT value FROM json_each(?))').raw(true).all(JSON.stringify(roots)) as Array<[Buffer]>);
	const lengths = rows.map(([sz]) => columnSize(sz, bodyColumn)).sort((a, b) => a - b);
	return lengths[Math.floor(lengths.length / 2)] ?? 0;
}

/** The `column`th of the SQLite varints in `blob` (0 when there are fewer). */
function columnSize(blob: Buffer, column: number): number {
	let at = 0;
	for (let index = 0; at < blob.length; index++) {
		let value = 0;
		let byte: number;
		do {
			byte = blob[at++]!;
			value = value * 128 + (byte & 0x7f);
		} while (byte & 0x80 && at < blob.length);
		if (index === column) return value;
	}
	return 0;
}
