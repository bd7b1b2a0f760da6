import {addTo} from '../../core/arrays.js';
import type {ItemRecord} from '../../store/interchange.js';
import type {SqliteDatabase} from '../../store/open.js';
import {termCounts} from '../semantic/lsa.js';
import {prepared} from '../../store/prepared.js';
import {indexItemText, nodeIds, removeItemText, type DeferredRows} from './text-index.js';
import {writeItemVectors, type NodeVector} from '../semantic/vectors.js';
import {stemmedTerms} from '../../text/index-words.js';
import type {DriftTally} from '../semantic/vocabulary-drift.js';

/**
 * A synchronous embedder for the write path (a remote one cannot run inside a transaction). It
 * embeds a node from the counts of the stemmed terms of its text: its own fields and the spans of
 * its subtree, counted once per span and summed up the tree instead of re-reading each subtree.
 */
export interface SyncEmbedding {
	generation: number;
	embedCounts(counts: ReadonlyMap<string, number>): Float32Array | undefined;
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

function add(into: Map<string, number>, from: ReadonlyMap<string, number>): void {
	for (const [term, count] of from) into.set(term, (into.get(term) ?? 0) + count);
}

/** Stemmed-term counts of an item: of all its text once (what LSA trains on), and of each node's full text. */
export interface ItemTermCounts {
	/** Absent when not asked for. */
	item?: Map<string, number>;
	/** By ordinal: the node's own fields and the spans of its whole subtree (what `nodeFullText` holds). */
	nodes: Map<number, Map<string, number>>;
}

/**
 * Both counts of `ItemTermCounts` from one reading: each span is stemmed once, and a subtree's
 * counts are summed up the tree instead of re-reading each subtree.
 */
export function termCountsOf(item: ItemRecord, options: {whole: boolean} = {whole: true}): ItemTermCounts {
	const spanText = new Map(item.spans.map((span) => [span.seq, span.text]));
	const children = new Map<number, number[]>();
	for (const node of item.nodes) if (node.parent !== null) addTo(children, node.parent, node.ordinal);
	const byOrdinal = new Map(item.nodes.map((node) => [node.ordinal, node]));
	const perSpan = new Map<number, Map<string, number>>();
	const spanCounts = (seq: number): Map<string, number> => {
		let counts = perSpan.get(seq);
		if (!counts) {
			counts = termCounts(stemmedTerms(spanText.get(seq) ?? ''));
			perSpan.set(seq, counts);
		}
		return counts;
	};
	const subtrees = new Map<number, Map<string, number>>();
	const subtree = (ordinal: number): Map<string, number> => {
		const known = subtrees.get(ordinal);
		if (known) return known;
		const counts = new Map<string, number>();
		subtrees.set(ordinal, counts);
		for (const seq of byOrdinal.get(ordinal)?.spans ?? []) add(counts, spanCounts(seq));
		for (const child of children.get(ordinal) ?? []) add(counts, subtree(child));
		return counts;
	};
	const nodes = new Map<number, Map<string, number>>();
	for (const node of item.nodes) {
		const fields = [node.ordinal === 0 ? item.title || node.title : node.title, node.ordinal === 0 ? item.tldr : '', node.summary, node.keywords.join('\n')].join('\n');
		const counts = termCounts(stemmedTerms(fields));
		add(counts, subtree(node.ordinal));
		nodes.set(node.ordinal, counts);
	}
	if (!options.whole) return {nodes};
	const whole = termCounts(stemmedTerms([item.title, item.tldr, ...item.nodes.flatMap((node) => [node.title, node.summary, node.keywords.join('\n')])].join('\n')));
	for (const span of item.spans) add(whole, spanCounts(span.seq));
	return {item: whole, nodes};
}

/** Replaces an item's node vectors with `embedding`'s. */
export function embedItem(db: SqliteDatabase, itemRowId: number, item: ItemRecord, ids: Map<number, number>, embedding: SyncEmbedding): void {
	embedNodeCounts(db, itemRowId, termCountsOf(item, {whole: false}).nodes, ids, embedding);
}

/** Replaces an item's node vectors with `embedding`'s of the nodes' term counts (by ordinal). */
export function embedNodeCounts(db: SqliteDatabase, itemRowId: number, nodeCounts: ReadonlyMap<number, ReadonlyMap<string, number>>, ids: Map<number, number>, embedding: SyncEmbedding): void {
	const vectors: NodeVector[] = [];
	// The root's counts hold all of the item's text once.
	const root = nodeCounts.get(0);
	if (root) embedding.drift?.count(root);
	for (const [ordinal, counts] of nodeCounts) {
		const node = ids.get(ordinal);
		if (node === undefined) continue;
		const vector = embedding.embedCounts(counts);
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
}
