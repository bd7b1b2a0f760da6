import {afterAll, beforeAll} from 'vitest';
import {postgresMissing, startPostgres, type PostgresServer} from '../../bench/team/postgres-server.js';
import pg from 'pg';

/**
 * One throwaway PostgreSQL server per test file (bench/team/postgres-server.ts), and a fresh
 * database per test: `const team = teamServer()` at the top of a `describe.skipIf(postgresSkip)`.
 */
export const postgresSkip = postgresMissing();
if (postgresSkip) process.stderr.write(`team tests skipped: ${postgresSkip}\n`);

export interface TeamServer {
	server: PostgresServer;
	/** A new, empty database on the server: its URL (no password). */
	database(): Promise<string>;
	/** Runs SQL on a database (as the server's user, with its password). */
	sql<T extends pg.QueryResultRow = pg.QueryResultRow>(url: string, text: string, params?: unknown[]): Promise<T[]>;
	/** The environment a drill child needs to log in (PGPASSWORD). */
	env: NodeJS.ProcessEnv;
}

export function teamServer(): TeamServer {
	let server: PostgresServer | undefined;
	let made = 0;
	beforeAll(async () => {
		if (postgresSkip) return;
		server = await startPostgres({settings: {fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off'}});
		process.env.PGPASSWORD = server.password;
	}, 120_000);
	afterAll(() => {
		server?.stop();
	});
	const sql = async <T extends pg.QueryResultRow>(url: string, text: string, params: unknown[] = []): Promise<T[]> => {
		const client = new pg.Client({connectionString: url, password: server!.password});
		await client.connect();
		try {
			return (await client.query<T>(text, params)).rows;
		} finally {
			await client.end();
		}
	};
	return {
		get server() {
			return server!;
		},
		async database() {
			const name = `t${process.pid}_${++made}`;
			await sql(server!.url, `CREATE DATABASE ${name}`);
			return server!.url.replace(/\/postgres$/u, `/${name}`);
		},
		sql,
		get env() {
			return {PGPASSWORD: server!.password};
		},
	};
}
