import {closeSync, constants, copyFileSync, existsSync, openSync, readFileSync, readSync, statfsSync, statSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import {privateCopyFolder, removePrivateCopy} from '../../store/private-copies.js';

/**
 * Reading another program's SQLite database (an agent's session store) without ever writing to
 * it: not a byte of the file, nor of the `-wal` and `-shm` beside it, and nothing left behind.
 *
 * SQLite opened read-only still writes: it creates `-wal` and `-shm` next to a WAL database that
 * has none, and a reader of one that has them writes its read marks (and, after a crash, the
 * recovered index) into the `-shm` (measured with better-sqlite3 12.11 on the real stores of
 * ../shared/eval/real-sessions: the `-shm` of every one read in place changed). And most agents'
 * newest sessions are only in the `-wal` (OpenCode, Kilo, Crush, Goose commit there until a
 * checkpoint). So:
 * - a rollback-journal database (VS Code's and Cursor's `state.vscdb`) is opened read-only in
 *   place: reading one writes nothing;
 * - a WAL database (or one with a stray `-wal` beside it, which SQLite would open as WAL and give
 *   a new `-shm`) is read from a private copy of it and its `-wal` (never its `-shm`, which
 *   SQLite rebuilds from the `-wal`), in memory when it has no `-wal` and is at most 256 MB, else
 *   in a private folder (private-copies.ts: 0700, removed when the store is closed and on every
 *   way out of the process, stale ones swept);
 * - a file whose size is not what its header's page count says (padded, or a sparse file of
 *   gigabytes that holds a few pages) is refused before anything is copied, and so is a copy that
 *   would take more than half the free space of the temporary folder.
 *   The copy is consistent: the `-wal` is copied before the database, and the copy is taken
 *   again when the database changed or the `-wal` was restarted meanwhile (a checkpoint ran);
 *   frames an agent appended during the copy end in a partial or uncommitted tail, which SQLite
 *   leaves out, so the copy is the store as of its last whole commit.
 */

const sqliteMagic = 'SQLite format 3\u0000';
/** Bigger WAL databases are copied to a temporary folder instead of being held in memory. */
const maxInMemoryBytes = 256 << 20;
/** How often a copy is taken again while a checkpoint keeps changing the database under it. */
const copyAttempts = 5;

export function isSqliteHead(head: Uint8Array): boolean {
	return head.length >= 16 && Buffer.from(head.subarray(0, 16)).toString('latin1') === sqliteMagic;
}

/** Whether the header says WAL mode (file format versions 2 at bytes 18 and 19). */
function walMode(file: string): boolean {
	const handle = openSync(file, 'r');
	try {
		const header = Buffer.alloc(20);
		return readSync(handle, header, 0, 20, 0) === 20 && header[18] === 2 && header[19] === 2;
	} finally {
		closeSync(handle);
	}
}

export interface ReadOnlyStore {
	db: Database.Database;
	close(): void;
}

function inPlace(file: string): ReadOnlyStore {
	const db = new Database(file, {readonly: true, fileMustExist: true});
	return {db, close: () => db.close()};
}

function inMemory(bytes: Buffer): ReadOnlyStore {
	// Rollback-journal format for the in-memory copy: a WAL header cannot be deserialized.
	bytes[18] = 1;
	bytes[19] = 1;
	const db = new Database(bytes, {readonly: true});
	return {db, close: () => db.close()};
}

/** What says a WAL database changed under a copy: its size and time, and its `-wal`'s header (salts change when the log restarts). */
function walState(file: string): string {
	const parts: string[] = [];
	try {
		const info = statSync(file, {bigint: true});
		parts.push(`${info.size}:${info.mtimeNs}`);
	} catch {
		parts.push('-');
	}
	try {
		const handle = openSync(`${file}-wal`, 'r');
		try {
			const header = Buffer.alloc(32);
			const read = readSync(handle, header, 0, 32, 0);
			parts.push(header.subarray(0, read).toString('hex'));
		} finally {
			closeSync(handle);
		}
	} catch {
		parts.push('no-wal');
	}
	return parts.join('|');
}

function copied(file: string): ReadOnlyStore {
	for (let attempt = 1; ; attempt++) {
		const before = walState(file);
		const hasWal = existsSync(`${file}-wal`);
		if (!hasWal && statSync(file).size <= maxInMemoryBytes) {
			const bytes = readFileSync(file);
			if (walState(file) === before || attempt >= copyAttempts) return inMemory(bytes);
			continue;
		}
		checkRoom(file);
		const folder = privateCopyFolder();
		try {
			const copy = path.join(folder, 'store.db');
			// The log first: a checkpoint copies its frames into the database, never the other way.
			if (hasWal) copyFileSync(`${file}-wal`, `${copy}-wal`, constants.COPYFILE_FICLONE);
			copyFileSync(file, copy, constants.COPYFILE_FICLONE);
			if (walState(file) !== before && attempt < copyAttempts) {
				removePrivateCopy(folder);
				continue;
			}
			const db = new Database(copy, {readonly: true, fileMustExist: true});
			return {
				db,
				close() {
					db.close();
					removePrivateCopy(folder);
				},
			};
		} catch (error) {
			removePrivateCopy(folder);
			throw error;
		}
	}
}

/** Whether opening the store means copying it (a WAL database, or a stray `-wal` beside one). */
export function needsCopy(file: string): boolean {
	return walMode(file) || existsSync(`${file}-wal`);
}

/** Files this big are checked for holes: a sparse one would be copied whole. */
const sparseCheckBytes = 256 << 20;

/** Why a database file is refused before it is opened or copied: a size its header does not account for. */
export function sizeProblem(file: string): string | undefined {
	const header = Buffer.alloc(100);
	const handle = openSync(file, 'r');
	let read: number;
	try {
		read = readSync(handle, header, 0, 100, 0);
	} finally {
		closeSync(handle);
	}
	const info = statSync(file);
	if (read < 100) return undefined;
	const raw = header.readUInt16BE(16);
	const pageSize = raw === 1 ? 65536 : raw;
	const pages = header.readUInt32BE(28);
	// The header's page count is valid when its change counter matches its version-valid-for number (sqlite.org/fileformat.html).
	const counted = pages > 0 && header.readUInt32BE(24) === header.readUInt32BE(92);
	if (counted && info.size !== pages * pageSize) return `its size (${info.size} bytes) is not the ${pages} pages of ${pageSize} bytes its header says: refused, not copied`;
	if (info.size > sparseCheckBytes && info.blocks * 512 < info.size / 16) return `it is a sparse file (${info.size} bytes, ${info.blocks * 512} on disk): refused, not copied`;
	return undefined;
}

/** Refuses a copy that would take more than half the free space of the temporary folder. */
function checkRoom(file: string): void {
	const need = statSync(file).size + (existsSync(`${file}-wal`) ? statSync(`${file}-wal`).size : 0);
	const room = statfsSync(os.tmpdir());
	const free = room.bavail * room.bsize;
	if (need > free / 2) throw new Error(`copying it to read it (${Math.ceil(need / 2 ** 20)} MB) would take more than half the free space of ${os.tmpdir()} (${Math.floor(free / 2 ** 20)} MB): not read`);
}

/** Opens an agent's SQLite store for reading only (see above for how nothing is written to it or beside it). */
export function openReadOnlyStore(file: string): ReadOnlyStore {
	const problem = sizeProblem(file);
	if (problem) throw new Error(problem);
	return needsCopy(file) ? copied(file) : inPlace(file);
}

/**
 * What a store looks like now, cheaply: the sizes and modification times of the file and its
 * `-wal` (a WAL database's commits change only the `-wal` until a checkpoint). `--watch` reads a
 * store again when this changes, and never to find out whether it did.
 */
export function storeVersion(file: string): string {
	const parts: string[] = [];
	for (const name of [file, `${file}-wal`]) {
		try {
			const info = statSync(name);
			parts.push(`${info.size}:${info.mtimeMs}`);
		} catch {
			parts.push('-');
		}
	}
	return parts.join('|');
}
