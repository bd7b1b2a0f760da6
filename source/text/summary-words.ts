import {stemmer} from 'stemmer';
import {topicStopwords} from './stopwords.js';
import {hasUnspacedScript, isUnspacedWord, splitRun} from './cjk-words.js';
import {indexTermsOfWord, pushIndexTerms, type IndexTerm, type IndexTermsOfWord} from './shared-terms.js';

/**
 * Words, stems and term bags. One hand-written scanner does the tokenizing (a Unicode-aware regex
 * was 3x slower on megabytes of text): letters and digits of any script, joined by `_`, `-` and
 * apostrophes inside a word, so `max_connections` and `single-flight` stay whole.
 */

const letterOrDigit = /[\p{L}\p{N}\p{M}]/u;
// 0 = not yet known, 1 = word character, 2 = not.
const wideClass = new Uint8Array(65_536);

export function isWordCode(code: number): boolean {
	if (code < 128) return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57);
	if (code >= 0xd800 && code <= 0xdfff) return false;
	let known = wideClass[code]!;
	if (known === 0) {
		known = letterOrDigit.test(String.fromCharCode(code)) ? 1 : 2;
		wideClass[code] = known;
	}
	return known === 1;
}

const isJoiner = (code: number) => code === 95 || code === 45 || code === 39 || code === 0x2019;

/** Calls `visit(start, end)` for every word of `text`, in order. */
export function scanWords(text: string, visit: (start: number, end: number) => void): void {
	const length = text.length;
	let i = 0;
	while (i < length) {
		if (!isWordCode(text.charCodeAt(i))) {
			i++;
			continue;
		}
		const start = i++;
		let wide = false;
		while (i < length) {
			const code = text.charCodeAt(i);
			if (code >= 0x0e00) wide = true;
			if (isWordCode(code)) i++;
			else if (isJoiner(code) && i + 1 < length && isWordCode(text.charCodeAt(i + 1))) i += 2;
			else break;
		}
		if (wide || text.charCodeAt(start) >= 0x0e00) {
			const run = text.slice(start, i);
			if (hasUnspacedScript(run)) {
				// A run of Chinese or Japanese is many words.
				for (const part of splitRun(run)) visit(start + part.start, start + part.end);
				continue;
			}
		}
		visit(start, i);
	}
}

const maxWordLength = 40;
const stemCache = new Map<string, string>();
const asciiWord = /^[a-z]+$/u;

/** The Porter stem of an English word; other words (code names, other scripts) stay as they are. */
export function stemOf(lower: string): string {
	let stem = stemCache.get(lower);
	if (stem === undefined) {
		let word = lower;
		if (word.endsWith("'s") || word.endsWith('’s')) word = word.slice(0, -2);
		stem = word.length > 3 && asciiWord.test(word) ? stemmer(word) : word;
		if (stemCache.size > 200_000) stemCache.clear();
		stemCache.set(lower, stem);
	}
	return stem;
}

function digitShare(word: string): number {
	let digits = 0;
	for (let i = 0; i < word.length; i++) {
		const code = word.charCodeAt(i);
		if (code >= 48 && code <= 57) digits++;
	}
	return digits / word.length;
}

const isUpper = (word: string) => word !== word.toLowerCase() && word === word.toUpperCase();

/**
 * Whether a word names a topic: not a stop word, not a number or an id, not one letter; two
 * letters only as an acronym (CI, DB).
 */
export function isTermWord(original: string, lower: string): boolean {
	if (lower.length > maxWordLength) return false;
	if (lower.length < 2) return false;
	// Two letters are a word in Chinese or Japanese (登录, 修复), an acronym elsewhere.
	if (lower.length === 2 && !isUpper(original) && !isUnspacedWord(lower)) return false;
	if (topicStopwords.has(lower)) return false;
	if (digitShare(lower) > 0.4) return false;
	return true;
}

/**
 * The readable form of each stem seen in one item: the shortest form written in lower case
 * ("retry" for retries/retrying), or as first written when it never appears in lower case
 * (RateCache, API).
 */
