import type {ItemRecord} from '../../store/interchange.js';
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

/** Full-text indexes whose deleted entries stay in their segments until a merge. */
const textIndexes = ['spans_fts', 'search_root_fts', 'search_node_fts'];

/**
 * What a rewrite leaves of the old text in the file: FTS5 keeps a deleted row's terms in its
 * segments until they are merged, and SQLite keeps freed pages as they were. The indexes are
 * merged and the file rebuilt, so the secrets are gone from its bytes, not only from its rows.
 */
function purgeOldText(store: SummaryStore): void {
	store.write((db) => {
		for (const table of textIndexes) {
			const exists = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(table);
			if (exists) db.prepare(`INSERT INTO ${table} (${table}) VALUES ('optimize')`).run();
		}
		db.exec('VACUUM');
		db.pragma('wal_checkpoint(TRUNCATE)');
	});
}

/** Whether redaction changed any text of the item (not only its count of redactions). */
function textChanged(before: ItemRecord, after: ItemRecord): boolean {
	if (before.title !== after.title || before.tldr !== after.tldr) return true;
	if (before.spans.some((span, index) => span.text !== after.spans[index]?.text)) return true;
	return before.nodes.some((node, index) => {
		const other = after.nodes[index];
		return !other || node.title !== other.title || node.summary !== other.summary || node.keywords.join('\n') !== other.keywords.join('\n');
	});
}

/**
 * Redacts the secrets of every item already in the store (a store made before ingest redacted
 * them, or items imported with --keep-secrets): each item that holds one is rewritten, in its own
 * transaction, with its search rows (the store's indexers run). Items stay what they were
 * otherwise: the same ids, times and content hashes. `retrainModel` trains the store's semantic
 * model again (the runtime's search side), before the old text is purged from the file.
 */
export function cleanStore(store: SummaryStore, retrainModel?: (store: SummaryStore) => void): Cleaning {
	// Ids first: better-sqlite3 cannot write while a read iterates.
	const ids = store.all<{id: number}>('SELECT id FROM items ORDER BY id').map((row) => row.id);
	let items = 0;
	let redactions = 0;
	for (const id of ids) {
		const row = store.itemByRowId(id);
		if (!row) continue;
		const record = store.record(row);
		const {item, count} = redactItem(record);
		// A secret found again in what was redacted before (`password: "[redacted:…]"`) is no new one.
		if (item === record || !textChanged(record, item)) continue;
		store.writeItem(item);
		items++;
		redactions += count;
	}
	if (items > 0) {
		// A model trained on the old text keeps its words (a small store trains on turns, and a
		// secret said in a few of them is one): it is trained again on the redacted text first.
		retrainModel?.(store);
		purgeOldText(store);
	}
	store.setMeta(redactedWithKey, ruleVersions);
	return {items, redactions, rules: ruleVersions};
}
