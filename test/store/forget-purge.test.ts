// Issue 39, point 6: what `drill forget` forgets leaves the store file at once, not at the next
// reindex: no row, no FTS segment, no LSA term, no freed page and no WAL frame holds its words.
import {existsSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import {describe, expect, it} from 'vitest';
import {runCli, tempDir} from '../helpers/cli.js';

/** Where a word occurs in the bytes of the store and its -wal, as `strings | grep` would find it. */
function hits(store: string, word: string): string[] {
	const found: string[] = [];
	for (const file of [store, `${store}-wal`]) {
		if (!existsSync(file)) continue;
		const bytes = readFileSync(file);
		for (let at = bytes.indexOf(word); at >= 0; at = bytes.indexOf(word, at + 1)) found.push(`${path.basename(file)}@${at}`);
	}
	return found;
}

const secret = 'xylophonequokka';

describe('drill forget', () => {
	it('removes the forgotten text from the store file and its -wal at once (FTS segments, LSA terms, freed pages), and keeps the rest findable', () => {
		const dir = tempDir();
		const notes = path.join(dir, 'notes');
		mkdirSync(path.join(notes, 'private'), {recursive: true});
		writeFileSync(path.join(notes, 'private', 'a.md'), `# Project ${secret}\n\nThe ${secret} launch plan lives here, with the ${secret} budget.\n`);
		writeFileSync(path.join(notes, 'private', 'b.md'), `# More about it\n\nA second note on ${secret} and its ${secret}s.\n`);
		writeFileSync(path.join(notes, 'kept.md'), '# Retry storms\n\nThe pool limit caused the retry storm in the gateway.\n');
		const store = path.join(dir, 's.db');
		expect(runCli(['ingest', notes, '--store', store]).code).toBe(0);
		const db = new Database(store, {readonly: true});
		expect((db.prepare('SELECT count(*) AS n FROM lsa_terms WHERE term LIKE ?').get(`${secret}%`) as {n: number}).n).toBeGreaterThan(0);
		db.close();
		expect(hits(store, secret).length).toBeGreaterThan(0);

		const forgotten = runCli(['forget', '--source', path.join(notes, 'private'), '--store', store]);
		expect(forgotten.code, forgotten.stderr).toBe(0);
		expect(hits(store, secret)).toEqual([]);
		const after = new Database(store, {readonly: true});
		expect((after.prepare('SELECT count(*) AS n FROM lsa_terms WHERE term LIKE ?').get(`${secret}%`) as {n: number}).n).toBe(0);
		expect((after.prepare("SELECT count(*) AS n FROM lsa_terms WHERE term = 'retri'").get() as {n: number}).n).toBe(1);
		after.close();
		expect(runCli(['find', 'retry storm', '--store', store]).stdout).toMatch(/Retry storms/u);
		expect(runCli(['doctor', '--store', store]).code).toBe(0);
	});
});