export class Lexicon {
	private readonly forms = new Map<string, string>();

	note(stem: string, original: string): void {
		const known = this.forms.get(stem);
		if (known === original) return;
		const lower = original.toLowerCase();
		if (known === undefined) this.forms.set(stem, original);
		else if (original === lower && (known !== known.toLowerCase() || lower.length < known.length)) this.forms.set(stem, lower);
	}

	display(stem: string): string {
		return this.forms.get(stem) ?? stem;
	}
}

export type Bag = Map<string, number>;

// The stem of each written form, or '' when it is not a topic word: one lookup per word.
const termCache = new Map<string, string>();

/** The stem of a written word when it names a topic, else ''. */
export function termOf(original: string): string {
	let term = termCache.get(original);
	if (term === undefined) {
		const lower = original.toLowerCase();
		term = isTermWord(original, lower) ? stemOf(lower) : '';
		if (termCache.size > 500_000) termCache.clear();
		termCache.set(original, term);
	}
	return term;
}

// A written word's summary stem and index terms, for text read for both (one lookup per word).
const sharedCache = new Map<string, {stem: string; index: IndexTermsOfWord}>();

function sharedWordOf(original: string): {stem: string; index: IndexTermsOfWord} {
	let known = sharedCache.get(original);
	if (known === undefined) {
		known = {stem: termOf(original), index: indexTermsOfWord(original)};
		if (sharedCache.size > 500_000) sharedCache.clear();
		sharedCache.set(original, known);
	}
	return known;
}

/**
 * Adds the stems of `text`'s topic words to `bag`, each counting `weight`. With `index`, `text` is
 * ASCII and the index terms of its words (`stemmedTerms(text)`) are pushed there as they are read
 * (shared-terms.ts: the text is tokenized once for the summary, the keyword rows and the counts).
 */
export function addTerms(text: string, bag: Bag, weight = 1, lexicon?: Lexicon, index?: IndexTerm[]): Bag {
	scanWords(text, (start, end) => {
		const original = text.slice(start, end);
		let stem: string;
		if (index) {
			const both = sharedWordOf(original);
			pushIndexTerms(both.index, index);
			stem = both.stem;
		} else stem = termOf(original);
		if (stem === '') return;
		const count = bag.get(stem);
		bag.set(stem, (count ?? 0) + weight);
		// A form is noted the first time a bag sees its stem: cheap, and enough to learn the forms.
		if (count === undefined) lexicon?.note(stem, original);
	});
	return bag;
}

/** The stems of `text`'s topic words, in order, with repeats. */
export function termsOf(text: string, lexicon?: Lexicon): string[] {
	const terms: string[] = [];
	scanWords(text, (start, end) => {
		const original = text.slice(start, end);
		const stem = termOf(original);
		if (stem === '') return;
		terms.push(stem);
		lexicon?.note(stem, original);
	});
	return terms;
}

/** Keeps the `limit` heaviest terms, so that bags of big topics stay small. */
export function capBag(bag: Bag, limit: number): Bag {
	if (bag.size <= limit) return bag;
	const kept = [...bag].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, limit);
	return new Map(kept);
}

export function mergeBag(into: Bag, from: Bag, weight = 1): Bag {
	for (const [term, count] of from) into.set(term, (into.get(term) ?? 0) + count * weight);
	return into;
}

export function cosine(a: Bag, b: Bag): number {
	if (a.size === 0 || b.size === 0) return 0;
	const [small, large] = a.size <= b.size ? [a, b] : [b, a];
	let dot = 0;
	for (const [term, count] of small) {
		const other = large.get(term);
		if (other !== undefined) dot += count * other;
	}
	if (dot === 0) return 0;
	let na = 0;
	let nb = 0;
	for (const count of a.values()) na += count * count;
	for (const count of b.values()) nb += count * count;
	return dot / Math.sqrt(na * nb);
}
