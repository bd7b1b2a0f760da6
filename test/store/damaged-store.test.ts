import {createHash} from 'node:crypto';
import {closeSync, existsSync, openSync, readFileSync, statSync, writeSync} from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import {describe, expect, it} from 'vitest';
import {hasStackTrace, runCli, tempDir} from '../helpers/cli.js';
import {fixturesDir} from '../helpers/fixture-store.js';
import {makeItem} from '../helpers/items.js';
import {SummaryStore} from '../../source/store/summary-store.js';

const sha = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

/** A store ingested from the fixtures (documents, knowledge, sessions): about a hundred items. */
function ingestedStore(): {store: string; items: number} {
	const store = path.join(tempDir(), 's.db');
	const result = runCli(['ingest', path.join(fixturesDir, 'docs'), path.join(fixturesDir, 'knowledge'), path.join(fixturesDir, 'app'), '--store', store, '--json']);
	expect(result.stdout).toContain('"added"');
	const db = new Database(store);
	const items = (db.prepare('SELECT count(*) AS n FROM items').get() as {n: number}).n;
	db.close();
	return {store, items};
}

/** 64 KB of seeded random bytes over the middle of the file, as a failing disk or a stray write would. */
function damageMiddle(file: string, seed = 7): void {
	let state = seed;
	const bytes = Buffer.alloc(65_536);
	for (let i = 0; i < bytes.length; i++) {
		state = (state * 1_103_515_245 + 12_345) >>> 0;
		bytes[i] = state >>> 24;
	}
	const at = Math.floor(statSync(file).size / 2 / 4096) * 4096;
	const fd = openSync(file, 'r+');
	writeSync(fd, bytes, 0, bytes.length, at);
	closeSync(fd);
}

function doctor(store: string, ...args: string[]) {
	const result = runCli(['doctor', '--store', store, '--json', ...args]);
	return {...result, report: JSON.parse(result.stdout) as {healthy: boolean; problems: string[]; damaged_tables: string[]; repair?: {salvaged: number; lost: unknown[]; partial: unknown[]; damaged_copy: string}}};
}

describe('a damaged store', () => {
	it('is found healthy when it is, by drill doctor', {timeout: 60_000}, () => {
		const {store} = ingestedStore();
		const {code, report} = doctor(store);
		expect(code).toBe(0);
		expect(report).toMatchObject({healthy: true, problems: [], damaged_tables: []});
	});

	it('says how much sits in its write-ahead log beside the file', () => {
		const store = path.join(tempDir(), 'store.db');
		const writer = SummaryStore.open(store, {write: true});
		writer.db.pragma('wal_autocheckpoint = 0');
		for (let index = 0; index < 40; index++) writer.writeItem(makeItem('page', `p${index}`, {topics: 6}));
		const wal = statSync(`${store}-wal`).size;
		expect(wal).toBeGreaterThan(statSync(store).size);
		const human = runCli(['doctor', '--store', store]);
		expect(human.stdout).toMatch(/^store .*store\.db \(\d+ KB and [\d.]+ [KM]B in its write-ahead log, schema \d+, 40 items\): healthy/u);
		expect(JSON.parse(runCli(['doctor', '--store', store, '--json']).stdout)).toMatchObject({wal_bytes: wal, notes: [], healthy: true});
		writer.close();
	});

	it('is refused for writing, read errors point at drill doctor, and --repair salvages it', {timeout: 180_000}, () => {
		const {store, items} = ingestedStore();
		// Closed cleanly: every side file folded into the store before it is damaged.
		expect(existsSync(`${store}-wal`)).toBe(false);
		damageMiddle(store);
		const before = sha(store);

		const diagnosis = doctor(store);
		expect(diagnosis.code).toBe(1);
		expect(diagnosis.report.healthy).toBe(false);
		expect(diagnosis.report.problems.length).toBeGreaterThan(0);
		expect(diagnosis.report.damaged_tables.length).toBeGreaterThan(0);

		// A writer refuses before it writes anything, and says what to do.
		const ingest = runCli(['ingest', path.join(fixturesDir, 'transcripts', 'generic-chat.jsonl'), '--store', store]);
		expect(ingest.code).toBe(1);
		expect(ingest.stderr).toMatch(/^drill: the store .* is damaged \(.+\); run drill doctor to see what is damaged, then drill doctor --repair/u);
		expect(hasStackTrace(ingest.stderr)).toBe(false);
		const imported = runCli(['import', path.join(fixturesDir, 'summaries.json'), '--store', store]);
		expect(imported.code).toBe(1);
		expect(imported.stderr).toContain('drill doctor');
		expect(sha(store)).toBe(before);

		// Every read either works or says the store is damaged and names drill doctor: no stack, no "unexpected failure".
		for (const args of [['export'], ['walk', 'summary', 'document', '--depth', 'full'], ['find', 'pool', 'connection'], ['walk', 'summary', 'knowledge']]) {
			const read = runCli([...args, '--store', store]);
			if (read.code !== 0) expect(read.stderr, args.join(' ')).toMatch(/damaged.*drill doctor/u);
			expect(hasStackTrace(read.stderr)).toBe(false);
			expect(read.stderr).not.toContain('unexpected failure');
		}

		const repaired = doctor(store, '--repair');
		expect(repaired.code).toBe(0);
		const repair = repaired.report.repair!;
		expect(repair.salvaged + repair.lost.length).toBeLessThanOrEqual(items);
		expect(repair.salvaged).toBeGreaterThan(items / 2);
		expect(existsSync(repair.damaged_copy)).toBe(true);
		expect(sha(repair.damaged_copy)).toBe(before);

		const after = doctor(store);
		expect(after.report.healthy).toBe(true);
		const exported = runCli(['export', '--store', store]);
		expect(exported.code).toBe(0);
		expect(exported.stdout.trim().split('\n')).toHaveLength(repair.salvaged);
		// Writable again.
		expect(runCli(['ingest', path.join(fixturesDir, 'transcripts', 'generic-chat.jsonl'), '--store', store]).code).toBe(0);
	});

	it('says a file that is not a store is not one, and cannot be salvaged', {timeout: 60_000}, () => {
		const store = path.join(tempDir(), 'notes.db');
		const fd = openSync(store, 'w');
		writeSync(fd, Buffer.from('these are notes, not a database\n'.repeat(200)));
		closeSync(fd);
		const {code, report} = doctor(store);
		expect(code).toBe(1);
		expect(report.problems[0]).toContain('not a SQLite database');
		const write = runCli(['ingest', path.join(fixturesDir, 'docs'), '--store', store]);
		expect(write.code).toBe(1);
		expect(write.stderr).toMatch(/damaged or not a drill store/u);
		expect(readFileSync(store, 'utf8')).toContain('these are notes');
	});
});

describe('a store made by a newer drill', () => {
	it('is said to be newer, and a damaged one is not salvaged into the older schema', () => {
		const {store} = ingestedStore();
		const db = new Database(store);
		db.pragma('user_version = 99');
		db.close();
		expect(runCli(['doctor', '--store', store]).stdout).toContain('schema 99 is newer than this drill understands');
		damageMiddle(store);
		const before = sha(store);
		expect(doctor(store).report.healthy).toBe(false);
		const repair = runCli(['doctor', '--store', store, '--repair']);
		expect(repair.code).toBe(1);
		expect(repair.stderr).toMatch(/^drill: the store .* has schema version 99, newer than this drill understands \(\d+\), so it cannot repair it without losing data; repair it with the drill that made it/u);
		expect(sha(store)).toBe(before);
	});
});
