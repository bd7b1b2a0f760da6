import {readFileSync} from 'node:fs';
import type {ConnectionOptions} from 'node:tls';
import {userInfo} from 'node:os';
import pg from 'pg';
import {DrillError} from '../core/errors.js';
import {passwordFor, type LoginFor} from './pgpass.js';

/**
 * Where the team archive is and how to reach it. The URL comes from a flag (`--to`, `--from`,
 * `--team-url`) or `$DRILL_TEAM_URL`; the password only from the environment (`PGPASSWORD`, or a
 * URL in `$DRILL_TEAM_URL`) or `~/.pgpass` (the pg client reads both), never from the command
 * line, where `ps` and the shell's history would show it. TLS is on for any host that is not this
 * machine, unless the URL says otherwise (`?sslmode=disable`).
 */
export interface TeamTarget {
	url: string;
	/** The URL as it may be shown: never with a password. */
	shown: string;
	/** Whether the server is on this machine (loopback or a Unix socket). */
	local: boolean;
	tls: boolean;
}

const protocols = new Set(['postgres:', 'postgresql:']);
const sslModes = ['disable', 'allow', 'prefer', 'require', 'verify-ca', 'verify-full', 'no-verify'];

function isLocalHost(host: string): boolean {
	const bare = host.replace(/^\[|\]$/gu, '');
	return bare === '' || bare === 'localhost' || bare === '::1' || /^127\.\d+\.\d+\.\d+$/u.test(bare) || bare.startsWith('/') || bare.startsWith('%2F') || bare.startsWith('%2f');
}

function parse(url: string, flag: string): URL {
	let parsed: URL;
	try {
		parsed = new URL(url);
	} catch {
		throw new DrillError('bad_argument', `${flag} ${JSON.stringify(url.replace(/:[^:@/]*@/u, ':***@').slice(0, 120))} is not a URL`, 'give postgres://USER@HOST:PORT/DATABASE, e.g. postgres://drill@db.example.com/drill');
	}
	if (!protocols.has(parsed.protocol)) {
		throw new DrillError('bad_argument', `${flag} must be a postgres:// URL, got ${parsed.protocol}//…`, 'give postgres://USER@HOST:PORT/DATABASE');
	}
	return parsed;
}

/** The URL without its password, for messages and reports. */
export function shownUrl(url: string): string {
	try {
		const parsed = new URL(url);
		if (parsed.password) parsed.password = '***';
		for (const key of [...parsed.searchParams.keys()]) if (/pass/iu.test(key)) parsed.searchParams.set(key, '***');
		return parsed.toString();
	} catch {
		return '(the team URL)';
	}
}

/**
 * The team database to use: the flag's URL, else `$DRILL_TEAM_URL`. A password written on the
 * command line is refused (the URL's own, or a `password=` parameter).
 */
export function teamTarget(flagUrl: string | undefined, flag: string, env: NodeJS.ProcessEnv = process.env): TeamTarget {
	const fromFlag = flagUrl !== undefined && flagUrl !== '';
	const url = fromFlag ? flagUrl : env.DRILL_TEAM_URL;
	if (!url) throw new DrillError('bad_argument', 'no team database given', `give ${flag} postgres://USER@HOST/DATABASE or set DRILL_TEAM_URL (the password goes in PGPASSWORD or ~/.pgpass)`);
	const where = fromFlag ? flag : 'DRILL_TEAM_URL';
	const parsed = parse(url, where);
	if (fromFlag && (parsed.password !== '' || [...parsed.searchParams.keys()].some((key) => key.toLowerCase() === 'password'))) {
		throw new DrillError('bad_argument', `${flag} holds a password, which the command line shows to every user of this machine (ps, shell history)`, 'give the URL without it and put the password in PGPASSWORD or ~/.pgpass (HOST:PORT:DATABASE:USER:PASSWORD)');
	}
	const host = parsed.searchParams.get('host') ?? decodeURIComponent(parsed.hostname);
	const local = isLocalHost(host);
	const sslmode = parsed.searchParams.get('sslmode');
	if (sslmode !== null && !sslModes.includes(sslmode)) throw new DrillError('bad_argument', `${where} has sslmode=${JSON.stringify(sslmode.slice(0, 40))}, which is not a TLS mode`, `use one of ${sslModes.join(', ')}`);
	const tls = sslmode ? sslmode !== 'disable' : !local;
	return {url, shown: shownUrl(url), local, tls};
}

/** Whom the URL logs in as, with libpq's defaults (port 5432, the login name as user and database). */
function loginOf(url: string): LoginFor {
	const parsed = new URL(url);
	const user = decodeURIComponent(parsed.username) || process.env.PGUSER || userInfo().username;
	const host = parsed.searchParams.get('host') ?? (decodeURIComponent(parsed.hostname).replace(/^\[|\]$/gu, '') || 'localhost');
	return {host, port: parsed.port || parsed.searchParams.get('port') || '5432', database: decodeURIComponent(parsed.pathname.slice(1)) || user, user};
}

function readPem(parsed: URL, name: string): string | undefined {
	const file = parsed.searchParams.get(name);
	if (!file) return undefined;
	try {
		return readFileSync(file, 'utf8');
	} catch (error) {
		throw new DrillError('bad_argument', `the team URL's ${name} ${JSON.stringify(file)} cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`, `give the path of a PEM file (${name}=/path/to/file.pem)`);
	}
}

