import {createHash} from 'node:crypto';
import type {ItemRecord} from '../store/interchange.js';
import {itemSource, type ItemRow} from '../store/summary-store.js';

/**
 * What one item becomes in the team archive: its hash (what makes a push idempotent), the fields
 * a pull filters by, the interchange record as JSON, and the text its search vector is made of.
 */
export interface ArchiveRow {
	namespace: string;
	item_id: string;
	hash: string;
	title: string;
	tldr: string;
	generated_at: string;
	agent: string | null;
	project: string | null;
	source: string;
	record: string;
	keywords: string;
	summaries: string;
	body: string;
}

/** PostgreSQL text holds no NUL character; drill's text is inert already, so one is never meant. */
const noNul = (text: string) => (text.includes('\u0000') ? text.replaceAll('\u0000', '') : text);

/**
 * The raw text indexed per item, at most: a tsvector holds at most 1 MB, and a session's words
 * past the first quarter megabyte of text rarely decide whether it is found. The record keeps it all.
 */
export const maxIndexedChars = 256 * 1024;

/**
 * An item's hash as the archive keeps it, from what its store row says: the source's content
 * hash, the title, TLDR, provenance and sizes. An item is sent again when any of them changes.
 * Items without a content hash (imported from other summarizers) are hashed whole.
 */
export function itemHash(row: ItemRow, record?: () => ItemRecord): string {
	const hash = createHash('sha256');
	if (row.content_hash) hash.update(JSON.stringify([row.namespace, row.item_id, row.content_hash, row.generated_at, row.title, row.tldr, row.node_count, row.span_count, itemSource(row)]));
	else hash.update(JSON.stringify(record ? record() : [row.namespace, row.item_id, row.generated_at, row.title, row.tldr, row.node_count, row.span_count, itemSource(row)]));
	return hash.digest('hex').slice(0, 32);
}

const wordPattern = /[\p{L}\p{N}_]+/gu;

/**
 * The words of `text` that `known` lacks, once each: an item's summaries are mostly sentences of its
 * own raw text, and its search vector, like the local root row, holds the raw text plus only the
 * words its summaries add (so no word is counted twice, and the server parses half as much).
 */
function wordsBeyond(text: string, known: Set<string>): string {
	const out: string[] = [];
	for (const match of text.matchAll(wordPattern)) {
		const word = match[0].toLowerCase();
		if (known.has(word)) continue;
		known.add(word);
		out.push(word);
	}
	return out.join(' ');
}

export function archiveRow(record: ItemRecord, hash: string): ArchiveRow {
	const source = record.source ?? {};
	const inner = record.nodes.filter((node) => node.ordinal !== 0);
	const root = record.nodes.find((node) => node.ordinal === 0);
	let body = '';
	for (const span of record.spans) {
		if (body.length >= maxIndexedChars) break;
		body += `${span.text}\n`;
	}
	body = body.slice(0, maxIndexedChars);
	const known = new Set<string>();
	for (const match of `${record.title}\n${body}`.matchAll(wordPattern)) known.add(match[0].toLowerCase());
	const keywords = wordsBeyond(record.nodes.flatMap((node) => node.keywords).join(' '), known);
	const summaries = wordsBeyond([record.tldr, root?.summary ?? '', ...inner.map((node) => `${node.title}. ${node.summary}`)].join('\n').slice(0, maxIndexedChars), known);
	return {
		namespace: record.namespace,
		item_id: record.item_id,
		hash,
		title: noNul(record.title),
		tldr: noNul(record.tldr),
		generated_at: record.generated_at,
		agent: source.agent ?? null,
		project: source.project ?? null,
		source: noNul(JSON.stringify(source)),
		record: noNul(JSON.stringify(record)),
		keywords: noNul(keywords),
		summaries: noNul(summaries),
		body: noNul(body),
	};
}
