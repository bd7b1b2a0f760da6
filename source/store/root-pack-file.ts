import {closeSync, constants, fstatSync, openSync, read, readSync, renameSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {crc32} from 'node:zlib';

/**
 * The root pack's bytes (store/root-pack-parts.ts) kept also as one file beside the store,
 * `store.db-roots`, read with one read(2): SQLite handed the 6.8 MB of a 50 000-item pack over as
 * 104 parts, each copied into a fresh Buffer and then into the pack (~3 300 page faults, ~55 ms of
 * a first query's CPU on a 2-core VM where a page fault costs ~15 µs); the file is read straight
 * into the array the coarse step scans, on libuv's thread pool while the keyword list runs.
 *
 * The file is a cache, never the truth: the store keeps the pack, and with it what the file must
 * hold (`PackFileExpectation`: the vector revision, the sizes, a checksum of the bytes, written in
 * the transaction that writes the pack). A file that is missing, not a regular file, cut short, too
 * long, of another revision or another store, or whose bytes do not sum to what the store says is
 * not read: the pack is read from the store, and the file written again.
 */

/** What the store says its pack file holds (meta `search.root_pack.file`). */
export interface PackFileExpectation {
	revision: string;
	count: number;
	bytes: number;
	sum: string;
}

export const packFileMeta = 'search.root_pack.file';

/** The pack file of the store at `storeFile`: always beside it, in its folder. */
export function packFilePath(storeFile: string): string {
	return path.join(path.dirname(storeFile), `${path.basename(storeFile)}-roots`);
}

const magic = Buffer.from('drillrp1', 'latin1');
/** Magic (8 bytes), the head's length (4), the head (JSON), spaces to a multiple of 8: the bytes then start aligned. */
const headLimit = 4096;
/** Larger than any pack (1e7 items × (8 + 4 096) bytes is 41 GB): a file larger than this is not read. */
const fileLimit = 2 ** 31 - 1;

/**
 * A checksum of the pack's bytes: their CRC-32 (zlib's, native: ~1.5 ms for 6.8 MB, where a loop in
 * JavaScript took ~20 ms of a first query before V8 optimized it) and their length. It tells damage
 * (any burst of up to 32 bits, any one or two flipped bits) and, with the revision and sizes beside
 * it, a file of another store.
 */
export function packSum(bytes: Uint8Array): string {
	return `${crc32(bytes).toString(16).padStart(8, '0')}:${bytes.byteLength}`;
}

const sameExpectation = (a: Partial<PackFileExpectation>, b: PackFileExpectation) => a.revision === b.revision && a.count === b.count && a.bytes === b.bytes && a.sum === b.sum;

/** The file's bytes: magic, head, padding, then the pack's bytes. */
function fileBytes(expected: PackFileExpectation, bytes: Uint8Array): Uint8Array {
	const json = Buffer.from(JSON.stringify(expected), 'utf8');
	const headEnd = Math.ceil((12 + json.byteLength) / 8) * 8;
	const out = Buffer.alloc(headEnd + bytes.byteLength, 0x20);
	magic.copy(out, 0);
	out.writeUInt32LE(json.byteLength, 8);
	json.copy(out, 12);
	out.set(bytes, headEnd);
	return out;
}

/**
 * The pack's bytes in `file` (the whole file as read) when it is the pack the store expects; else
 * undefined. The bytes are a view into `file` (no copy), aligned to 8.
 */
export function packFromFile(file: Uint8Array, expected: PackFileExpectation): Uint8Array | undefined {
	if (file.byteLength < 12 || file.byteOffset % 8 !== 0) return undefined;
	for (let i = 0; i < magic.byteLength; i++) if (file[i] !== magic[i]) return undefined;
	const length = new DataView(file.buffer, file.byteOffset, 12).getUint32(8, true);
	if (length > headLimit || 12 + length > file.byteLength) return undefined;
	let head: Partial<PackFileExpectation>;
	try {
		head = JSON.parse(Buffer.from(file.buffer, file.byteOffset + 12, length).toString('utf8')) as Partial<PackFileExpectation>;
	} catch {
		return undefined;
	}
	if (head === null || typeof head !== 'object' || !sameExpectation(head, expected)) return undefined;
	const headEnd = Math.ceil((12 + length) / 8) * 8;
	if (file.byteLength !== headEnd + expected.bytes) return undefined;
	const bytes = file.subarray(headEnd);
	return packSum(bytes) === expected.sum ? bytes : undefined;
}

/** Opens the pack file for reading: a regular file, not followed through a link, of a sane size; undefined when there is none. */
function openPackFile(storeFile: string): {fd: number; size: number} | undefined {
	let fd: number | undefined;
	try {
		fd = openSync(packFilePath(storeFile), constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
		const stat = fstatSync(fd);
		if (stat.isFile() && stat.size >= 12 && stat.size <= fileLimit) return {fd, size: stat.size};
	} catch {
		// Missing or unreadable: the store's own pack is read.
	}
	if (fd !== undefined) closeSync(fd);
	return undefined;
}

/** The whole pack file, read now (undefined when there is none, or it cannot be read whole). */
export function readPackFileSync(storeFile: string): Uint8Array | undefined {
	const opened = openPackFile(storeFile);
	if (!opened) return undefined;
	try {
		const buffer = Buffer.allocUnsafeSlow(opened.size);
		let at = 0;
		while (at < opened.size) {
			const got = readSync(opened.fd, buffer, at, opened.size - at, at);
			if (got <= 0) return undefined;
			at += got;
		}
		return buffer;
	} catch {
		return undefined;
	} finally {
		closeSync(opened.fd);
	}
}

/**
 * The whole pack file, read on libuv's thread pool in one request (fs.promises.readFile would ask
 * for 512 KB at a time, each waiting for this thread, which is busy with the keyword list): its
 * page faults and copy run beside the caller's work. Resolves to undefined when there is no file or
 * it could not be read whole; never rejects.
 */
export function readPackFileInBackground(storeFile: string): Promise<Uint8Array | undefined> {
	const opened = openPackFile(storeFile);
	if (!opened) return Promise.resolve(undefined);
	return new Promise((resolve) => {
		const finish = (bytes: Uint8Array | undefined) => {
			try {
				closeSync(opened.fd);
			} catch {
				// Closed already.
			}
			resolve(bytes);
		};
		try {
			const buffer = Buffer.allocUnsafeSlow(opened.size);
			read(opened.fd, buffer, 0, opened.size, 0, (error, got) => {
				// A short read (the file shrank meanwhile) is read again on this thread, from where it stopped.
				if (error || got <= 0) finish(undefined);
				else if (got === opened.size) finish(buffer);
				else finish(rest(opened.fd, buffer, got));
			});
		} catch {
			finish(undefined);
		}
	});
}

function rest(fd: number, buffer: Buffer, from: number): Buffer | undefined {
	try {
		for (let at = from; at < buffer.byteLength; ) {
			const got = readSync(fd, buffer, at, buffer.byteLength - at, at);
			if (got <= 0) return undefined;
			at += got;
		}
		return buffer;
	} catch {
		return undefined;
	}
}

/**
 * Writes the pack file (a temporary file beside it, then a rename: a reader sees the old file or
 * the new one, and a link at the path is replaced, never written through). Best effort: a store
 * in a read-only folder, or a full disk, keeps reading its pack from the store.
 */
export function writePackFile(storeFile: string, expected: PackFileExpectation, bytes: Uint8Array): boolean {
	const target = packFilePath(storeFile);
	const temporary = `${target}.${process.pid}.${Math.random().toString(36).slice(2, 10)}.tmp`;
	try {
		writeFileSync(temporary, fileBytes(expected, bytes));
		renameSync(temporary, target);
		return true;
	} catch {
		try {
			rmSync(temporary, {force: true});
		} catch {
			// Nothing was written, or it cannot be removed either.
		}
		return false;
	}
}
