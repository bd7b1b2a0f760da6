import {describe, expect, it} from 'vitest';
import {bumpVectorRevision, readSemanticMeta, vectorRevision} from '../../source/search/semantic/semantic-meta.js';
import {VectorIndex} from '../../source/search/semantic/vector-index.js';
import {LsaEmbedder} from '../../source/search/semantic/lsa-store.js';
import {fixtureItems, fixtureStore, reopened} from './helpers.js';
import {openIndexedStore} from '../../source/search/indexing/indexer.js';
import {retrainLsa} from '../../source/search/indexing/reindex.js';
import {schemaVersion} from '../../source/store/schema.js';
import {SummaryStore} from '../../source/store/summary-store.js';
import {packRows, readRootPack, readRootRows} from '../../source/search/semantic/root-pack.js';
import {quantize} from '../../source/search/semantic/quantized-vectors.js';
import {random} from '../../source/search/semantic/svd.js';
import Database from 'better-sqlite3';

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
/** A fixture store with its model, a query and the roots' ranking of it read from the rows. */
function queried(text = 'retry storm pool') {
	const {store, file} = fixtureStore();
	const meta = readSemanticMeta(store)!;
	const query = new LsaEmbedder(meta.dimension, {db: store.db}).embedSync(text)!;
	const fromRows = new VectorIndex(store.db, meta.dimension).search(query, 10, 1);
	return {store, file, meta, query, fromRows};
}

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

/** The pack's bytes, its parts joined. */
const packBytes = (db: SummaryStore['db']) => Buffer.concat(db.prepare('SELECT data FROM root_pack_parts ORDER BY part').pluck().all() as Buffer[]);

