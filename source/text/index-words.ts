import {stemmer} from 'stemmer';
import {searchStopwords} from './stopwords.js';
import {addTo} from '../core/arrays.js';
import {hasUnspacedScript, splitRun} from './cjk-words.js';

/**
 * Words as FTS5's unicode61 tokenizer sees them: runs of letters, digits and marks, lowercased,
 * with diacritics removed (as `remove_diacritics 2` does).
 */
const wordPattern = /[\p{L}\p{N}\p{M}]+/gu;
const marks = /\p{M}+/gu;

const ascii = /^[\x00-\x7f]*$/u;

export function words(text: string): string[] {
	const found = text.toLowerCase().match(wordPattern);
	if (!found) return [];
	if (ascii.test(text)) return found;
	const out: string[] = [];
	for (const run of found) {
		if (ascii.test(run)) out.push(run);
		else if (hasUnspacedScript(run)) {
			// Chinese and Japanese runs are many words: each is one (search and keywords alike).
			// Kana's voicing marks are letters of their own (ガ is not カ): composed, not removed.
			for (const {start, end} of splitRun(run)) out.push(run.slice(start, end).normalize('NFKC'));
		} else {
			const word = run.normalize('NFKD').replace(marks, '');
			if (word) out.push(word);
		}
	}
	return out;
}

/** One word of a text, where it is, and as `words` gives it (lowercased, without diacritics). */
export interface PlacedWord {
	start: number;
	end: number;
	word: string;
}

/** The words of a text with their places in it (for marking them in a snippet). */
export function placedWords(text: string): PlacedWord[] {
	const out: PlacedWord[] = [];
	for (const found of text.matchAll(wordPattern)) {
		if (hasUnspacedScript(found[0])) {
			for (const {start, end} of splitRun(found[0])) {
				out.push({start: found.index + start, end: found.index + end, word: found[0].slice(start, end).toLowerCase().normalize('NFKC')});
			}
			continue;
		}
		const lower = found[0].toLowerCase();
		const word = ascii.test(lower) ? lower : lower.normalize('NFKD').replace(marks, '');
		if (word) out.push({start: found.index, end: found.index + found[0].length, word});
	}
	return out;
}

// Porter stemming is the slow part of reading text; a vocabulary repeats, so stems are kept.
const stems = new Map<string, string>();
const longNumber = /^\d{5,}$/u;

/** The Porter stem of a lowercased word (FTS5's porter tokenizer stems the same way). */
export function stem(word: string): string {
	let known = stems.get(word);
	if (known === undefined) {
		if (stems.size > 500_000) stems.clear();
		known = stemmer(word);
		stems.set(word, known);
	}
	return known;
}

// The term of each word `words` gives ('' for a word that is no term): one lookup per word.
const terms = new Map<string, string>();

/** The index term of a lowercased word as `words` gives it ('' for a word that is no term: a stop word, a long number, too short or too long). */
export function indexTermOf(word: string): string {
	return termOf(word);
}

/** Whether `text` is all ASCII (then its words are the runs of ASCII letters and digits, lowercased). */
export function isAsciiText(text: string): boolean {
	return ascii.test(text);
}

function termOf(word: string): string {
	let term = terms.get(word);
	if (term === undefined) {
		term = word.length < 2 || word.length > 40 || searchStopwords.has(word) || longNumber.test(word) ? '' : stem(word);
		if (terms.size > 500_000) terms.clear();
		terms.set(word, term);
	}
	return term;
}

/**
 * Removes from `wanted` (lowercased words) every word that ASCII `text` holds, as `words` gives
 * them, without a lowercased copy of the text or a string per word in it. A session body is
 * megabytes, and its novel summary words (a tool note's "tools", counts) are mostly not in it, so
 * the whole text is read: a lowercased copy scanned by a regex cost ~10% of a sessions ingest.
 * A few words are found by one case-insensitive pattern (the regex engine's literal search, ~2 ns
 * a character), remade without each word found; many words by hashing each word of the text as
 * it is read (~9 ns a character, whatever their number: the pattern's cost grows with it).
 */
