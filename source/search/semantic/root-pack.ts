import type {SqliteDatabase} from '../../store/open.js';
import {prepared} from '../../store/prepared.js';
import type {SummaryStore} from '../../store/summary-store.js';
import {readSemanticMeta, vectorRevision} from './semantic-meta.js';
import {quantizeRow, topQuantizedRows, type QuantizedVectors} from './quantized-vectors.js';
import {blobVector, topRows} from './vectors.js';
import {packExpectation, readPackBytes, readPackExpectation, readPackHead, writePack, writePackExpectation, type PackHead} from '../../store/root-pack-parts.js';
import {packFromFile, packSum, readPackFileSync, writePackFile} from '../../store/root-pack-file.js';

/** Every item's root vector side by side, as the coarse step of the semantic list scans them. */
export interface ItemRoots {
	nodes: Int32Array;
	items: Int32Array;
	/** Float rows (read from root_vectors), or 8-bit codes (the pack). */
	data: Float32Array | QuantizedVectors;
}

/** The `limit` roots most similar to `query`, as rows of `roots`, best first; `allow` filters rows. */
export function topRoots(roots: ItemRoots, query: Float32Array, limit: number, dimension: number, allow?: (row: number) => boolean): Array<{row: number; score: number}> {
	if (roots.data instanceof Float32Array) return topRows(query, limit, roots.data, dimension, (index) => index, allow);
	return topQuantizedRows(query, limit, roots.data, dimension, allow);
}

/** The roots from root_vectors, a row per item (read when the pack is stale; packRows packs the same rows). */
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

/** The roots in a pack's bytes, when its items are in order and its scales sound; else undefined (a damaged pack). */
function packedRoots(head: PackHead, dimension: number, bytes: Uint8Array): ItemRoots | undefined {
	const count = head.count;
	if (bytes.byteLength !== count * (8 + dimension) || bytes.byteOffset % 4 !== 0) return undefined;
	const items = new Int32Array(bytes.buffer, bytes.byteOffset, count);
	const nodes = new Int32Array(bytes.buffer, bytes.byteOffset + count * 4, count);
	// Packed from root_vectors in item order: items out of order are a damaged pack.
	for (let row = 1; row < count; row++) if (items[row]! <= items[row - 1]!) return undefined;
	const scales = blobVector(head.scales);
	for (const scale of scales) if (!Number.isFinite(scale) || scale < 0) return undefined;
	return {nodes, items, data: {codes: new Int8Array(bytes.buffer, bytes.byteOffset + count * 8, count * dimension), scales}};
}

/** Where a reader may find the pack file: beside `storeFile`, already read (`file`; null when there was none) or to be read now. */
export interface PackFileSource {
	storeFile: string;
	file?: Uint8Array | null;
}

/**
 * The roots from the pack (store/root-pack-parts.ts) when it was packed at vector revision
 * `revision` (a row per item cost a Buffer and a B-tree step each: 3 000 items ~15 ms of a first
 * query, the pack ~2 ms); undefined when it is missing, stale, partial or damaged: a part missing
 * or of another length, sizes that do not hold, items out of order. The pack holds 8-bit codes and
 * a scale per dimension: 50 000 float roots were 25.6 MB, ~240 ms of a first query to read; read
 * from one 6.4 MB blob the codes still took ~50 ms of CPU, from parts of 64 KB ~30 ms.
 * With `source`, the pack file beside the store (store/root-pack-file.ts) is read instead of the
 * parts when it holds what the store says it must; when it does not (missing, stale, damaged),
 * the parts are read and, when they are what the store says, the file is written again.
 */
export function readRootPack(db: SqliteDatabase, dimension: number, revision: string, source?: PackFileSource): ItemRoots | undefined {
	const head = currentHead(db, dimension, revision);
	if (!head) return undefined;
	const expected = source ? readPackExpectation(db, head) : undefined;
	if (source && expected) {
		const file = source.file === undefined ? readPackFileSync(source.storeFile) : source.file;
		const bytes = file ? packFromFile(file, expected) : undefined;
		const roots = bytes ? packedRoots(head, dimension, bytes) : undefined;
		if (roots) return roots;
	}
	const bytes = readPackBytes(db, head);
	const roots = bytes ? packedRoots(head, dimension, bytes) : undefined;
	if (roots && source && expected && packSum(bytes!) === expected.sum) writePackFile(source.storeFile, expected, bytes!);
	return roots;
}

