import {removePrivateCopy} from './private-copies.js';
import {readOnlyTarget} from './read-only-open.js';
import {accessSync, closeSync, constants, existsSync, openSync, readSync, renameSync, rmSync, statSync} from 'node:fs';
import path from 'node:path';
import {Database} from './sqlite-driver.js';
import {DrillError, isCorruption} from '../core/errors.js';
import {recordChecked} from './health.js';
import {nativeBinding, type SqliteDatabase} from './open.js';
import {salvageItems, type LostItem, type PartialItem} from './salvage.js';
import type {SummaryStore} from './summary-store.js';

/** What `drill doctor` finds. */
export interface Diagnosis {
	store: string;
	/** The store file's size; what its write-ahead log holds beside it is `wal_bytes`. */
	bytes: number;
	/** The size of `STORE-wal`, the commits not yet copied into the file (0 when there is none). */
	wal_bytes: number;
	schema_version: number | null;
	healthy: boolean;
	/** `PRAGMA integrity_check`'s findings (at most 50), or why it could not run. */
	problems: string[];
	/** Tables whose b-tree or indexes are damaged; `items`, `nodes` and `spans` hold the data itself. */
	damaged_tables: string[];
	/** What was not checked and why (a log that a read-only folder keeps from being read). */
	notes: string[];
	/** Items whose rows can be read, when they can be counted. */
	items: number | null;
	checked_ms: number;
}

export interface Repair {
	/** Items written into the rebuilt store. */
	salvaged: number;
	lost: LostItem[];
	partial: PartialItem[];
	unreadable_rows: {items: number; nodes: number; spans: number};
	/** Where the damaged file was moved (kept, never deleted). */
	damaged_copy: string;
}

const sqliteHeader = 'SQLite format 3\u0000';

function headerOf(file: string): string {
	const fd = openSync(file, 'r');
	try {
		const buffer = Buffer.alloc(16);
		const read = readSync(fd, buffer, 0, 16, 0);
		return buffer.subarray(0, read).toString('latin1');
	} finally {
		closeSync(fd);
	}
}

function readableHeaderOf(file: string): string {
	try {
		return headerOf(file);
	} catch (error) {
		throw new DrillError('store_unreadable', `cannot read the store ${file} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`, 'check that the file and its folder are readable by you');
	}
}

function rows(db: SqliteDatabase, sql: string): string[] {
	try {
		return (db.prepare(sql).all() as Array<Record<string, unknown>>).map((row) => String(Object.values(row)[0]));
	} catch (error) {
		if (isCorruption(error)) return [(error as Error).message];
		throw error;
	}
}

function openForReading(file: string, readOnlyFolder: boolean): {db: SqliteDatabase; note?: string; close(): void} {
	// A folder we may not write: the store is read with its -wal all the same (read-only-open.ts).
	const {target, copy, note} = readOnlyFolder ? readOnlyTarget(file) : {target: file, copy: undefined, note: undefined};
	try {
		// SQLITE_USE_URI is set where the store module opens stores (open.ts), before the addon loads.
		const db = new Database(target, {readonly: true, fileMustExist: true, nativeBinding: nativeBinding() ?? undefined});
		return {
			db,
			...(note ? {note} : {}),
			close() {
				db.close();
				if (copy) removePrivateCopy(copy);
			},
		};
	} catch (error) {
		if (copy) removePrivateCopy(copy);
		throw new DrillError('store_unreadable', `cannot open the store ${file} (${(error as Error).message})`, 'check that the file exists and is readable');
	}
}

function sizeOf(file: string): number {
	try {
		return statSync(file).size;
	} catch {
		return 0;
	}
}

function writable(folder: string): boolean {
	try {
		accessSync(folder, constants.W_OK);
		return true;
	} catch {
		return false;
	}
}

