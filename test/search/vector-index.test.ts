import {describe, expect, it} from 'vitest';
import {bumpVectorRevision, readSemanticMeta, vectorRevision} from '../../source/search/semantic/semantic-meta.js';
import {VectorIndex} from '../../source/search/semantic/vector-index.js';
import {LsaEmbedder} from '../../source/search/semantic/lsa-store.js';
import {fixtureItems, fixtureStore, reopened} from './helpers.js';
import {openIndexedStore} from '../../source/search/indexing/indexer.js';
import {retrainLsa} from '../../source/search/indexing/reindex.js';
import {schemaVersion} from '../../source/store/schema.js';
import {SummaryStore} from '../../source/store/summary-store.js';

describe('the lazily read node vectors', () => {
	it('read again the items a query needs when the cache of items is full, and rank as before', () => {
		const {store} = fixtureStore();
		try {
			const meta = readSemanticMeta(store)!;
			const query = new LsaEmbedder(meta.dimension, {db: store.db}).embedSync('retry storm pool')!;
			const roomy = new VectorIndex(store.db, meta.dimension).search(query, 10, 4);
			// Room for two items: the best item is read, then a query over four overflows the cache.
			const tight = new VectorIndex(store.db, meta.dimension, 2);
			expect(tight.search(query, 10, 1)).toEqual(roomy.filter((hit) => hit.item === roomy[0]!.item));
			expect(tight.search(query, 10, 4)).toEqual(roomy);
			expect(tight.search(query, 10, 4)).toEqual(roomy);
		} finally {
			store.close();
		}
	});

	it('take one vector per item first, each its root', () => {
		const {store} = fixtureStore();
		try {
			const meta = readSemanticMeta(store)!;
			const index = new VectorIndex(store.db, meta.dimension);
			expect(index.items).toBe((store.db.prepare('SELECT count(*) AS n FROM items').get() as {n: number}).n);
		} finally {
			store.close();
		}
	});
});

/** An item's stored node ids and vectors (hex), as item_vectors holds them. */
function itemRows(db: SummaryStore['db']): Array<{item: number; nodes: number[]; vectors: string[]}> {
	const rows = db.prepare('SELECT item, nodes, vectors FROM item_vectors ORDER BY item').raw(true).all() as Array<[number, Buffer, Buffer]>;
	return rows.map(([item, nodes, vectors]) => {
		const ids = Array.from({length: nodes.byteLength / 4}, (_, index) => nodes.readInt32LE(index * 4));
		const size = vectors.byteLength / ids.length;
		return {item, nodes: ids, vectors: ids.map((_, index) => vectors.subarray(index * size, (index + 1) * size).toString('hex'))};
	});
}

/** root_vectors against the roots item_vectors holds (each item's first node, its ordinal 0): the same rows. */
function rootsAgree(db: SummaryStore['db']): {roots: number; same: boolean} {
	const kept = db.prepare('SELECT item, node, hex(vector) AS v FROM root_vectors ORDER BY item').raw(true).all() as Array<[number, number, string]>;
	const ordinalZero = new Set(db.prepare('SELECT id FROM nodes WHERE ordinal = 0').pluck().all() as number[]);
	const fromItems = itemRows(db).map((row) => [row.item, row.nodes[0], row.vectors[0]!.toUpperCase()]);
	return {roots: kept.length, same: JSON.stringify(kept) === JSON.stringify(fromItems) && kept.every(([, node]) => ordinalZero.has(node))};
}

const packRevision = (db: SummaryStore['db']) => db.prepare('SELECT revision FROM root_pack').pluck().get() as string | undefined;

