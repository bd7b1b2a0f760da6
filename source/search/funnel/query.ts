import {DrillError} from '../../core/errors.js';
import {hint, run} from '../../core/hint.js';
import {searchStopwords} from '../../text/stopwords.js';
import {words} from '../../text/index-words.js';
import {hasUnspacedScript} from '../../text/cjk-words.js';

/** A query's words, capped so a pasted page cannot make one FTS5 query of thousands of terms. */
export const maxQueryTerms = 48;
export const maxQueryChars = 100_000;

export interface ParsedQuery {
	/** The text as given (for the result). */
	text: string;
	/** Distinct content words (function words dropped when content words remain): what snippets mark and stage 2 drills by. */
	terms: string[];
	/** Every distinct word, in order. */
	words: string[];
	/**
	 * How often each of `words` was typed (in the whole query): stage-1 bm25 counts each word this
	 * often (a long request that says "library" four times is about libraries).
	 */
	counts: Readonly<Record<string, number>>;
	/** The content words in the order typed, repeats kept: neighbours here are the pairs proximity looks for. */
	sequence: string[];
	/** The FTS5 MATCH expression, or '' when the query has no searchable word. */
	match: string;
	/** A question (it ends with "?" or opens with a question word): answered in one place, so passages count. */
	question: boolean;
	/**
	 * Runs of Chinese or Japanese typed without a space that the segmenter split into several
	 * words ("登录页面" → "登录 页面"), each as one FTS5 phrase: what was typed as one unit.
	 */
	phrases: string[];
}

const questionWords = new Set(['what', 'when', 'where', 'who', 'whom', 'whose', 'which', 'why', 'how', 'did', 'do', 'does', 'is', 'are', 'was', 'were', 'can', 'could', 'should', 'would', 'will', 'has', 'have', 'had']);

/** Whether a query asks a question: it ends with "?" or its first word is a question word. */
export function isQuestion(text: string): boolean {
	return /\?\s*$/u.test(text) || questionWords.has(words(text)[0] ?? '');
}

/**
 * Turns what a person typed into a safe FTS5 expression: every word becomes a quoted string, so
 * quotes, AND/OR/NOT/NEAR, `*`, `:`, `^` and parentheses are plain text and never a syntax error.
 * Terms are ORed (ranked by bm25), function words are dropped when content words remain.
 */
export function parseQuery(query: unknown): ParsedQuery {
	if (typeof query !== 'string') throw new DrillError('bad_argument', 'the query must be a string', hint`e.g. ${run('find', {query: 'retry storm'})}`);
	if (query.trim() === '') throw new DrillError('bad_argument', 'the query is empty', hint`give some words to search for, e.g. ${run('find', {query: 'retry storm'})}`);
	if (query.length > maxQueryChars) throw new DrillError('bad_argument', `the query is ${query.length} characters long`, `keep it under ${maxQueryChars} characters`);
	const all = [...new Set(words(query))].slice(0, maxQueryTerms);
	const content = all.filter((word) => !searchStopwords.has(word));
	const terms = content.length > 0 ? content : all;
	const typed = words(query);
	const sequence = (content.length > 0 ? typed.filter((word) => !searchStopwords.has(word)) : typed).slice(0, maxQueryTerms);
	const counts: Record<string, number> = Object.create(null);
	const wanted = new Set(all);
	for (const word of typed) if (wanted.has(word)) counts[word] = (counts[word] ?? 0) + 1;
	return {text: query, terms, words: all, sequence, counts, match: terms.map(quote).join(' OR '), question: isQuestion(query), phrases: unspacedPhrases(query)};
}

const letterRun = /[\p{L}\p{N}\p{M}]+/gu;

/** The query's runs of an unspaced script that hold several words, each as its words joined by a space (distinct, at most `maxPhrases`). */
export function unspacedPhrases(query: string): string[] {
	if (!hasUnspacedScript(query)) return [];
	const phrases = new Set<string>();
	for (const [run] of query.matchAll(letterRun)) {
		if (!hasUnspacedScript(run)) continue;
		const parts = words(run);
		if (parts.length >= 2 && parts.length <= maxQueryTerms) phrases.add(parts.join(' '));
		if (phrases.size >= maxPhrases) break;
	}
	return [...phrases];
}

/** Phrases of the stage-1 bm25 query at most (each costs FTS5 one more cursor), and repeats of one word. */
export const maxPhrases = 128;
export const maxRepeats = 16;

/**
 * The OR of `words`, each quoted and repeated `weight(word)` times for every time it was typed
 * (`counts`; at most `maxRepeats` times, `maxPhrases` phrases in all, each word once before any
 * repeat): FTS5's bm25 adds up every phrase, so a word typed twice weighs twice — the query-term
 * frequency of classic bm25 — and a word of weight 1 weighs half as much as one of weight 2.
 */
export function weightedMatch(words: readonly string[], counts: Readonly<Record<string, number>> = {}, weight: (word: string) => number = () => 1): string {
	const phrases: string[] = [];
	const repeats = words.map((word) => Math.min(maxRepeats, Math.max(1, Math.round((counts[word] ?? 1) * weight(word)))));
	for (let round = 0; round < maxRepeats && phrases.length < maxPhrases; round++) {
		words.forEach((word, index) => {
			if (repeats[index]! > round && phrases.length < maxPhrases) phrases.push(quote(word));
		});
	}
	return phrases.join(' OR ');
}

export function quote(term: string): string {
	return `"${term.replaceAll('"', '""')}"`;
}

/** A namespace as one FTS5 token of the `scope` column: hex keeps every namespace distinct. */
export function scopeToken(namespace: string): string {
	return `ns${Buffer.from(namespace, 'utf8').toString('hex')}0`;
}

/** `match` restricted to one namespace, evaluated inside FTS5 before any limit. */
export function scopedMatch(match: string, namespace: string | undefined): string {
	return namespace ? `(${match}) AND scope : ${quote(scopeToken(namespace))}` : match;
}
