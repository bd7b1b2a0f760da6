import {stemmer} from 'stemmer';

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
	return found.map((word) => (ascii.test(word) ? word : word.normalize('NFKD').replace(marks, ''))).filter(Boolean);
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
		const lower = found[0].toLowerCase();
		const word = ascii.test(lower) ? lower : lower.normalize('NFKD').replace(marks, '');
		if (word) out.push({start: found.index, end: found.index + found[0].length, word});
	}
	return out;
}

/**
 * English function words. They carry no topic, and in an OR query each one matches most of the
 * store, so they cost time without changing the ranking.
 */
export const stopwords: ReadonlySet<string> = new Set(
	`a about above after again against all also am an and any are aren't as at be because been before being below between both
	but by can cannot could did do does doing done down during each either else ever every few for from further had has have having
	he her here hers herself him himself his how however i if in into is it its itself just let may me might more most must my
	myself no nor not now of off on once only or other otherwise our ours ourselves out over own per rather same shall she should
	since so some such than that the their theirs them themselves then there therefore these they this those though through thus
	to too under until up upon us very via was we were what whatever when where whether which while who whom whose why will
	with within without would yet you your yours yourself yourselves`
		.split(/\s+/u)
		.filter(Boolean),
);

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

/** Porter stems of content words: the terms the LSA model is built on. */
export function stemmedTerms(text: string): string[] {
	const terms: string[] = [];
	for (const word of words(text)) {
		if (word.length < 2 || word.length > 40 || stopwords.has(word) || longNumber.test(word)) continue;
		terms.push(stem(word));
	}
	return terms;
}