/** Checks every page of the store and says which tables are damaged. Reads only. */
export function diagnose(file: string): Diagnosis {
	if (!existsSync(file)) throw new DrillError('store_unreadable', `no store at ${file}`, 'point --store or DRILL_STORE at the store to check');
	const started = performance.now();
	const stat = statSync(file);
	if (stat.isDirectory()) throw new DrillError('store_unreadable', `the store path ${file} is a folder`, 'point --store or DRILL_STORE at a .db file');
	const walBytes = sizeOf(`${file}-wal`);
	const base = {store: file, bytes: stat.size, wal_bytes: walBytes, damaged_tables: [] as string[]};
	if (stat.size > 0 && readableHeaderOf(file) !== sqliteHeader) {
		return {...base, schema_version: null, healthy: false, problems: ['the file is not a SQLite database (its header is wrong): nothing in it can be read as a store'], notes: [], items: null, checked_ms: Math.round(performance.now() - started)};
	}
	// A reader of a WAL store makes its -shm file beside it: in a folder it may not write (a
	// read-only mount), the store is still read with its log (the file alone may be mid-checkpoint).
	const opened = openForReading(file, !writable(path.dirname(file)));
	const {db} = opened;
	const notes = opened.note ? [opened.note] : [];
	try {
		const version = (() => {
			try {
				return db.pragma('user_version', {simple: true}) as number;
			} catch {
				return null;
			}
		})();
		const problems = rows(db, 'PRAGMA integrity_check(50)')
			.flatMap((problem) => problem.split('\n'))
			.filter((line) => line.trim() !== '' && line !== 'ok' && !line.startsWith('***'));
		const damaged: string[] = [];
		if (problems.length > 0) {
			const tables = rows(db, "SELECT name FROM sqlite_master WHERE type = 'table' AND rootpage > 0 ORDER BY name");
			for (const table of tables) {
				if (!/^[A-Za-z_][A-Za-z0-9_]*$/u.test(table)) continue;
				if (rows(db, `PRAGMA integrity_check("${table}")`).some((line) => line !== 'ok')) damaged.push(table);
			}
		}
		let items: number | null = null;
		try {
			items = (db.prepare('SELECT count(*) AS n FROM items').get() as {n: number}).n;
		} catch {
			items = null;
		}
		return {...base, schema_version: version, healthy: problems.length === 0, problems, notes, damaged_tables: damaged, items, checked_ms: Math.round(performance.now() - started)};
	} finally {
		opened.close();
	}
}

function moveIfPresent(from: string, to: string): void {
	if (existsSync(from)) renameSync(from, to);
}

/**
 * Rebuilds a damaged store: every readable item is written into a new store (whose writer
 * rebuilds the search indexes from the items), the damaged file is moved aside — never deleted —
 * and the new one takes its place. `openWritable` opens the new store with its indexers.
 */
export function repairStore(file: string, openWritable: (file: string) => SummaryStore, now = new Date()): Repair {
	const fresh = `${file}.salvage-${process.pid}`;
	for (const leftover of [fresh, `${fresh}-wal`, `${fresh}-shm`]) rmSync(leftover, {force: true});
	// Repair writes beside the store: its folder is writable.
	const source = openForReading(file, false);
	let salvage;
	try {
		salvage = salvageItems(source.db);
	} finally {
		source.close();
	}
	const target = openWritable(fresh);
	try {
		for (const item of salvage.items) target.writeItem(item);
	} catch (error) {
		target.close();
		rmSync(fresh, {force: true});
		throw error;
	}
	target.close();
	const damagedCopy = `${file}.damaged-${now.toISOString().replace(/[:.]/gu, '-')}`;
	renameSync(file, damagedCopy);
	// The damaged file's log belongs to it: left beside the new store, SQLite would replay it there.
	moveIfPresent(`${file}-wal`, `${damagedCopy}-wal`);
	moveIfPresent(`${file}-shm`, `${damagedCopy}-shm`);
	renameSync(fresh, file);
	rmSync(`${fresh}-checked`, {force: true});
	recordChecked(file);
	return {salvaged: salvage.items.length, lost: salvage.lost, partial: salvage.partial, unreadable_rows: salvage.unreadable_rows, damaged_copy: damagedCopy};
}