export function deleteAsciiWordsOf(text: string, wanted: Set<string>): void {
	// Only ASCII words can be in ASCII text (and they need no escaping in a pattern).
	const candidates = new Set([...wanted].filter((word) => asciiWordPattern.test(word)));
	if (candidates.size > maxPatternWords) hashScan(text, candidates);
	else patternScan(text, candidates);
	for (const word of wanted) if (asciiWordPattern.test(word) && !candidates.has(word)) wanted.delete(word);
}

const asciiWordPattern = /^[a-z0-9]+$/u;
const maxPatternWords = 12;

/** Removes from `candidates` the words `text` holds. */
function patternScan(text: string, candidates: Set<string>): void {
	let from = 0;
	while (candidates.size > 0) {
		const pattern = new RegExp(`(?<![A-Za-z0-9])(?:${[...candidates].join('|')})(?![A-Za-z0-9])`, 'gi');
		pattern.lastIndex = from;
		const found = pattern.exec(text);
		if (!found) return;
		candidates.delete(found[0].toLowerCase());
		from = found.index;
	}
}

/** Removes from `candidates` the words `text` holds. */
function hashScan(text: string, wanted: Set<string>): void {
	const byHash = new Map<number, string[]>();
	for (const word of wanted) {
		const hash = foldedHash(word, 0, word.length);
		addTo(byHash, hash, word);
	}
	eachAsciiWord(text, (start, end) => {
		const candidates = byHash.get(foldedHash(text, start, end));
		if (candidates) for (const word of candidates) if (word.length === end - start && wanted.has(word) && sameAsciiWord(text, start, word)) wanted.delete(word);
		return wanted.size > 0;
	});
}

/**
 * Calls `visit(start, end, upper)` for each run of ASCII letters and digits in `text` (the words
 * `words` gives of ASCII text), `upper` when the run has a capital; stops when `visit` returns false.
 */
function eachAsciiWord(text: string, visit: (start: number, end: number, upper: boolean) => boolean): void {
	const length = text.length;
	let at = 0;
	while (at < length) {
		if (!isAsciiWordCode(text.charCodeAt(at))) {
			at++;
			continue;
		}
		const start = at;
		let upper = false;
		for (; at < length; at++) {
			const code = text.charCodeAt(at);
			if (code >= 65 && code <= 90) upper = true;
			else if (!isAsciiWordCode(code)) break;
		}
		if (!visit(start, at, upper)) return;
	}
}

const fnvOffset = 0x811c9dc5 | 0;
const fnvPrime = 16777619;

/** FNV-1a of `text[start, end)` with ASCII capitals read as small letters. */
function foldedHash(text: string, start: number, end: number): number {
	let hash = fnvOffset;
	for (let i = start; i < end; i++) {
		const code = text.charCodeAt(i);
		hash = Math.imul(hash ^ (code >= 65 && code <= 90 ? code + 32 : code), fnvPrime);
	}
	return hash;
}

/** `text` at `start` spells the lowercased `word`, in any case. */
function sameAsciiWord(text: string, start: number, word: string): boolean {
	for (let i = 0; i < word.length; i++) {
		const code = text.charCodeAt(start + i);
		if ((code >= 65 && code <= 90 ? code + 32 : code) !== word.charCodeAt(i)) return false;
	}
	return true;
}

const isAsciiWordCode = (code: number) => (code >= 97 && code <= 122) || (code >= 48 && code <= 57) || (code >= 65 && code <= 90);

/** Porter stems of content words: the terms the LSA model is built on. */
export function stemmedTerms(text: string): string[] {
	const found: string[] = [];
	if (!ascii.test(text)) {
		for (const word of words(text)) {
			const term = termOf(word);
			if (term) found.push(term);
		}
		return found;
	}
	// ASCII text, scanned by hand (the words `words` gives: runs of letters and digits, lowercased),
	// without a lowercased copy or an array of its words: 1.5-2x faster on the megabytes an ingest stems.
	eachAsciiWord(text, (start, end, upper) => {
		const word = text.slice(start, end);
		const term = termOf(upper ? word.toLowerCase() : word);
		if (term) found.push(term);
		return true;
	});
	return found;
}
