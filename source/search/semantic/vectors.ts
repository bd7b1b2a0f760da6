import type {SqliteDatabase} from '../../store/open.js';
import {prepared} from '../../store/prepared.js';

export function vectorBlob(vector: Float32Array): Buffer {
	return Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength);
}

/**
 * A view of a Buffer read from SQLite as 4-byte values: its own memory when it is aligned (a vector
 * read is not copied twice), else a copy. The Buffer is not used again by whoever read it.
 */
function fourByteView<T>(blob: Buffer, make: (buffer: ArrayBufferLike, offset: number, length: number) => T): T {
	const length = Math.floor(blob.byteLength / 4);
	if (blob.byteOffset % 4 === 0) return make(blob.buffer, blob.byteOffset, length);
	const copy = new Uint8Array(length * 4);
	copy.set(blob.subarray(0, length * 4));
	return make(copy.buffer, 0, length);
}

export function blobVector(blob: Buffer): Float32Array {
	return fourByteView(blob, (buffer, offset, length) => new Float32Array(buffer, offset, length));
}

/** Node ids as stored beside their vectors (item_vectors.nodes, root_pack). */
export function blobInts(blob: Buffer): Int32Array {
	return fourByteView(blob, (buffer, offset, length) => new Int32Array(buffer, offset, length));
}

/** One node's vector, for writing. */
export interface NodeVector {
	node: number;
	ordinal: number;
	vector: Float32Array;
}

/**
 * Replaces an item's node vectors: one item_vectors row (node ids in ordinal order, vectors side by
 * side), and its root's (ordinal 0) row in root_vectors, which the coarse step reads.
 */
export function writeItemVectors(db: SqliteDatabase, itemRowId: number, vectors: readonly NodeVector[]): void {
	deleteItemVectors(db, itemRowId);
	if (vectors.length === 0) return;
	const ordered = [...vectors].sort((a, b) => a.ordinal - b.ordinal);
	const data = new Float32Array(ordered.length * ordered[0]!.vector.length);
	ordered.forEach((entry, index) => data.set(entry.vector, index * entry.vector.length));
	prepared(db, 'INSERT INTO item_vectors (item, nodes, vectors) VALUES (?, ?, ?)').run(itemRowId, Buffer.from(Int32Array.from(ordered, (entry) => entry.node).buffer), vectorBlob(data));
	const root = ordered.find((entry) => entry.ordinal === 0);
	if (root) prepared(db, 'INSERT INTO root_vectors (item, node, vector) VALUES (?, ?, ?)').run(itemRowId, root.node, vectorBlob(root.vector));
}

/** Removes the node vectors of one item, or of every item. */
export function deleteItemVectors(db: SqliteDatabase, itemRowId?: number): void {
	if (itemRowId === undefined) {
		db.exec('DELETE FROM item_vectors; DELETE FROM root_vectors; DELETE FROM root_pack; DELETE FROM root_pack_parts;');
		return;
	}
	prepared(db, 'DELETE FROM item_vectors WHERE item = ?').run(itemRowId);
	prepared(db, 'DELETE FROM root_vectors WHERE item = ?').run(itemRowId);
}

/** An item's stored node vectors, or undefined when a row does not hold `dimension`-sized vectors. */
export function itemVectors(nodesBlob: Buffer, vectorsBlob: Buffer, dimension: number): {nodes: Int32Array; data: Float32Array} | undefined {
	const nodes = blobInts(nodesBlob);
	if (vectorsBlob.byteLength !== nodes.length * dimension * 4) return undefined;
	return {nodes, data: blobVector(vectorsBlob)};
}

/** query · data[at … at+d): four running sums, which V8 turns into a loop twice as fast as one sum. */
export function dot(query: Float32Array, data: Float32Array, at: number, d: number): number {
	let s0 = 0;
	let s1 = 0;
	let s2 = 0;
	let s3 = 0;
	let j = 0;
	for (; j + 3 < d; j += 4) {
		s0 += query[j]! * data[at + j]!;
		s1 += query[j + 1]! * data[at + j + 1]!;
		s2 += query[j + 2]! * data[at + j + 2]!;
		s3 += query[j + 3]! * data[at + j + 3]!;
	}
	for (; j < d; j++) s0 += query[j]! * data[at + j]!;
	return s0 + s1 + s2 + s3;
}

