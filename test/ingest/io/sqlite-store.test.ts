import {copyFileSync, mkdirSync, readdirSync, readFileSync, statSync} from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import {describe, expect, it} from 'vitest';
import {openReadOnlyStore} from '../../../source/ingest/io/sqlite-store.js';
import {tempDir} from '../../helpers/cli.js';
import {ownTmpdir} from '../../helpers/own-tmpdir.js';

/** An agent's store in WAL mode whose last commits are only in its `-wal` (the writer still has it open). */
function walStore(folder: string): Database.Database {
	const writer = new Database(path.join(folder, 'agent.db'));
	writer.pragma('journal_mode = WAL');
	writer.pragma('wal_autocheckpoint = 0');
	writer.exec('CREATE TABLE session (id TEXT PRIMARY KEY, title TEXT)');
	writer.prepare('INSERT INTO session VALUES (?, ?)').run('ses_1', 'in the database');
	writer.pragma('wal_checkpoint(TRUNCATE)');
	writer.prepare('INSERT INTO session VALUES (?, ?)').run('ses_2', 'only in the -wal');
	return writer;
}

const snapshot = (folder: string) => Object.fromEntries(readdirSync(folder).map((name) => [name, {bytes: readFileSync(path.join(folder, name)).toString('base64'), mtime: statSync(path.join(folder, name)).mtimeMs}]));

describe('reading an agent’s SQLite store (io/sqlite-store.ts)', () => {
	// The copies go to a temporary folder of the test's own, to see that none is left.
	const tmpdir = ownTmpdir();

	it('reads the sessions only its -wal holds, from a copy: the database, -wal and -shm (committed as they were) are not written, and nothing is left', () => {
		const agent = tempDir();
		const writer = walStore(agent);
		// As a repository holds them: the three files as the agent left them, nobody has them open.
		const committed = tempDir();
		for (const name of ['agent.db', 'agent.db-wal', 'agent.db-shm']) copyFileSync(path.join(agent, name), path.join(committed, name));
		writer.close();
		const before = snapshot(committed);
		for (let round = 0; round < 2; round++) {
			const store = openReadOnlyStore(path.join(committed, 'agent.db'));
			try {
				expect(store.db.prepare('SELECT id FROM session ORDER BY id').all()).toEqual([{id: 'ses_1'}, {id: 'ses_2'}]);
			} finally {
				store.close();
			}
		}
		expect(snapshot(committed)).toEqual(before);
		expect(readdirSync(tmpdir()).filter((name) => name.startsWith('drill-store-'))).toEqual([]);
	});

	it('reads a store its agent has open and is writing, as of its last commit, without touching its -wal or -shm', () => {
		const agent = tempDir();
		const writer = walStore(agent);
		try {
			const before = snapshot(agent);
			const store = openReadOnlyStore(path.join(agent, 'agent.db'));
			try {
				writer.prepare('INSERT INTO session VALUES (?, ?)').run('ses_3', 'after the copy');
				expect(store.db.prepare('SELECT count(*) AS n FROM session').get()).toEqual({n: 2});
			} finally {
				store.close();
			}
			expect(snapshot(agent)['agent.db']).toEqual(before['agent.db']);
			expect(readdirSync(agent).sort()).toEqual(['agent.db', 'agent.db-shm', 'agent.db-wal']);
			expect(writer.prepare('SELECT count(*) AS n FROM session').get()).toEqual({n: 3});
		} finally {
			writer.close();
		}
		expect(readdirSync(tmpdir()).filter((name) => name.startsWith('drill-store-'))).toEqual([]);
	});

	it('reads a WAL database that has no -wal (every commit checkpointed) from memory, creating nothing beside it', () => {
		const agent = tempDir();
		walStore(agent).close();
		mkdirSync(path.join(agent, 'kept'));
		copyFileSync(path.join(agent, 'agent.db'), path.join(agent, 'kept', 'agent.db'));
		const file = path.join(agent, 'kept', 'agent.db');
		const before = snapshot(path.dirname(file));
		const store = openReadOnlyStore(file);
		try {
			expect(store.db.prepare('SELECT count(*) AS n FROM session').get()).toEqual({n: 2});
		} finally {
			store.close();
		}
		expect(snapshot(path.dirname(file))).toEqual(before);
		expect(readdirSync(tmpdir()).filter((name) => name.startsWith('drill-store-'))).toEqual([]);
	});

	it('reads a rollback-journal database with a stray -wal beside it from a copy: no -shm appears beside it', () => {
		const folder = tempDir();
		const file = path.join(folder, 'state.vscdb');
		const writer = new Database(file);
		writer.exec("CREATE TABLE ItemTable (key TEXT UNIQUE, value BLOB); INSERT INTO ItemTable VALUES ('k', 'v')");
		writer.close();
		// A -wal of another database (an agent's, copied beside it by a sync tool, say).
		const other = walStore(tempDir());
		copyFileSync(`${other.name}-wal`, `${file}-wal`);
		other.close();
		const before = snapshot(folder);
		const store = openReadOnlyStore(file);
		try {
			// (SQLite applies a -wal it finds, whatever the header says: read as SQLite reads it.)
			expect(store.db.prepare("SELECT count(*) AS n FROM sqlite_schema WHERE type = 'table'").get()).toEqual({n: 1});
		} finally {
			store.close();
		}
		expect(snapshot(folder)).toEqual(before);
		expect(readdirSync(tmpdir()).filter((name) => name.startsWith('drill-store-'))).toEqual([]);
	});
});
