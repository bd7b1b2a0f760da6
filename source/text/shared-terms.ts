import {indexTermOf, stemmedTerms} from './index-words.js';
import {bagOfIds, bagOfTerms, type TermBag, type TermIds} from './term-bags.js';

/**
 * A text is tokenized once: the summarizer, reading a block's words for its topics (summary-words.ts
 * `addTerms`), also takes the index's terms of the same words and leaves them here under the block's
 * text, and the term counts of the item's spans (item-term-counts.ts), which are those very texts,
 * take them instead of reading and stemming the text again (`indexBagOf`). Only ASCII text is shared
 * this way: there a summary word (`max_connections`, `single-flight`) is the index's words (`max`,
 * `connections`) joined by `_`, `-` or `'`, so splitting it at those gives exactly what
 * `stemmedTerms` gives; other scripts are read by each as before.
 */

/** An index term, with its id in the last dictionary it was counted in (most counts of a run share one). */
export class IndexTerm {
	private dictionary: TermIds | undefined;
	private known = -1;

	constructor(readonly term: string) {}

	idIn(dictionary: TermIds): number {
		if (this.dictionary !== dictionary) {
			this.known = dictionary.id(this.term);
			this.dictionary = dictionary;
		}
		return this.known;
	}
}

/** What a word of the summarizer's scanner is to the index: no term, one, or several (a joined word). */
export type IndexTermsOfWord = IndexTerm | readonly IndexTerm[] | undefined;

const objects = new Map<string, IndexTerm>();

function indexTerm(term: string): IndexTerm {
	let known = objects.get(term);
	if (!known) {
		if (objects.size > 500_000) objects.clear();
		known = new IndexTerm(term);
		objects.set(term, known);
	}
	return known;
}

/** The index terms (`stemmedTerms`) of one ASCII word as the summarizer's scanner gives it, in order. */
export function indexTermsOfWord(original: string): IndexTermsOfWord {
	const lower = original.toLowerCase();
	if (!joiner.test(lower)) {
		const term = indexTermOf(lower);
		return term ? indexTerm(term) : undefined;
	}
	const found: IndexTerm[] = [];
	for (const part of lower.split(joiners)) {
		const term = indexTermOf(part);
		if (term) found.push(indexTerm(term));
	}
	return found.length === 0 ? undefined : found.length === 1 ? found[0] : found;
}

const joiner = /[-_']/u;
const joiners = /[-_']/gu;

/** Adds a word's index terms to `into`. */
export function pushIndexTerms(terms: IndexTermsOfWord, into: IndexTerm[]): void {
	if (terms === undefined) return;
	if (terms instanceof IndexTerm) into.push(terms);
	else for (const term of terms) into.push(term);
}

// Texts read by the summarizer, with their index terms, until their counts take them: those of the
// source being described (`forgetIndexTerms` when the next one starts), and only up to a bound, so
// that a long session, whose counts are not kept, does not hold millions of terms for nothing.
const kept = new Map<string, IndexTerm[]>();
let keptTerms = 0;
/** At most this many terms are held (~8 bytes each): a page's thousands, not a long session's millions. */
export const maxKeptTerms = 1_000_000;

/** Leaves `terms`, the index terms of `text` (as `stemmedTerms(text)` gives them), for its counts to take. */
export function keepIndexTerms(text: string, terms: IndexTerm[]): void {
	if (keptTerms + terms.length > maxKeptTerms || kept.has(text)) return;
	kept.set(text, terms);
	keptTerms += terms.length;
}

let sharing = true;

/**
 * Lets every kept text go (a new source is being described); `share` false keeps none for it.
 * Only documents share: a session's prose is megabytes of rarely repeated forms, and one run on
 * the generated 108 MB archive peaked at 327 MB instead of 252 while sharing (one run each, loads
 * 18 and 26: not settled, so sessions read their text twice as before).
 */
export function forgetIndexTerms(share = true): void {
	kept.clear();
	keptTerms = 0;
	sharing = share;
}

/** Whether more terms can be kept now. */
export function keepsIndexTerms(): boolean {
	return sharing && keptTerms < maxKeptTerms;
}

/** `bagOfTerms(stemmedTerms(text), ids)`: of the terms the summarizer left for it (taken, not kept), else of the text read now. */
export function indexBagOf(text: string, ids: TermIds): TermBag {
	const known = kept.get(text);
	if (known === undefined) return bagOfTerms(stemmedTerms(text), ids);
	kept.delete(text);
	keptTerms -= known.length;
	const found = new Array<number>(known.length);
	for (let i = 0; i < known.length; i++) found[i] = known[i]!.idIn(ids);
	return bagOfIds(found);
}

/** How many texts' terms are held (for tests). */
export function keptIndexTexts(): number {
	return kept.size;
}