export interface VectorHit {
	node: number;
	item: number;
	score: number;
}

/**
 * Every node vector of a store in one Float32Array, scanned exactly. At our sizes a scan beats an
 * index (see `npm run bench -- find`), and it is exact. Kept per store and revision, so a session
 * (the app, the MCP server) loads it once.
 */
export class VectorMatrix {
	private constructor(
		readonly dimension: number,
		readonly nodes: Int32Array,
		readonly items: Int32Array,
		readonly data: Float32Array,
	) {}

	private rows: Map<number, number> | undefined;

	get size(): number {
		return this.nodes.length;
	}

	/** A node's vector, or undefined when it has none. */
	vector(node: number): Float32Array | undefined {
		if (!this.rows) {
			this.rows = new Map();
			for (let row = 0; row < this.nodes.length; row++) this.rows.set(this.nodes[row]!, row);
		}
		const row = this.rows.get(node);
		return row === undefined ? undefined : this.data.subarray(row * this.dimension, (row + 1) * this.dimension);
	}

	static load(db: SqliteDatabase, dimension: number): VectorMatrix {
		const nodes: Int32Array[] = [];
		const datas: Float32Array[] = [];
		const items: number[] = [];
		let count = 0;
		for (const [item, nodesBlob, vectorsBlob] of prepared(db, 'SELECT item, nodes, vectors FROM item_vectors ORDER BY item').raw(true).iterate() as IterableIterator<[number, Buffer, Buffer]>) {
			const vectors = itemVectors(nodesBlob, vectorsBlob, dimension);
			if (!vectors) continue;
			nodes.push(vectors.nodes);
			datas.push(vectors.data);
			items.push(item);
			count += vectors.nodes.length;
		}
		const allNodes = new Int32Array(count);
		const allItems = new Int32Array(count);
		const data = new Float32Array(count * dimension);
		let row = 0;
		nodes.forEach((ids, index) => {
			allNodes.set(ids, row);
			allItems.fill(items[index]!, row, row + ids.length);
			data.set(datas[index]!, row * dimension);
			row += ids.length;
		});
		return new VectorMatrix(dimension, allNodes, allItems, data);
	}

	private roots: {rows: Int32Array; data: Float32Array} | undefined;

	/**
	 * The first row of every item (rows come by item in ordinal order, and an item's root is its first node),
	 * with those rows' vectors copied side by side: a scan of them reads memory in order.
	 */
	private itemRoots(): {rows: Int32Array; data: Float32Array} {
		if (!this.roots) {
			const starts: number[] = [];
			for (let row = 0; row < this.items.length; row++) if (row === 0 || this.items[row] !== this.items[row - 1]) starts.push(row);
			const rows = Int32Array.from(starts);
			const d = this.dimension;
			const data = new Float32Array(rows.length * d);
			rows.forEach((row, index) => data.set(this.data.subarray(row * d, (row + 1) * d), index * d));
			this.roots = {rows, data};
		}
		return this.roots;
	}

	/**
	 * Coarse to fine, like the funnel: the item roots (which embed the item's whole text) are
	 * scanned first, then every node of the best `items` items. A tenth of the work of a full scan
	 * at ten nodes per item; nodes of items whose root ranks low are not considered.
	 */
	searchByItem(query: Float32Array, limit: number, items: number, allowItem?: (item: number) => boolean): VectorHit[] {
		const roots = this.itemRoots();
		const topItems = this.scan(query, items, roots.data, roots.rows, allowItem);
		const rows: number[] = [];
		for (const hit of topItems) {
			const at = hit.row;
			for (let row = at; row < this.items.length && this.items[row] === this.items[at]; row++) rows.push(row);
		}
		const only = Int32Array.from(rows);
		const data = new Float32Array(only.length * this.dimension);
		only.forEach((row, index) => data.set(this.data.subarray(row * this.dimension, (row + 1) * this.dimension), index * this.dimension));
		return this.scan(query, limit, data, only).map(({row, score}) => ({node: this.nodes[row]!, item: this.items[row]!, score}));
	}

