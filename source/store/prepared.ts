import type {Statement} from 'better-sqlite3';
import type {SqliteDatabase} from './sqlite-database.js';

const cache = new WeakMap<SqliteDatabase, Map<string, Statement>>();

/** A prepared statement per database and SQL text, made once (item writes and indexers run per item). */
export function prepared(db: SqliteDatabase, sql: string): Statement {
	let statements = cache.get(db);
	if (!statements) cache.set(db, (statements = new Map()));
	let statement = statements.get(sql);
	if (!statement) statements.set(sql, (statement = db.prepare(sql)));
	return statement;
}
