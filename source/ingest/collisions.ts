import {closeSync, existsSync, openSync, readSync} from 'node:fs';
import {fileOfSourceUri} from '../core/source-uri.js';
import type {ItemRecord} from '../store/interchange.js';
import type {SummaryStore} from '../store/summary-store.js';

/**
 * Two files can hold the same session (its id is the session's, wherever the file is): a copy, a
 * truncated copy, a session that grew, or two versions that went apart. An item is replaced by
 * one built from a different file only when the new one holds everything the stored one holds
 * (the session grew); a copy that holds less is skipped; two that differ are both kept, the
 * second under an id of its own. Each case is reported.
 */

export interface IngestConflict {
	/** The contested item, `namespace:item_id`. */
	item: string;
	/** The file whose version the item holds now. */
	kept: string;
	/** The file whose version was not written under that id (null when both were kept). */
	skipped: string | null;
	reason: string;
	/** Where the other version went when both were kept. */
	copy?: string;
}

export type Verdict = {action: 'write'} | {action: 'skip'; conflict: IngestConflict} | {action: 'replace'; conflict: IngestConflict} | {action: 'copy'; conflict: IngestConflict};

/**
 * Whether `shorter` is the start of `longer`: every span the same, except that the last one may
 * have been cut (a copy cut in the middle of a message keeps part of it).
 */
function startsWith(longer: readonly string[], shorter: readonly string[]): boolean {
	if (shorter.length > longer.length) return false;
	for (let i = 0; i < shorter.length; i++) {
		if (longer[i] === shorter[i]) continue;
		if (i === shorter.length - 1 && longer[i]!.startsWith(shorter[i]!)) continue;
		return false;
	}
	return true;
}

/** What names a session apart from its file, and the format that says so. */
export interface CopyKey {
	format: string;
	key: string;
}

export interface Contender {
	item: ItemRecord;
	/** The real path of the file it was built from. */
	file: string;
	/** How the report names a file. */
	show: (file: string) => string;
	copyKey?: CopyKey;
}

/** How a format's log names its session in its first 64 KB (the formats that do). */
export type SessionIdReaders = Partial<Record<string, (head: string, file: string) => string | undefined>>;

const headBytes = 64 * 1024;

function headOf(file: string): string | undefined {
	let fd: number | undefined;
	try {
		fd = openSync(file, 'r');
		const buffer = Buffer.alloc(headBytes);
		return buffer.subarray(0, readSync(fd, buffer, 0, headBytes, 0)).toString('utf8');
	} catch {
		return undefined;
	} finally {
		if (fd !== undefined) closeSync(fd);
	}
}

/**
 * Whether the file an item was stored from still holds its session: it exists and, for a log
 * that names its session at the top, names this one. A rotated log (`live.jsonl` renamed to
 * `live.1.jsonl`, the next session written to `live.jsonl`) no longer does: the item moves.
 */
function stillHolds(storedFile: string, copyKey: CopyKey | undefined, readers: SessionIdReaders | undefined): boolean {
	if (!existsSync(storedFile)) return false;
	const read = copyKey ? readers?.[copyKey.format] : undefined;
	if (!read) return true;
	const head = headOf(storedFile);
	return head !== undefined && read(head, storedFile) === copyKey!.key;
}

export interface JudgeOptions {
	/**
	 * The file itself is held to the rule a copy is: when it now holds only the start of what the
	 * item holds (it was cut while being watched), the item keeps the longer version.
	 */
	keepLonger?: boolean;
	/** Reads the session a file holds now, for the formats whose logs name it (see stillHolds). */
	sessionIds?: SessionIdReaders;
}

/** What to do with an item about to be written over one that may come from another file. */
export function judge(store: SummaryStore, contender: Contender, options: JudgeOptions = {}): Verdict {
	const {item, file, show} = contender;
	const existing = store.item(item.namespace, item.item_id);
	if (!existing) return {action: 'write'};
	const storedFile = fileOfSourceUri(existing.source_uri, existing.source_kind);
	const id = `${item.namespace}:${item.item_id}`;
	if (storedFile === file && options.keepLonger) return cutInPlace(store, existing.id, item, id, show(file));
	// The same file, or the stored one no longer holds the session (it moved, or a log rotated): an ordinary update.
	if (storedFile === file || (storedFile && !stillHolds(storedFile, contender.copyKey, options.sessionIds))) return {action: 'write'};
	const stored = store.guard(() => store.spans(existing.id).map((span) => span.text));
	const fresh = item.spans.map((span) => span.text);
	const other = storedFile ? show(storedFile) : 'an item already in the store';
	const mine = show(file);
	if (fresh.length === stored.length && startsWith(fresh, stored) && startsWith(stored, fresh)) {
		return {action: 'skip', conflict: {item: id, kept: other, skipped: mine, reason: `${mine} holds the same session as ${other}; the item keeps ${other}`}};
	}
	if (startsWith(fresh, stored)) {
		return {action: 'replace', conflict: {item: id, kept: mine, skipped: other, reason: `${mine} holds all of ${other} and ${fresh.length - stored.length} more spans (the session grew); the item now comes from ${mine}`}};
	}
	if (startsWith(stored, fresh)) {
		return {action: 'skip', conflict: {item: id, kept: other, skipped: mine, reason: `${mine} holds only the first ${fresh.length} of the ${stored.length} spans of ${other} (a truncated copy); the item keeps ${other}`}};
	}
	return {action: 'copy', conflict: {item: id, kept: other, skipped: null, reason: `${mine} and ${other} hold different versions of the same session; both are kept`}};
}

/** The item's own file, read again: a strict start of the stored version is a cut file, not an update. */
function cutInPlace(store: SummaryStore, rowId: number, item: ItemRecord, id: string, mine: string): Verdict {
	const stored = store.guard(() => store.spans(rowId).map((span) => span.text));
	const fresh = item.spans.map((span) => span.text);
	if (fresh.length < stored.length && startsWith(stored, fresh)) {
		return {action: 'skip', conflict: {item: id, kept: mine, skipped: mine, reason: `${mine} now holds only the first ${fresh.length} of the ${stored.length} spans the item has (the file was cut); the item keeps the longer version`}};
	}
	return {action: 'write'};
}

/**
 * An unchanged item (same bytes) found in another file than the one it was stored from: a copy
 * to report while that file still holds the session, else the item's new home (`move`).
 */
export function sameSession(store: SummaryStore, namespace: string, itemId: string, contender: {file: string; copyKey?: CopyKey}, show: (file: string) => string, options: JudgeOptions = {}): {action: 'keep'} | {action: 'move'} | {action: 'conflict'; conflict: IngestConflict} {
	const {file} = contender;
	const stored = store.item(namespace, itemId);
	const storedFile = fileOfSourceUri(stored?.source_uri, stored?.source_kind);
	if (!storedFile || storedFile === file) return {action: 'keep'};
	if (!stillHolds(storedFile, contender.copyKey, options.sessionIds)) return {action: 'move'};
	const [mine, other] = [show(file), show(storedFile)];
	return {action: 'conflict', conflict: {item: `${namespace}:${itemId}`, kept: other, skipped: mine, reason: `${mine} holds the same session as ${other}; the item keeps ${other}`}};
}