	/** The `limit` nodes most similar (cosine: vectors are unit length) to `query`, best first. */
	search(query: Float32Array, limit: number, allowItem?: (item: number) => boolean): VectorHit[] {
		return this.scan(query, limit, this.data, undefined, allowItem).map(({row, score}) => ({node: this.nodes[row]!, item: this.items[row]!, score}));
	}

	/**
	 * The best `limit` rows of `data` (rows side by side) by dot product with `query`; `rowOf` maps
	 * a row of `data` to this matrix's row (identity when absent).
	 */
	private scan(query: Float32Array, limit: number, data: Float32Array, rowOf?: Int32Array, allowItem?: (item: number) => boolean): Array<{row: number; score: number}> {
		return topRows(query, limit, data, this.dimension, (index) => (rowOf ? rowOf[index]! : index), allowItem ? (row) => allowItem(this.items[row]!) : undefined);
	}
}

/** The best `limit` (score, row) pairs offered, kept in a bounded min-heap. */
export class TopRows {
	private readonly scores: Float64Array;
	private readonly rows: Int32Array;
	private size = 0;

	constructor(private readonly limit: number) {
		this.scores = new Float64Array(limit);
		this.rows = new Int32Array(limit);
	}

	/** Whether a row of `score` would enter the top (ties with the worst kept do not). */
	admits(score: number): boolean {
		return this.limit > 0 && (this.size < this.limit || score > this.scores[0]!);
	}

	/** Whether the top holds `limit` rows (then a row must score above worst() to enter). */
	isFull(): boolean {
		return this.size >= this.limit;
	}

	/** The lowest score kept (−Infinity while none is). */
	worst(): number {
		return this.size > 0 ? this.scores[0]! : -Infinity;
	}

	offer(score: number, row: number): void {
		if (!this.admits(score)) return;
		const {scores, rows} = this;
		if (this.size < this.limit) {
			let i = this.size++;
			while (i > 0) {
				const parent = (i - 1) >> 1;
				if (scores[parent]! <= score) break;
				scores[i] = scores[parent]!;
				rows[i] = rows[parent]!;
				i = parent;
			}
			scores[i] = score;
			rows[i] = row;
			return;
		}
		let i = 0;
		for (;;) {
			const left = 2 * i + 1;
			if (left >= this.size) break;
			const right = left + 1;
			const child = right < this.size && scores[right]! < scores[left]! ? right : left;
			if (scores[child]! >= score) break;
			scores[i] = scores[child]!;
			rows[i] = rows[child]!;
			i = child;
		}
		scores[i] = score;
		rows[i] = row;
	}

	/** Best first; equal scores by row. */
	best(): Array<{row: number; score: number}> {
		const hits: Array<{row: number; score: number}> = [];
		for (let i = 0; i < this.size; i++) hits.push({row: this.rows[i]!, score: this.scores[i]!});
		return hits.sort((a, b) => b.score - a.score || a.row - b.row);
	}
}

/**
 * The best `limit` rows of `data` (vectors of `d` side by side) by dot product with `query`, as
 * rows named by `rowOf(index)`, best first; `allow` filters rows (checked only for rows that would
 * enter the top).
 */
export function topRows(query: Float32Array, limit: number, data: Float32Array, d: number, rowOf: (index: number) => number, allow?: (row: number) => boolean): Array<{row: number; score: number}> {
	const top = new TopRows(limit);
	const count = data.length / d;
	for (let index = 0; index < count; index++) {
		const score = dot(query, data, index * d, d);
		if (!top.admits(score)) continue;
		const row = rowOf(index);
		if (allow && !allow(row)) continue;
		top.offer(score, row);
	}
	return top.best();
}
