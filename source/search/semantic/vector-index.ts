import type {SqliteDatabase} from '../../store/open.js';
import {prepared} from '../../store/prepared.js';
import {topRows, type VectorHit} from './vectors.js';

/** Items whose node vectors are kept in memory between queries (each a few KB). */
const defaultCachedItems = 20_000;

/**
 * The node vectors, read lazily and coarse to fine: first one vector per item (its root, which
 * embeds the item's whole text), then the vectors of the nodes of the items a query ranks best,
 * read by item and kept for later queries. A store's first query reads a vector per item and a
 * few hundred items' nodes, not every node (reading all 18 000 vectors of a 5 000-item store cost
 * ~150 ms of CPU; its item roots ~14 ms).
 */
export class VectorIndex {
	private roots: {nodes: Int32Array; items: Int32Array; data: Float32Array} | undefined;
	private readonly byItem = new Map<number, {nodes: Int32Array; data: Float32Array}>();

	constructor(
		private readonly db: SqliteDatabase,
		readonly dimension: number,
		private readonly cachedItems = defaultCachedItems,
	) {}

	/** Items with a root vector. */
	get items(): number {
		return this.itemRoots().items.length;
	}

	private itemRoots(): {nodes: Int32Array; items: Int32Array; data: Float32Array} {
		if (this.roots) return this.roots;
		const d = this.dimension;
		// From root_vectors, where they lie side by side (in node_vectors a page holds a root or two).
		const rows = prepared(this.db, 'SELECT node, item, vector FROM root_vectors ORDER BY item').raw(true).all() as Array<[number, number, Buffer]>;
		const nodes = new Int32Array(rows.length);
		const items = new Int32Array(rows.length);
		const data = new Float32Array(rows.length * d);
		const bytes = new Uint8Array(data.buffer);
		let at = 0;
		for (const [node, item, vector] of rows) {
			if (vector.byteLength !== d * 4) continue;
			nodes[at] = node;
			items[at] = item;
			bytes.set(vector, at * d * 4);
			at++;
		}
		this.roots = {nodes: nodes.subarray(0, at), items: items.subarray(0, at), data: data.subarray(0, at * d)};
		return this.roots;
	}

	/** The node vectors of `items`, read for those not read yet. */
	private nodesOf(items: readonly number[]): Array<{item: number; nodes: Int32Array; data: Float32Array}> {
		let missing = items.filter((item) => !this.byItem.has(item));
		// Full: start over (before reading, so that the items this query needs are all read again).
		if (missing.length > 0 && this.byItem.size + missing.length > this.cachedItems) {
			this.byItem.clear();
			missing = [...new Set(items)];
		}
		if (missing.length > 0) {
			const d = this.dimension;
			const rows = prepared(this.db, 'SELECT item, node, vector FROM node_vectors WHERE item IN (SELECT value FROM json_each(?)) ORDER BY item, node').raw(true).all(JSON.stringify(missing)) as Array<[number, number, Buffer]>;
			let start = 0;
			while (start < rows.length) {
				let end = start;
				while (end < rows.length && rows[end]![0] === rows[start]![0]) end++;
				const nodes = new Int32Array(end - start);
				const data = new Float32Array((end - start) * d);
				const bytes = new Uint8Array(data.buffer);
				let at = 0;
				for (let row = start; row < end; row++) {
					const vector = rows[row]![2];
					if (vector.byteLength !== d * 4) continue;
					nodes[at] = rows[row]![1];
					bytes.set(vector, at * d * 4);
					at++;
				}
				this.byItem.set(rows[start]![0], {nodes: nodes.subarray(0, at), data: data.subarray(0, at * d)});
				start = end;
			}
			for (const item of missing) if (!this.byItem.has(item)) this.byItem.set(item, {nodes: new Int32Array(0), data: new Float32Array(0)});
		}
		return items.map((item) => ({item, ...this.byItem.get(item)!}));
	}

	/** A node's vector, or undefined when it has none. */
	vector(node: number): Float32Array | undefined {
		const row = prepared(this.db, 'SELECT vector FROM node_vectors WHERE node = ?').raw(true).get(node) as [Buffer] | undefined;
		if (!row || row[0].byteLength !== this.dimension * 4) return undefined;
		const copy = new Uint8Array(row[0].byteLength);
		copy.set(row[0]);
		return new Float32Array(copy.buffer);
	}

	/**
	 * The `limit` nodes most similar to `query` (cosine: vectors are unit length) among the nodes
	 * of the `items` items whose roots are most similar, best first.
	 */
	search(query: Float32Array, limit: number, items: number, allowItem?: (item: number) => boolean): VectorHit[] {
		const roots = this.itemRoots();
		const top = topRows(query, items, roots.data, this.dimension, (index) => index, allowItem ? (index) => allowItem(roots.items[index]!) : undefined);
		return topNodes(query, limit, this.nodesOf(top.map((hit) => roots.items[hit.row]!)), this.dimension);
	}
}

/** The `limit` nodes most similar to `query` among `groups` (each an item's node ids and vectors side by side), best first. */
export function topNodes(query: Float32Array, limit: number, groups: ReadonlyArray<{item: number; nodes: Int32Array; data: Float32Array}>, d: number): VectorHit[] {
	const nodes: number[] = [];
	const owners: number[] = [];
	const data = new Float32Array(groups.reduce((sum, group) => sum + group.data.length, 0));
	let at = 0;
	for (const group of groups) {
		data.set(group.data, at);
		at += group.data.length;
		for (const node of group.nodes) {
			nodes.push(node);
			owners.push(group.item);
		}
	}
	return topRows(query, limit, data, d, (index) => index).map(({row, score}) => ({node: nodes[row]!, item: owners[row]!, score}));
}
