import type {ItemRecord} from '../../store/interchange.js';
import type {SqliteDatabase} from '../../store/open.js';
import {cappedParts, currentTextVersion, nodeTexts, rootFields, type NodeText} from './node-text.js';
import {scopeToken} from '../funnel/query.js';
import {prepared} from '../../store/prepared.js';
import {dropKeptCounts} from '../../store/kept-counts.js';
import {deleteItemVectors} from '../semantic/vectors.js';
import {addTo} from '../../core/arrays.js';
import {spacedWords} from '../../text/cjk-words.js';

/** The node row ids of an item, by ordinal. */
export function nodeIds(db: SqliteDatabase, itemRowId: number): Map<number, number> {
	const rows = prepared(db, 'SELECT id, ordinal FROM nodes WHERE item = ?').all(itemRowId) as Array<{id: number; ordinal: number}>;
	return new Map(rows.map((row) => [row.ordinal, row.id]));
}

/**
 * Stage-1 rows made and not written yet: a batch's are written together, after the savepoints its
 * items are indexed in (FTS5 writes its pending rows out as a segment of their own at each savepoint).
 */
export type DeferredRows = Array<() => void>;

export function writeRows(db: SqliteDatabase, command: 'insert' | 'delete', item: ItemRecord, ids: Map<number, number>, textVersion = currentTextVersion, deferred?: DeferredRows, itemRowId?: number): NodeText[] {
	const [rootSql, nodeSql] =
		command === 'insert'
			? ['INSERT INTO search_root_fts (rowid, title, summary, keywords, tldr, body, scope) VALUES (?, ?, ?, ?, ?, ?, ?)', 'INSERT INTO search_node_fts (rowid, title, summary, keywords, scope) VALUES (?, ?, ?, ?, ?)']
			: [
					"INSERT INTO search_root_fts (search_root_fts, rowid, title, summary, keywords, tldr, body, scope) VALUES ('delete', ?, ?, ?, ?, ?, ?, ?)",
					"INSERT INTO search_node_fts (search_node_fts, rowid, title, summary, keywords, scope) VALUES ('delete', ?, ?, ?, ?, ?)",
				];
	const rootStatement = prepared(db, rootSql);
	const nodeStatement = prepared(db, nodeSql);
	const later = (run: (...values: unknown[]) => unknown) => (deferred ? (...values: unknown[]) => void deferred.push(() => run(...values)) : run);
	const root = {run: later((...values) => rootStatement.run(...values))};
	const node = {run: later((...values) => nodeStatement.run(...values))};
	const rootFromSpans = {run: later((...values) => prepared(db, rootFromSpansSql).run(...values))};
	const scope = scopeToken(item.namespace);
	// From layout 3 on the root's body is its spans' text, handed to FTS5 as UTF-8 bytes made from them (see rootBody).
	const texts = nodeTexts(item, textVersion >= 3 ? 'none' : 'root', textVersion);
	// From layout 4 on, the words of Chinese and Japanese runs are spaced apart (a 'delete' repeats the layout it was written with).
	const w = textVersion >= 4 ? spacedWords : (text: string) => text;
	for (const text of texts) {
		const id = ids.get(text.ordinal);
		if (id === undefined) continue;
		if (text.ordinal === 0 && textVersion >= 3) {
			const all = nodeTexts(item, 'root-parts').rootParts;
			// From layout 5 on, a huge item's body is its first spans (rootBodyLimit); the summary
			// column then holds the summaries' words that this body lacks.
			const parts = textVersion >= 5 ? cappedParts(all) : all;
			const row = rootFields(item, parts);
			// The body is the item's stored spans joined by SQLite when they are it, in order: a long
			// session's text is then never copied out of the JavaScript heap (see rootFromSpansSql).
			if (command === 'insert' && itemRowId !== undefined && bodyIsStoredSpans(item, all, w, parts.length)) {
				rootFromSpans.run(id, w(row.title), w(row.summary), w(row.keywords), w(row.tldr), row.scope, itemRowId, lastTextSeq(item, parts.length));
			} else root.run(id, w(row.title), w(row.summary), w(row.keywords), w(row.tldr), rootBody(parts, w), row.scope);
		} else if (text.ordinal === 0) root.run(id, text.title, text.summary, text.keywords, text.tldr, text.body, scope);
		else node.run(id, w(text.title), w(text.summary), w(text.keywords), scope);
	}
	return texts;
}

/**
 * Writes an item's stage-1 keyword rows (one per node, rowid = the node's row id): the root with
 * the item's whole raw text, inner nodes with their summary fields (their raw text is reached in
 * stage 2; indexing every subtree again cost 4× the ranking time at 2M spans).
 */
export function indexItemText(db: SqliteDatabase, itemRowId: number, item: ItemRecord, ids = nodeIds(db, itemRowId), deferred?: DeferredRows): NodeText[] {
	const texts = writeRows(db, 'insert', item, ids, currentTextVersion, deferred, itemRowId);
	prepared(db, 'INSERT INTO search_items (item, model, text_version) VALUES (?, 0, ?) ON CONFLICT (item) DO UPDATE SET model = 0, text_version = excluded.text_version').run(itemRowId, currentTextVersion);
	dropKeptCounts(db);
	return texts;
}

