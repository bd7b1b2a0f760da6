import {mkdirSync, utimesSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import {describe, expect, it} from 'vitest';
import {unchangedByStat} from '../../source/store/source-stats.js';
import {runCli, tempDir} from '../helpers/cli.js';
import {generatedMarkdown} from '../helpers/markdown.js';

// A re-ingest skips a file of one item on a stat when its size and mtime are what the store
// recorded and the store still holds that item from it (source/store/source-stats.ts).

const anHourAgo = new Date(Date.now() - 3_600_000);
const hourAgo = () => anHourAgo;

function folder(files: number): string {
	const input = path.join(tempDir(), 'docs');
	mkdirSync(input);
	for (let i = 0; i < files; i++) {
		const file = path.join(input, `page-${i}.md`);
		writeFileSync(file, generatedMarkdown(i, 2_000));
		utimesSync(file, hourAgo(), hourAgo());
	}
	return input;
}

const ingest = (input: string, store: string, extra: string[] = []) => {
	const result = runCli(['ingest', input, '--store', store, '--json', ...extra]);
	expect(result.code, result.stderr).toBe(0);
	return JSON.parse(result.stdout) as {added: number; updated: number; skipped: number};
};

const titleOf = (store: string, file: string): string => {
	const db = new Database(store, {readonly: true});
	try {
		return (db.prepare('SELECT title FROM items WHERE source_uri = ?').get(file) as {title: string}).title;
	} finally {
		db.close();
	}
};

describe('a re-ingest of unchanged files', () => {
	it('skips them on a stat, without reading them: same size and mtime count as unchanged', () => {
		const input = folder(5);
		const store = path.join(tempDir(), 'store.db');
		expect(ingest(input, store)).toMatchObject({added: 5});
		expect(ingest(input, store)).toMatchObject({added: 0, updated: 0, skipped: 5});
		// The same number of bytes and the old mtime: not read, so not seen to change (as git's index).
		const file = path.join(input, 'page-0.md');
		const text = generatedMarkdown(0, 2_000).replace('# Notes 0', '# Zotes 0');
		writeFileSync(file, text);
		utimesSync(file, hourAgo(), hourAgo());
		expect(ingest(input, store)).toMatchObject({updated: 0, skipped: 5});
		// Another mtime: read, hashed, and updated.
		utimesSync(file, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
		expect(ingest(input, store)).toMatchObject({updated: 1, skipped: 4});
		expect(titleOf(store, file)).toMatch(/Zotes/u);
	});

	it('reads again a file changed in the same size, the same mtime tick as its last ingest', () => {
		const input = folder(2);
		const file = path.join(input, 'page-1.md');
		// A minute ahead: within 2 s of its check however long the first ingest takes on a loaded
		// machine (at load 15 it took more than 2 s, and the stat was trusted); a whole second, as a
		// time in milliseconds may come back from the file system 1 µs short.
		const now = new Date(Math.ceil(Date.now() / 1000) * 1000 + 60_000);
		utimesSync(file, now, now);
		const store = path.join(tempDir(), 'store.db');
		expect(ingest(input, store)).toMatchObject({added: 2});
		writeFileSync(file, generatedMarkdown(1, 2_000).replace('# Notes 1', '# Zotes 1'));
		utimesSync(file, now, now);
		// Modified within two seconds of being checked: its stat is not trusted.
		expect(ingest(input, store)).toMatchObject({updated: 1, skipped: 1});
	});

	it('trusts a stat only when the file was last modified more than 2 s before it was checked', () => {
		const input = folder(1);
		const store = path.join(tempDir(), 'store.db');
		ingest(input, store);
		const db = new Database(store);
		try {
			const row = db.prepare('SELECT path, size, checked_ms AS checked, run_key AS runKey FROM source_stats').get() as {path: string; size: number; checked: number; runKey: string};
			const trusted = (mtimeMs: number) => {
				db.prepare('UPDATE source_stats SET mtime_ms = ?').run(mtimeMs);
				return unchangedByStat(db, {path: row.path, size: row.size, mtimeMs, runKey: row.runKey});
			};
			expect([trusted(row.checked - 2_001), trusted(row.checked - 2_000), trusted(row.checked - 1_000), trusted(row.checked)]).toEqual([true, false, false, false]);
		} finally {
			db.close();
		}
	});

	it('reads them again when the options an item depends on change (another namespace)', () => {
		const input = folder(3);
		const store = path.join(tempDir(), 'store.db');
		ingest(input, store);
		expect(ingest(input, store, ['--namespace', 'notes'])).toMatchObject({added: 3, skipped: 0});
		expect(ingest(input, store, ['--namespace', 'notes'])).toMatchObject({added: 0, skipped: 3});
	});

	it('reads a file again whose item was removed or replaced from elsewhere', () => {
		const input = folder(2);
		const store = path.join(tempDir(), 'store.db');
		ingest(input, store);
		const db = new Database(store);
		db.exec("UPDATE items SET content_hash = 'other' WHERE source_uri LIKE '%page-0.md'");
		db.close();
		expect(ingest(input, store)).toMatchObject({updated: 1, skipped: 1});
	});
});
