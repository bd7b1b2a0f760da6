import type Database from 'better-sqlite3';
import {openReadOnlyStore, type ReadOnlyStore} from './sqlite-store.js';

/**
 * An agent's SQLite database read defensively: the file is someone else's (a repository can
 * commit a `.crush/crush.db`), so nothing in it is trusted to be what its names say.
 *
 * - Only real tables are read, with the columns `pragma_table_xinfo` calls plain: a view (whose
 *   query can be an endless recursive CTE), a virtual table and a generated column (computed on
 *   every read, 400 MB a row if it likes) are never queried, and the schema is what SQLite says
 *   (`sqlite_schema`), not what the file's text looks like.
 * - Every query is bounded. better-sqlite3 12 offers no progress handler and no interrupt, and a
 *   worker thread cannot be stopped inside a native call (measured: `Worker.terminate()` never
 *   returns while SQLite runs, and the process cannot exit). So each query calls `budget()` in its
 *   WHERE clause, before any other term: SQLite evaluates it for every row it visits, and it throws
 *   once the query has visited too many rows or run too long, which stops the statement. With
 *   views and generated columns refused, a query on the agent's own tables does nothing but visit
 *   rows, so this bounds it. `prepare` refuses SQL that does not call `budget()`.
 * - Temporary space is memory (`temp_store = MEMORY`: the sorter never spills to a temporary
 *   file), and SQLite's heap, shared by the process, is capped (`hard_heap_limit`, when no cap is
 *   set yet), so a sort fails with "out of memory" instead of filling a disk or the machine.
 * - A value longer than `valueBytes` is read as NULL (`capped(column)`), and counted, so that a
 *   reader says it left it out instead of making a string V8 cannot hold.
 */

export interface AgentDatabaseLimits {
	/** How long one query may run. */
	seconds: number;
	/** How many rows one query may visit. */
	rows: number;
	/** The longest value read; a longer one is read as NULL and counted in `oversize`. */
	valueBytes: number;
}

export const defaultLimits: AgentDatabaseLimits = {seconds: 30, rows: 50_000_000, valueBytes: 32 << 20};

/** SQLite's heap cap for a process that reads agent databases (none is set otherwise). */
const heapLimitBytes = 1 << 30;

/** A query stopped by its budget: the database is not read further. */
export class BudgetSpent extends Error {}

export interface BoundedStatement {
	all(...params: unknown[]): unknown[];
	get(...params: unknown[]): unknown;
}

/** What a table or view of the database is when drill will not read it. */
export type RefusedTable = {name: string; why: string};

/** Quotes a name for SQL. */
export const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

export class AgentDatabase {
	/** The real tables, each with its plain (stored, not generated, not hidden) columns. */
	readonly tables = new Map<string, Set<string>>();
	/** Names drill will not read: views, virtual tables, generated columns (as `table.column`). */
	readonly refused: RefusedTable[] = [];
	/** How many values were longer than the limit and read as NULL. */
	oversize = 0;
	private deadline = 0;
	private visited = 0;
	private spent: BudgetSpent | undefined;

	constructor(
		readonly db: Database.Database,
		readonly limits: AgentDatabaseLimits = defaultLimits,
	) {
		db.pragma('query_only = ON');
		db.pragma('trusted_schema = OFF');
		db.pragma('temp_store = MEMORY');
		db.pragma('mmap_size = 0');
		db.pragma('cache_size = -16384');
		if (Number(db.pragma('hard_heap_limit', {simple: true})) === 0) db.pragma(`hard_heap_limit = ${heapLimitBytes}`);
		db.function('budget', {varargs: true, deterministic: false}, () => this.tick());
		db.function('oversize', {deterministic: false}, () => {
			this.oversize++;
			return null;
		});
		this.readSchema();
	}

	private tick(): number {
		this.visited++;
		if (this.visited > this.limits.rows) this.stop(`a query visited more than ${this.limits.rows} rows`);
		if ((this.visited & 1023) === 0 && Date.now() > this.deadline) this.stop(`a query ran longer than ${this.limits.seconds} s`);
		return 1;
	}

	private stop(why: string): never {
		this.spent = new BudgetSpent(`${why}: stopped, the database is not read further`);
		throw this.spent;
	}

	private readSchema(): void {
		const objects = this.prepare("SELECT type, name, sql FROM sqlite_schema WHERE budget() AND type IN ('table', 'view') AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'").all() as Array<{type: string; name: string; sql: string | null}>;
		const columns = this.prepare('SELECT name, hidden FROM pragma_table_xinfo(?) WHERE budget()');
		for (const object of objects) {
			if (typeof object.name !== 'string') continue;
			if (object.type === 'view') {
				this.refused.push({name: object.name, why: 'is a view'});
				continue;
			}
			if (/^\s*CREATE\s+VIRTUAL\b/iu.test(object.sql ?? '')) {
				this.refused.push({name: object.name, why: 'is a virtual table'});
				continue;
			}
			const plain = new Set<string>();
			for (const column of columns.all(object.name) as Array<{name: string; hidden: number}>) {
				if (column.hidden === 0) plain.add(column.name);
				else if (column.hidden === 2 || column.hidden === 3) this.refused.push({name: `${object.name}.${column.name}`, why: 'is a generated column'});
			}
			this.tables.set(object.name, plain);
		}
	}

	/** The plain columns of a real table (none when it is no real table). */
	columns(table: string): Set<string> {
		return this.tables.get(table) ?? new Set();
	}

	has(table: string): boolean {
		return this.tables.has(table);
	}

	/** The SQL that reads a column, NULL (and counted) when its value is longer than the limit. */
	capped(column: string): string {
		return `iif(octet_length(${column}) > ${this.limits.valueBytes}, oversize(), ${column})`;
	}

	/** The SQL list of a real table's plain columns among those wanted (each capped), for `SELECT`. */
	select(table: string, wanted: readonly string[]): string {
		const have = this.columns(table);
		return wanted.filter((column) => have.has(column)).map((column) => `${this.capped(quoted(column))} AS ${quoted(column)}`).join(', ');
	}

	/** A statement whose every run is bounded (see above); its SQL must call `budget()`. */
	prepare(sql: string): BoundedStatement {
		if (!/\bbudget\(/u.test(sql)) throw new Error(`an agent database query must call budget(): ${sql.slice(0, 80)}`);
		const statement = this.db.prepare(sql);
		const run = <T>(read: () => T): T => {
			if (this.spent) throw this.spent;
			this.deadline = Date.now() + this.limits.seconds * 1000;
			this.visited = 0;
			try {
				return read();
			} catch (error) {
				// SQLite reports what budget() threw, or an allocation the heap cap refused.
				throw this.spent ?? error;
			}
		};
		return {
			all: (...params) => run(() => statement.all(...params)),
			get: (...params) => run(() => statement.get(...params)),
		};
	}

	/** Why the database was not read to the end, when a budget stopped it. */
	get stopped(): string | undefined {
		return this.spent?.message;
	}
}

export interface OpenAgentDatabase {
	database: AgentDatabase;
	close(): void;
}

/** Opens an agent's database read-only (io/sqlite-store.ts) and guarded (above). */
export function openAgentDatabase(file: string, limits: AgentDatabaseLimits = defaultLimits): OpenAgentDatabase {
	const store: ReadOnlyStore = openReadOnlyStore(file);
	try {
		return {database: new AgentDatabase(store.db, limits), close: () => store.close()};
	} catch (error) {
		store.close();
		throw error;
	}
}
