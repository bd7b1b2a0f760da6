import {withoutContext} from '../formats/requests.js';
import {clip, plainText} from '../../text/clean.js';
import {clipWords} from './closing-report.js';
import {isNoiseTitle} from './titles.js';

/**
 * What a request goes on to ask after the words its title states. A title is the request's first
 * sentence, or a cut of it: "This is the original, fully functional Data Factory VM" leaves out
 * "Your mission is to conduct a complete audit of this system…", and "…wire it properly to…"
 * leaves out "arifos mcp". When the title already states the request the TLDR does not repeat it,
 * but it says these next words, which often name the subject the first sentence only introduces.
 */

/** The next words are shown up to this many. */
export const sequelWords = 12;
/** …and up to this many characters (a sentence in Chinese or Japanese has no spaces). */
const sequelChars = 90;
/** The title's words are looked for in the request's first this many words. */
const searchWords = 80;
/** At least this share of the title's words must be found in order for the request to be the title's. */
const matchedShare = 0.6;

interface Word {
	text: string;
	key: string;
	/** Whether a sentence ends after this word (a stop, or the end of a line). */
	ends: boolean;
}

const letters = /[\p{L}\p{N}]/u;
const keyOf = (word: string) => word.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

function wordsOf(text: string): Word[] {
	const words: Word[] = [];
	// A dot inside a word (a file name, a version) ends no sentence; a line break ends one.
	for (const line of text.split(/\n/u)) {
		const parts = line.split(/\s+/u).filter((part) => letters.test(part) || /[.!?。！？]$/u.test(part));
		for (const [index, part] of parts.entries()) {
			if (!letters.test(part)) {
				const last = words.at(-1);
				if (last) last.ends = true;
				continue;
			}
			words.push({text: part, key: keyOf(part), ends: index === parts.length - 1 || /[.!?。！？]["”’)*]*$/u.test(part)});
		}
	}
	return words;
}

/**
 * A sentence a person wrote, not a pasted log line ("2025-09-01 21:30:18,910 app.ocpp_server_logic
 * INFO …") or a shell prompt: it opens with a letter or a quote, and has no clock time in it.
 */
const readsAsWords = (sentence: string) => /^["“'‘(]?\p{L}/u.test(sentence) && !/\b\d{1,2}:\d{2}(?::\d{2})?\b|[$#]\s|\w@[\w.-]+:/u.test(sentence) && !isNoiseTitle(sentence);
const shown = (text: string) => clip(clipWords(text, sequelWords), sequelChars);

/** The next sentence of three words or more, as a request reads it; undefined when none follows. */
function nextSentence(words: readonly Word[], from: number): string | undefined {
	let start = from;
	while (start < words.length) {
		let end = start;
		while (end < words.length - 1 && !words[end]!.ends) end++;
		const sentence = words.slice(start, end + 1).map((word) => word.text).join(' ');
		if (end - start + 1 >= 3 && readsAsWords(sentence)) return sentence;
		start = end + 1;
		// Only the sentence right after the title's, or the one after a short one ("Copy and paste:").
		if (start - from > sequelWords) return undefined;
	}
	return undefined;
}

/**
 * The words of `request` after those `title` states: the rest of the sentence when the title is
 * cut ("…"), else the next sentence; at most `sequelWords` words. Undefined when the title is not
 * the request's own words or nothing of three words follows.
 */
export function requestSequel(request: string, title: string): string | undefined {
	const cut = /…$/u.test(title.trim());
	const wanted = wordsOf(title.replace(/…$/u, '')).map((word) => word.key).filter(Boolean);
	if (wanted.length < 2) return undefined;
	const words = wordsOf(plainText(withoutContext(request)).replace(/@?https?:\/\/\S+/gu, ' '));
	// The title's words in order among the request's first words; what follows the last found is the sequel.
	let found = 0;
	let after = -1;
	for (let index = 0; index < Math.min(words.length, searchWords) && found < wanted.length; index++) {
		if (words[index]!.key === wanted[found]) {
			found++;
			after = index + 1;
		} else if (found > 0 && words[index]!.key === wanted[found + 1]) {
			found += 2;
			after = index + 1;
		}
	}
	if (after < 0 || found / wanted.length < matchedShare) return undefined;
	if (cut && !words[after - 1]!.ends) {
		// The rest of the cut sentence ("…arifos mcp"), however short.
		let end = after;
		while (end < words.length - 1 && !words[end]!.ends) end++;
		const rest = words.slice(after, end + 1).map((word) => word.text).join(' ');
		return rest && readsAsWords(rest) ? shown(`…${rest}`) : undefined;
	}
	let start = after;
	while (start < words.length && !words[start - 1]!.ends) start++;
	const next = nextSentence(words, start);
	return next ? shown(next) : undefined;
}
