import {addTo} from '../core/arrays.js';
import type {ItemRecord} from '../store/interchange.js';
import {stemmedTerms} from './index-words.js';
import {indexBagOf} from './shared-terms.js';
import {bagOfTerms, emptyBag, mergeBags, reinternBag, TermIds, type TermBag} from './term-bags.js';

/** How often each stemmed term occurs, in the order the terms first occur. */
export function termCounts(terms: readonly string[]): Map<string, number> {
	const counts = new Map<string, number>();
	for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1);
	return counts;
}

/**
 * Stemmed-term counts of an item, as bags of ids of `ids` (term-bags.ts): of all its text once
 * (what LSA trains on), and of each node's full text.
 */
export interface ItemTermCounts {
	/** The terms the bags' ids stand for. */
	ids: TermIds;
	/** Absent when not asked for. */
	item?: TermBag;
	/** By ordinal: the node's own fields and the spans of its whole subtree (what `nodeFullText` holds). */
	nodes: Map<number, TermBag>;
}

/** The counts handed over by another thread, whose term ids are its own: `terms` are its terms by id. */
export interface HandedTermCounts {
	terms: readonly string[];
	item?: TermBag;
	nodes: Map<number, TermBag>;
}

/**
 * Counts handed over with their item by whoever counted them already (an ingest worker counts an
 * item where it summarized it, off the thread that writes it). Keyed by the very object: a copy
 * or a rewritten item is a different object, and is counted again.
 */
const counted = new WeakMap<ItemRecord, HandedTermCounts>();

/** `counts` are `handedTermCounts(termCountsOf(item))`, counted elsewhere: the indexer takes them instead of counting again. */
export function handOverTermCounts(item: ItemRecord, counts: HandedTermCounts): void {
	counted.set(item, counts);
}

/** Counts made ready to post to another thread (the ids become the terms they stand for there). */
export function handedTermCounts(counts: ItemTermCounts): HandedTermCounts {
	const {ids, ...bags} = counts;
	return {terms: ids.terms, ...bags};
}

/** `counts` with their ids turned into `ids`'s (nothing to do when they are already). */
export function termCountsIn(counts: ItemTermCounts, ids: TermIds): ItemTermCounts {
	if (counts.ids === ids) return counts;
	return {
		ids,
		...(counts.item ? {item: reinternBag(counts.item, counts.ids, ids)} : {}),
		nodes: new Map([...counts.nodes].map(([ordinal, bag]) => [ordinal, reinternBag(bag, counts.ids, ids)])),
	};
}

/** The ids a handed-over count was made with, as a dictionary. */
function dictionaryOf(terms: readonly string[]): TermIds {
	const ids = new TermIds();
	for (const term of terms) ids.id(term);
	return ids;
}

/**
 * Both counts of `ItemTermCounts` from one reading: each span is stemmed once, and a subtree's
 * counts are summed up the tree instead of re-reading each subtree. The order is that of the text
 * each count stands for: a node's fields (title, TLDR for the root, summary, keywords) then the
 * spans of its subtree in the tree's order; the item's fields of every node, then every span.
 * Terms get ids of `options.ids` (a fresh dictionary when not given).
 */
export function termCountsOf(item: ItemRecord, options: {whole?: boolean; ids?: TermIds} = {}): ItemTermCounts {
	const whole = options.whole ?? true;
	const handed = counted.get(item);
	if (handed?.item) {
		const known = termCountsIn({ids: dictionaryOf(handed.terms), item: handed.item, nodes: handed.nodes}, options.ids ?? dictionaryOf(handed.terms));
		return whole ? known : {ids: known.ids, nodes: known.nodes};
	}
	const ids = options.ids ?? new TermIds();
	const spanText = new Map(item.spans.map((span) => [span.seq, span.text]));
	const children = new Map<number, number[]>();
	for (const node of item.nodes) if (node.parent !== null) addTo(children, node.parent, node.ordinal);
	const byOrdinal = new Map(item.nodes.map((node) => [node.ordinal, node]));
	const perSpan = new Map<number, TermBag>();
	const spanBag = (seq: number): TermBag => {
		let bag = perSpan.get(seq);
		if (!bag) {
			bag = indexBagOf(spanText.get(seq) ?? '', ids);
			perSpan.set(seq, bag);
		}
		return bag;
	};
	const subtrees = new Map<number, TermBag>();
	const subtree = (ordinal: number): TermBag => {
		const known = subtrees.get(ordinal);
		if (known) return known;
		subtrees.set(ordinal, emptyBag);
		const own = (byOrdinal.get(ordinal)?.spans ?? []).map(spanBag);
		const below = (children.get(ordinal) ?? []).map(subtree);
		const bag = mergeBags([...own, ...below]);
		subtrees.set(ordinal, bag);
		return bag;
	};
	const nodes = new Map<number, TermBag>();
	for (const node of item.nodes) {
		const fields = [node.ordinal === 0 ? item.title || node.title : node.title, node.ordinal === 0 ? item.tldr : '', node.summary, node.keywords.join('\n')].join('\n');
		nodes.set(node.ordinal, mergeBags([bagOfTerms(stemmedTerms(fields), ids), subtree(node.ordinal)]));
	}
	if (!whole) return {ids, nodes};
	const fields = bagOfTerms(stemmedTerms([item.title, item.tldr, ...item.nodes.flatMap((node) => [node.title, node.summary, node.keywords.join('\n')])].join('\n')), ids);
	return {ids, item: mergeBags([fields, ...item.spans.map((span) => spanBag(span.seq))]), nodes};
}
