import {existsSync} from 'node:fs';
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

export interface Contender {
	item: ItemRecord;
	/** The real path of the file it was built from. */
	file: string;
	/** How the report names a file. */
	show: (file: string) => string;
}

export interface JudgeOptions {
	/**
	 * The file itself is held to the rule a copy is: when it now holds only the start of what the
	 * item holds (it was cut while being watched), the item keeps the longer version.
	 */
	keepLonger?: boolean;
}

/** What to do with an item about to be written over one that may come from another file. */
export function judge(store: SummaryStore, contender: Contender, options: JudgeOptions = {}): Verdict {
	const {item, file, show} = contender;
	const existing = store.item(item.namespace, item.item_id);
	if (!existing) return {action: 'write'};
	const storedFile = fileOfSourceUri(existing.source_uri, existing.source_kind);
	const id = `${item.namespace}:${item.item_id}`;
	if (storedFile === file && options.keepLonger) return cutInPlace(store, existing.id, item, id, show(file));
	// The same file, or the stored one is gone (the file moved): an ordinary update.
	if (storedFile === file || (storedFile && !existsSync(storedFile))) return {action: 'write'};
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

/** A conflict when an unchanged item (same bytes) was stored from another file that still exists. */
export function sameSession(store: SummaryStore, namespace: string, itemId: string, file: string, show: (file: string) => string): IngestConflict | undefined {
	const stored = store.item(namespace, itemId);
	const storedFile = fileOfSourceUri(stored?.source_uri, stored?.source_kind);
	if (!storedFile || storedFile === file || !existsSync(storedFile)) return undefined;
	const [mine, other] = [show(file), show(storedFile)];
	return {item: `${namespace}:${itemId}`, kept: other, skipped: mine, reason: `${mine} holds the same session as ${other}; the item keeps ${other}`};
}
