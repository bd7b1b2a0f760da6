import type {SqliteDatabase} from './open.js';
import {prepared} from './prepared.js';

/**
 * The raw spans' FTS5 rows of the items written in an open batch (see write-batches.ts), written
 * once, when the batch commits. FTS5 writes its pending rows out as a new segment whenever a
 * savepoint opens, and each item is written in a savepoint of its own: indexed item by item, a
 * batch of 64 items made 64 small segments, each merged again later. The items whose rows wait
 * are kept in a temporary table, so that a savepoint or a batch rolled back takes them back too.
 */
const made = new WeakSet<SqliteDatabase>();

/** Makes the waiting list on this connection (outside any transaction: before batches open) and the statements that use it. */
export function preparePendingSpans(db: SqliteDatabase): void {
	if (made.has(db)) return;
	db.exec('CREATE TEMP TABLE IF NOT EXISTS pending_span_items (item INTEGER PRIMARY KEY)');
	made.add(db);
	for (const sql of [deferSql, forgetSql, indexSql, clearSql]) prepared(db, sql);
}

const deferSql = 'INSERT INTO temp.pending_span_items (item) VALUES (?)';
const forgetSql = 'DELETE FROM temp.pending_span_items WHERE item = ?';
// CROSS JOIN: the waiting items first, their spans by index (left to itself, the planner scanned every span for the order).
const indexSql = 'INSERT INTO spans_fts (rowid, text) SELECT s.id, s.text FROM temp.pending_span_items p CROSS JOIN spans s ON s.item = p.item ORDER BY s.id';
const clearSql = 'DELETE FROM temp.pending_span_items';

/** The item's spans are indexed when its batch commits. */
export function deferSpanIndex(db: SqliteDatabase, itemRowId: number): void {
	prepared(db, deferSql).run(itemRowId);
}

/**
 * The item is being deleted: true when its spans were never indexed (written in this batch), so
 * that there is nothing to take out of the index (an external-content table given a 'delete'
 * of a row it does not hold is damaged).
 */
export function forgetPendingSpans(db: SqliteDatabase, itemRowId: number): boolean {
	if (!made.has(db)) return false;
	return prepared(db, forgetSql).run(itemRowId).changes > 0;
}

/** Indexes the spans of every item waiting, inside the batch's transaction, in row order. */
export function indexPendingSpans(db: SqliteDatabase): void {
	if (!made.has(db)) return;
	prepared(db, indexSql).run();
	prepared(db, clearSql).run();
}
