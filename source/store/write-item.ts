import type {SqliteDatabase} from './open.js';
import {prepared} from './prepared.js';
import type {ItemRecord} from './interchange.js';
import {addToGroups, removeFromGroups, type GroupedFields} from './item-groups.js';
import {sourceFolder} from '../core/source-folder.js';
import {extraSourceJson, totalTokens} from '../core/item-source.js';
import {withUsage, writeUsage} from './usage-rows.js';
import {addToUsageDays, removeUsage} from './usage-days.js';
import {deferSpanIndex, forgetPendingSpans} from './pending-span-index.js';
import {dropKeptCounts} from './kept-counts.js';

export type WriteOutcome = 'added' | 'updated';

/** Runs inside an item's write transaction, after its rows are in (e.g. to store embeddings). */
export type ItemIndexer = {
	afterWrite(db: SqliteDatabase, itemRowId: number, item: ItemRecord): void;
	beforeDelete?(db: SqliteDatabase, itemRowId: number): void;
	/** The bulk writes ended: catch up, inside the caller's transaction, with what was batched. */
	endBulk?(db: SqliteDatabase): void;
	/** A batch of items (see SummaryStore.batchCommits) is about to commit: write what is pending for them, inside it. */
	beforeCommit?(db: SqliteDatabase): void;
	/**
	 * Whether the items written next will have their stemmed-term counts read (text/item-term-counts.ts):
	 * whoever builds them may count them ahead, off the writing thread (an ingest worker does).
	 */
	wantsTermCounts?(): boolean;
};

function deleteItemRows(db: SqliteDatabase, itemRowId: number, indexers: readonly ItemIndexer[]): void {
	dropKeptCounts(db);
	for (const indexer of indexers) indexer.beforeDelete?.(db, itemRowId);
	const grouped = prepared(db, 'SELECT namespace, project, agent, origin_machine, origin_user, generated_at, source_folder FROM items WHERE id = ?').get(itemRowId) as GroupedFields;
	// An external-content FTS table needs the old text to remove its entries (none when they were never written).
	if (!forgetPendingSpans(db, itemRowId)) prepared(db, `INSERT INTO spans_fts (spans_fts, rowid, text) SELECT 'delete', id, text FROM spans WHERE item = ?`).run(itemRowId);
	prepared(db, 'DELETE FROM spans WHERE item = ?').run(itemRowId);
	prepared(db, 'DELETE FROM nodes WHERE item = ?').run(itemRowId);
	removeUsage(db, itemRowId);
	prepared(db, 'DELETE FROM items WHERE id = ?').run(itemRowId);
	removeFromGroups(db, grouped);
}

function levels(item: ItemRecord): Map<number, number> {
	const parentOf = new Map(item.nodes.map((node) => [node.ordinal, node.parent]));
	const level = new Map<number, number>([[0, 0]]);
	const depthOf = (ordinal: number): number => {
		const known = level.get(ordinal);
		if (known !== undefined) return known;
		const value = depthOf(parentOf.get(ordinal)!) + 1;
		level.set(ordinal, value);
		return value;
	};
	for (const node of item.nodes) depthOf(node.ordinal);
	return level;
}

/**
 * Writes one validated item in one transaction, replacing any item with the same
 * namespace and id: a reader never sees half an item, and a killed writer loses only this one.
 * `inBatch`: the transaction is a savepoint in a batch's (see write-batches.ts), whose commit
 * indexes the spans of all its items at once (see pending-span-index.ts).
 */
