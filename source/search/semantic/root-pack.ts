import type {SqliteDatabase} from '../../store/open.js';
import {prepared} from '../../store/prepared.js';
import type {SummaryStore} from '../../store/summary-store.js';
import {readSemanticMeta, vectorRevision} from './semantic-meta.js';
import {quantize, topQuantizedRows, type QuantizedVectors} from './quantized-vectors.js';
import {blobInts, blobVector, topRows} from './vectors.js';

/** Every item's root vector side by side, as the coarse step of the semantic list scans them. */
export interface ItemRoots {
	nodes: Int32Array;
	items: Int32Array;
	/** Float rows (read from root_vectors, or an older pack), or 8-bit codes (the pack). */
	data: Float32Array | QuantizedVectors;
}

/** The `limit` roots most similar to `query`, as rows of `roots`, best first; `allow` filters rows. */
export function topRoots(roots: ItemRoots, query: Float32Array, limit: number, dimension: number, allow?: (row: number) => boolean): Array<{row: number; score: number}> {
	if (roots.data instanceof Float32Array) return topRows(query, limit, roots.data, dimension, (index) => index, allow);
	return topQuantizedRows(query, limit, roots.data, dimension, allow);
}

/** The roots from root_vectors, a row per item (what the pack is made from, and read when it is stale). */
export function readRootRows(db: SqliteDatabase, dimension: number): ItemRoots & {data: Float32Array} {
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
 * query, the pack ~2 ms); undefined when it is missing, stale, or not the size it says. The pack
 * holds 8-bit codes and a scale per dimension (`scales`): 50 000 float roots were 25.6 MB, ~240 ms
 * of a first query to read; a pack written before the codes (scales null) holds float rows.
 */
export function readRootPack(db: SqliteDatabase, dimension: number, revision: string): ItemRoots | undefined {
	const row = prepared(db, 'SELECT revision, items, nodes, scales, vectors FROM root_pack WHERE id = 1').raw(true).get() as [string, Buffer, Buffer, Buffer | null, Buffer] | undefined;
	if (!row || row[0] !== revision) return undefined;
	const [, itemsBlob, nodesBlob, scales, vectors] = row;
	const items = blobInts(itemsBlob);
	const nodes = blobInts(nodesBlob);
	if (nodes.length !== items.length) return undefined;
	if (scales === null) return vectors.byteLength === items.length * dimension * 4 ? {nodes, items, data: blobVector(vectors)} : undefined;
	if (scales.byteLength !== dimension * 4 || vectors.byteLength !== items.length * dimension) return undefined;
	return {nodes, items, data: {codes: new Int8Array(vectors.buffer, vectors.byteOffset, vectors.byteLength), scales: blobVector(scales)}};
}

const blob = (array: Int32Array | Float32Array | Int8Array) => Buffer.from(array.buffer, array.byteOffset, array.byteLength);

/**
 * Whether the pack is current at `revision`, holds codes, and has the sizes its item count says
 * (length() reads no blob): a float pack, a stale one or a damaged one is packed again.
 */
function packIsCurrent(db: SqliteDatabase, dimension: number, revision: string): boolean {
	const sound = prepared(db, 'SELECT revision = ? AND length(nodes) = length(items) AND length(scales) = ? AND length(vectors) = length(items) / 4 * ? FROM root_pack WHERE id = 1').pluck().get(revision, dimension * 4, dimension) as number | null | undefined;
	return sound === 1;
}

/**
 * Packs the roots for vector revision `revision`, unless the pack is current and sound already.
 * Called by a writer when it closes (and after a reindex), inside no other transaction.
 */
export function writeRootPack(db: SqliteDatabase, dimension: number, revision: string): void {
	if (packIsCurrent(db, dimension, revision)) return;
	const roots = readRootRows(db, dimension);
	const {codes, scales} = quantize(roots.data, dimension);
	prepared(db, 'INSERT INTO root_pack (id, revision, items, nodes, scales, vectors) VALUES (1, ?, ?, ?, ?, ?) ON CONFLICT (id) DO UPDATE SET revision = excluded.revision, items = excluded.items, nodes = excluded.nodes, scales = excluded.scales, vectors = excluded.vectors').run(revision, blob(roots.items), blob(roots.nodes), blob(scales), blob(codes));
}

/** Brings the store's root pack up to date with its vectors (a writer's last step). */
export function packRoots(store: SummaryStore): void {
	const meta = readSemanticMeta(store);
	if (!meta || meta.dimension <= 0) return;
	store.db.transaction(() => writeRootPack(store.db, meta.dimension, vectorRevision(store))).immediate();
}
