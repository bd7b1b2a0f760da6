import path from 'node:path';
import Database from 'better-sqlite3';
import {describe, expect, it} from 'vitest';
import {AgentDatabase, BudgetSpent, defaultLimits, openAgentDatabase} from '../../../source/ingest/io/agent-database.js';
import {tempDir} from '../../helpers/cli.js';
import {endlessSessionView, hugeGeneratedParts} from '../../helpers/hostile-databases.js';

function rows(count: number): Database.Database {
	const db = new Database(':memory:');
	db.exec('CREATE TABLE message (id INTEGER PRIMARY KEY, session_id TEXT, data TEXT)');
	const insert = db.prepare('INSERT INTO message (session_id, data) VALUES (?, ?)');
	db.transaction(() => {
		for (let i = 0; i < count; i++) insert.run(`s${i % 10}`, `text ${i}`);
	})();
	return db;
}

describe('an agent database read defensively (io/agent-database.ts)', () => {
	it('lists only real tables and their stored columns: a view, a virtual table and a generated column are refused by what SQLite says, not the file’s text', () => {
		const folder = tempDir();
		const views = path.join(folder, 'opencode.db');
		endlessSessionView(views);
		const opened = openAgentDatabase(views);
		try {
			expect([...opened.database.tables.keys()].sort()).toEqual(['message', 'part']);
			expect(opened.database.refused).toEqual([{name: 'session', why: 'is a view'}]);
		} finally {
			opened.close();
		}
		const generated = path.join(folder, 'crush.db');
		hugeGeneratedParts(generated);
		const crush = openAgentDatabase(generated);
		try {
			expect(crush.database.columns('messages').has('parts')).toBe(false);
			expect(crush.database.columns('messages').has('session_id')).toBe(true);
			expect(crush.database.refused).toEqual([{name: 'messages.parts', why: 'is a generated column'}]);
		} finally {
			crush.close();
		}
		const db = new Database(':memory:');
		db.exec("CREATE VIRTUAL TABLE threads USING fts5(data); CREATE TABLE ok (a, b AS (a || 'x') STORED)");
		const database = new AgentDatabase(db);
		// (FTS5's own shadow tables are real tables, and may be read.)
		expect(database.has('threads')).toBe(false);
		expect(database.has('ok')).toBe(true);
		expect(database.refused).toEqual([
			{name: 'threads', why: 'is a virtual table'},
			{name: 'ok.b', why: 'is a generated column'},
		]);
	});

	it('stops a query that visits more rows than its budget, and every query after it', () => {
		const database = new AgentDatabase(rows(5000), {...defaultLimits, rows: 1000});
		// No index on session_id: the query visits every row, and budget() sees each.
		expect(() => database.prepare("SELECT count(*) AS n FROM message WHERE budget() AND session_id = 's1'").get()).toThrow(/^a query visited more than 1000 rows: stopped/u);
		expect(() => database.prepare('SELECT 1 FROM message WHERE budget() LIMIT 1').get()).toThrow(BudgetSpent);
	});

	it('stops a query that runs past its time, checked as it visits rows', () => {
		const database = new AgentDatabase(rows(5000), {...defaultLimits, seconds: -1});
		expect(() => database.prepare('SELECT count(*) AS n FROM message WHERE budget()').get()).toThrow(BudgetSpent);
		expect(database.stopped).toMatch(/^a query ran longer than -1 s: stopped/u);
		// The database is not read further: even a query that would be quick.
		expect(() => database.prepare('SELECT 1 FROM message WHERE budget() LIMIT 1').get()).toThrow(BudgetSpent);
	});

	it('refuses a query that does not call budget()', () => {
		const database = new AgentDatabase(rows(1));
		expect(() => database.prepare('SELECT * FROM message')).toThrow(/must call budget\(\)/u);
	});

	it('reads a value longer than the limit as NULL, and counts it', () => {
		const database = new AgentDatabase(rows(3), {...defaultLimits, valueBytes: 6});
		const read = database.prepare(`SELECT ${database.capped('data')} AS data FROM message WHERE budget() ORDER BY id`).all();
		expect(read).toEqual([{data: 'text 0'}, {data: 'text 1'}, {data: 'text 2'}]);
		const long = new AgentDatabase(rows(12), {...defaultLimits, valueBytes: 6});
		const all = long.prepare(`SELECT ${long.capped('data')} AS data FROM message WHERE budget() ORDER BY id`).all() as Array<{data: string | null}>;
		expect(all.filter((row) => row.data === null)).toHaveLength(2);
		expect(long.oversize).toBe(2);
	});

	it('keeps temporary space in memory and caps SQLite’s heap', () => {
		const db = rows(1);
		new AgentDatabase(db);
		expect(db.pragma('temp_store', {simple: true})).toBe(2);
		expect(Number(db.pragma('hard_heap_limit', {simple: true}))).toBeGreaterThan(0);
	});
});
