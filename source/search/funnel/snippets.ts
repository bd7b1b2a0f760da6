import type {SpanRanker} from './span-ranking.js';
import type {SummaryStore} from '../../store/summary-store.js';

/** Private-use marks around matched words; replaced by the caller's highlight at the end. */
export const markOpen = '\uE000';
export const markClose = '\uE001';
const marks = /[\uE000\uE001]/gu;

export function highlight(text: string, open: string, close: string): string {
	return text.replace(/\uE000/gu, open).replace(/\uE001/gu, close);
}

export function unmarked(text: string): string {
	return text.replace(marks, '');
}

function shorten(text: string, max = 200): string {
	const flat = unmarked(text).replace(/\s+/gu, ' ').trim();
	return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}

function subtreeOrdinals(store: SummaryStore, itemRowId: number, ordinal: number): Set<number> {
	const rows = store.guard(() => store.statement('SELECT ordinal, parent FROM nodes WHERE item = ?').raw(true).all(itemRowId) as Array<[number, number | null]>);
	const children = new Map<number, number[]>();
	for (const [child, parent] of rows) if (parent !== null) children.set(parent, [...(children.get(parent) ?? []), child]);
	const out = new Set<number>();
	const stack = [ordinal];
	while (stack.length > 0) {
		const next = stack.pop()!;
		if (out.has(next)) continue;
		out.add(next);
		stack.push(...(children.get(next) ?? []));
	}
	return out;
}

export interface SnippetTarget {
	node: number;
	item: number;
	ordinal: number;
	summary: string;
	tldr: string;
}

/**
 * A hit's snippet: FTS5 `snippet()` over the node's summary fields when the words are there,
 * else the best-matching raw span below the node (ranked once per item, see SpanRanker), else the
 * start of its summary.
 */
export function nodeSnippet(store: SummaryStore, spans: SpanRanker, match: string, target: SnippetTarget): string {
	if (match) {
		const fields = store.guard(
			() =>
				store
					.statement(`SELECT snippet(nodes_fts, -1, '${markOpen}', '${markClose}', '…', 16) AS text FROM nodes_fts WHERE nodes_fts MATCH ? AND rowid = ?`)
					// A rowid bound as a JS number is a REAL, which FTS5's rowid lookup ignores: bind a BigInt.
					.get(match, BigInt(target.node)) as {text: string} | undefined,
		);
		if (fields?.text && fields.text.includes(markOpen)) return fields.text;
		const inside = target.ordinal === 0 ? undefined : subtreeOrdinals(store, target.item, target.ordinal);
		const best = spans.rank(target.item).find((span) => !inside || inside.has(span.node));
		if (best) return spans.snippet(best, 16);
	}
	return shorten(target.ordinal === 0 && target.tldr ? target.tldr : target.summary);
}
