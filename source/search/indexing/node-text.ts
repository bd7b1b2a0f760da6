import {deleteAsciiWordsOf, words} from '../../text/index-words.js';
import {addTo} from '../../core/arrays.js';
import type {ItemRecord} from '../../store/interchange.js';

/** What stage 1 ranks for one node: its summary fields and the raw text of its whole subtree. */
export interface NodeText {
	ordinal: number;
	title: string;
	summary: string;
	keywords: string;
	/** The item's TLDR, on the root only. */
	tldr: string;
	/** The text of every span this node or a node below it owns, in order. */
	body: string;
}

/**
 * The searchable text of each node of an item. Summaries are lossy (an extractive summary keeps a
 * few sentences), so each node also carries the raw spans of its subtree: the root's stands for the
 * whole item in stage-1 keyword ranking, and every node is embedded with its subtree's text.
 */
/**
 * Layouts of the root's stage-1 row (see the `text_version` column): from 2 on, the root row's
 * summary column also holds every inner node's title, summary and keywords, so the coarse query
 * over item roots finds an item by any of its nodes, even one whose words are in no span. From 3
 * on the root row is the item's raw text and nothing else that bm25 would count (see `rootRow`).
 */
// 4: Chinese and Japanese text is written with a space between its words (spacedWords), so FTS5 sees each word.
// 5: the root row's body is the item's spans' text up to `rootBodyLimit` (see `cappedParts`).
export const currentTextVersion = 5;

/**
 * From layout 5 on, the root row's body holds the item's spans' text up to this many characters
 * (newlines counted): whole spans, the one that crosses the bound included. Only a huge item is
 * cut (a 1M-line session holds 97 M characters; the largest real session measured, ~3 M): FTS5's
 * hash of one 100 MB document and SQLite's joined copy of it were the peak of its ingest
 * (docs/ingest.md). A word only in the rest of such an item is in its spans' rows (stage 2) and in
 * the root row's summary column when a summary has it (see `rootFields`), not in its body.
 * (An object, so that a test can lower it; a row is deleted with the limit it was written with.)
 */
export const rootBodyLimit = {chars: 8_000_000};

/** The first of `parts` (joined by newlines) up to `limit` characters: whole parts, the one crossing the limit kept. */
export function cappedParts(parts: readonly string[], limit = rootBodyLimit.chars): readonly string[] {
	let length = -1;
	for (let index = 0; index < parts.length; index++) {
		length += parts[index]!.length + 1;
		if (length >= limit) return parts.slice(0, index + 1);
	}
	return parts;
}

export function nodeTexts(item: ItemRecord, withBodies?: 'every' | 'root' | 'none', textVersion?: number): NodeText[];
/** `'root-parts'`: only the root's body, as its spans' texts in order (the body is them joined by newlines). */
export function nodeTexts(item: ItemRecord, withBodies: 'root-parts'): {rootParts: string[]};
export function nodeTexts(item: ItemRecord, withBodies: 'every' | 'root' | 'none' | 'root-parts' = 'every', textVersion = currentTextVersion): NodeText[] | {rootParts: string[]} {
	const spanText = spanTexts(item);
	// Spans and children in order, so the same item read back from the store gives the same text.
	const children = new Map<number, number[]>();
	for (const node of [...item.nodes].sort((a, b) => a.ordinal - b.ordinal)) if (node.parent !== null) addTo(children, node.parent, node.ordinal);
	const byOrdinal = new Map(item.nodes.map((node) => [node.ordinal, node]));
	const ownText = (ordinal: number, into: string[]): void => {
		for (const seq of [...(byOrdinal.get(ordinal)?.spans ?? [])].sort((x, y) => x - y)) {
			const text = spanText(seq);
			if (text) into.push(text);
		}
	};
	// A node's spans, then its children's subtrees in order: depth first, without recursion (an
	// imported item may nest its nodes as deep as it likes); a node met twice (a cycle) adds nothing.
	const subtreeParts = (top: number): string[] => {
		const parts: string[] = [];
		const seen = new Set<number>();
		const stack = [top];
		while (stack.length > 0) {
			const ordinal = stack.pop()!;
			if (seen.has(ordinal)) continue;
			seen.add(ordinal);
			ownText(ordinal, parts);
			const below = children.get(ordinal) ?? [];
			for (let index = below.length - 1; index >= 0; index--) stack.push(below[index]!);
		}
		return parts;
	};
	if (withBodies === 'root-parts') return {rootParts: subtreeParts(0)};
	const subtreeText = (top: number): string => subtreeParts(top).join('\n');
	const below = textVersion >= 2 ? innerFields(item) : '';
	return item.nodes.map((node) => ({
		ordinal: node.ordinal,
		title: node.ordinal === 0 ? item.title || node.title : node.title,
		summary: node.ordinal === 0 && below ? `${node.summary}\n${below}` : node.summary,
		keywords: node.keywords.join('\n'),
		tldr: node.ordinal === 0 ? item.tldr : '',
		// A subtree's text joined for every node is the item's text once per level: only join what is read.
		body: withBodies === 'every' || (withBodies === 'root' && node.ordinal === 0) ? subtreeText(node.ordinal) : '',
	}));
}