/** The pack as stored (head and parts, hex), to compare a repacked pack with a sound one. */
const packed = (db: SummaryStore['db']) => ({
	head: db.prepare('SELECT revision, count, hex(scales) AS scales, bytes, parts FROM root_pack').get(),
	parts: db.prepare('SELECT part, hex(data) AS data FROM root_pack_parts ORDER BY part').all(),
});

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

	it('are packed when a writer closes, read only while the pack is current', () => {
		const {store, file, meta, query, fromRows} = queried();
		store.close();
		const again = SummaryStore.open(file, {write: true});
		try {
			const revision = vectorRevision(again);
			expect(packRevision(again.db)).toBe(revision);
			expect(readRootPack(again.db, meta.dimension, revision)).toBeDefined();
			expect(new VectorIndex(again.db, meta.dimension, undefined, revision).search(query, 10, 1)).toEqual(fromRows);
			// A pack that lies (each item given the next item's codes, so the coarse step keeps another
			// item) is read while its revision is current, and not once the revision has moved on.
			const bytes = packBytes(again.db);
			const count = again.db.prepare('SELECT count FROM root_pack').pluck().get() as number;
			const codes = bytes.subarray(count * 8);
			const lying = Buffer.concat([bytes.subarray(0, count * 8), codes.subarray(meta.dimension), codes.subarray(0, meta.dimension)]);
			again.db.prepare('UPDATE root_pack_parts SET data = ? WHERE part = 0').run(lying);
			expect(new VectorIndex(again.db, meta.dimension, undefined, revision).search(query, 10, 1)).not.toEqual(fromRows);
			bumpVectorRevision(again);
			expect(new VectorIndex(again.db, meta.dimension, undefined, vectorRevision(again)).search(query, 10, 1)).toEqual(fromRows);
		} finally {
			again.close();
		}
	});

	it('are packed as 8-bit codes with a scale per dimension, in parts, and rank the items as the float rows do', () => {
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
			const head = again.db.prepare('SELECT count, length(scales) AS scales, bytes, parts FROM root_pack').get() as {count: number; scales: number; bytes: number; parts: number};
			expect(head).toEqual({count: 4, scales: meta.dimension * 4, bytes: 4 * (8 + meta.dimension), parts: 1});
			expect(packBytes(again.db).byteLength).toBe(head.bytes);
			const revision = vectorRevision(again);
			expect(queries.map((query) => new VectorIndex(again.db, meta.dimension, undefined, revision).search(query, 10, 1))).toEqual(fromRows);
		} finally {
			again.close();
		}
	});

	it('are packed a row at a time into the same bytes as the codes of every row read at once (a row of another length left out)', () => {
		const db = new Database(':memory:');
		try {
			db.exec('CREATE TABLE root_vectors (item INTEGER PRIMARY KEY, node INTEGER NOT NULL, vector BLOB NOT NULL)');
			const d = 12;
			const next = random(9);
			const insert = db.prepare('INSERT INTO root_vectors (item, node, vector) VALUES (?, ?, ?)');
			for (let item = 1; item <= 300; item++) {
				const vector = Float32Array.from({length: item === 17 ? d - 1 : d}, (_, j) => (j === 3 ? 0 : (next() - 0.5) * (j + 1)));
				insert.run(item * 3, item * 7, Buffer.from(vector.buffer));
			}
			const rows = readRootRows(db, d);
			const {codes, scales} = quantize(rows.data, d);
			const count = rows.items.length;
			expect(count).toBe(299);
			const expected = new Uint8Array(count * (8 + d));
			expected.set(new Uint8Array(rows.items.buffer, rows.items.byteOffset, count * 4), 0);
			expected.set(new Uint8Array(rows.nodes.buffer, rows.nodes.byteOffset, count * 4), count * 4);
			expected.set(new Uint8Array(codes.buffer), count * 8);
			const packed = packRows(db, d);
			expect(packed.scales).toEqual(scales);
			expect(Buffer.from(packed.bytes).equals(Buffer.from(expected))).toBe(true);
			expect(packRows(new Database(':memory:').exec('CREATE TABLE root_vectors (item INTEGER, node INTEGER, vector BLOB)'), d).bytes.byteLength).toBe(0);
		} finally {
			db.close();
		}
	});

	it('are read from the rows while the pack is partial, damaged or stale, and packed again by the next writer', () => {
		// The item that wins with the pack's codes rotated (another item's codes at the best one's place) is checked against these.
		const {store, file, meta, query, fromRows} = queried();
		store.close();
		const writer = () => openIndexedStore(file);
		let db = writer();
		const sound = packed(db.db);
		const revision = vectorRevision(db);
		const count = (db.db.prepare('SELECT count FROM root_pack').pluck().get() as number);
		db.close();
		const bytes = (() => {
			const again = SummaryStore.open(file);
			try {
				return packBytes(again.db);
			} finally {
				again.close();
			}
		})();
		// Each damage also rotates the codes, so a pack read despite it would rank another item first.
		const codes = bytes.subarray(count * 8);
		const lying = Buffer.concat([bytes.subarray(0, count * 8), codes.subarray(meta.dimension), codes.subarray(0, meta.dimension)]);
		const damages: Array<[string, string, unknown[]]> = [
			['a part missing', 'DELETE FROM root_pack_parts', []],
			['a part cut short', 'UPDATE root_pack_parts SET data = ?', [lying.subarray(0, lying.byteLength - 1)]],
			['a part too many', 'INSERT INTO root_pack_parts (part, data) VALUES (1, ?)', [Buffer.alloc(8)]],
			['a part out of place', 'UPDATE root_pack_parts SET part = 1', []],
			['items out of order', 'UPDATE root_pack_parts SET data = ?', [Buffer.concat([lying.subarray(4, 8), lying.subarray(0, 4), lying.subarray(8)])]],
			['a head that says another size', 'UPDATE root_pack SET count = count - 1', []],
			['a head without its scales', 'UPDATE root_pack SET scales = ?', [Buffer.alloc(0)]],
		];
		for (const [damage, sql, params] of damages) {
			db = writer();
			try {
				expect(packed(db.db), damage).toEqual(sound);
				db.db.prepare('UPDATE root_pack_parts SET data = ?').run(lying);
				expect(new VectorIndex(db.db, meta.dimension, undefined, revision).search(query, 10, 1), `${damage}: the lie is read`).not.toEqual(fromRows);
				db.db.prepare(sql).run(...params);
				expect(readRootPack(db.db, meta.dimension, revision), damage).toBeUndefined();
				expect(new VectorIndex(db.db, meta.dimension, undefined, revision).search(query, 10, 1), damage).toEqual(fromRows);
			} finally {
				db.close();
			}
		}
		reopened(file, (again) => {
			expect(packed(again.db)).toEqual(sound);
			expect(readRootPack(again.db, meta.dimension, revision)).toBeDefined();
		});
	});

	it('are moved into parts by the migration from schema 16 (a pack of codes as it is; a float pack left to the next writer)', () => {
		const {store, file, meta, query, fromRows} = queried();
		store.close();
		const sound = reopened(file, (again) => ({pack: packed(again.db), bytes: packBytes(again.db), revision: vectorRevision(again)}));
		const count = sound.pack.head as {count: number; scales: string};
		/** Back to schema 16: the pack in one row (items, nodes, scales, codes), as drill wrote it then. */
		const toSixteen = (scales: Buffer | null, vectors: Buffer) => {
			const db = new Database(file);
			try {
				db.exec(`DROP TABLE root_pack; DROP TABLE root_pack_parts;
					CREATE TABLE root_pack (id INTEGER PRIMARY KEY CHECK (id = 1), revision TEXT NOT NULL, items BLOB NOT NULL, nodes BLOB NOT NULL, vectors BLOB NOT NULL, scales BLOB);`);
				const n = count.count;
				db.prepare('INSERT INTO root_pack (id, revision, items, nodes, scales, vectors) VALUES (1, ?, ?, ?, ?, ?)').run(sound.revision, sound.bytes.subarray(0, n * 4), sound.bytes.subarray(n * 4, n * 8), scales, vectors);
				db.pragma('user_version = 16');
			} finally {
				db.close();
			}
		};
		toSixteen(Buffer.from(count.scales, 'hex'), sound.bytes.subarray(count.count * 8));
		let again = SummaryStore.open(file, {write: true});
		try {
			expect(again.db.pragma('user_version', {simple: true})).toBe(schemaVersion);
			expect(packed(again.db)).toEqual(sound.pack);
			expect(readRootPack(again.db, meta.dimension, sound.revision)).toBeDefined();
			expect(new VectorIndex(again.db, meta.dimension, undefined, sound.revision).search(query, 10, 1)).toEqual(fromRows);
		} finally {
			again.close();
		}
		// A float pack (before the codes): not moved; the rows are read until a writer packs again.
		const floats = reopened(file, (db) => Buffer.concat(db.db.prepare('SELECT vector FROM root_vectors ORDER BY item').pluck().all() as Buffer[]));
		toSixteen(null, floats);
		again = SummaryStore.open(file, {write: true});
		try {
			expect(again.db.prepare('SELECT count(*) FROM root_pack').pluck().get()).toBe(0);
			expect(again.db.prepare('SELECT count(*) FROM root_pack_parts').pluck().get()).toBe(0);
			expect(readRootPack(again.db, meta.dimension, sound.revision)).toBeUndefined();
			expect(new VectorIndex(again.db, meta.dimension, undefined, sound.revision).search(query, 10, 1)).toEqual(fromRows);
		} finally {
			again.close();
		}
		openIndexedStore(file).close();
		reopened(file, (db) => expect(packed(db.db)).toEqual(sound.pack));
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
		store.db.exec('DROP TABLE root_vectors; DROP TABLE item_vectors; DROP TABLE root_pack; DROP TABLE root_pack_parts;');
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
