import {readFileSync, statSync} from 'node:fs';
import {homedir} from 'node:os';
import path from 'node:path';

/** Whom a password is for: what a `~/.pgpass` line is matched against. */
export interface LoginFor {
	host: string;
	port: number | string;
	database: string;
	user: string;
}

/** A .pgpass field split on unescaped ":" (`\:` and `\\` are a colon and a backslash). */
function fields(line: string): string[] {
	const out: string[] = [];
	let field = '';
	for (let at = 0; at < line.length; at++) {
		const char = line[at]!;
		if (char === '\\' && at + 1 < line.length) field += line[++at]!;
		else if (char === ':') {
			out.push(field);
			field = '';
		} else field += char;
	}
	out.push(field);
	return out;
}

/**
 * The password for a login from the environment or the password file, as libpq looks for it:
 * `$PGPASSWORD` when it is not empty, else the first line of `$PGPASSFILE` (default `~/.pgpass`)
 * whose `host:port:database:user` matches (`*` matches anything), read only when no one but
 * its owner may read it. Undefined when neither has one.
 */
export function passwordFor(login: LoginFor, env: NodeJS.ProcessEnv = process.env): string | undefined {
	if (env.PGPASSWORD) return env.PGPASSWORD;
	const file = env.PGPASSFILE || path.join(env.HOME || homedir(), '.pgpass');
	let text: string;
	try {
		const stat = statSync(file);
		if (!stat.isFile() || (process.platform !== 'win32' && (stat.mode & 0o077) !== 0)) return undefined;
		text = readFileSync(file, 'utf8');
	} catch {
		return undefined;
	}
	const wanted = [login.host, String(login.port), login.database, login.user];
	for (const line of text.split(/\r?\n/u)) {
		if (line.trim() === '' || line.startsWith('#')) continue;
		const parts = fields(line);
		if (parts.length < 5) continue;
		const matches = wanted.every((value, index) => parts[index] === '*' || parts[index] === value);
		if (matches) return parts.slice(4).join(':');
	}
	return undefined;
}
