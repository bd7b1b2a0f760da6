import type {ItemRecord} from '../store/interchange.js';
import {validateItem} from '../store/interchange.js';
import {describedToItem, describeSource} from './build-item.js';
import {MarkdownReader} from './formats/markdown.js';
import {TextReader} from './formats/plain-text.js';

export interface TextDocument {
	namespace: string;
	itemId: string;
	title: string;
	text: string;
	/** ISO 8601; defaults to the epoch, so the same document always gives the same item. */
	generatedAt?: string;
	source?: {uri?: string; kind?: string};
	/** How the text is read: as plain text (the default) or as a markdown page. */
	format?: 'text' | 'markdown';
}

/**
 * A short plain-text document as an item, through the same path `drill ingest` takes for a .txt
 * file (or, with `format: 'markdown'`, for a .md page) (paragraphs, cohesion topics, extractive title/summary/keywords): for evaluations and for
 * callers that hold text in memory. The result is validated.
 */
export function textToItem(document: TextDocument): ItemRecord {
	const reader = document.format === 'markdown' ? new MarkdownReader() : new TextReader();
	for (const line of document.text.split('\n')) reader.push(line.endsWith('\r') ? line.slice(0, -1) : line);
	const parsed = reader.finish();
	if (document.title.trim()) parsed.facts.title = document.title;
	const described = describeSource(parsed);
	const item = describedToItem(described, parsed, {
		namespace: document.namespace,
		itemId: document.itemId,
		source: document.source ?? {kind: 'text'},
		fallbackDate: document.generatedAt ?? new Date(0).toISOString(),
		...(document.generatedAt ? {generatedAt: document.generatedAt} : {}),
	});
	return validateItem(item, `document ${document.itemId}`);
}
