import {createHash} from 'node:crypto';
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

/**
 * The floor the ingest benchmark measures drill against: what a bare indexer does with the same
 * folder, in a fresh process of its own (the bench spawns it, so start-up and loading SQLite count
 * as they do for drill): every file read, hashed (SHA-256) and put, with its path and hash, into
 * one FTS5 table (the tokenizer drill's indexes use) in one transaction. No titles, summaries,
 * trees or semantic model: drill's time over this is what all that costs.
 */

function* filesUnder(folder: string): Generator<string> {
	for (const entry of readdirSync(folder, {withFileTypes: true})) {
		if (entry.name.startsWith('.')) continue;
		const file = path.join(folder, entry.name);
		if (entry.isDirectory()) yield* filesUnder(file);
		else if (entry.isFile()) yield file;
	}
}

/** Indexes `folder` into a new store at `storeFile`; prints `{files, bytes}` as JSON. */
export function floorIndex(folder: string, storeFile: string): void {
	const db = new Database(storeFile);
	db.pragma('journal_mode = WAL');
	db.pragma('synchronous = NORMAL');
	db.exec(`CREATE TABLE docs (id INTEGER PRIMARY KEY, path TEXT NOT NULL UNIQUE, hash TEXT NOT NULL);
		CREATE VIRTUAL TABLE docs_fts USING fts5 (body, tokenize = 'porter unicode61 remove_diacritics 2');`);
	const doc = db.prepare('INSERT INTO docs (path, hash) VALUES (?, ?)');
	const body = db.prepare('INSERT INTO docs_fts (rowid, body) VALUES (?, ?)');
	let files = 0;
	let bytes = 0;
	db.transaction(() => {
		for (const file of filesUnder(folder)) {
			const data = readFileSync(file);
			const id = doc.run(file, createHash('sha256').update(data).digest('hex')).lastInsertRowid;
			body.run(id, data.toString('utf8'));
			files++;
			bytes += data.length;
		}
	})();
	db.close();
	process.stdout.write(`${JSON.stringify({files, bytes})}\n`);
}
