import type {SummaryStore} from '../store/summary-store.js';
import {sentencesOf} from '../text/sentences.js';
import {endingSentence} from './tree/outcome.js';
import {subjectOfTitle} from './siblings.js';

/**
 * A sentence that the TLDRs of several items of a namespace share word for word (an agent's
 * standing instructions, a system prompt, a template's boilerplate) says nothing of any of them.
 * After a run it is dropped from every TLDR of that namespace that holds it, when the items that
 * share it have different titles; a TLDR left with nothing takes the next sentence of the item's
 * own summary (its root's, then its topics') that is no such sentence, and one with no such
 * sentence stays as it was. How drill says a session ended is never such a sentence. The
 * sentences found are remembered (`meta`), so that an item read again later, alone in holding it
 * then, loses it too. Only the TLDR changes.
 */

const metaKey = (namespace: string) => `shared_tldr_sentences:${namespace}`;
/** Remembered sentences per namespace, newest kept. */
const maxRemembered = 2000;
/** A shorter sentence ("Done.", "Fixed the test.") may be shared by chance. */
const minWords = 4;

/** A sentence as compared: lower case, spaces folded, its end stop and the brackets wrapped around all of it ("(Ran the tests.)") left out. */
export const foldSentence = (sentence: string) => {
	const folded = sentence
		.toLowerCase()
		.replace(/[\s\u00a0]+/gu, ' ')
		.replace(/[\s.!?…:;,]+$/u, '')
		.trim();
	const wrapped = /^[([]\s*(.*?)[\s.!?…:;,]*[)\]]$/u.exec(folded);
	return wrapped && balanced(wrapped[1]!) ? wrapped[1]! : folded;
};

/** Whether every bracket opened in `text` is closed in it. */
function balanced(text: string): boolean {
	let depth = 0;
	for (const char of text) {
		if (char === '(' || char === '[') depth++;
		else if (char === ')' || char === ']') depth--;
		if (depth < 0) return false;
	}
	return depth === 0;
}

/** How many brackets `text` opens and does not close. */
function openBrackets(text: string): number {
	let depth = 0;
	for (const char of text) {
		if (char === '(' || char === '[') depth++;
		else if ((char === ')' || char === ']') && depth > 0) depth--;
	}
	return depth;
}

/**
 * A TLDR's sentences, as drill joins them (with a space after the stop): split cheaply, every TLDR
 * of the namespace being read at the end of each run, and joined again as they were. A stop inside
 * brackets ends no sentence: "(see the log. It names the port.)" is one part of the sentence it is in,
 * and a sentence in brackets is a sentence of its own.
 */
export const tldrSentences = (tldr: string) => {
	const parts = tldr.split(/(?<=[.!?…][)\]]?)\s+(?=[\p{Lu}\p{N}"'“‘(`*_[])/u).filter((sentence) => sentence.trim());
	const sentences: string[] = [];
	let open = 0;
	for (const part of parts) {
		if (open > 0 && sentences.length > 0) sentences[sentences.length - 1] += ` ${part}`;
		else sentences.push(part);
		open = openBrackets(sentences.at(-1)!);
	}
	return sentences;
};

const wordCount = (sentence: string) => sentence.split(' ').filter((word) => /[\p{L}\p{N}]/u.test(word)).length;

function remembered(store: SummaryStore, namespace: string): string[] {
	try {
		const value = JSON.parse(store.getMeta(metaKey(namespace)) ?? '[]') as unknown;
		return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];
	} catch {
		return [];
	}
}

/** The next sentence of the item's own summaries that is not shared, if it has one. */
function replacement(store: SummaryStore, rowId: number, shared: ReadonlySet<string>): string | undefined {
	const nodes = store.nodes(rowId).filter((node) => node.ordinal === 0 || node.parent === 0);
	for (const node of nodes) {
		for (const sentence of sentencesOf(node.summary)) if (!shared.has(foldSentence(sentence))) return sentence;
	}
	return undefined;
}

/** Drops shared sentences from the TLDRs of these namespaces' items; returns how many TLDRs changed. */
export function dropSharedSentences(store: SummaryStore, namespaces: Iterable<string>): number {
	let changed = 0;
	for (const namespace of [...new Set(namespaces)].sort()) {
		const items: Array<{id: number; sentences: string[]}> = [];
		// Per folded sentence: the folded titles of the items whose TLDR holds it.
		const holders = new Map<string, Set<string>>();
		for (const row of store.iterate<{id: number; title: string; tldr: string}>('SELECT id, title, tldr FROM items WHERE namespace = ? ORDER BY item_id', namespace)) {
			const sentences = tldrSentences(row.tldr);
			items.push({id: row.id, sentences});
			// Sessions told apart only by when they started are about the same thing: what their TLDRs share is theirs.
			const title = subjectOfTitle(row.title).toLowerCase().replace(/\s+/gu, ' ').trim();
			for (const key of new Set(sentences.map(foldSentence))) {
				if (wordCount(key) < minWords || endingSentence.test(key)) continue;
				let titles = holders.get(key);
				if (!titles) holders.set(key, (titles = new Set()));
				titles.add(title);
			}
		}
		const known = remembered(store, namespace);
		const shared = new Set(known);
		const found: string[] = [];
		for (const [key, titles] of holders) {
			if (titles.size >= 2 && !shared.has(key)) {
				shared.add(key);
				found.push(key);
			}
		}
		if (shared.size === 0) continue;
		if (found.length > 0) store.setMeta(metaKey(namespace), JSON.stringify([...known, ...found.sort()].slice(-maxRemembered)));
		for (const item of items) {
			if (!item.sentences.some((sentence) => shared.has(foldSentence(sentence)))) continue;
			let kept = item.sentences.filter((sentence) => !shared.has(foldSentence(sentence)));
			if (kept.length === 0) {
				const next = replacement(store, item.id, shared);
				// Nothing else to say: the TLDR stays as it was rather than empty.
				if (!next) continue;
				kept = [next];
			}
			const row = store.itemByRowId(item.id);
			if (!row) continue;
			const record = store.record(row);
			record.tldr = kept.join(' ');
			store.writeItem(record);
			changed++;
		}
	}
	return changed;
}
