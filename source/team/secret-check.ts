import {redactor} from '../ingest/secrets/redactor.js';
import type {ItemRecord} from '../store/interchange.js';

/**
 * The last check before an item leaves this machine: the rules ingest redacts with, run again over
 * every text the item would carry (spans, titles, TLDR, summaries, keywords, provenance). Returns
 * the kinds of secret found (empty: the item may go). An item still holding one was written with
 * `--keep-secrets`, or by a drill whose rules missed it: it is refused, not redacted on the way,
 * so the archive never holds text this store does not.
 */
export function secretKinds(item: ItemRecord): string[] {
	const rules = redactor();
	const kinds = new Set<string>();
	const check = (text: string | undefined) => {
		if (!text) return;
		for (const finding of rules.find(text)) kinds.add(finding.kind);
	};
	check(item.title);
	check(item.tldr);
	for (const node of item.nodes) {
		check(node.title);
		check(node.summary);
		check(node.keywords.join(' '));
	}
	for (const span of item.spans) check(span.text);
	for (const [key, value] of Object.entries(item.source ?? {})) {
		if (key === 'session_id') continue;
		if (typeof value === 'string') check(value);
		else if (Array.isArray(value)) check(value.join('\n'));
	}
	return [...kinds].sort();
}
