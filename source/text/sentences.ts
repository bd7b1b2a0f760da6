import sbd from 'sbd';
import {clip, plainText} from './clean.js';
import {isWordCode} from './summary-words.js';

const listItem = /^\s*(?:[-*+•]\s|\d{1,3}[.)]\s|#{1,6}\s|>\s?|\|)/u;
const endsSentence = /[.!?:;。！？]["')\]]*\s*$/u;

/**
 * Joins hard-wrapped lines into the sentences they belong to, while list items, quotes and table
 * rows keep their own line (the sentence splitter treats a newline as a boundary).
 */
function unwrap(text: string): string {
	const lines = text.split('\n');
	let result = '';
	let previous = '';
	for (const raw of lines) {
		const line = raw.trim();
		if (line === '') {
			if (result !== '') result += '\n';
			previous = '';
			continue;
		}
		if (result === '' || previous === '') result += line;
		else if (listItem.test(line) || endsSentence.test(previous)) result += `\n${line}`;
		else result += ` ${line}`;
		previous = line;
	}
	return result;
}

export const maxSentenceLength = 240;
const innerDot = /(?<=[\p{L}\p{N}_/~])\.(?=[\p{L}\p{N}_])/gu;
/** "e.g.", "i.e.", "U.S.", "a.k.a.": single letters and dots, which the splitter knows as abbreviations (once their dots are back). */
const letterAbbreviation = /(?<![\p{L}\p{N}_])(?:\p{L}\u2024)+\p{L}\./gu;
/** The dot that opens a dot file's name (".env", ".python-version"): no sentence ends there either. */
const leadingDot = /(?<=^|[\s(["'`])\.(?=[\p{L}_][\p{L}\p{N}_-])/gmu;
const codeLike = /[{};=]\s*$|^\s*(?:import|export|const|let|function|return|SELECT|FROM)\b/u;

function letterCount(text: string): number {
	let count = 0;
	for (let i = 0; i < text.length; i++) {
		const code = text.charCodeAt(i);
		if ((code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code > 127 && isWordCode(code))) count++;
	}
	return count;
}

/** A token that is a word as people write it: letters, maybe with an apostrophe, hyphen or trailing punctuation. */
const plainWord = /^["'(«“‘¿¡]*\p{L}[\p{L}\p{M}'’-]*[.,;:!?"')»”’…]*$/u;

/**
 * Whether a sentence is worth quoting: words, mostly letters, not a fragment of code, and not a
 * pasted log or key/value dump ("ID: 3f6c… Path: a/b.tfstate Who: runner@gha Version: 1.9.8"),
 * where most tokens are identifiers, numbers and paths rather than words.
 */
/** Chinese, Japanese and Korean letters: their sentences are written without spaces between words. */
const cjkLetter = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu;

/** A UTF-16 unit at U+1100 or above (surrogates too): every CJK letter is one or has one (Hangul Jamo is the lowest). */
const fromHangulJamo = /[\u1100-\uffff]/;

function readable(sentence: string): boolean {
	// Eight CJK letters or more read as a sentence that has words, though no spaces part them.
	if (fromHangulJamo.test(sentence) && (sentence.match(cjkLetter)?.length ?? 0) >= 8) return letterCount(sentence) >= sentence.length * 0.55 && !codeLike.test(sentence);
	if (sentence.length < 16) return false;
	let spaces = 0;
	for (let i = 0; i < sentence.length && spaces < 3; i++) if (sentence.charCodeAt(i) === 32) spaces++;
	if (spaces < 3) return false;
	if (letterCount(sentence) < sentence.length * 0.55) return false;
	if (codeLike.test(sentence)) return false;
	const tokens = sentence.split(' ');
	let words = 0;
	let keys = 0;
	for (const token of tokens) {
		if (plainWord.test(token)) words++;
		if (token.length > 1 && token.endsWith(':')) keys++;
	}
	// Three "Key:" labels or more in one sentence: a record pasted as text, not a sentence.
	if (keys >= 3 && keys >= tokens.length / 6) return false;
	return words >= tokens.length * 0.5;
}

/** The readable sentences of a piece of prose, markup removed, each at most 240 characters. */
const fenced = /^ {0,3}(`{3,}|~{3,})[^\n]*\n[\s\S]*?(?:^ {0,3}\1[ \t]*$|(?![\s\S]))/gmu;
const indentedCode = /^(?: {4}|\t).*$/gmu;

export function sentencesOf(text: string): string[] {
	// Code inside a message is not a sentence of it.
	const prose = text.includes('```') || text.includes('~~~') || text.includes('\n    ') ? text.replace(fenced, '\n').replace(indentedCode, '') : text;
	const unwrapped = unwrap(prose);
	// No letter or digit, no sentence: and sbd throws on a run of symbols alone (a "-----" separator).
	if (!/[\p{L}\p{N}]/u.test(unwrapped)) return [];
	const result: string[] = [];
	// A dot inside a word (a file name, a field path, a version) ends no sentence, but the splitter
	// would cut there: hide such dots from it.
	const hidden = unwrapped.includes('.') ? unwrapped.replace(innerDot, '\u2024').replace(leadingDot, '\u2024') : unwrapped;
	// (An abbreviation's dots are hidden ones: without any, there is none to give back.)
	const guarded = hidden.includes('\u2024') ? hidden.replace(letterAbbreviation, (abbreviation) => abbreviation.replaceAll('\u2024', '.')) : hidden;
	// The splitter knows no CJK stops: a sentence ends at 。！？ too.
	for (const raw of sbd.sentences(guarded, {newline_boundaries: true, sanitize: false}).flatMap((part) => part.split(/(?<=[。！？])/u))) {
		const sentence = plainText(raw.replace(/\u2024/gu, '.'));
		if (readable(sentence)) result.push(clip(sentence, maxSentenceLength));
	}
	return result;
}
