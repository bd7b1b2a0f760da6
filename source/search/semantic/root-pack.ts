import type {SqliteDatabase} from '../../store/open.js';
import {prepared} from '../../store/prepared.js';
import type {SummaryStore} from '../../store/summary-store.js';
import {readSemanticMeta, vectorRevision} from './semantic-meta.js';
import {blobInts, blobVector} from './vectors.js';

/** Every item's root vector side by side, as the coarse step of the semantic list scans them. */
export interface ItemRoots {
	nodes: Int32Array;
	items: Int32Array;
	data: Float32Array;
}

/** The roots from root_vectors, a row per item (what the pack is made from, and read when it is stale). */
export function readRootRows(db: SqliteDatabase, dimension: number): ItemRoots {
	const rows = prepared(db, 'SELECT node, item, vector FROM root_vectors ORDER BY item').raw(true).all() as Array<[number, number, Buffer]>;
	const nodes = new Int32Array(rows.length);
	const items = new Int32Array(rows.length);
	const data = new Float32Array(rows.length * dimension);
	const bytes = new Uint8Array(data.buffer);
	let at = 0;
	for (const [node, item, vector] of rows) {
		if (vector.byteLength !== dimension * 4) continue;
		nodes[at] = node;
		items[at] = item;
		bytes.set(vector, at * dimension * 4);
		at++;
	}
	return {nodes: nodes.subarray(0, at), items: items.subarray(0, at), data: data.subarray(0, at * dimension)};
}

/**
 * The roots from root_pack, one row holding them all, when it was packed at vector revision
 * `revision` (a row per item cost a Buffer and a B-tree step each: 3 000 items ~15 ms of a first
 * query, the pack ~2 ms); undefined when it is missing or stale.
 */
export function readRootPack(db: SqliteDatabase, dimension: number, revision: string): ItemRoots | undefined {
	const row = prepared(db, 'SELECT revision, items, nodes, vectors FROM root_pack WHERE id = 1').raw(true).get() as [string, Buffer, Buffer, Buffer] | undefined;
	if (!row || row[0] !== revision) return undefined;
	const items = blobInts(row[1]);
	const nodes = blobInts(row[2]);
	if (nodes.length !== items.length || row[3].byteLength !== items.length * dimension * 4) return undefined;
	return {nodes, items, data: blobVector(row[3])};
}

/**
 * Packs the roots for vector revision `revision`, unless the pack is current already. Called by a
 * writer when it closes (and after a reindex), inside no other transaction.
 */
export function writeRootPack(db: SqliteDatabase, dimension: number, revision: string): void {
	const current = prepared(db, 'SELECT revision FROM root_pack WHERE id = 1').pluck().get() as string | undefined;
	if (current === revision) return;
	const roots = readRootRows(db, dimension);
	const blob = (array: Int32Array | Float32Array) => Buffer.from(array.buffer, array.byteOffset, array.byteLength);
	prepared(db, 'INSERT INTO root_pack (id, revision, items, nodes, vectors) VALUES (1, ?, ?, ?, ?) ON CONFLICT (id) DO UPDATE SET revision = excluded.revision, items = excluded.items, nodes = excluded.nodes, vectors = excluded.vectors').run(revision, blob(roots.items), blob(roots.nodes), blob(roots.data));
}

/** Brings the store's root pack up to date with its vectors (a writer's last step). */
export function packRoots(store: SummaryStore): void {
	const meta = readSemanticMeta(store);
	if (!meta || meta.dimension <= 0) return;
	store.db.transaction(() => writeRootPack(store.db, meta.dimension, vectorRevision(store))).immediate();
}
