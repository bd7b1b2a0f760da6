import {constants, copyFileSync, existsSync, statSync} from 'node:fs';
import path from 'node:path';
import {pathToFileURL} from 'node:url';
import {DrillError} from '../core/errors.js';
import {hint, option} from '../core/hint.js';
import {privateCopyFolder, removePrivateCopy} from './private-copies.js';

/**
 * How a store is read where this process may not write beside it (a read-only mount, another
 * user's folder): always with its write-ahead log, whose commits may not be in the file yet, and
 * which a checkpoint stopped midway (a full disk) leaves the file alone inconsistent without.
 *
 * - No `-wal`, or an empty one: the file is all there is, read as an immutable URI (no lock, no
 *   `-shm` to make).
 * - A `-wal` and its `-shm`: read as they are, read-only (`mode=ro`); SQLite reads the log through
 *   a `-shm` it may not write (since 3.22).
 * - A `-wal` without a `-shm` (SQLite would have to make one): the file and its log are copied to
 *   a private folder (private-copies.ts) and read there; the copy is removed when the store closes.
 * - When even that cannot be done (no room), the store is "unreadable here": never "damaged",
 *   which is what reading the file without its log would wrongly find.
 */

export interface ReadOnlyTarget {
	/** What to give SQLite: a path or a URI. */
	target: string;
	/** The private copy's folder, to remove when the store is closed. */
	copy?: string;
	/** How it was read, when that is worth saying (doctor's notes). */
	note?: string;
}

const sizeOf = (file: string) => {
	try {
		return statSync(file).size;
	} catch {
		return 0;
	}
};

export function readOnlyTarget(file: string): ReadOnlyTarget {
	const walBytes = sizeOf(`${file}-wal`);
	if (walBytes === 0) return {target: `${pathToFileURL(file).href}?immutable=1`};
	if (existsSync(`${file}-shm`)) return {target: file};
	let folder: string | undefined;
	try {
		folder = privateCopyFolder();
		const copy = path.join(folder, path.basename(file));
		// The log first: a checkpoint copies its frames into the database, never the other way.
		copyFileSync(`${file}-wal`, `${copy}-wal`, constants.COPYFILE_FICLONE);
		copyFileSync(file, copy, constants.COPYFILE_FICLONE);
		return {target: copy, copy: folder, note: `its folder is read-only and its write-ahead log (${walBytes} bytes of commits not yet in the file) has no -shm beside it: read from a private copy of both`};
	} catch (error) {
		if (folder) removePrivateCopy(folder);
		throw new DrillError(
			'store_unreadable',
			`the store ${file} cannot be read here: its write-ahead log (${walBytes} bytes of commits not yet in the file) needs a -shm file beside it, its folder is read-only, and a private copy could not be made (${(error as Error).message.split('\n')[0]})`,
			hint`copy the store with its -wal to a writable folder and point ${option('store')} there, or mount it writable`,
		);
	}
}
