import {createHash} from 'node:crypto';
import {open, type FileHandle} from 'node:fs/promises';
import {storeVersion} from '../io/sqlite-store.js';

/**
 * What `drill ingest --watch` remembers of each file it ingested, to tell from a new look at it
 * how it changed: appended to (the head it had is still there and it is longer), rewritten (the
 * head changed), cut (shorter), or deleted. Appended bytes are read from where the last whole
 * line ended, so a line an agent is still writing is waited for, not read half.
 */

/** How much of a file's start identifies it: enough to tell one session's header from another's. */
const headBytes = 4096;
/** Where the last newline is looked for when a file is first remembered (a longer last line is read whole later). */
const tailBytes = 65_536;
/** A line-oriented log whose last line has not ended yet is read anyway once it has been still this long. */
export const settleMs = 2000;

/** `changed`: a database (an agent's session store) whose file or `-wal` changed. */
export type FileChange = 'new' | 'grown' | 'rewritten' | 'cut' | 'deleted' | 'changed';

export interface SeenFile {
	path: string;
	size: number;
	mtimeMs: number;
}

interface FileState extends SeenFile {
	/** SHA-256 of the first `headLength` bytes. */
	head: string;
	headLength: number;
	/** The offset just past the last newline read. */
	lineEnd: number;
	/** A database: the sizes and times of it and its `-wal` (its commits may touch only the `-wal`). */
	version?: string;
}

export interface Change {
	path: string;
	change: FileChange;
	/** Bytes added (grown), or the file's size. */
	bytes: number;
	/** Whole lines appended (grown). */
	lines?: number;
	/** The log's last line had not ended, and was read anyway after being still for `settleMs`. */
	unfinished?: boolean;
}

/** An agent's SQLite store: it changes by commits, told by its own and its `-wal`'s size and time. */
export function isStoreFile(file: string): boolean {
	return /\.(?:db|vscdb|sqlite3?)$/iu.test(file);
}

/** JSON-lines logs are appended a line at a time; anything else is read when it has been written. */
export function isLineLog(file: string): boolean {
	return /\.(?:jsonl|ndjson|jsonlines)$/iu.test(file);
}

async function readRange(file: string, start: number, length: number): Promise<Buffer> {
	const handle = await open(file, 'r');
	try {
		return await readAt(handle, start, length);
	} finally {
		await handle.close();
	}
}

async function readAt(handle: FileHandle, start: number, length: number): Promise<Buffer> {
	const buffer = Buffer.alloc(Math.max(0, length));
	const {bytesRead} = await handle.read(buffer, 0, buffer.length, start);
	return buffer.subarray(0, bytesRead);
}

const digest = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

function newlines(bytes: Buffer): {count: number; last: number} {
	let count = 0;
	let last = -1;
	for (let at = bytes.indexOf(10); at >= 0; at = bytes.indexOf(10, at + 1)) {
		count++;
		last = at;
	}
	return {count, last};
}

export class FileTracker {
	private readonly states = new Map<string, FileState>();
	/** Files last seen with an unfinished last line: at what size, since when (ms). */
	private readonly unfinished = new Map<string, {size: number; since: number}>();

	/** Remembers a file as it is now: call it just before ingesting it, so what is written during the ingest is seen next time. */
	async remember(file: string): Promise<void> {
		const handle = await open(file, 'r');
		try {
			const info = await handle.stat();
			const head = await readAt(handle, 0, Math.min(info.size, headBytes));
			const tailStart = Math.max(0, info.size - tailBytes);
			const {last} = newlines(await readAt(handle, tailStart, info.size - tailStart));
			const lineEnd = isLineLog(file) ? (last >= 0 ? tailStart + last + 1 : 0) : info.size;
			this.states.set(file, {path: file, size: info.size, mtimeMs: info.mtimeMs, head: digest(head), headLength: head.length, lineEnd, ...(isStoreFile(file) ? {version: storeVersion(file)} : {})});
		} finally {
			await handle.close();
		}
		this.unfinished.delete(file);
	}

	/** True while a log's last line is being waited for. */
	get waiting(): boolean {
		return this.unfinished.size > 0;
	}

	forget(file: string): void {
		this.states.delete(file);
		this.unfinished.delete(file);
	}

	/**
	 * How the files seen now differ from what was remembered: the ones to ingest again, and the
	 * ones that are gone. A log that grew only by part of a line is left for a later look (or
	 * taken once it has been still for `settleMs`).
	 */
	async changes(seen: readonly SeenFile[], now = Date.now()): Promise<Change[]> {
		const changes: Change[] = [];
		const present = new Set<string>();
		for (const file of seen) {
			present.add(file.path);
			try {
				const change = await this.changeOf(file, now);
				if (change) changes.push(change);
			} catch (error) {
				// Gone between the listing and the read: the next look says so.
				if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
			}
		}
		for (const [file, state] of this.states) {
			if (!present.has(file)) changes.push({path: file, change: 'deleted', bytes: state.size});
		}
		return changes;
	}

	private async changeOf(file: SeenFile, now: number): Promise<Change | undefined> {
		const state = this.states.get(file.path);
		if (!state) return {path: file.path, change: 'new', bytes: file.size};
		// A store is read again when a commit changed it (its -wal too), never to find out whether one did.
		if (state.version !== undefined) return storeVersion(file.path) === state.version ? undefined : {path: file.path, change: 'changed', bytes: file.size};
		// Listings give times to the millisecond, stat to a fraction of one.
		if (file.size === state.size && Math.abs(file.mtimeMs - state.mtimeMs) < 1) return undefined;
		if (file.size < state.size) return {path: file.path, change: 'cut', bytes: file.size};
		const head = await readRange(file.path, 0, state.headLength);
		if (digest(head) !== state.head) return {path: file.path, change: 'rewritten', bytes: file.size};
		if (file.size === state.size) return {path: file.path, change: 'rewritten', bytes: file.size};
		if (!isLineLog(file.path)) return {path: file.path, change: 'grown', bytes: file.size - state.size};
		const added = await readRange(file.path, state.lineEnd, file.size - state.lineEnd);
		const {count, last} = newlines(added);
		if (last < added.length - 1) {
			// Reading now would report the line being written as broken: wait for it to end, or to stay as it is.
			const seenBefore = this.unfinished.get(file.path);
			const since = seenBefore?.size === file.size ? seenBefore.since : now;
			this.unfinished.set(file.path, {size: file.size, since});
			if (now - since < settleMs) return undefined;
			return {path: file.path, change: 'grown', bytes: file.size - state.size, lines: count, unfinished: true};
		}
		return {path: file.path, change: 'grown', bytes: file.size - state.size, lines: count};
	}
}
