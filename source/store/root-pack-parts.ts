import type {SqliteDatabase} from './sqlite-database.js';
import {prepared} from './prepared.js';
import {packFileMeta, packSum, type PackFileExpectation} from './root-pack-file.js';

/**
 * The root pack's bytes (every item's root vector as 8-bit codes, search/semantic/root-pack.ts) in
 * rows of this many bytes: SQLite read the one 6.4 MB blob of 50 000 items as a single value (an
 * overflow chain copied into one allocation, then into a Buffer), parts of 64 KB are copied
 * straight into the array the coarse step scans.
 */
export const packPartBytes = 64 * 1024;

/**
 * The pack's head: the vector revision it was packed at, how many roots it holds, the scale per
 * dimension of its codes, and how many bytes in how many parts. Its bytes: the roots' item ids
 * (Int32), their node ids (Int32), then their codes (Int8, `dimension` per root).
 */
export interface PackHead {
	revision: string;
	count: number;
	scales: Buffer;
	bytes: number;
	parts: number;
}

const partsFor = (bytes: number) => Math.ceil(bytes / packPartBytes);

/** The pack's head, or undefined when there is none. */
export function readPackHead(db: SqliteDatabase): PackHead | undefined {
	const row = prepared(db, 'SELECT revision, count, scales, bytes, parts FROM root_pack WHERE id = 1').raw(true).get() as [string, number, Buffer, number, number] | undefined;
	if (!row) return undefined;
	const [revision, count, scales, bytes, parts] = row;
	return {revision, count, scales, bytes, parts};
}

/**
 * The pack's bytes as its head says them, or undefined when the parts are not what it says (a part
 * missing, out of order, of another length, one too many): a partial or damaged pack is not read.
 */
export function readPackBytes(db: SqliteDatabase, head: PackHead): Uint8Array | undefined {
	if (head.bytes < 0 || head.parts !== partsFor(head.bytes)) return undefined;
	const bytes = new Uint8Array(head.bytes);
	let at = 0;
	let expected = 0;
	for (const [part, data] of prepared(db, 'SELECT part, data FROM root_pack_parts ORDER BY part').raw(true).iterate() as Iterable<[number, Buffer]>) {
		if (part !== expected || !(data instanceof Uint8Array) || data.byteLength !== Math.min(packPartBytes, head.bytes - at)) return undefined;
		bytes.set(data, at);
		at += data.byteLength;
		expected++;
	}
	return at === head.bytes && expected === head.parts ? bytes : undefined;
}

/**
 * What the pack file beside the store must hold to be read instead of the parts (store/root-pack-file.ts):
 * written with the pack, so a file of another revision, store or content is never taken for it.
 * Undefined when the store has no pack, or it was packed by a drill that kept no file (the next
 * writer to close writes it).
 */
export function readPackExpectation(db: SqliteDatabase, head: PackHead): PackFileExpectation | undefined {
	const value = prepared(db, 'SELECT value FROM meta WHERE key = ?').pluck().get(packFileMeta) as string | undefined;
	if (value === undefined) return undefined;
	try {
		const expected = JSON.parse(value) as Partial<PackFileExpectation> | null;
		if (!expected || expected.revision !== head.revision || expected.count !== head.count || expected.bytes !== head.bytes || typeof expected.sum !== 'string') return undefined;
		return {revision: head.revision, count: head.count, bytes: head.bytes, sum: expected.sum};
	} catch {
		return undefined;
	}
}

/** What the pack file holding `bytes` must say of them. */
export function packExpectation(head: Pick<PackHead, 'revision' | 'count'>, bytes: Uint8Array): PackFileExpectation {
	return {revision: head.revision, count: head.count, bytes: bytes.byteLength, sum: packSum(bytes)};
}

/** Writes the pack: its head, its bytes in parts and what its file must hold (inside the caller's transaction). */
export function writePack(db: SqliteDatabase, head: Omit<PackHead, 'bytes' | 'parts'>, bytes: Uint8Array): void {
	prepared(db, 'DELETE FROM root_pack_parts').run();
	const insert = prepared(db, 'INSERT INTO root_pack_parts (part, data) VALUES (?, ?)');
	for (let part = 0, at = 0; at < bytes.byteLength; part++, at += packPartBytes) {
		const slice = bytes.subarray(at, Math.min(at + packPartBytes, bytes.byteLength));
		insert.run(part, Buffer.from(slice.buffer, slice.byteOffset, slice.byteLength));
	}
	prepared(db, 'INSERT INTO root_pack (id, revision, count, scales, bytes, parts) VALUES (1, ?, ?, ?, ?, ?) ON CONFLICT (id) DO UPDATE SET revision = excluded.revision, count = excluded.count, scales = excluded.scales, bytes = excluded.bytes, parts = excluded.parts').run(head.revision, head.count, head.scales, bytes.byteLength, partsFor(bytes.byteLength));
	writePackExpectation(db, packExpectation(head, bytes));
}

/** Records what the pack file must hold (inside the caller's transaction). */
export function writePackExpectation(db: SqliteDatabase, expected: PackFileExpectation): void {
	prepared(db, 'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(packFileMeta, JSON.stringify(expected));
}

/**
 * Schema 17: the pack of schema 16 (one row: items, nodes, scales, codes) becomes a head and parts.
 * A pack of codes whose sizes hold is moved as it is (at its revision, so it is read while that is
 * current); a float pack (no scales) or one whose sizes do not hold is left out, and the next
 * writer to close packs the roots again (until then the coarse step reads root_vectors).
 */
export function migratePackToParts(db: SqliteDatabase): void {
	const columns = new Set((db.prepare('PRAGMA table_info(root_pack)').all() as Array<{name: string}>).map((column) => column.name));
	// Run again over a store already in parts (its version set back by hand): left as it is.
	if (columns.has('parts')) {
		db.exec('CREATE TABLE IF NOT EXISTS root_pack_parts (part INTEGER PRIMARY KEY, data BLOB NOT NULL)');
		return;
	}
	const old = columns.has('items') ? (db.prepare('SELECT * FROM root_pack WHERE id = 1').get() as {revision: string; items: Buffer; nodes: Buffer; scales?: Buffer | null; vectors: Buffer} | undefined) : undefined;
	db.exec(`
		DROP TABLE IF EXISTS root_pack;
		DROP TABLE IF EXISTS root_pack_parts;
		CREATE TABLE root_pack (
			id INTEGER PRIMARY KEY CHECK (id = 1),
			revision TEXT NOT NULL,
			count INTEGER NOT NULL,
			scales BLOB NOT NULL,
			bytes INTEGER NOT NULL,
			parts INTEGER NOT NULL
		);
		CREATE TABLE root_pack_parts (
			part INTEGER PRIMARY KEY,
			data BLOB NOT NULL
		);
	`);
	if (!old?.scales || old.scales.byteLength === 0 || old.scales.byteLength % 4 !== 0) return;
	const count = old.items.byteLength / 4;
	const dimension = old.scales.byteLength / 4;
	if (!Number.isInteger(count) || old.nodes.byteLength !== old.items.byteLength || old.vectors.byteLength !== count * dimension) return;
	writePack(db, {revision: old.revision, count, scales: old.scales}, Buffer.concat([old.items, old.nodes, old.vectors]));
}
