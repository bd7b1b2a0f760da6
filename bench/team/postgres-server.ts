import {execFileSync, spawnSync} from 'node:child_process';
import {chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {createServer} from 'node:net';
import {tmpdir} from 'node:os';
import path from 'node:path';

/**
 * A throwaway PostgreSQL server for the team archive's tests and benchmarks: `initdb` and
 * `pg_ctl` in a folder of its own, listening on a free loopback port only (no Unix socket), with
 * a password login (scram-sha-256) for the user `drill`. `stop()` stops it and removes the folder.
 * As root (CI), the server runs as the `postgres` user the Debian package creates: PostgreSQL
 * refuses to run as root.
 */
export interface PostgresServer {
	/** postgres://drill@127.0.0.1:PORT/drill (no password: give `password` in PGPASSWORD). */
	url: string;
	port: number;
	password: string;
	version: string;
	dir: string;
	stop(): void;
}

/** The folder holding initdb, pg_ctl and postgres: $DRILL_PG_BIN, then pg_config's, then Debian's newest. */
export function postgresBinaries(env: NodeJS.ProcessEnv = process.env): string | undefined {
	const has = (dir: string) => existsSync(path.join(dir, 'initdb')) && existsSync(path.join(dir, 'pg_ctl'));
	if (env.DRILL_PG_BIN) return has(env.DRILL_PG_BIN) ? env.DRILL_PG_BIN : undefined;
	try {
		const dir = execFileSync('pg_config', ['--bindir'], {encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore']}).trim();
		if (has(dir)) return dir;
	} catch {
		// No pg_config on PATH: look where Debian and Ubuntu put the servers.
	}
	const debian = '/usr/lib/postgresql';
	if (existsSync(debian)) {
		const versions = readdirSync(debian).filter((name) => /^\d+$/u.test(name)).sort((a, b) => Number(b) - Number(a));
		for (const version of versions) if (has(path.join(debian, version, 'bin'))) return path.join(debian, version, 'bin');
	}
	for (const dir of (env.PATH ?? '').split(path.delimiter)) if (dir && has(dir)) return dir;
	return undefined;
}

/** Why the team tests cannot run here, or undefined when they can. */
export function postgresMissing(): string | undefined {
	return postgresBinaries() ? undefined : 'no PostgreSQL server binaries (initdb, pg_ctl) found: install the Debian package postgresql (.ci/run does), or set DRILL_PG_BIN';
}

function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const server = createServer();
		server.once('error', reject);
		server.listen(0, '127.0.0.1', () => {
			const {port} = server.address() as {port: number};
			server.close(() => resolve(port));
		});
	});
}

export interface ServerOptions {
	/** Extra `-c name=value` settings (the benches' shared_buffers, the tests' fsync=off). */
	settings?: Record<string, string>;
	/** Where the folder goes (default: the system's temporary folder). */
	parent?: string;
	/**
	 * A folder to keep the server in: made (initdb) the first time, started as it is after, and
	 * left in place by stop() (a benchmark's generated archive, made once).
	 */
	keep?: string;
}

export async function startPostgres(options: ServerOptions = {}): Promise<PostgresServer> {
	const bin = postgresBinaries();
	if (!bin) throw new Error(postgresMissing());
	const asRoot = process.getuid?.() === 0;
	if (options.keep) mkdirSync(options.keep, {recursive: true});
	const dir = options.keep ?? mkdtempSync(path.join(options.parent ?? tmpdir(), 'drill-pg-'));
	const data = path.join(dir, 'data');
	const pwfile = path.join(dir, 'pwfile');
	const made = existsSync(path.join(data, 'PG_VERSION'));
	const password = made ? readFileSync(pwfile, 'utf8').trim() : `pw-${Math.random().toString(36).slice(2)}`;
	if (!made) {
		rmSync(data, {recursive: true, force: true});
		writeFileSync(pwfile, `${password}\n`, {mode: 0o600});
		mkdirSync(data, {mode: 0o700});
	}
	let owner: {uid: number; gid: number} | undefined;
	if (asRoot) {
		const uid = Number(execFileSync('id', ['-u', 'postgres'], {encoding: 'utf8'}).trim());
		const gid = Number(execFileSync('id', ['-g', 'postgres'], {encoding: 'utf8'}).trim());
		owner = {uid, gid};
		for (const file of [dir, data, pwfile]) chownSync(file, uid, gid);
	}
	const run = (tool: string, args: string[]) => {
		const command = asRoot ? 'setpriv' : path.join(bin, tool);
		const argv = asRoot ? [`--reuid=${owner!.uid}`, `--regid=${owner!.gid}`, '--init-groups', path.join(bin, tool), ...args] : args;
		const result = spawnSync(command, argv, {encoding: 'utf8', cwd: dir, env: {...process.env, LC_ALL: 'C'}});
		if (result.status !== 0) throw new Error(`${tool} failed: ${(result.stderr || result.stdout || String(result.error)).trim().split('\n').slice(-3).join(' / ')}`);
		return result.stdout;
	};
	if (!made) run('initdb', ['-D', data, '-U', 'drill', `--pwfile=${pwfile}`, '--auth-host=scram-sha-256', '--auth-local=scram-sha-256', '-E', 'UTF8', '--locale=C', '--no-instructions']);
	const version = run('postgres', ['--version']).trim();
	const settings = {listen_addresses: '127.0.0.1', unix_socket_directories: "''", ...options.settings};
	let port = 0;
	for (let attempt = 0; ; attempt++) {
		port = await freePort();
		const flags = [`-p ${port}`, ...Object.entries(settings).map(([name, value]) => `-c ${name}=${value}`)].join(' ');
		try {
			run('pg_ctl', ['-D', data, '-o', flags, '-l', path.join(dir, 'server.log'), '-w', '-t', '60', 'start']);
			break;
		} catch (error) {
			// Another process took the port in between: try another one.
			if (attempt >= 3) {
				if (!options.keep) rmSync(dir, {recursive: true, force: true});
				throw error;
			}
		}
	}
	const url = `postgres://drill@127.0.0.1:${port}/postgres`;
	return {
		url,
		port,
		password,
		version,
		dir,
		stop() {
			try {
				run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
			} catch {
				// Already stopped: the folder goes all the same.
			}
			if (!options.keep) rmSync(dir, {recursive: true, force: true});
		},
	};
}
