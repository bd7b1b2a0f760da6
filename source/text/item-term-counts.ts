import {addTo} from '../core/arrays.js';
import type {ItemRecord} from '../store/interchange.js';
import {stemmedTerms} from './index-words.js';

/** How often each stemmed term occurs, in the order the terms first occur. */
export function termCounts(terms: readonly string[]): Map<string, number> {
	const counts = new Map<string, number>();
	for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1);
	return counts;
}

/** Stemmed-term counts of an item: of all its text once (what LSA trains on), and of each node's full text. */
export interface ItemTermCounts {
	/** Absent when not asked for. */
	item?: Map<string, number>;
	/** By ordinal: the node's own fields and the spans of its whole subtree (what `nodeFullText` holds). */
	nodes: Map<number, Map<string, number>>;
}

function add(into: Map<string, number>, from: ReadonlyMap<string, number>): void {
	for (const [term, count] of from) into.set(term, (into.get(term) ?? 0) + count);
}

/**
 * Counts handed over with their item by whoever counted them already (an ingest worker counts an
 * item where it summarized it, off the thread that writes it). Keyed by the very object: a copy
 * or a rewritten item is a different object, and is counted again.
 */
const counted = new WeakMap<ItemRecord, ItemTermCounts>();

/** `counts` are `termCountsOf(item)`, counted elsewhere: the indexer takes them instead of counting again. */
export function handOverTermCounts(item: ItemRecord, counts: ItemTermCounts): void {
	counted.set(item, counts);
}

/**
 * Both counts of `ItemTermCounts` from one reading: each span is stemmed once, and a subtree's
 * counts are summed up the tree instead of re-reading each subtree.
 */
export function termCountsOf(item: ItemRecord, options: {whole: boolean} = {whole: true}): ItemTermCounts {
	const known = counted.get(item);
	if (known?.item) return options.whole ? known : {nodes: known.nodes};
	const spanText = new Map(item.spans.map((span) => [span.seq, span.text]));
	const children = new Map<number, number[]>();
	for (const node of item.nodes) if (node.parent !== null) addTo(children, node.parent, node.ordinal);
	const byOrdinal = new Map(item.nodes.map((node) => [node.ordinal, node]));
	const perSpan = new Map<number, Map<string, number>>();
	const spanCounts = (seq: number): Map<string, number> => {
		let counts = perSpan.get(seq);
		if (!counts) {
			counts = termCounts(stemmedTerms(spanText.get(seq) ?? ''));
			perSpan.set(seq, counts);
		}
		return counts;
	};
	const subtrees = new Map<number, Map<string, number>>();
	const subtree = (ordinal: number): Map<string, number> => {
		const known = subtrees.get(ordinal);
		if (known) return known;
		const counts = new Map<string, number>();
		subtrees.set(ordinal, counts);
		for (const seq of byOrdinal.get(ordinal)?.spans ?? []) add(counts, spanCounts(seq));
		for (const child of children.get(ordinal) ?? []) add(counts, subtree(child));
		return counts;
	};
	const nodes = new Map<number, Map<string, number>>();
	for (const node of item.nodes) {
		const fields = [node.ordinal === 0 ? item.title || node.title : node.title, node.ordinal === 0 ? item.tldr : '', node.summary, node.keywords.join('\n')].join('\n');
		const counts = termCounts(stemmedTerms(fields));
		add(counts, subtree(node.ordinal));
		nodes.set(node.ordinal, counts);
	}
	if (!options.whole) return {nodes};
	const whole = termCounts(stemmedTerms([item.title, item.tldr, ...item.nodes.flatMap((node) => [node.title, node.summary, node.keywords.join('\n')])].join('\n')));
	for (const span of item.spans) add(whole, spanCounts(span.seq));
	return {item: whole, nodes};
}
