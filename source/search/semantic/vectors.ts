import type {SqliteDatabase} from '../../store/open.js';
import {prepared} from '../../store/prepared.js';

export function vectorBlob(vector: Float32Array): Buffer {
	return Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength);
}

export function blobVector(blob: Buffer): Float32Array {
	// Copy: a Buffer from SQLite may not be 4-byte aligned.
	const copy = new Uint8Array(blob.byteLength);
	copy.set(blob);
	return new Float32Array(copy.buffer);
}

/** Writes a node's vector; an item's root (`ordinal` 0) also goes to root_vectors, which the coarse step reads. */
export function writeNodeVector(db: SqliteDatabase, nodeId: number, itemRowId: number, ordinal: number, vector: Float32Array): void {
	const blob = vectorBlob(vector);
	prepared(db, 'INSERT INTO node_vectors (node, item, vector) VALUES (?, ?, ?) ON CONFLICT (node) DO UPDATE SET item = excluded.item, vector = excluded.vector').run(nodeId, itemRowId, blob);
	if (ordinal === 0) prepared(db, 'INSERT INTO root_vectors (item, node, vector) VALUES (?, ?, ?) ON CONFLICT (item) DO UPDATE SET node = excluded.node, vector = excluded.vector').run(itemRowId, nodeId, blob);
}

/** Removes the node vectors of one item, or of every item. */
export function deleteNodeVectors(db: SqliteDatabase, itemRowId?: number): void {
	if (itemRowId === undefined) {
		db.exec('DELETE FROM node_vectors; DELETE FROM root_vectors;');
		return;
	}
	prepared(db, 'DELETE FROM node_vectors WHERE item = ?').run(itemRowId);
	prepared(db, 'DELETE FROM root_vectors WHERE item = ?').run(itemRowId);
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
		const count = (prepared(db, 'SELECT count(*) AS n FROM node_vectors').get() as {n: number}).n;
		const nodes = new Int32Array(count);
		const items = new Int32Array(count);
		const data = new Float32Array(count * dimension);
		const bytes = new Uint8Array(data.buffer);
		let row = 0;
		for (const entry of prepared(db, 'SELECT node, item, vector FROM node_vectors').raw(true).iterate() as IterableIterator<[number, number, Buffer]>) {
			if (row >= count) break;
			const [node, item, vector] = entry;
			if (vector.byteLength !== dimension * 4) continue;
			nodes[row] = node;
			items[row] = item;
			bytes.set(vector, row * dimension * 4);
			row++;
		}
		return new VectorMatrix(dimension, nodes.subarray(0, row), items.subarray(0, row), data.subarray(0, row * dimension));
	}

	private roots: {rows: Int32Array; data: Float32Array} | undefined;

	/**
	 * The first row of every item (rows come in node order, and an item's root is its first node),
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

/**
 * The best `limit` rows of `data` (vectors of `d` side by side) by dot product with `query`, as
 * rows named by `rowOf(index)`, best first; `allow` filters rows (checked only for rows that would
 * enter the top).
 */
export function topRows(query: Float32Array, limit: number, data: Float32Array, d: number, rowOf: (index: number) => number, allow?: (row: number) => boolean): Array<{row: number; score: number}> {
	// A bounded min-heap of (score, row).
	const heapScores = new Float64Array(limit);
	const heapRows = new Int32Array(limit);
	let size = 0;
	const count = data.length / d;
	for (let index = 0; index < count; index++) {
		const score = dot(query, data, index * d, d);
		if (size === limit && score <= heapScores[0]!) continue;
		const row = rowOf(index);
		if (allow && !allow(row)) continue;
		if (size < limit) {
			let i = size++;
			while (i > 0) {
				const parent = (i - 1) >> 1;
				if (heapScores[parent]! <= score) break;
				heapScores[i] = heapScores[parent]!;
				heapRows[i] = heapRows[parent]!;
				i = parent;
			}
			heapScores[i] = score;
			heapRows[i] = row;
		} else {
			let i = 0;
			for (;;) {
				const left = 2 * i + 1;
				if (left >= size) break;
				const right = left + 1;
				const child = right < size && heapScores[right]! < heapScores[left]! ? right : left;
				if (heapScores[child]! >= score) break;
				heapScores[i] = heapScores[child]!;
				heapRows[i] = heapRows[child]!;
				i = child;
			}
			heapScores[i] = score;
			heapRows[i] = row;
		}
	}
	const hits: Array<{row: number; score: number}> = [];
	for (let i = 0; i < size; i++) hits.push({row: heapRows[i]!, score: heapScores[i]!});
	return hits.sort((a, b) => b.score - a.score || a.row - b.row);
}
