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
