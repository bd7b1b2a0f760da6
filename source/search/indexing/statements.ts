import type {Statement} from 'better-sqlite3';
import type {SqliteDatabase} from '../../store/open.js';

const cache = new WeakMap<SqliteDatabase, Map<string, Statement>>();

/** A prepared statement per database and SQL text, made once (indexers run per item). */
export function prepared(db: SqliteDatabase, sql: string): Statement {
	let statements = cache.get(db);
	if (!statements) {
		statements = new Map();
		cache.set(db, statements);
	}
	let statement = statements.get(sql);
	if (!statement) {
		statement = db.prepare(sql);
		statements.set(sql, statement);
	}
	return statement;
}
