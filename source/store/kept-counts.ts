import type {SqliteDatabase} from './open.js';
import {prepared} from './prepared.js';

/**
 * The meta key under which a writer, when it closes the store, keeps the search status's counts
 * (search/indexing/search-status.ts: how many items, how many indexed, embedded, of an older layout),
 * so that a reader's first search need not count every item again.
 */
export const keptCountsKey = 'search.status.counts';

/**
 * Forgets the kept counts: called by every statement that adds, removes or re-marks an item or its
 * search row, in the same transaction, so that counts kept before are never read after it (they are
 * kept again when the writer closes; until then readers count).
 */
export function dropKeptCounts(db: SqliteDatabase): void {
	prepared(db, 'DELETE FROM meta WHERE key = ?').run(keptCountsKey);
}
