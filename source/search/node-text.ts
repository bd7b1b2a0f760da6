import type {ItemRecord} from '../store/interchange.js';

/** What stage 1 ranks for one node: its summary fields and the raw text of its whole subtree. */
export interface NodeText {
	ordinal: number;
	title: string;
	summary: string;
	keywords: string;
	/** The item's TLDR, on the root only. */
	tldr: string;
	/** The text of every span this node or a node below it owns, in order. */
	body: string;
}

/**
 * The searchable text of each node of an item. Summaries are lossy (an extractive summary keeps a
 * few sentences), so each node also carries the raw spans of its subtree: the root's stands for the
 * whole item in stage-1 keyword ranking, and every node is embedded with its subtree's text.
 */
export function nodeTexts(item: ItemRecord): NodeText[] {
	const spanText = new Map(item.spans.map((span) => [span.seq, span.text]));
	// Spans and children in order, so the same item read back from the store gives the same text.
	const children = new Map<number, number[]>();
	for (const node of [...item.nodes].sort((a, b) => a.ordinal - b.ordinal)) if (node.parent !== null) children.set(node.parent, [...(children.get(node.parent) ?? []), node.ordinal]);
	const byOrdinal = new Map(item.nodes.map((node) => [node.ordinal, node]));
	const bodies = new Map<number, string[]>();
	const collect = (ordinal: number, seen: Set<number>): string[] => {
		const known = bodies.get(ordinal);
		if (known) return known;
		if (seen.has(ordinal)) return [];
		seen.add(ordinal);
		const node = byOrdinal.get(ordinal);
		const parts: string[] = [];
		for (const seq of [...(node?.spans ?? [])].sort((a, b) => a - b)) {
			const text = spanText.get(seq);
			if (text) parts.push(text);
		}
		for (const child of children.get(ordinal) ?? []) parts.push(...collect(child, seen));
		bodies.set(ordinal, parts);
		return parts;
	};
	return item.nodes.map((node) => ({
		ordinal: node.ordinal,
		title: node.ordinal === 0 ? item.title || node.title : node.title,
		summary: node.summary,
		keywords: node.keywords.join('\n'),
		tldr: node.ordinal === 0 ? item.tldr : '',
		body: collect(node.ordinal, new Set()).join('\n'),
	}));
}

/** All of a node's text as one string (what an embedder reads). */
export function nodeFullText(text: NodeText): string {
	return [text.title, text.tldr, text.summary, text.keywords, text.body].filter(Boolean).join('\n');
}

/** All of an item's text once (what the LSA model trains on). */
export function itemFullText(item: ItemRecord): string {
	const parts = [item.title, item.tldr];
	for (const node of item.nodes) parts.push(node.title, node.summary, node.keywords.join(' '));
	for (const span of item.spans) parts.push(span.text);
	return parts.filter(Boolean).join('\n');
}