/**
 * The pg client's TLS settings, made from the URL's TLS parameters as libpq reads them: `disable` (none), `require` and `no-verify` (encrypted, the certificate
 * not checked), `verify-ca` (checked against the CA, any host name), `verify-full` (and the host
 * name); `prefer`, `allow` or none: TLS off this machine, with `verify-full`'s checks.
 * `sslrootcert`, `sslcert` and `sslkey` name PEM files. (The pg client would read `require` as
 * `verify-full` and print a warning about it.)
 */
export function tlsConfig(target: TeamTarget): false | ConnectionOptions {
	const parsed = new URL(target.url);
	const mode = parsed.searchParams.get('sslmode') ?? '';
	const ca = readPem(parsed, 'sslrootcert');
	const cert = readPem(parsed, 'sslcert');
	const key = readPem(parsed, 'sslkey');
	if (!target.tls) return false;
	const files = {...(ca ? {ca} : {}), ...(cert ? {cert} : {}), ...(key ? {key} : {})};
	if (mode === 'require' || mode === 'no-verify') return {...files, rejectUnauthorized: false};
	if (mode === 'verify-ca') return {...files, rejectUnauthorized: true, checkServerIdentity: () => undefined};
	return {...files, rejectUnauthorized: true};
}

/** What the pg client needs to know the error by (a DatabaseError's SQLSTATE, a socket's errno). */
type PgFailure = Error & {code?: string};

/** Any failure talking to the team database, as one line saying what was wrong and what would help. */
export function teamError(error: unknown, target: TeamTarget): DrillError {
	if (error instanceof DrillError) return error;
	const failure = error as PgFailure;
	const message = (failure?.message ?? String(error)).split('\n')[0]!;
	const code = failure?.code;
	const at = target.shown;
	if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EHOSTUNREACH' || code === 'ETIMEDOUT' || /timeout expired|Connection terminated unexpectedly/iu.test(message)) {
		return new DrillError('team_error', `cannot reach the team database at ${at} (${code ?? message})`, 'is the server running and the URL right? drill doctor --team checks');
	}
	if (/client password must be a string|no password supplied/iu.test(message)) {
		return new DrillError('team_error', `the team database at ${at} asks for a password, and none was given`, 'set PGPASSWORD, or add HOST:PORT:DATABASE:USER:PASSWORD to ~/.pgpass (mode 600)');
	}
	if (code === '28P01' || code === '28000' || /password authentication failed/iu.test(message)) {
		return new DrillError('team_error', `the team database at ${at} refused the login (${message})`, 'set PGPASSWORD, or add HOST:PORT:DATABASE:USER:PASSWORD to ~/.pgpass (mode 600)');
	}
	if (/does not support SSL|SSL|certificate|self[- ]signed/iu.test(message)) {
		return new DrillError('team_error', `TLS with the team database at ${at} failed (${message})`, 'TLS is on for a server on another machine: add sslrootcert=CA.pem to the URL for a certificate of your own CA, sslmode=require to skip the check, or sslmode=disable on a network you trust');
	}
	if (code === '3D000') return new DrillError('team_error', `the team database at ${at} does not exist (${message})`, 'create it first (docs/team.md: createdb drill)');
	if (code === '42501') return new DrillError('team_error', `the team database at ${at} denied a request (${message})`, 'the user needs to create tables in the database the first time, and to read and write them after (docs/team.md)');
	return new DrillError('team_error', `the team database at ${at} failed: ${message}${code ? ` (${code})` : ''}`, 'drill doctor --team checks the connection and the schema');
}

/** An open connection to the team database, failures turned into one-line DrillErrors. */
export class TeamClient {
	private constructor(
		readonly client: pg.Client,
		readonly target: TeamTarget,
	) {}

	static async connect(target: TeamTarget): Promise<TeamClient> {
		const ssl = tlsConfig(target);
		const login = loginOf(target.url);
		// Not a connection string: the pg client would take its empty password for one. The password as
		// libpq finds it (pgpass.ts); the pg client's own reading of ~/.pgpass prints a deprecation warning.
		const given = decodeURIComponent(new URL(target.url).password);
		const client = new pg.Client({
			...login,
			port: Number(login.port),
			password: given ? given : async () => passwordFor(login) as string,
			ssl,
			connectionTimeoutMillis: 10_000,
			application_name: 'drill',
		});
		// A connection lost between queries is reported by the next query, not as an unhandled event.
		client.on('error', () => {});
		try {
			await client.connect();
		} catch (error) {
			await client.end().catch(() => {});
			throw teamError(error, target);
		}
		return new TeamClient(client, target);
	}

	async query<T extends pg.QueryResultRow = pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<T[]> {
		try {
			return (await this.client.query<T>(sql, params)).rows;
		} catch (error) {
			throw teamError(error, this.target);
		}
	}

	/** Runs `action` in one transaction: committed whole, or rolled back whole. */
	async transaction<T>(action: () => Promise<T>): Promise<T> {
		await this.query('BEGIN');
		try {
			const result = await action();
			await this.query('COMMIT');
			return result;
		} catch (error) {
			await this.client.query('ROLLBACK').catch(() => {});
			throw error;
		}
	}

	private closed = false;

	async close(): Promise<void> {
		if (this.closed) return;
		this.closed = true;
		await this.client.end().catch(() => {});
	}
}