export function writeItem(db: SqliteDatabase, item: ItemRecord, indexers: readonly ItemIndexer[] = [], inBatch = false): WriteOutcome {
	return db.transaction((): WriteOutcome => {
		const existing = prepared(db, 'SELECT id FROM items WHERE namespace = ? AND item_id = ?').get(item.namespace, item.item_id) as {id: number} | undefined;
		if (existing) deleteItemRows(db, existing.id, indexers);
		else {
			prepared(db, 'INSERT INTO namespaces (name, item_count) VALUES (?, 0) ON CONFLICT (name) DO NOTHING').run(item.namespace);
		}
		const source = withUsage(item.source ?? {}, item.generated_at);
		const grouped: GroupedFields = {namespace: item.namespace, project: source.project || null, agent: source.agent || null, origin_machine: source.machine || null, origin_user: source.user || null, generated_at: item.generated_at, source_folder: sourceFolder(source.uri)};
		const {lastInsertRowid} = prepared(
			db,
			`INSERT INTO items (namespace, item_id, title, tldr, generated_at, source_uri, source_kind, content_hash, node_count, span_count,
					agent, project, started_at, ended_at, model, turns, tool_calls, source_line, source_folder, session_id, redactions, source_extra, tokens, origin_machine, origin_user)
				 VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		).run(
			item.namespace, item.item_id, item.title, item.tldr, item.generated_at, source.uri || null, source.kind || null, item.content_hash ?? null, item.nodes.length, item.spans.length,
			grouped.agent, grouped.project, source.started_at || null, source.ended_at || null, source.model || null, source.turns ?? null, source.tool_calls ?? null, source.line ?? null, grouped.source_folder,
			source.session_id || null, source.redactions ?? null, extraSourceJson(source), totalTokens(source.tokens), grouped.origin_machine, grouped.origin_user,
		);
		const itemRowId = Number(lastInsertRowid);
		dropKeptCounts(db);
		addToGroups(db, grouped);
		writeUsage(db, itemRowId, source);
		// A page records no usage: its three statements would find no rows to count.
		if (source.usage?.length) addToUsageDays(db, itemRowId);

		const childCount = new Map<number, number>();
		for (const node of item.nodes) if (node.parent !== null) childCount.set(node.parent, (childCount.get(node.parent) ?? 0) + 1);
		const level = levels(item);
		const insertNode = prepared(db, 
			'INSERT INTO nodes (item, ordinal, parent, level, title, summary, keywords, child_count) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
		);
		const ownerOf = new Map<number, number>();
		for (const node of item.nodes) {
			const keywords = node.keywords.join('\n');
			insertNode.run(itemRowId, node.ordinal, node.parent, level.get(node.ordinal), node.title, node.summary, keywords, childCount.get(node.ordinal) ?? 0);
			for (const seq of node.spans) ownerOf.set(seq, node.ordinal);
		}
		// `.run().lastInsertRowid`, not `RETURNING id`: with the UNIQUE (item, seq) index, RETURNING made
		// span inserts ~3x slower next to the FTS writes (measured: 5 → 18 MB/s for 20 MB of spans).
		const insertSpan = prepared(db, 'INSERT INTO spans (item, seq, node, role, text, time) VALUES (?, ?, ?, ?, ?, ?)');
		const indexSpan = prepared(db, 'INSERT INTO spans_fts (rowid, text) VALUES (?, ?)');
		for (const span of item.spans) {
			const id = insertSpan.run(itemRowId, span.seq, ownerOf.get(span.seq) ?? 0, span.role, span.text, span.time ?? null).lastInsertRowid;
			if (!inBatch) indexSpan.run(id, span.text);
		}
		if (inBatch) deferSpanIndex(db, itemRowId);
		if (!existing) prepared(db, 'UPDATE namespaces SET item_count = item_count + 1 WHERE name = ?').run(item.namespace);
		for (const indexer of indexers) indexer.afterWrite(db, itemRowId, item);
		return existing ? 'updated' : 'added';
	}).immediate();
}

/** Removes one item; returns false when there was none. */
export function deleteItem(db: SqliteDatabase, namespace: string, itemId: string, indexers: readonly ItemIndexer[] = []): boolean {
	return db.transaction((): boolean => {
		const existing = prepared(db, 'SELECT id FROM items WHERE namespace = ? AND item_id = ?').get(namespace, itemId) as {id: number} | undefined;
		if (!existing) return false;
		deleteItemRows(db, existing.id, indexers);
		prepared(db, 'UPDATE namespaces SET item_count = item_count - 1 WHERE name = ?').run(namespace);
		prepared(db, 'DELETE FROM namespaces WHERE name = ? AND item_count <= 0').run(namespace);
		return true;
	}).immediate();
}
