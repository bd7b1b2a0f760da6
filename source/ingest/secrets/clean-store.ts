import type {SummaryStore} from '../../store/summary-store.js';
import {redactItem} from './redact-source.js';
import {ruleVersions} from './redactor.js';

/** The store's meta key saying which rules its items were last redacted with (absent: a store older than redaction). */
export const redactedWithKey = 'secrets_redacted_with';

export interface Cleaning {
	/** Items rewritten because they held secrets. */
	items: number;
	redactions: number;
	rules: string;
}

/** Whether the store holds items written before secrets were redacted at ingest. */
export function needsCleaning(store: SummaryStore): boolean {
	return store.getMeta(redactedWithKey) === undefined && store.one<{n: number}>('SELECT count(*) AS n FROM items')!.n > 0;
}

/**
 * Redacts the secrets of every item already in the store (a store made before ingest redacted
 * them, or items imported with --keep-secrets): each item that holds one is rewritten, in its own
 * transaction, with its search rows (the store's indexers run). Items stay what they were
 * otherwise: the same ids, times and content hashes.
 */
export function cleanStore(store: SummaryStore): Cleaning {
	// Ids first: better-sqlite3 cannot write while a read iterates.
	const ids = store.all<{id: number}>('SELECT id FROM items ORDER BY id').map((row) => row.id);
	let items = 0;
	let redactions = 0;
	for (const id of ids) {
		const row = store.itemByRowId(id);
		if (!row) continue;
		const record = store.record(row);
		const {item, count} = redactItem(record);
		if (item === record) continue;
		store.writeItem(item);
		items++;
		redactions += count;
	}
	store.setMeta(redactedWithKey, ruleVersions);
	return {items, redactions, rules: ruleVersions};
}
