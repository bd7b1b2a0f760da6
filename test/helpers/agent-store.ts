import {readdirSync, readFileSync, statSync} from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import {expect} from 'vitest';

/**
 * Builds an agent's SQLite store from a fixture written as JSON (fixtures/agents/*.store.json):
 * the tables to make, the journal mode the agent uses, and the rows, a column holding an object
 * or a list being stored as the JSON text the agent writes there (`{"$base64": …}` as a blob).
 */
interface StoreFixture {
	tables: string[];
	journal?: 'wal' | 'delete';
	rows: Record<string, Array<Record<string, unknown>>>;
}

export function buildStore(fixture: string, file: string, options: {keepOpen?: boolean} = {}): Database.Database | undefined {
	const spec = JSON.parse(readFileSync(fixture, 'utf8')) as StoreFixture;
	const db = new Database(file);
	db.pragma(`journal_mode = ${spec.journal === 'wal' ? 'WAL' : 'DELETE'}`);
	for (const table of spec.tables) db.exec(table);
	for (const [table, rows] of Object.entries(spec.rows)) {
		for (const row of rows) {
			const columns = Object.keys(row);
			const values = columns.map((column) => {
				const value = row[column];
				// A blob (a protobuf an agent stores) is written as {"$base64": "…"}.
				if (typeof value === 'object' && value !== null && typeof (value as {$base64?: unknown}).$base64 === 'string') return Buffer.from((value as {$base64: string}).$base64, 'base64');
				return typeof value === 'object' && value !== null ? JSON.stringify(value) : typeof value === 'boolean' ? Number(value) : value;
			});
			db.prepare(`INSERT INTO "${table}" (${columns.map((column) => `"${column}"`).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`).run(...values);
		}
	}
	if (options.keepOpen) return db;
	db.close();
	return undefined;
}

/** Runs `read` on a store and checks that nothing was written: the file's bytes and time, and nothing new beside it. */
export async function expectUntouched(file: string, read: () => unknown): Promise<void> {
	const bytes = readFileSync(file);
	const {mtimeMs} = statSync(file);
	const folder = readdirSync(path.dirname(file));
	await read();
	expect(readFileSync(file).equals(bytes), `${file} bytes`).toBe(true);
	expect(statSync(file).mtimeMs, `${file} mtime`).toBe(mtimeMs);
	expect(readdirSync(path.dirname(file)), `beside ${file}`).toEqual(folder);
}
