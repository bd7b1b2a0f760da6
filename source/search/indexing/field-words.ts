import type {ItemRecord} from '../../store/interchange.js';
import {termsOfWords, words} from '../../text/index-words.js';

/**
 * The words and terms of an item's summary fields (titles, summaries, keywords, TLDR), read once
 * per item: the root row's novel words (node-text.ts) and the semantic counts (item-index.ts) both
 * need them, at different moments of a write (the counts as the item is written, the rows when its
 * batch is indexed), and reading them twice cost a tenth of the index phase on a docs ingest.
 */
interface FieldWords {
	words: readonly string[];
	terms?: readonly string[];
}

const byItem = new WeakMap<ItemRecord, Map<string, FieldWords>>();

function read(item: ItemRecord, text: string): FieldWords {
	let fields = byItem.get(item);
	if (!fields) {
		fields = new Map();
		byItem.set(item, fields);
	}
	let known = fields.get(text);
	if (!known) {
		known = {words: words(text)};
		fields.set(text, known);
	}
	return known;
}

/** `words(text)` of one of `item`'s fields. */
export function fieldWords(item: ItemRecord, text: string): readonly string[] {
	return read(item, text).words;
}

/** `stemmedTerms(text)` of one of `item`'s fields. */
export function fieldTerms(item: ItemRecord, text: string): readonly string[] {
	const known = read(item, text);
	known.terms ??= termsOfWords(known.words);
	return known.terms;
}

/** The terms of several of `item`'s fields in order: `stemmedTerms` of the fields joined by line breaks. */
export function fieldsTerms(item: ItemRecord, texts: readonly string[]): string[] {
	const terms: string[] = [];
	for (const text of texts) if (text) for (const term of fieldTerms(item, text)) terms.push(term);
	return terms;
}