/** The pack's head when it was packed at `revision` for `dimension` and its sizes hold. */
function currentHead(db: SqliteDatabase, dimension: number, revision: string): PackHead | undefined {
	const head = readPackHead(db);
	if (!head || head.revision !== revision || head.scales.byteLength !== dimension * 4) return undefined;
	const count = head.count;
	if (!Number.isInteger(count) || count < 0 || head.bytes !== count * (8 + dimension)) return undefined;
	return head;
}

/**
 * Packs the roots for vector revision `revision`, unless the pack is current and sound already
 * (the reader's own checks, every part read: ~30 ms at 50 000 items, against ~10× that to pack
 * again; a stale, partial or damaged pack is packed again, never kept), and records what the pack
 * file must hold when the store does not say it right (packed by a drill that kept no file).
 * Called by a writer when it closes (and after a reindex), inside no other transaction.
 */
export function writeRootPack(db: SqliteDatabase, dimension: number, revision: string): void {
	const head = currentHead(db, dimension, revision);
	const current = head ? readPackBytes(db, head) : undefined;
	if (head && current && packedRoots(head, dimension, current)) {
		const expected = packExpectation(head, current);
		if (readPackExpectation(db, head)?.sum !== expected.sum) writePackExpectation(db, expected);
		return;
	}
	const {scales, bytes} = packRows(db, dimension);
	const count = bytes.byteLength / (8 + dimension);
	writePack(db, {revision, count, scales: Buffer.from(scales.buffer, scales.byteOffset, scales.byteLength)}, bytes);
}

/**
 * The pack's scales and bytes from root_vectors, in two passes over its rows, one row at a time
 * (the same codes and scales as `quantize` over `readRootRows`): the scales first, then each
 * row's codes straight into the pack. Reading every row at once held, at 31 460 items, the rows
 * (a Buffer each) and their floats (17 MB) beside the pack while it was written.
 */
export function packRows(db: SqliteDatabase, dimension: number): {scales: Float32Array; bytes: Uint8Array} {
	const rows = () => prepared(db, 'SELECT node, item, vector FROM root_vectors ORDER BY item').raw(true).iterate() as Iterable<[number, number, Buffer]>;
	const vector = new Float32Array(dimension);
	const vectorBytes = new Uint8Array(vector.buffer);
	const peak = new Float32Array(dimension);
	let count = 0;
	for (const [, , blob] of rows()) {
		if (blob.byteLength !== dimension * 4) continue;
		vectorBytes.set(blob);
		for (let j = 0; j < dimension; j++) peak[j] = Math.max(peak[j]!, Math.abs(vector[j]!));
		count++;
	}
	const scales = new Float32Array(dimension);
	for (let j = 0; j < dimension; j++) scales[j] = peak[j]! / 127;
	const bytes = new Uint8Array(count * (8 + dimension));
	const items = new Int32Array(bytes.buffer, 0, count);
	const nodes = new Int32Array(bytes.buffer, count * 4, count);
	const codes = new Int8Array(bytes.buffer, count * 8, count * dimension);
	let row = 0;
	// Rows written between the passes (none: the caller's transaction holds the store) are left out.
	for (const [node, item, blob] of rows()) {
		if (blob.byteLength !== dimension * 4 || row === count) continue;
		vectorBytes.set(blob);
		items[row] = item;
		nodes[row] = node;
		quantizeRow(vector, scales, codes, row * dimension);
		row++;
	}
	return {scales, bytes};
}

/**
 * Brings the store's root pack up to date with its vectors (a writer's last step), and the pack
 * file beside the store with the pack (read back, and written when it is missing, stale or damaged).
 */
export function packRoots(store: SummaryStore): void {
	const meta = readSemanticMeta(store);
	if (!meta || meta.dimension <= 0) return;
	const revision = vectorRevision(store);
	store.db.transaction(() => writeRootPack(store.db, meta.dimension, revision)).immediate();
	readRootPack(store.db, meta.dimension, revision, {storeFile: store.file});
}
