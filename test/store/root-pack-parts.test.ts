import Database from 'better-sqlite3';
import {describe, expect, it} from 'vitest';
import {migratePackToParts, packPartBytes, readPackBytes, readPackExpectation, readPackHead, writePack} from '../../source/store/root-pack-parts.js';
import {packSum} from '../../source/store/root-pack-file.js';

/** A database with the pack's tables only (the migration makes them when there is no older pack). */
function packDb(): Database.Database {
	const db = new Database(':memory:');
	db.exec('CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID');
	migratePackToParts(db);
	return db;
}

/** Bytes that say where they are: a shifted or lost part changes them. */
const pattern = (length: number) => Uint8Array.from({length}, (_, at) => (at * 7 + (at >> 16)) & 0xff);

describe('the root pack in parts (store/root-pack-parts.ts)', () => {
	it('is written in parts of 64 KB and read back whole, the last part holding the rest', () => {
		const db = packDb();
		const bytes = pattern(3 * packPartBytes + 123);
		writePack(db, {revision: 'r1', count: 7, scales: Buffer.alloc(8)}, bytes);
		expect(db.prepare('SELECT part, length(data) AS bytes FROM root_pack_parts ORDER BY part').raw(true).all()).toEqual([[0, packPartBytes], [1, packPartBytes], [2, packPartBytes], [3, 123]]);
		const head = readPackHead(db)!;
		expect(head).toMatchObject({revision: 'r1', count: 7, bytes: bytes.byteLength, parts: 4});
		expect(Buffer.from(readPackBytes(db, head)!).equals(Buffer.from(bytes))).toBe(true);
		// What the pack file beside the store must hold, recorded with the pack (store/root-pack-file.ts).
		expect(readPackExpectation(db, head)).toEqual({revision: 'r1', count: 7, bytes: bytes.byteLength, sum: packSum(bytes)});
		// Written again, smaller: no part of the older pack is left behind.
		writePack(db, {revision: 'r2', count: 1, scales: Buffer.alloc(8)}, pattern(10));
		expect(db.prepare('SELECT count(*) FROM root_pack_parts').pluck().get()).toBe(1);
		expect(Buffer.from(readPackBytes(db, readPackHead(db)!)!).equals(Buffer.from(pattern(10)))).toBe(true);
		// An empty pack (a store without roots) has no parts and reads as empty.
		writePack(db, {revision: 'r3', count: 0, scales: Buffer.alloc(8)}, new Uint8Array(0));
		expect(readPackHead(db)).toMatchObject({bytes: 0, parts: 0});
		expect(readPackBytes(db, readPackHead(db)!)?.byteLength).toBe(0);
	});

	it('is not read when a part is missing, cut short, too long, out of place or one too many, or the head disagrees', () => {
		const bytes = pattern(3 * packPartBytes + 123);
		const damages: Array<[string, (db: Database.Database) => void]> = [
			['a middle part missing', (db) => db.exec('DELETE FROM root_pack_parts WHERE part = 1')],
			['the last part missing', (db) => db.exec('DELETE FROM root_pack_parts WHERE part = 3')],
			['a middle part cut short', (db) => db.exec('UPDATE root_pack_parts SET data = substr(data, 1, length(data) - 1) WHERE part = 2')],
			['the last part cut short', (db) => db.exec('UPDATE root_pack_parts SET data = substr(data, 1, 100) WHERE part = 3')],
			['the last part too long', (db) => db.exec("UPDATE root_pack_parts SET data = data || x'00' WHERE part = 3")],
			['a part out of place', (db) => db.exec('UPDATE root_pack_parts SET part = 9 WHERE part = 2')],
			['a part too many', (db) => db.prepare('INSERT INTO root_pack_parts (part, data) VALUES (4, ?)').run(Buffer.alloc(1))],
			['a part that is text', (db) => db.exec("UPDATE root_pack_parts SET data = 'x' WHERE part = 0")],
			['a head that says fewer parts', (db) => db.exec('UPDATE root_pack SET parts = 3')],
			['a head that says more bytes', (db) => db.exec('UPDATE root_pack SET bytes = bytes + 1')],
		];
		for (const [damage, apply] of damages) {
			const db = packDb();
			writePack(db, {revision: 'r1', count: 7, scales: Buffer.alloc(8)}, bytes);
			expect(readPackBytes(db, readPackHead(db)!), `${damage}: sound before`).toBeDefined();
			apply(db);
			expect(readPackBytes(db, readPackHead(db)!), damage).toBeUndefined();
		}
	});

	it('is left as it is when the migration runs again over a store already in parts', () => {
		const db = packDb();
		writePack(db, {revision: 'r1', count: 7, scales: Buffer.alloc(8)}, pattern(packPartBytes + 5));
		migratePackToParts(db);
		expect(readPackHead(db)).toMatchObject({revision: 'r1', parts: 2});
		expect(Buffer.from(readPackBytes(db, readPackHead(db)!)!).equals(Buffer.from(pattern(packPartBytes + 5)))).toBe(true);
	});
});