/**
 * An item as it was written, read back from its rows (to give FTS5 the text it indexed). The
 * tables are contentless, so a 'delete' must repeat exactly what was inserted: a change to
 * `nodeTexts` needs a new `currentTextVersion`, under which the old layout stays readable (each
 * item's rows are removed with the layout they were written with); a change to the columns, a
 * full rebuild (FTS5's 'delete-all' on both tables, then every item indexed again).
 */
export function storedItem(db: SqliteDatabase, itemRowId: number): ItemRecord | undefined {
	const item = prepared(db, 'SELECT namespace, item_id, title, tldr, generated_at FROM items WHERE id = ?').get(itemRowId) as
		| {namespace: string; item_id: string; title: string; tldr: string; generated_at: string}
		| undefined;
	if (!item) return undefined;
	const nodes = prepared(db, 'SELECT ordinal, parent, title, summary, keywords FROM nodes WHERE item = ? ORDER BY ordinal').all(itemRowId) as Array<{ordinal: number; parent: number | null; title: string; summary: string; keywords: string}>;
	const spans = prepared(db, 'SELECT seq, node, role, text FROM spans WHERE item = ? ORDER BY seq').all(itemRowId) as Array<{seq: number; node: number; role: string; text: string}>;
	const owned = new Map<number, number[]>();
	for (const span of spans) addTo(owned, span.node, span.seq);
	return {
		...item,
		nodes: nodes.map((node) => ({ordinal: node.ordinal, parent: node.parent, title: node.title, summary: node.summary, keywords: node.keywords ? node.keywords.split('\n') : [], spans: owned.get(node.ordinal) ?? []})),
		spans: spans.map((span) => ({seq: span.seq, role: span.role, text: span.text})),
	};
}

/** Removes an item's stage-1 rows, vectors and bookkeeping (while its rows are still there). */
export function removeItemText(db: SqliteDatabase, itemRowId: number): void {
	const indexed = prepared(db, 'SELECT text_version FROM search_items WHERE item = ?').get(itemRowId) as {text_version: number} | undefined;
	if (indexed) {
		const item = storedItem(db, itemRowId);
		if (item) writeRows(db, 'delete', item, nodeIds(db, itemRowId), indexed.text_version);
	}
	deleteItemVectors(db, itemRowId);
	prepared(db, 'DELETE FROM search_items WHERE item = ?').run(itemRowId);
	dropKeptCounts(db);
}

/**
 * The root row's body, its spans' texts joined by newlines, as UTF-8 bytes written straight from
 * them: FTS5 reads a blob as the text it encodes, and a session of a million lines never becomes
 * one string (100 M characters, two bytes each once one is not Latin-1) beside its UTF-8 copy.
 * Measured on a 1M-line Claude Code session (bench --case long): see docs/ingest.md.
 */
export function rootBody(parts: readonly string[], w: (text: string) => string): Buffer | string {
	const spaced = parts.map(w);
	let bytes = Math.max(0, spaced.length - 1);
	for (const part of spaced) bytes += Buffer.byteLength(part, 'utf8');
	// (A blob of no bytes may be bound as NULL: the empty text is the text it was.)
	if (bytes === 0) return '';
	const body = Buffer.allocUnsafe(bytes);
	let at = 0;
	spaced.forEach((part, index) => {
		if (index > 0) at = body.writeUInt8(10, at);
		at += body.write(part, at, 'utf8');
	});
	return body;
}

/**
 * The root row with its body joined from the item's rows in `spans` (the same text as `rootBody`
 * gives, when `bodyIsStoredSpans`), to the last span the body holds (see `cappedParts`): FTS5 reads
 * the joined text where SQLite made it. A 1M-line
 * session's body is 100 MB of UTF-8, which bound from JavaScript was made once as a Buffer and
 * copied again by SQLite.
 */
const rootFromSpansSql = `INSERT INTO search_root_fts (rowid, title, summary, keywords, tldr, body, scope)
	SELECT ?, ?, ?, ?, ?, coalesce(group_concat(text, char(10) ORDER BY seq), ''), ? FROM spans WHERE item = ? AND text != '' AND seq <= ?`;

/**
 * Whether the root's body parts are the item's non-empty span texts in `seq` order, each as its
 * layout writes it (no Chinese or Japanese run spaced apart): then the stored spans are the body.
 * An item made by ingest always is (its spans are numbered in the order its tree is walked); an
 * imported one may own its spans in another order, or leave some to no node.
 */
export function bodyIsStoredSpans(item: ItemRecord, parts: readonly string[], w: (text: string) => string, kept = parts.length): boolean {
	let at = 0;
	let previous = Number.NEGATIVE_INFINITY;
	for (const span of item.spans) {
		if (span.seq <= previous) return false;
		previous = span.seq;
		if (span.text === '') continue;
		if (parts[at] !== span.text) return false;
		at++;
	}
	if (at !== parts.length) return false;
	// Only the first `kept` parts are written (layout 5's bound on a huge item's body).
	for (let index = 0; index < kept; index++) if (w(parts[index]!) !== parts[index]) return false;
	return true;
}

/** The seq of the `count`-th span with text (-1 for none): the last one a body of `count` parts holds, when `bodyIsStoredSpans`. */
export function lastTextSeq(item: ItemRecord, count: number): number {
	let left = count;
	if (left <= 0) return -1;
	for (const span of item.spans) {
		if (span.text === '') continue;
		if (--left === 0) return span.seq;
	}
	return Number.MAX_SAFE_INTEGER;
}
