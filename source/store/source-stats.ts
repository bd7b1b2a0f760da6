import type {SqliteDatabase} from './open.js';
import {prepared} from './prepared.js';

/**
 * What the store remembers of a single-item source file it ingested (table source_stats): its size
 * and modification time then, and the item it became with that item's content hash. A re-ingest
 * skips a file on a stat when they still match and the store still holds that very item from that
 * file. A cache only: a row that does not match is ignored, and the file read and hashed as before.
 */
export interface SourceStat {
	/** The file's real path (what the item's source uri is). */
	path: string;
	size: number;
	mtimeMs: number;
	/** What else the item depends on: the pipeline's version, format, namespace and summarizer options. */
	runKey: string;
	namespace: string;
	itemId: string;
	contentHash: string;
}

/**
 * A file modified this close to when it was checked may have changed again within the same mtime
 * tick (a coarse file system, or a write in the same instant): its stat is not trusted (as git does
 * with its index).
 */
const racyMs = 2_000;

/** Whether the file at `stat.path` is, by its stat alone, still what the store holds as its item. */
export function unchangedByStat(db: SqliteDatabase, stat: Omit<SourceStat, 'namespace' | 'itemId' | 'contentHash'>): boolean {
	const row = prepared(
		db,
		`SELECT 1 FROM source_stats s JOIN items i ON i.namespace = s.namespace AND i.item_id = s.item_id
		 WHERE s.path = ? AND s.size = ? AND s.mtime_ms = ? AND s.run_key = ? AND s.mtime_ms < s.checked_ms - ?
		   AND i.content_hash = s.content_hash AND i.source_uri = s.path`,
	).get(stat.path, stat.size, stat.mtimeMs, stat.runKey, racyMs);
	return row !== undefined;
}

/** Remembers a file as ingested now (see unchangedByStat). */
export function recordStat(db: SqliteDatabase, stat: SourceStat): void {
	prepared(
		db,
		`INSERT INTO source_stats (path, size, mtime_ms, checked_ms, run_key, namespace, item_id, content_hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
		 ON CONFLICT (path) DO UPDATE SET size = excluded.size, mtime_ms = excluded.mtime_ms, checked_ms = excluded.checked_ms, run_key = excluded.run_key,
		   namespace = excluded.namespace, item_id = excluded.item_id, content_hash = excluded.content_hash`,
	).run(stat.path, stat.size, stat.mtimeMs, Date.now(), stat.runKey, stat.namespace, stat.itemId, stat.contentHash);
}

/**
 * A file of many items (an agent's SQLite database) is remembered in the same table under an empty
 * `item_id`: its size and time (with its `-wal`'s in `run_key`, see ingest/store-stat.ts), and as
 * `content_hash` a digest of the hashes of the items the store holds from it.
 */
export interface ManyItemsStat {
	size: number;
	mtimeMs: number;
	checkedMs: number;
	runKey: string;
	contentHash: string;
}

/** What the store recorded of a file of many items by its stat, when it did (and the stat is not racy). */
export function manyItemsStat(db: SqliteDatabase, path: string): ManyItemsStat | undefined {
	const row = prepared(db, "SELECT size, mtime_ms, checked_ms, run_key, content_hash FROM source_stats WHERE path = ? AND item_id = ''").get(path) as
		| {size: number; mtime_ms: number; checked_ms: number; run_key: string; content_hash: string}
		| undefined;
	if (!row || !(row.mtime_ms < row.checked_ms - racyMs)) return undefined;
	return {size: row.size, mtimeMs: row.mtime_ms, checkedMs: row.checked_ms, runKey: row.run_key, contentHash: row.content_hash};
}

/** The items the store holds from a file of many items (their source uri is `{path}#{key}`), in a stable order. */
export function itemHashesFrom(db: SqliteDatabase, path: string): Array<{namespace: string; item_id: string; content_hash: string | null}> {
	// '$' follows '#': the range is every uri that starts with `{path}#`, read from items_by_source.
	return prepared(db, 'SELECT namespace, item_id, content_hash FROM items WHERE source_uri >= ? AND source_uri < ? ORDER BY namespace, item_id').all(`${path}#`, `${path}$`) as Array<{
		namespace: string;
		item_id: string;
		content_hash: string | null;
	}>;
}
