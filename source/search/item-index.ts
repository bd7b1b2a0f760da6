import type {ItemRecord} from '../store/interchange.js';
import type {SqliteDatabase} from '../store/open.js';
import {nodeFullText, nodeTexts, type NodeText} from './node-text.js';
import {prepared} from './statements.js';
import {indexItemText, nodeIds, removeItemText} from './text-index.js';
import {writeNodeVector} from './vectors.js';

/** A synchronous embedder for the write path (a remote one cannot run inside a transaction). */
export interface SyncEmbedding {
	generation: number;
	embed(text: string): Float32Array | undefined;
}

/**
 * Indexes one item for search: its stage-1 keyword rows, and its node vectors when an embedder
 * can run right now. Without one the item waits for `drill reindex` (and `find` says so).
 */
export function indexItem(db: SqliteDatabase, itemRowId: number, item: ItemRecord, embedding?: SyncEmbedding): void {
	removeItemText(db, itemRowId);
	const ids = nodeIds(db, itemRowId);
	const texts = indexItemText(db, itemRowId, item, ids);
	if (embedding) embedItem(db, itemRowId, texts, ids, embedding);
}

/** Replaces an item's node vectors with `embedding`'s. */
export function embedItem(db: SqliteDatabase, itemRowId: number, texts: readonly NodeText[], ids: Map<number, number>, embedding: SyncEmbedding): void {
	prepared(db, 'DELETE FROM node_vectors WHERE item = ?').run(itemRowId);
	for (const text of texts) {
		const id = ids.get(text.ordinal);
		if (id === undefined) continue;
		const vector = embedding.embed(nodeFullText(text));
		if (vector) writeNodeVector(db, id, itemRowId, vector);
	}
	markEmbedded(db, itemRowId, embedding.generation);
}

/** Re-embeds an indexed item from its stored rows. */
export function reembedItem(db: SqliteDatabase, itemRowId: number, item: ItemRecord, embedding: SyncEmbedding): void {
	embedItem(db, itemRowId, nodeTexts(item), nodeIds(db, itemRowId), embedding);
}

export function markEmbedded(db: SqliteDatabase, itemRowId: number, generation: number): void {
	prepared(db, 'UPDATE search_items SET model = ? WHERE item = ?').run(generation, itemRowId);
}
