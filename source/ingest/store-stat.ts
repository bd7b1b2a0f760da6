import {statSync} from 'node:fs';
import type {SummaryStore} from '../store/summary-store.js';
import {itemHashesFrom, manyItemsStat, type SourceStat} from '../store/source-stats.js';
import {hashBytes} from './io/hash.js';

/**
 * A re-ingest skips an agent's SQLite database (Crush, OpenCode, Goose, Cursor, Zed, Warp, Kiro
 * CLI) on its stat, as it skips a file of one item (store/source-stats.ts): unopened, uncopied,
 * none of its sessions listed. The stat is the database's size and time and its `-wal`'s (most
 * agents commit to the `-wal` until a checkpoint: a write that touched only it changes the
 * stat). The `-shm` is left out on purpose: SQLite writes it on every read. What was recorded
 * is taken at the start of a clean read (nothing failed, nothing conflicted, nothing forgotten),
 * with a digest of the hashes of the items the store then held from the database: the skip holds
 * only while the store holds those very items (none removed, replaced or moved away since).
 */

/** The database's stat as the store records it: the `-wal`'s size and time are in the run key, the later time is the one checked for racing. */
export function databaseStat(real: string, size: number, mtimeMs: number, runKey: string): Pick<SourceStat, 'path' | 'size' | 'mtimeMs' | 'runKey'> {
	let wal = '-';
	let latest = mtimeMs;
	try {
		const info = statSync(`${real}-wal`);
		wal = `${info.size}:${info.mtimeMs}`;
		latest = Math.max(latest, info.mtimeMs);
	} catch {
		// No -wal beside it: a rollback-journal database, or a WAL one checkpointed and closed.
	}
	return {path: real, size, mtimeMs: latest, runKey: `${runKey}|wal:${wal}`};
}

/** A digest of the hashes of the items the store holds from a database, with how many they are. */
export function itemsDigest(store: SummaryStore, real: string): {digest: string; items: number} {
	const rows = store.guard(() => itemHashesFrom(store.db, real));
	const digest = hashBytes(rows.map((row) => `${row.namespace}\u0000${row.item_id}\u0000${row.content_hash ?? ''}`).join('\n'), 'database-items');
	return {digest: `${digest}:${rows.length}`, items: rows.length};
}

/**
 * How many items the store holds from a database it can skip on its stat: its size and time and
 * its `-wal`'s are what was recorded after a clean read, and the store holds the very items it
 * held then. Undefined: read it.
 */
export function unchangedDatabase(store: SummaryStore, real: string, size: number, mtimeMs: number, runKey: string): number | undefined {
	const recorded = store.guard(() => manyItemsStat(store.db, real));
	if (!recorded) return undefined;
	const now = databaseStat(real, size, mtimeMs, runKey);
	if (recorded.size !== now.size || recorded.mtimeMs !== now.mtimeMs || recorded.runKey !== now.runKey) return undefined;
	const {digest, items} = itemsDigest(store, real);
	return digest === recorded.contentHash ? items : undefined;
}