/**
 * A span's text by its seq, looked up only when a body is read. An item whose spans are numbered by
 * their place (seq 0, 1, 2, … in order: every ingested item) is read in place; any other builds a
 * map once, the last span of a seq winning as before. A 1M-line session has 375 000 spans: a map
 * of them, made from an array of pairs, held ~50 MB beside the item while its rows were written.
 */
function spanTexts(item: ItemRecord): (seq: number) => string | undefined {
	const {spans} = item;
	let byPlace = true;
	for (let index = 0; index < spans.length && byPlace; index++) byPlace = spans[index]!.seq === index;
	if (byPlace) return (seq) => spans[seq]?.text;
	let map: Map<number, string> | undefined;
	return (seq) => {
		if (!map) {
			map = new Map();
			for (const span of spans) map.set(span.seq, span.text);
		}
		return map.get(seq);
	};
}

/** The columns of an item's root row in `search_root_fts`. */
export interface RootRow {
	title: string;
	summary: string;
	keywords: string;
	tldr: string;
	body: string;
	scope: string;
}

/**
 * The root row from layout 3 on: exactly the item's raw text — its title and its spans — so that
 * bm25 over these rows is bm25 over the raw text (the floor of the keyword list, by construction).
 * The summary column holds only the words of the summary fields (titles, summaries, keywords,
 * TLDR) that the raw text does not have, once each: nothing for an extractive summarizer, the new
 * words of an abstractive one, so an item is still found by what only its summary says. A word cut
 * short before an ellipsis is not a word. No scope token: a scope is a row filter (a token in
 * every row would lengthen each by one and move bm25's length normalization).
 */
export function rootRow(item: ItemRecord, body: string): RootRow {
	return {...rootFields(item, [body]), body};
}

/**
 * The root row's fields but its body, from the body's parts (its spans' texts, joined by newlines
 * in the row): a word never runs across a newline, so each part is read on its own, and the body of
 * a long session (a million lines: 100 M characters) is never made one string.
 */
export function rootFields(item: ItemRecord, parts: readonly string[]): Omit<RootRow, 'body'> {
	const title = item.title || item.nodes.find((node) => node.ordinal === 0)?.title || '';
	const titleWords = new Set(words(title));
	const novel = new Set<string>();
	for (const field of [item.tldr, ...item.nodes.flatMap((node) => [node.title, node.summary, node.keywords.join('\n')])]) {
		// (The pattern backtracks through every word: only run it where there is an ellipsis.)
		const whole = field.includes('…') || field.includes('...') ? field.replace(clipped, ' ') : field;
		for (const word of words(whole)) if (!titleWords.has(word)) novel.add(word);
	}
	// Read the body only as far as it takes to find them all (no array of all its words). A word found
	// is only taken out of a set, so the parts may be read in any order: the ASCII ones apart (one
	// curly quote in a page of documentation must not send every other part down the slow path).
	const ascii: string[] = [];
	const other: string[] = [];
	for (const part of parts) (asciiText.test(part) ? ascii : other).push(part);
	// ASCII parts are read in batches of about a megabyte: each reading sets up its words' patterns or
	// hashes, which per span of a log of 300 000 tiny lines took a minute (the batch is the same text).
	for (const batch of batches(ascii, 1 << 20)) {
		if (novel.size === 0) break;
		deleteAsciiWordsOf(batch, novel);
	}
	for (const part of other) {
		if (novel.size === 0) break;
		for (const found of part.matchAll(wordPattern)) {
			// An ASCII run is the one word `words` makes of it, lowercased.
			const word = asciiText.test(found[0]) ? found[0].toLowerCase() : words(found[0])[0];
			if (word !== undefined) novel.delete(word);
			if (novel.size === 0) break;
		}
	}
	return {title, summary: [...novel].join(' '), keywords: '', tldr: '', scope: ''};
}

/** `parts` joined by newlines into strings of about `size` characters (a part is never cut). */
function* batches(parts: readonly string[], size: number): Generator<string> {
	let batch: string[] = [];
	let length = 0;
	for (const part of parts) {
		batch.push(part);
		length += part.length + 1;
		if (length >= size) {
			yield batch.join('\n');
			batch = [];
			length = 0;
		}
	}
	if (batch.length > 0) yield batch.join('\n');
}

const wordPattern = /[\p{L}\p{N}\p{M}]+/gu;
const asciiText = /^[\x00-\x7f]*$/u;
const clipped = /[\p{L}\p{N}\p{M}]+(\u2026|\.\.\.)/gu;

/** The inner nodes' titles, summaries and keywords, in ordinal order. */
function innerFields(item: ItemRecord): string {
	return [...item.nodes]
		.filter((node) => node.ordinal !== 0)
		.sort((a, b) => a.ordinal - b.ordinal)
		.flatMap((node) => [node.title, node.summary, node.keywords.join('\n')])
		.filter(Boolean)
		.join('\n');
}

/** All of a node's text as one string (what an embedder reads). */
export function nodeFullText(text: NodeText): string {
	return [text.title, text.tldr, text.summary, text.keywords, text.body].filter(Boolean).join('\n');
}
