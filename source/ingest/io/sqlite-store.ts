import {closeSync, constants, copyFileSync, existsSync, mkdtempSync, openSync, readFileSync, readSync, rmSync, statSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';

/**
 * Reading another program's SQLite database (an agent's session store) without ever writing to
 * it: not a byte of the file, and no `-wal` or `-shm` beside it where that can be avoided.
 *
 * SQLite opened read-only still creates `-wal` and `-shm` files next to a WAL-mode database when
 * they are not there (measured with better-sqlite3 12.11: a read-only query on a closed WAL
 * database leaves both behind), and better-sqlite3 takes no `immutable=1` URI. So:
 * - a rollback-journal database (VS Code's and Cursor's `state.vscdb`) is opened read-only in place;
 * - a WAL database whose `-wal` and `-shm` exist (its agent has it open) is opened read-only in
 *   place, as any reader does, seeing what was committed to the WAL;
 * - a WAL database without them (nobody has it open: every commit is in the main file) is read
 *   into memory as a rollback-journal copy (up to 256 MB), or copied with its `-wal` to a
 *   temporary folder (larger, or a `-wal` without its `-shm`), and opened there.
 */

const sqliteMagic = 'SQLite format 3\u0000';
/** Bigger WAL databases are copied to a temporary folder instead of being held in memory. */
const maxInMemoryBytes = 256 << 20;

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

function inMemory(file: string): ReadOnlyStore {
	const bytes = readFileSync(file);
	// Rollback-journal format for the in-memory copy: a WAL header cannot be deserialized.
	bytes[18] = 1;
	bytes[19] = 1;
	const db = new Database(bytes, {readonly: true});
	return {db, close: () => db.close()};
}

function copied(file: string): ReadOnlyStore {
	const folder = mkdtempSync(path.join(os.tmpdir(), 'drill-store-'));
	try {
		const copy = path.join(folder, 'store.db');
		copyFileSync(file, copy, constants.COPYFILE_FICLONE);
		if (existsSync(`${file}-wal`)) copyFileSync(`${file}-wal`, `${copy}-wal`, constants.COPYFILE_FICLONE);
		const db = new Database(copy, {readonly: true, fileMustExist: true});
		return {
			db,
			close() {
				db.close();
				rmSync(folder, {recursive: true, force: true});
			},
		};
	} catch (error) {
		rmSync(folder, {recursive: true, force: true});
		throw error;
	}
}

/** Whether opening the store means copying it (a WAL database without its -wal and -shm). */
export function needsCopy(file: string): boolean {
	return walMode(file) && !(existsSync(`${file}-wal`) && existsSync(`${file}-shm`));
}

/** Opens an agent's SQLite store for reading only (see above for how nothing is written beside it). */
export function openReadOnlyStore(file: string): ReadOnlyStore {
	if (!walMode(file)) return inPlace(file);
	const wal = existsSync(`${file}-wal`);
	if (wal && existsSync(`${file}-shm`)) return inPlace(file);
	if (!wal && statSync(file).size <= maxInMemoryBytes) return inMemory(file);
	return copied(file);
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

/** The tables a store has, by name. */
export function tableNames(db: Database.Database): Set<string> {
	const rows = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as Array<{name: string}>;
	return new Set(rows.map((row) => row.name));
}

/** The columns of a table, by name (empty when there is no such table). */
export function columnNames(db: Database.Database, table: string): Set<string> {
	const rows = db.prepare('SELECT name FROM pragma_table_info(?)').all(table) as Array<{name: string}>;
	return new Set(rows.map((row) => row.name));
}
