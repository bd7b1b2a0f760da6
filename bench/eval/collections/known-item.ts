import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';

/** One page of a known-item collection: the query is a sentence that was taken out of it. */
export interface KnownItemPage {
	id: string;
	title: string;
	text: string;
	/** The page's own description, removed from `text`; undefined for a page that is only a distractor. */
	query?: string;
}

export interface MadeCollection {
	folder: string;
	documents: number;
	queries: number;
}

/**
 * Writes a BEIR folder where every page with a query is the one relevant document of that query
 * (known-item search: MRR@10 is the figure to read). Pages are deduplicated by id; queries by text.
 */
export function writeKnownItem(folder: string, pages: readonly KnownItemPage[]): MadeCollection {
	mkdirSync(folder, {recursive: true});
	const seen = new Set<string>();
	const queries = new Set<string>();
	const corpus: string[] = [];
	const queryLines: string[] = [];
	const qrels = ['query-id\tcorpus-id\tscore'];
	for (const page of pages) {
		if (seen.has(page.id) || !page.text.trim()) continue;
		seen.add(page.id);
		corpus.push(JSON.stringify({_id: page.id, title: page.title, text: page.text}));
		const query = page.query?.replace(/\s+/gu, ' ').trim();
		if (!query || queries.has(query.toLowerCase())) continue;
		queries.add(query.toLowerCase());
		const id = `q${queryLines.length + 1}`;
		queryLines.push(JSON.stringify({_id: id, text: query}));
		qrels.push(`${id}\t${page.id}\t1`);
	}
	writeFileSync(path.join(folder, 'corpus.jsonl'), `${corpus.join('\n')}\n`);
	writeFileSync(path.join(folder, 'queries.jsonl'), `${queryLines.join('\n')}\n`);
	writeFileSync(path.join(folder, 'qrels.tsv'), `${qrels.join('\n')}\n`);
	return {folder, documents: corpus.length, queries: queryLines.length};
}

/** `text` without the first occurrence of `sentence` (whitespace-insensitive), or undefined when it is not there. */
export function withoutSentence(text: string, sentence: string): string | undefined {
	const words = sentence.trim().split(/\s+/u).filter(Boolean).map((word) => word.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&'));
	if (words.length === 0) return undefined;
	const found = new RegExp(words.join('\\s+'), 'u').exec(text);
	return found ? text.slice(0, found.index) + text.slice(found.index + found[0].length) : undefined;
}

/** The first sentence of a paragraph of prose. */
export function firstSentence(text: string): string {
	const match = /^(.{20,}?[.!?])(\s|$)/su.exec(text.trim());
	return (match?.[1] ?? text).trim();
}

/** Every `step`-th entry, starting at `offset`: a spread-out, deterministic sample. */
export function everyNth<T>(list: readonly T[], step: number, offset = 0): T[] {
	return list.filter((_, index) => index % step === offset);
}

/** Markdown without its first-level heading when that heading is the page's title (BEIR keeps the title apart from the text). */
export function withoutTitleHeading(markdown: string, title: string): string {
	const heading = /^\s*#\s+(.+?)\s*#*\s*$/mu.exec(markdown);
	if (!heading || heading[1]!.replace(/[*_`]+/gu, '').trim() !== title.trim()) return markdown;
	return markdown.slice(0, heading.index) + markdown.slice(heading.index + heading[0].length);
}
