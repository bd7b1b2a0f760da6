import type {ItemRecord} from '../../store/interchange.js';
import type {SqliteDatabase} from '../../store/open.js';
import {prepared} from '../../store/prepared.js';
import {dropKeptCounts} from '../../store/kept-counts.js';
import {indexItemText, nodeIds, removeItemText, type DeferredRows} from './text-index.js';
import {writeItemVectors, type NodeVector} from '../semantic/vectors.js';
import {termCountsOf, type ItemTermCounts} from '../../text/item-term-counts.js';
import type {TermBag, TermIds} from '../../text/term-bags.js';
import type {DriftTally} from '../semantic/vocabulary-drift.js';

/**
 * A synchronous embedder for the write path (a remote one cannot run inside a transaction). It
 * embeds a node from the counts of the stemmed terms of its text: its own fields and the spans of
 * its subtree, counted once per span and summed up the tree instead of re-reading each subtree,
 * as a bag of term ids (text/term-bags.ts); each distinct term of an item is looked up once.
 */
export interface SyncEmbedding {
	generation: number;
	embedBag(bag: TermBag, ids: TermIds): Float32Array | undefined;
	/** Set when the items embedded are folded into a model trained before them: counts the words it does not know. */
	drift?: DriftTally;
}

/**
 * Indexes one item for search: its stage-1 keyword rows, and its node vectors when an embedder
 * can run right now. Without one the item waits for `drill reindex` (and `find` says so).
 * With `deferred`, the keyword rows' FTS5 inserts are handed back there to run later.
 */
export function indexItem(db: SqliteDatabase, itemRowId: number, item: ItemRecord, embedding?: SyncEmbedding, deferred?: DeferredRows): void {
	removeItemText(db, itemRowId);
	const ids = nodeIds(db, itemRowId);
	indexItemText(db, itemRowId, item, ids, deferred);
	if (embedding) embedItem(db, itemRowId, item, ids, embedding);
}

/** Replaces an item's node vectors with `embedding`'s. */
export function embedItem(db: SqliteDatabase, itemRowId: number, item: ItemRecord, ids: Map<number, number>, embedding: SyncEmbedding): void {
	// The item's own dictionary: its distinct terms are looked up once each, and nothing outlives the item.
	embedNodeCounts(db, itemRowId, termCountsOf(item, {whole: false}), ids, embedding);
}

/** Replaces an item's node vectors with `embedding`'s of the nodes' term counts (by ordinal). */
export function embedNodeCounts(db: SqliteDatabase, itemRowId: number, counts: Pick<ItemTermCounts, 'ids' | 'nodes'>, ids: Map<number, number>, embedding: SyncEmbedding): void {
	const vectors: NodeVector[] = [];
	// The root's counts hold all of the item's text once.
	const root = counts.nodes.get(0);
	if (root) embedding.drift?.count(root, counts.ids);
	for (const [ordinal, bag] of counts.nodes) {
		const node = ids.get(ordinal);
		if (node === undefined) continue;
		const vector = embedding.embedBag(bag, counts.ids);
		if (vector) vectors.push({node, ordinal, vector});
	}
	writeItemVectors(db, itemRowId, vectors);
	markEmbedded(db, itemRowId, embedding.generation);
}

/** Re-embeds an indexed item from its stored rows. */
export function reembedItem(db: SqliteDatabase, itemRowId: number, item: ItemRecord, embedding: SyncEmbedding): void {
	embedItem(db, itemRowId, item, nodeIds(db, itemRowId), embedding);
}

export function markEmbedded(db: SqliteDatabase, itemRowId: number, generation: number): void {
	prepared(db, 'UPDATE search_items SET model = ? WHERE item = ?').run(generation, itemRowId);
	dropKeptCounts(db);
}
