import {existsSync, mkdirSync, openSync, readSync, statSync, utimesSync, writeSync, closeSync} from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import {describe, expect, it} from 'vitest';
import {buildStore} from '../helpers/agent-store.js';
import {runCli, tempDir} from '../helpers/cli.js';

// A re-ingest skips an agent's SQLite database on its stat and its -wal's, unopened, while the
// store still holds the items it held after the last clean read (source/ingest/store-stat.ts).
// The -shm is left out: SQLite writes it on every read.

const fixture = 'fixtures/agents/crush.store.json';
const anHourAgo = new Date(Date.now() - 3_600_000);

type Report = {added: number; updated: number; skipped: number; failed: unknown[]};

/** `drill ingest --json`; a file that failed exits with 1 (its report says which), when `mayFail`. */
const ingest = (input: string, store: string, mayFail = false): Report => {
	const result = runCli(['ingest', input, '--store', store, '--json']);
	expect(result.code, result.stderr).toBe(mayFail && result.code === 1 ? 1 : 0);
	return JSON.parse(result.stdout) as Report;
};

/** Sets a file's times back (an hour ago, or `at`): its stat is then trusted (not modified as it was checked). */
const age = (file: string, at = anHourAgo) => utimesSync(file, at, at);

function crushDatabase(keepOpen = false): {file: string; writer?: Database.Database} {
	const project = path.join(tempDir('drill-crush-stat-'), 'tidewater');
	mkdirSync(path.join(project, '.crush'), {recursive: true});
	const file = path.join(project, '.crush', 'crush.db');
	const writer = buildStore(fixture, file, {keepOpen});
	for (const name of [file, `${file}-wal`, `${file}-shm`]) if (existsSync(name)) age(name);
	return {file, ...(writer ? {writer} : {})};
}

/** A new user message in the main session: its signature (message count and length) changes. */
function addMessage(writer: Database.Database): void {
	writer
		.prepare('INSERT INTO messages (id, session_id, role, parts, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)')
		.run('m99', '7c1e0b52-9a44-4f0e-8d1b-2f6a3c9e5d10', 'user', JSON.stringify([{type: 'text', data: {text: 'Also check the neap tide table for the same rollover.'}}]), 1767605000000, 1767605000);
}

/** Overwrites bytes in the middle of a file, keeping its size (and then its old times). */
function scribble(file: string): void {
	const {size} = statSync(file);
	const handle = openSync(file, 'r+');
	try {
		const page = Buffer.alloc(512);
		readSync(handle, page, 0, page.length, size - 1024);
		writeSync(handle, Buffer.alloc(512, 0x5a), 0, 512, size - 1024);
	} finally {
		closeSync(handle);
	}
	age(file);
}

describe('a re-ingest of an unchanged agent database', () => {
	it('skips it on its stat, unopened: the same size and time count as unchanged, another time reads it', () => {
		const {file} = crushDatabase();
		expect(existsSync(`${file}-wal`)).toBe(false);
		const store = path.join(tempDir(), 'store.db');
		const first = ingest(file, store);
		expect(first.added).toBeGreaterThan(0);
		expect(ingest(file, store)).toMatchObject({added: 0, updated: 0, skipped: first.added});
		// Its bytes scribbled over at the same size and time: not opened, so not seen to change (as git's index).
		scribble(file);
		expect(ingest(file, store)).toMatchObject({added: 0, updated: 0, skipped: first.added, failed: []});
		// Another time: opened, and found to be no database any more (or read: it is not skipped on its stat).
		age(file, new Date(Date.now() - 1_800_000));
		const again = ingest(file, store, true);
		expect(again.skipped === first.added && again.failed.length === 0).toBe(false);
	});

	it('reads it again when only its -wal changed (a commit not yet checkpointed), not when only its -shm did', () => {
		const {file, writer} = crushDatabase(true);
		try {
			expect(existsSync(`${file}-wal`)).toBe(true);
			const store = path.join(tempDir(), 'store.db');
			const first = ingest(file, store);
			expect(first.added).toBeGreaterThan(0);
			expect(ingest(file, store)).toMatchObject({added: 0, updated: 0, skipped: first.added});
			// The -shm changes on every read: its time and bytes do not count.
			age(`${file}-shm`, new Date());
			expect(ingest(file, store)).toMatchObject({added: 0, updated: 0, skipped: first.added});
			const database = statSync(file);
			addMessage(writer!);
			// The commit is in the -wal only: the database file is as it was.
			expect(statSync(file)).toMatchObject({size: database.size, mtimeMs: database.mtimeMs});
			age(`${file}-wal`, new Date(Date.now() - 1_800_000));
			expect(ingest(file, store)).toMatchObject({added: 0, updated: 1, skipped: first.added - 1});
			age(`${file}-wal`, new Date(Date.now() - 1_800_000));
			expect(ingest(file, store)).toMatchObject({added: 0, updated: 0, skipped: first.added});
		} finally {
			writer?.close();
		}
	});

	it('reads it again when an item it gave was removed or replaced from elsewhere', () => {
		const {file} = crushDatabase();
		const store = path.join(tempDir(), 'store.db');
		const first = ingest(file, store);
		expect(ingest(file, store)).toMatchObject({skipped: first.added});
		const db = new Database(store);
		db.prepare("UPDATE items SET content_hash = 'other' WHERE source_uri LIKE ?").run(`%#7c1e0b52-9a44-4f0e-8d1b-2f6a3c9e5d10`);
		db.close();
		expect(ingest(file, store)).toMatchObject({updated: 1, skipped: first.added - 1});
		expect(ingest(file, store)).toMatchObject({updated: 0, skipped: first.added});
	});

	it('does not trust a database modified as it was read (the same time tick)', () => {
		const {file} = crushDatabase();
		// A minute ahead: within 2 s of its check however long the ingest takes on a loaded machine. A
		// whole second: a time in milliseconds may come back from the file system 1 µs short (x.999).
		age(file, new Date(Math.ceil(Date.now() / 1000) * 1000 + 60_000));
		const store = path.join(tempDir(), 'store.db');
		const first = ingest(file, store);
		const {mtime} = statSync(file);
		scribble(file);
		age(file, mtime);
		expect(statSync(file).mtimeMs).toBe(mtime.getTime());
		// Not skipped on its stat: opened, and the scribbled page is seen (read again or refused).
		const again = ingest(file, store, true);
		expect(again.skipped === first.added && again.failed.length === 0).toBe(false);
	});
});
