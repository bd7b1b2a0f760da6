import type {SpanRanker} from './span-ranking.js';
import type {SummaryStore} from '../../store/summary-store.js';
import {words} from '../../text/index-words.js';
import type {TermMatcher} from '../keyword/term-matcher.js';
import {textSnippet} from './text-snippet.js';
import {unmarked} from './marks.js';
import {addTo, append} from '../../core/arrays.js';

function shorten(text: string, max = 200): string {
	const flat = unmarked(text).replace(/\s+/gu, ' ').trim();
	return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}

export function subtreeOrdinals(store: SummaryStore, itemRowId: number, ordinal: number): Set<number> {
	const rows = store.guard(() => store.statement('SELECT ordinal, parent FROM nodes WHERE item = ?').raw(true).all(itemRowId) as Array<[number, number | null]>);
	const children = new Map<number, number[]>();
	for (const [child, parent] of rows) if (parent !== null) addTo(children, parent, child);
	const out = new Set<number>();
	const stack = [ordinal];
	while (stack.length > 0) {
		const next = stack.pop()!;
		if (out.has(next)) continue;
		out.add(next);
		append(stack, (children.get(next) ?? []));
	}
	return out;
}

export interface SnippetTarget {
	item: number;
	ordinal: number;
	title: string;
	summary: string;
	/** One keyword per line. */
	keywords: string;
	tldr: string;
}

/** How many distinct query terms a text holds (what picks the field a snippet is cut from). */
function distinctTerms(text: string, terms: TermMatcher): number {
	const found = new Set<string>();
	for (const word of words(text)) {
		const term = terms.term(word);
		if (term !== undefined) found.add(term);
	}
	return found.size;
}

/**
 * A hit's snippet, cut from text already read: from the node's summary field holding the most
 * query terms (TLDR, summary, keywords, title, as FTS5's snippet() over them would pick), else the
 * best-matching raw span below the node (ranked once per item, see SpanRanker), else the start of
 * its summary.
 */
export function nodeSnippet(store: SummaryStore, spans: SpanRanker, target: SnippetTarget): string {
	const terms = spans.matcher;
	if (terms.terms.size > 0) {
		let best: {text: string; count: number} | undefined;
		for (const text of [target.ordinal === 0 ? target.tldr : '', target.summary, target.keywords.replaceAll('\n', ' · '), target.title]) {
			const count = text ? distinctTerms(text, terms) : 0;
			if (count > (best?.count ?? 0)) best = {text, count};
		}
		if (best) return textSnippet(best.text, terms, 16);
		const inside = target.ordinal === 0 ? undefined : subtreeOrdinals(store, target.item, target.ordinal);
		const found = spans.rank(target.item).find((span) => !inside || inside.has(span.node));
		if (found) return spans.snippet(found, 16);
	}
	return shorten(target.ordinal === 0 && target.tldr ? target.tldr : target.summary);
}
