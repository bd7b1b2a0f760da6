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

/**
 * Text as PostgreSQL takes it: no NUL character (drill's text is inert already, so one is never
 * meant), and no lone UTF-16 surrogate (made U+FFFD, as UTF-8 encoding would make it; in the
 * batch's JSON it would be a \u escape PostgreSQL refuses).
 */
const pgText = (text: string) => ((text.includes('\u0000') ? text.replaceAll('\u0000', '') : text) as WellFormable).toWellFormed();

/** String.prototype.toWellFormed (ES2024, in every Node drill runs on; the project's lib is ES2023). */
type WellFormable = string & {toWellFormed(): string};

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
	// match(), not matchAll(): the words as strings, without a match object each (push's CPU went to them).
	for (const found of text.match(wordPattern) ?? []) {
		const word = found.toLowerCase();
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
	for (const found of `${record.title}\n${body}`.match(wordPattern) ?? []) known.add(found.toLowerCase());
	const keywords = wordsBeyond(record.nodes.flatMap((node) => node.keywords).join(' '), known);
	const summaries = wordsBeyond([record.tldr, root?.summary ?? '', ...inner.map((node) => `${node.title}. ${node.summary}`)].join('\n').slice(0, maxIndexedChars), known);
	return {
		namespace: pgText(record.namespace),
		item_id: pgText(record.item_id),
		hash,
		title: pgText(record.title),
		tldr: pgText(record.tldr),
		generated_at: record.generated_at,
		agent: source.agent ? pgText(source.agent) : null,
		project: source.project ? pgText(source.project) : null,
		// JSON.stringify writes neither a NUL nor a lone surrogate (it escapes both).
		source: JSON.stringify(source),
		record: JSON.stringify(record),
		keywords: pgText(keywords),
		summaries: pgText(summaries),
		body: pgText(body),
	};
}
