import {accessSync, constants, existsSync, mkdirSync, statSync} from 'node:fs';
import path from 'node:path';
import {createRequire} from 'node:module';
import {Database} from './sqlite-driver.js';
import {DrillError, doctorHint, isCorruption} from '../core/errors.js';
import {blank, hint, option, run} from '../core/hint.js';
import {takeTurn, type TurnOptions} from './busy.js';
import {refuseDamaged} from './health.js';
import {removePrivateCopy} from './private-copies.js';
import {readOnlyTarget} from './read-only-open.js';
import {migrations, schemaVersion} from './schema.js';
import type {SqliteDatabase} from './sqlite-database.js';

export type {SqliteDatabase} from './sqlite-database.js';

// Lets a store in a read-only folder be opened as an immutable URI (a WAL reader would need to
// create its -shm file beside it). Read by better-sqlite3 when its addon first loads.
process.env.SQLITE_USE_URI = '1';

export interface OpenOptions extends TurnOptions {
	/** Create the file (and its folder) when missing, and allow writes. */
	write?: boolean;
}

/**
 * Whether an error is a failure of the store: SQLite's own (a SQLITE_* code), the file system's (an
 * errno code), or one already worded. Anything else (a RangeError of the code that builds an item's
 * rows) is no store problem, and is reported against the input that caused it.
 */
export function isStorageFailure(error: unknown): boolean {
	if (error instanceof DrillError) return true;
	const code = (error as {code?: unknown} | null)?.code;
	return typeof code === 'string' && code !== '';
}

/** Turns SQLite's own failures into one-line DrillErrors that say what to do. */
export function storeError(error: unknown, file: string): DrillError {
	if (error instanceof DrillError) return error;
	const code = (error as {code?: string}).code ?? '';
	const message = error instanceof Error ? error.message : String(error);
	if (isCorruption(error)) {
		return new DrillError('store_corrupt', `the store ${file} is damaged or not a drill store (${message})`, doctorHint);
	}
	if (code.startsWith('SQLITE_READONLY') || code === 'SQLITE_PERM' || code === 'SQLITE_AUTH') {
		return new DrillError('store_readonly', `the store ${file} cannot be written (${message})`, hint`make its folder writable or choose another with ${option('store')}`);
	}
	if (code.startsWith('SQLITE_CANTOPEN') || code === 'EACCES' || code === 'EPERM') {
		return new DrillError('store_unreadable', `cannot open the store ${file} (${message})`, hint`check that the file and its folder are readable, or choose another with ${option('store')}`);
	}
	if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) {
		return new DrillError('store_busy', `the store ${file} is locked by another process`, 'try again when the other drill command has finished');
	}
	// A full disk stops whatever writes the store (an ingest stops at once, with what it committed).
	if (code === 'SQLITE_FULL' || code === 'ENOSPC' || code === 'EDQUOT') {
		return new DrillError('store_full', `the disk holding the store ${file} is full (${message})`, 'free some space, then run the command again: what was written stays in the store, and a rerun adds the rest');
	}
	if (code === 'SQLITE_IOERR' || code.startsWith('SQLITE_IOERR')) {
		return new DrillError('io_error', `cannot read or write the store ${file} (${message})`, 'check the disk and the file');
	}
	return new DrillError('store_unreadable', `the store ${file} failed: ${message}`, hint`check the file, or choose another with ${option('store')}`);
}

function readVersion(db: SqliteDatabase): number {
	return db.pragma('user_version', {simple: true}) as number;
}

function refuseNewer(version: number, file: string): void {
	if (version > schemaVersion) {
		throw new DrillError('store_newer', `the store ${file} has schema version ${version}, newer than this drill understands (${schemaVersion})`, 'upgrade drill, or use a store made by this version');
	}
}

function migrate(db: SqliteDatabase, file: string): void {
	const seen = readVersion(db);
	refuseNewer(seen, file);
	if (seen === schemaVersion) return;
	db.transaction(() => {
		// Read again under the write lock: another process may have created or migrated the store
		// between the first read and now (ten ingests into a new store start together).
		const version = readVersion(db);
		refuseNewer(version, file);
		for (let next = version; next < schemaVersion; next++) migrations[next]!(db);
		db.pragma(`user_version = ${schemaVersion}`);
	}).immediate();
}

