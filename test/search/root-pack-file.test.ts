import {appendFileSync, existsSync, lstatSync, mkdirSync, readFileSync, rmSync, symlinkSync, truncateSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {readSemanticMeta, vectorRevision} from '../../source/search/semantic/semantic-meta.js';
import {VectorIndex} from '../../source/search/semantic/vector-index.js';
import {LsaEmbedder} from '../../source/search/semantic/lsa-store.js';
import {topQuantizedRows} from '../../source/search/semantic/quantized-vectors.js';
import {openIndexedStore} from '../../source/search/indexing/indexer.js';
import {find} from '../../source/search/funnel/find.js';
import {packFileMeta, packFilePath, packFromFile, packSum, readPackFileInBackground, writePackFile, type PackFileExpectation} from '../../source/store/root-pack-file.js';
import {readPackExpectation, readPackHead} from '../../source/store/root-pack-parts.js';
import {SummaryStore} from '../../source/store/summary-store.js';
import {fixtureStore, reopened} from './helpers.js';

/** The fixture store, closed by its writer (which packs the roots and writes their file), and a query whose best item the codes decide. */
function closedStore() {
	const {store, file} = fixtureStore();
	const meta = readSemanticMeta(store)!;
	const query = new LsaEmbedder(meta.dimension, {db: store.db}).embedSync('retry storm pool')!;
	const fromRows = new VectorIndex(store.db, meta.dimension).search(query, 10, 1);
	store.close();
	const {revision, expected, bytes} = reopened(file, (again) => {
		const head = readPackHead(again.db)!;
		const parts = Buffer.concat(again.db.prepare('SELECT data FROM root_pack_parts ORDER BY part').pluck().all() as Buffer[]);
		return {revision: vectorRevision(again), expected: readPackExpectation(again.db, head)!, bytes: parts};
	});
	// The pack with each item given the next item's codes: read as the roots, another item wins.
	const count = expected.count;
	const codes = bytes.subarray(count * 8);
	const lying = Buffer.concat([bytes.subarray(0, count * 8), codes.subarray(meta.dimension), codes.subarray(0, meta.dimension)]);
	return {file, meta, query, fromRows, revision, expected, bytes, lying, packFile: packFilePath(file)};
}

/** The coarse step's best item, with the roots read as a reader would (file beside the store first). */
function bestFromFile(file: string, dimension: number, revision: string, query: Float32Array) {
	return reopened(file, (store) => new VectorIndex(store.db, dimension, undefined, revision, file).search(query, 10, 1));
}

const holdsPack = (packFile: string, expected: PackFileExpectation) => existsSync(packFile) && lstatSync(packFile).isFile() && packFromFile(readFileSync(packFile), expected) !== undefined;

describe('the root pack file beside the store (store/root-pack-file.ts)', () => {
	it('is written by the writer that packs, holds what the store says, and is what a reader reads (not the parts)', () => {
		const {file, meta, query, fromRows, revision, expected, bytes, lying, packFile} = closedStore();
		expect(path.dirname(packFile)).toBe(path.dirname(file));
		expect(expected).toEqual({revision, count: 4, bytes: bytes.byteLength, sum: packSum(bytes)});
		expect(holdsPack(packFile, expected)).toBe(true);
		expect(Buffer.from(packFromFile(readFileSync(packFile), expected)!).equals(bytes)).toBe(true);
		expect(bestFromFile(file, meta.dimension, revision, query)).toEqual(fromRows);
		// The parts made to lie: the store alone reads the lie, a reader with the file reads the file.
		const writer = SummaryStore.open(file, {write: true});
		writer.db.prepare('UPDATE root_pack_parts SET data = ?').run(lying);
		writer.db.close();
		expect(reopened(file, (store) => new VectorIndex(store.db, meta.dimension, undefined, revision).search(query, 10, 1))).not.toEqual(fromRows);
		expect(bestFromFile(file, meta.dimension, revision, query)).toEqual(fromRows);
	});

	it('is not read when missing, damaged, cut short, too long, stale, of another store, or not a file; the parts are read and the file written again', () => {
		const {file, meta, query, fromRows, revision, expected, lying, packFile} = closedStore();
		const outside = path.join(path.dirname(path.dirname(file)), `elsewhere-${path.basename(path.dirname(file))}`);
		const damages: Array<[string, () => void]> = [
			['missing', () => rmSync(packFile)],
			['its bytes another pack, its head this one (the checksum differs)', () => writePackFile(file, expected, lying)],
			['a byte flipped', () => {
				const data = readFileSync(packFile);
				data[data.byteLength - 3]! ^= 0x40;
				writeFileSync(packFile, data);
			}],
			['cut short', () => truncateSync(packFile, readFileSync(packFile).byteLength - 1)],
			['cut to its head', () => truncateSync(packFile, 20)],
			['too long', () => appendFileSync(packFile, Buffer.alloc(1))],
			['of an older revision', () => writePackFile(file, {...expected, revision: `${revision}0`, sum: packSum(lying)}, lying)],
			['of another store (same revision and sizes, other bytes)', () => writePackFile(file, {...expected, sum: packSum(lying)}, lying)],
			['not a pack file', () => writeFileSync(packFile, 'drillrp1 but nothing after it')],
			['a head that is not JSON', () => {
				const data = readFileSync(packFile);
				data.write('{{', 12, 'latin1');
				writeFileSync(packFile, data);
			}],
			['a link to a pack elsewhere', () => {
				writePackFile(outside, {...expected, sum: packSum(lying)}, lying);
				rmSync(packFile);
				symlinkSync(packFilePath(outside), packFile);
			}],
		];
		for (const [damage, apply] of damages) {
			expect(holdsPack(packFile, expected), `${damage}: sound before`).toBe(true);
			apply();
			expect(holdsPack(packFile, expected), `${damage}: damaged`).toBe(false);
			expect(bestFromFile(file, meta.dimension, revision, query), damage).toEqual(fromRows);
			expect(holdsPack(packFile, expected), `${damage}: written again`).toBe(true);
		}
		// The link was replaced, not written through.
		expect(packFromFile(readFileSync(packFilePath(outside)), {...expected, sum: packSum(lying)})).toBeDefined();
		// A folder in its place: not read, not replaced, and the roots come from the parts.
		rmSync(packFile);
		mkdirSync(packFile);
		expect(bestFromFile(file, meta.dimension, revision, query)).toEqual(fromRows);
		expect(lstatSync(packFile).isDirectory()).toBe(true);
	});

	it('is not trusted when the store says nothing of it (packed by an older drill), or says another revision or checksum; the next writer writes both right', () => {
		const {file, meta, query, fromRows, revision, expected, lying, packFile} = closedStore();
		for (const say of [undefined, JSON.stringify({...expected, revision: `${revision}0`}), JSON.stringify({...expected, sum: `00000000:${expected.bytes}`})]) {
			// A file that holds the lie, with a head of its own that agrees with it.
			writePackFile(file, {...expected, sum: packSum(lying)}, lying);
			const writer = SummaryStore.open(file, {write: true});
			if (say === undefined) writer.db.prepare('DELETE FROM meta WHERE key = ?').run(packFileMeta);
			else writer.db.prepare('UPDATE meta SET value = ? WHERE key = ?').run(say, packFileMeta);
			writer.db.close();
			expect(reopened(file, (store) => readPackExpectation(store.db, readPackHead(store.db)!))).not.toEqual(expected);
			expect(bestFromFile(file, meta.dimension, revision, query)).toEqual(fromRows);
			// A reader does not write what the store does not vouch for.
			expect(holdsPack(packFile, expected)).toBe(false);
			openIndexedStore(file).close();
			expect(reopened(file, (store) => readPackExpectation(store.db, readPackHead(store.db)!))).toEqual(expected);
			expect(holdsPack(packFile, expected)).toBe(true);
		}
	});

	it('is read whole in the background, or not at all', async () => {
		const {file, packFile} = closedStore();
		expect(Buffer.from((await readPackFileInBackground(file))!).equals(readFileSync(packFile))).toBe(true);
		rmSync(packFile);
		expect(await readPackFileInBackground(file)).toBeUndefined();
		mkdirSync(packFile);
		expect(await readPackFileInBackground(file)).toBeUndefined();
	});

	it('leaves find as it was: the same answer with the file, without it, and with a damaged one', async () => {
		const {file, expected, lying, packFile} = closedStore();
		const answer = async () => {
			const store = SummaryStore.open(file);
			try {
				const result = await find({query: 'retry storm pool'}, {store});
				return {...result, timings_ms: {}};
			} finally {
				store.close();
			}
		};
		const withFile = await answer();
		expect(withFile.stage1_hits.length).toBeGreaterThan(0);
		rmSync(packFile);
		expect(await answer()).toEqual(withFile);
		expect(holdsPack(packFile, expected)).toBe(true);
		writePackFile(file, expected, lying);
		expect(await answer()).toEqual(withFile);
	});
});

describe('the coarse step over 8-bit codes', () => {
	it('scores four codes per word exactly as code by code (an unaligned copy takes the byte path)', () => {
		let seed = 7;
		const next = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
		for (const d of [128, 12, 6]) {
			const count = 500;
			const codes = Int8Array.from({length: count * d}, () => Math.floor(next() * 255) - 127);
			const scales = Float32Array.from({length: d}, () => next() / 100);
			const query = Float32Array.from({length: d}, () => next() - 0.5);
			const unaligned = new Int8Array(new ArrayBuffer(codes.byteLength + 1), 1, codes.length);
			unaligned.set(codes);
			for (const allow of [undefined, (row: number) => row % 3 !== 0]) {
				for (const limit of [0, 1, 150, 600]) {
					const words = topQuantizedRows(query, limit, {codes, scales}, d, allow);
					expect(words, `d ${d}, limit ${limit}`).toEqual(topQuantizedRows(query, limit, {codes: unaligned, scales}, d, allow));
					expect(words.length).toBe(Math.min(limit, allow ? Array.from({length: count}, (_, row) => row).filter(allow).length : count));
				}
			}
		}
	});
});