describe('the item roots kept side by side (root_vectors, root_pack)', () => {
	it('follow item_vectors through writes, replacements, deletions and retraining (another embedder: embedders.test.ts)', async () => {
		const {store} = fixtureStore();
		try {
			expect(rootsAgree(store.db)).toEqual({roots: 4, same: true});
			const [first] = fixtureItems();
			store.writeItem({...first!, tldr: `${first!.tldr} Changed.`});
			expect(rootsAgree(store.db)).toEqual({roots: 4, same: true});
			expect(store.deleteItem('conversation_session', 'k3x9')).toBe(true);
			expect(rootsAgree(store.db)).toEqual({roots: 3, same: true});
			retrainLsa(store);
			expect(rootsAgree(store.db)).toEqual({roots: 3, same: true});
		} finally {
			store.close();
		}
	});

	it('are packed in one row when a writer closes, read only while the pack is current', () => {
		const {store, file} = fixtureStore();
		const meta = readSemanticMeta(store)!;
		const query = new LsaEmbedder(meta.dimension, {db: store.db}).embedSync('retry storm pool')!;
		const fromRows = new VectorIndex(store.db, meta.dimension).search(query, 10, 1);
		store.close();
		const again = SummaryStore.open(file, {write: true});
		try {
			const revision = vectorRevision(again);
			expect(packRevision(again.db)).toBe(revision);
			expect(new VectorIndex(again.db, meta.dimension, undefined, revision).search(query, 10, 1)).toEqual(fromRows);
			// A pack that lies (each root given to the next item, so the coarse step keeps another item)
			// is read while its revision is current, and not once the revision has moved on.
			const [items, nodes] = again.db.prepare('SELECT items, nodes FROM root_pack').raw(true).get() as [Buffer, Buffer];
			const rotate = (blob: Buffer) => Buffer.concat([blob.subarray(4), blob.subarray(0, 4)]);
			again.db.prepare('UPDATE root_pack SET items = ?, nodes = ?').run(rotate(items), rotate(nodes));
			expect(new VectorIndex(again.db, meta.dimension, undefined, revision).search(query, 10, 1)).not.toEqual(fromRows);
			bumpVectorRevision(again);
			expect(new VectorIndex(again.db, meta.dimension, undefined, vectorRevision(again)).search(query, 10, 1)).toEqual(fromRows);
		} finally {
			again.close();
		}
	});

	it('are packed as 8-bit codes with a scale per dimension, and rank the items as the float rows do', () => {
		const {store, file} = fixtureStore();
		const meta = readSemanticMeta(store)!;
		const embed = new LsaEmbedder(meta.dimension, {db: store.db});
		const queries = ['retry storm pool', 'release notes draft', 'postgres connections', 'load test'].map((text) => embed.embedSync(text)).filter((vector) => vector !== undefined);
		expect(queries.length).toBeGreaterThanOrEqual(3);
		// One item of four from the coarse step: which one is what the codes decide (past the first,
		// the fixture's items score ~0.001 against these queries, noise the codes may reorder).
		const fromRows = queries.map((query) => new VectorIndex(store.db, meta.dimension).search(query, 10, 1));
		store.close();
		const again = SummaryStore.open(file, {write: true});
		try {
			const [items, scales, vectors] = again.db.prepare('SELECT length(items), length(scales), length(vectors) FROM root_pack').raw(true).get() as number[];
			expect([scales, vectors]).toEqual([meta.dimension * 4, (items! / 4) * meta.dimension]);
			const revision = vectorRevision(again);
			expect(queries.map((query) => new VectorIndex(again.db, meta.dimension, undefined, revision).search(query, 10, 1))).toEqual(fromRows);
		} finally {
			again.close();
		}
	});

	it('are read from the rows while the pack is damaged or stale, and packed again by the next writer (an older float pack too)', () => {
		const {store, file} = fixtureStore();
		const meta = readSemanticMeta(store)!;
		const query = new LsaEmbedder(meta.dimension, {db: store.db}).embedSync('retry storm pool')!;
		const fromRows = new VectorIndex(store.db, meta.dimension).search(query, 10, 1);
		store.close();
		const packed = (db: SummaryStore['db']) => db.prepare('SELECT hex(scales) AS scales, hex(vectors) AS vectors FROM root_pack').get() as {scales: string; vectors: string};
		const writer = () => openIndexedStore(file);
		let db = writer();
		const sound = packed(db.db);
		const revision = vectorRevision(db);
		try {
			// Cut short: the sizes do not hold, so the rows are read (a lying root would have ranked another item first).
			db.db.prepare('UPDATE root_pack SET vectors = substr(vectors, 1, length(vectors) - 1), nodes = ?').run(Buffer.alloc(0));
			expect(new VectorIndex(db.db, meta.dimension, undefined, revision).search(query, 10, 1)).toEqual(fromRows);
		} finally {
			db.close();
		}
		db = writer();
		try {
			expect(packed(db.db)).toEqual(sound);
			// A float pack, as drill wrote before the codes: read as floats, then packed as codes.
			const floats = db.db.prepare('SELECT vector FROM root_vectors ORDER BY item').pluck().all() as Buffer[];
			db.db.prepare('UPDATE root_pack SET scales = NULL, vectors = ?').run(Buffer.concat(floats));
			expect(new VectorIndex(db.db, meta.dimension, undefined, revision).search(query, 10, 1)).toEqual(fromRows);
		} finally {
			db.close();
		}
		reopened(file, (again) => expect(packed(again.db)).toEqual(sound));
	});

	it('are made by the migrations from the vectors an older store holds (a row per node), and searched as before', () => {
		const {store, file} = fixtureStore();
		const meta = readSemanticMeta(store)!;
		const query = new LsaEmbedder(meta.dimension, {db: store.db}).embedSync('retry storm pool')!;
		const before = new VectorIndex(store.db, meta.dimension).search(query, 10, 4);
		const rows = itemRows(store.db);
		// Back to schema 4: a node_vectors row per node, no root_vectors, no item_vectors, no pack.
		store.db.exec('CREATE TABLE node_vectors (node INTEGER PRIMARY KEY, item INTEGER NOT NULL, vector BLOB NOT NULL); CREATE INDEX node_vectors_by_item ON node_vectors (item);');
		const insert = store.db.prepare('INSERT INTO node_vectors (node, item, vector) VALUES (?, ?, ?)');
		for (const row of rows) row.nodes.forEach((node, index) => insert.run(node, row.item, Buffer.from(row.vectors[index]!, 'hex')));
		store.db.exec('DROP TABLE root_vectors; DROP TABLE item_vectors; DROP TABLE root_pack;');
		store.db.pragma('user_version = 4');
		store.close();
		const again = SummaryStore.open(file, {write: true});
		try {
			expect(again.db.pragma('user_version', {simple: true})).toBe(schemaVersion);
			expect(itemRows(again.db)).toEqual(rows);
			expect(rootsAgree(again.db)).toEqual({roots: 4, same: true});
			expect(again.db.prepare("SELECT count(*) FROM sqlite_master WHERE name = 'node_vectors'").pluck().get()).toBe(0);
			expect(new VectorIndex(again.db, meta.dimension).search(query, 10, 4)).toEqual(before);
		} finally {
			again.close();
		}
	});
});