function allows(target: string, mode: number): boolean {
	try {
		accessSync(target, mode);
		return true;
	} catch {
		return false;
	}
}

const isWritable = (target: string): boolean => allows(target, constants.W_OK);

let addon: string | null | undefined;

/**
 * better-sqlite3's native addon, where its install builds it. Given the file, the package skips its
 * `bindings` helper, which tries a dozen paths first (~5 ms of every start); null when the addon is
 * elsewhere, and the package then finds it itself.
 */
export function nativeBinding(): string | null {
	if (addon === undefined) {
		try {
			addon = createRequire(import.meta.url).resolve('better-sqlite3/build/Release/better_sqlite3.node');
		} catch {
			addon = null;
		}
	}
	return addon;
}

/**
 * Opens (and migrates) the SQLite store. WAL lets readers share the file with a running writer;
 * the busy timeout lets two writers take turns instead of failing.
 */
export function openDatabase(file: string, options: OpenOptions = {}): SqliteDatabase {
	const exists = existsSync(file);
	if (!exists && !options.write) {
		throw new DrillError('store_unreadable', `no store at ${file}`, hint`${run('ingest', {agents: true}, {quoted: true})} gathers this machine's agent sessions into it, ${run('ingest', {path: blank('PATH')}, {quoted: true})} adds files and folders, ${run('import', {file: blank('FILE')}, {quoted: true})} loads summary items; or point ${option('store')} or DRILL_STORE at another store`);
	}
	if (exists && statSync(file).isDirectory()) {
		throw new DrillError('store_unreadable', `the store path ${file} is a folder`, hint`point ${option('store')} at a .db file`);
	}
	// Said before "read-only": a store this user may not even read is not one to make writable.
	if (exists && !allows(file, constants.R_OK)) {
		throw new DrillError('store_unreadable', `cannot read the store ${file} (permission denied)`, hint`check that the file and its folder are readable by you, or choose another with ${option('store')}`);
	}
	const folder = path.dirname(file);
	if (!exists) {
		try {
			mkdirSync(folder, {recursive: true});
		} catch (error) {
			throw new DrillError('store_readonly', `cannot create the folder ${folder} for the store (${(error as Error).message})`, hint`choose a writable place with ${option('store')} or DRILL_STORE`);
		}
	}
	const readonly = exists && (!isWritable(file) || !isWritable(folder)) && !options.write;
	if (options.write && exists && (!isWritable(file) || !isWritable(folder))) {
		throw new DrillError('store_readonly', `the store ${file} or its folder is read-only`, hint`make them writable, or choose another store with ${option('store')}`);
	}
	// Where we cannot write beside the store: read it with its -wal all the same (read-only-open.ts).
	const {target, copy} = readonly && !isWritable(folder) ? readOnlyTarget(file) : {target: file, copy: undefined};
	let db: SqliteDatabase | undefined;
	try {
		db = new Database(target, {readonly, fileMustExist: !options.write, nativeBinding: nativeBinding() ?? undefined});
		if (copy) removedWithClose(db, copy);
		db.pragma('busy_timeout = 5000');
		if (!readonly) {
			db.pragma('journal_mode = WAL');
			db.pragma('synchronous = NORMAL');
		}
		db.pragma('foreign_keys = ON');
		// Reading the schema is what reveals a file that is not a database.
		db.prepare('SELECT count(*) FROM sqlite_master').get();
		if (readonly) {
			const version = readVersion(db);
			refuseNewer(version, file);
			if (version < schemaVersion) {
				throw new DrillError('store_readonly', `the store ${file} has schema version ${version} and needs migrating to ${schemaVersion}, but it is read-only`, 'open it once with write access');
			}
		} else {
			// Never write into a damaged store: a write would spread the damage or hide it.
			if (exists && statSync(file).size > 0) refuseDamaged(db, file);
			const opened = db;
			takeTurn(file, () => migrate(opened, file), options);
		}
		return db;
	} catch (error) {
		db?.close();
		if (copy) removePrivateCopy(copy);
		throw storeError(error, file);
	}
}

/** A private copy goes when the store that reads it closes. */
function removedWithClose(db: SqliteDatabase, folder: string): void {
	const close = db.close.bind(db);
	db.close = () => {
		try {
			return close();
		} finally {
			removePrivateCopy(folder);
		}
	};
}
