import {spawn} from 'node:child_process';
import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import {describe, expect, it} from 'vitest';
import {openDatabase} from '../../source/store/open.js';
import {schemaVersion} from '../../source/store/schema.js';
import {tempDir} from '../helpers/cli.js';
import {spawnCli} from '../frames/helpers.js';

/** `runs` folders of `files` small markdown pages each, all different. */
function folders(runs: number, files: number): {root: string; dirs: string[]} {
	const root = tempDir();
	const dirs: string[] = [];
	for (let run = 0; run < runs; run++) {
		const dir = path.join(root, `run${run}`);
		mkdirSync(dir);
		for (let file = 0; file < files; file++) {
			writeFileSync(path.join(dir, `page${file}.md`), `# Page ${run}-${file}\n\nNotes of run ${run} on page ${file}: the pool, the retries and the queue.\n\n## Details\n\nMore about item ${file} of run ${run}.\n`);
		}
		dirs.push(dir);
	}
	return {root, dirs};
}

function itemCount(store: string): number {
	const db = new Database(store, {readonly: true});
	try {
		return (db.prepare('SELECT count(*) AS n FROM items').get() as {n: number}).n;
	} finally {
		db.close();
	}
}

describe('ingests that run at the same time', () => {
	it('ten runs into a new store and then ten into the same store all complete', async () => {
		const first = folders(10, 30);
		const store = path.join(first.root, 'store.db');
		const runs = await Promise.all(first.dirs.map((dir) => spawnCli(['ingest', dir, '--store', store, '--json'], {cwd: first.root})));
		for (const run of runs) expect(run.stderr.replace(/^drill: waiting for .*\n/gmu, ''), run.stdout).toBe('');
		expect(runs.map((run) => run.code)).toEqual(new Array(10).fill(0));
		expect(runs.reduce((sum, run) => sum + (JSON.parse(run.stdout) as {added: number}).added, 0)).toBe(300);
		expect(itemCount(store)).toBe(300);

		const second = folders(10, 30);
		const again = await Promise.all(second.dirs.map((dir) => spawnCli(['ingest', dir, '--store', store, '--json'], {cwd: second.root})));
		expect(again.map((run) => run.code)).toEqual(new Array(10).fill(0));
		expect(itemCount(store)).toBe(600);
	}, 240_000);

	it('a run that waits too long stops, saying it waited and exactly what it had committed', async () => {
		const {root, dirs} = folders(1, 400);
		const store = path.join(root, 'store.db');
		const child = spawnCli(['ingest', dirs[0]!, '--store', store, '--json'], {cwd: root, env: {DRILL_STORE_WAIT_MS: '1000'}});
		// Once the run has written a few items, another writer takes the store and keeps it.
		let holder: Database.Database | undefined;
		for (let tries = 0; tries < 600 && !holder; tries++) {
			await new Promise((resolve) => setTimeout(resolve, 50));
			try {
				if (itemCount(store) >= 3) {
					holder = new Database(store);
					holder.pragma('busy_timeout = 10000');
					holder.exec('BEGIN IMMEDIATE');
				}
			} catch {
				// Not created yet, or busy for a moment.
			}
		}
		expect(holder).toBeDefined();
		const timer = setTimeout(() => {
			holder!.exec('COMMIT');
			holder!.close();
		}, 9000);
		const run = await child;
		clearTimeout(timer);
		if (holder!.open) {
			holder!.exec('COMMIT');
			holder!.close();
		}
		expect(run.code, run.stdout + run.stderr).toBe(1);
		const error = (JSON.parse(run.stdout) as {error: {code: string; message: string; details: {committed: {added: number; items: number}}}}).error;
		expect(error.code).toBe('store_busy');
		expect(error.message).toMatch(/stayed locked by another process/u);
		expect(run.stderr).toContain('drill: waiting for another drill process that is writing to');
		expect(error.details.committed.items).toBe(itemCount(store));
		expect(error.details.committed.added).toBeGreaterThanOrEqual(3);
		expect(error.details.committed.added).toBeLessThan(400);
	}, 120_000);
});

describe('opening a new store while another process creates it', () => {
	it('migrates once: the version is read again under the write lock', async () => {
		const store = path.join(tempDir(), 'store.db');
		// Another process creates the schema and holds its transaction open for a moment.
		const creator = spawn(process.execPath, ['-e', `
			const Database = require(${JSON.stringify(path.resolve('node_modules/better-sqlite3'))});
			const db = new Database(${JSON.stringify(store)});
			db.pragma('journal_mode = WAL');
			db.exec('BEGIN IMMEDIATE');
			db.exec('CREATE TABLE namespaces (name TEXT PRIMARY KEY, item_count INTEGER NOT NULL DEFAULT 0) WITHOUT ROWID');
			db.pragma('user_version = ${schemaVersion}');
			process.stdout.write('ready\\n');
			setTimeout(() => { db.exec('COMMIT'); db.close(); }, 1500);
		`]);
		await new Promise<void>((resolve) => creator.stdout.once('data', () => resolve()));
		const db = openDatabase(store, {write: true});
		expect(db.pragma('user_version', {simple: true})).toBe(schemaVersion);
		db.close();
		await new Promise((resolve) => creator.once('close', resolve));
	});
});
