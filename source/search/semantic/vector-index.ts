import type {SqliteDatabase} from '../../store/open.js';
import {prepared} from '../../store/prepared.js';
import {readRootPack, readRootRows, topRoots, type ItemRoots} from './root-pack.js';
import {dot, itemVectors, TopRows, type VectorHit} from './vectors.js';

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
	private roots: ItemRoots | undefined;
	private readonly byItem = new Map<number, {nodes: Int32Array; data: Float32Array}>();

	constructor(
		private readonly db: SqliteDatabase,
		readonly dimension: number,
		private readonly cachedItems = defaultCachedItems,
		/** The store's vector revision: the packed roots are read when they were packed at it. */
		private readonly revision?: string,
		/** The store's file: its pack file beside it is read before the pack's parts (root-pack.ts). */
		private readonly storeFile?: string,
	) {}

	/** Whether the item roots are read already. */
	get hasRoots(): boolean {
		return this.roots !== undefined;
	}

	/** Reads the item roots now, from `file` (the pack file, read in the background; null: there was none) when it holds the pack. */
	useRoots(file: Uint8Array | null): void {
		this.itemRoots(file);
	}

	/** Items with a root vector. */
	get items(): number {
		return this.itemRoots().items.length;
	}

	private itemRoots(file?: Uint8Array | null): ItemRoots {
		this.roots ??= (this.revision === undefined ? undefined : readRootPack(this.db, this.dimension, this.revision, this.storeFile === undefined ? undefined : {storeFile: this.storeFile, file})) ?? readRootRows(this.db, this.dimension);
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
			const rows = prepared(this.db, 'SELECT item, nodes, vectors FROM item_vectors WHERE item IN (SELECT value FROM json_each(?))').raw(true).all(JSON.stringify(missing)) as Array<[number, Buffer, Buffer]>;
			for (const [item, nodes, vectors] of rows) {
				const read = itemVectors(nodes, vectors, this.dimension);
				if (read) this.byItem.set(item, read);
			}
			for (const item of missing) if (!this.byItem.has(item)) this.byItem.set(item, {nodes: new Int32Array(0), data: new Float32Array(0)});
		}
		return items.map((item) => ({item, ...this.byItem.get(item)!}));
	}

	/** A node's vector, or undefined when it has none. */
	vector(node: number): Float32Array | undefined {
		const item = prepared(this.db, 'SELECT item FROM nodes WHERE id = ?').pluck().get(node) as number | undefined;
		if (item === undefined) return undefined;
		const [vectors] = this.nodesOf([item]);
		const row = vectors!.nodes.indexOf(node);
		return row < 0 ? undefined : vectors!.data.slice(row * this.dimension, (row + 1) * this.dimension);
	}

	/**
	 * The `limit` nodes most similar to `query` (cosine: vectors are unit length) among the nodes
	 * of the `items` items whose roots are most similar, best first.
	 */
	search(query: Float32Array, limit: number, items: number, allowItem?: (item: number) => boolean): VectorHit[] {
		const roots = this.itemRoots();
		const top = topRoots(roots, query, items, this.dimension, allowItem ? (index) => allowItem(roots.items[index]!) : undefined);
		return topNodes(query, limit, this.nodesOf(top.map((hit) => roots.items[hit.row]!)), this.dimension);
	}
}

/** The `limit` nodes most similar to `query` among `groups` (each an item's node ids and vectors side by side), best first. */
export function topNodes(query: Float32Array, limit: number, groups: ReadonlyArray<{item: number; nodes: Int32Array; data: Float32Array}>, d: number): VectorHit[] {
	const top = new TopRows(limit);
	const nodes: number[] = [];
	const owners: number[] = [];
	for (const group of groups) {
		for (let index = 0; index < group.nodes.length; index++) {
			top.offer(dot(query, group.data, index * d, d), nodes.length);
			nodes.push(group.nodes[index]!);
			owners.push(group.item);
		}
	}
	return top.best().map(({row, score}) => ({node: nodes[row]!, item: owners[row]!, score}));
}
