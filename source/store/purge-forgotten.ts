import {stemmedTerms} from '../text/index-words.js';
import type {SqliteDatabase} from './open.js';

/**
 * What forgetting an item leaves of its text in the store file, removed at once (not at the next
 * `drill reindex`): FTS5 keeps a deleted row's terms in its segments until they are merged, the
 * LSA model keeps a term no remaining item has, SQLite keeps deleted cells and freed pages as they
 * were, and the `-wal` keeps the frames that wrote them. So `forget` deletes with `secure_delete`
 * on (deleted cells and freed pages are zeroed), merges each full-text index (`optimize`), prunes
 * the LSA terms only the forgotten items had, and checkpoints the `-wal` to nothing.
 */

/** Full-text indexes whose deleted entries stay in their segments until a merge. */
const textIndexes = ['spans_fts', 'search_root_fts', 'search_node_fts'];

/** The LSA terms (see search/semantic) of an item's text: its title, TLDR, nodes and spans. */
export function addItemTerms(db: SqliteDatabase, itemRowId: number, terms: Set<string>): void {
	const add = (text: unknown) => {
		if (typeof text === 'string') for (const term of stemmedTerms(text)) terms.add(term);
	};
	const item = db.prepare('SELECT title, tldr FROM items WHERE id = ?').get(itemRowId) as {title: unknown; tldr: unknown} | undefined;
	add(item?.title);
	add(item?.tldr);
	for (const node of db.prepare('SELECT title, summary, keywords FROM nodes WHERE item = ?').iterate(itemRowId) as Iterable<{title: unknown; summary: unknown; keywords: unknown}>) {
		add(node.title);
		add(node.summary);
		add(node.keywords);
	}
	for (const span of db.prepare('SELECT text FROM spans WHERE item = ?').iterate(itemRowId) as Iterable<{text: unknown}>) add(span.text);
}

const exists = (db: SqliteDatabase, table: string) => db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(table) !== undefined;

/**
 * Removes from the LSA model the terms of `forgotten` that no remaining item has: not in the
 * keyword index of item roots (which holds every indexed item's whole text, stemmed as LSA
 * stems), nor in an item the search indexer has not indexed yet.
 */
function pruneLsaTerms(db: SqliteDatabase, forgotten: ReadonlySet<string>): number {
	if (forgotten.size === 0 || !exists(db, 'lsa_terms') || !exists(db, 'search_root_fts')) return 0;
	db.exec('CREATE VIRTUAL TABLE IF NOT EXISTS temp.forget_root_vocabulary USING fts5vocab(main, search_root_fts, row)');
	try {
		const kept = new Set<string>();
		const unindexed = db.prepare('SELECT id FROM items WHERE id NOT IN (SELECT item FROM search_items)').all() as Array<{id: number}>;
		for (const {id} of unindexed) addItemTerms(db, id, kept);
		const stillIndexed = db.prepare('SELECT 1 FROM temp.forget_root_vocabulary WHERE term = ?');
		const remove = db.prepare('DELETE FROM lsa_terms WHERE term = ?');
		let pruned = 0;
		for (const term of forgotten) {
			if (kept.has(term) || stillIndexed.get(term)) continue;
			pruned += remove.run(term).changes;
		}
		return pruned;
	} finally {
		db.exec('DROP TABLE IF EXISTS temp.forget_root_vocabulary');
	}
}

export interface Purge {
	/** LSA terms removed. */
	terms: number;
	/** Whether the `-wal` could be emptied (a reader holding an old snapshot keeps its frames until it closes). */
	walEmptied: boolean;
}

/** After the forgotten items' rows are deleted (with secure_delete on): the indexes merged, the LSA terms pruned, the `-wal` emptied. */
export function purgeForgottenText(db: SqliteDatabase, forgotten: ReadonlySet<string>): Purge {
	let terms = 0;
	db.transaction(() => {
		for (const table of textIndexes) if (exists(db, table)) db.prepare(`INSERT INTO ${table} (${table}) VALUES ('optimize')`).run();
		terms = pruneLsaTerms(db, forgotten);
	}).immediate();
	return {terms, walEmptied: walCheckpointed(db)};
}

/** Checkpoints the -wal to nothing; false when a reader's snapshot keeps it. */
export function walCheckpointed(db: SqliteDatabase): boolean {
	const [checkpoint] = db.pragma('wal_checkpoint(TRUNCATE)') as Array<{busy: number}>;
	return !checkpoint || checkpoint.busy === 0;
}
