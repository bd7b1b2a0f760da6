/** Small readers of untrusted JSON values, shared by the agents' formats. */

export type Json = Record<string, unknown>;

export const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A non-blank string, trimmed; else undefined. */
export function text(value: unknown): string | undefined {
	return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** A finite number (or a numeric string); else undefined. */
export function count(value: unknown): number | undefined {
	const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
	return typeof number === 'number' && Number.isFinite(number) && number >= 0 ? number : undefined;
}

/** A JSON value given as text (a SQLite column, a tool's arguments), parsed; undefined when it is not JSON. */
export function parsedJson(value: unknown): unknown {
	if (typeof value !== 'string' && !Buffer.isBuffer(value)) return value;
	try {
		return JSON.parse(typeof value === 'string' ? value : value.toString('utf8')) as unknown;
	} catch {
		return undefined;
	}
}

/** Tokens in the interchange's shape, with the fields that are known (undefined when none is). */
export function tokenCounts(counts: {input?: unknown; output?: unknown; cache_read?: unknown; cache_write?: unknown}): {input?: number; output?: number; cache_read?: number; cache_write?: number} | undefined {
	const out: {input?: number; output?: number; cache_read?: number; cache_write?: number} = {};
	for (const key of ['input', 'output', 'cache_read', 'cache_write'] as const) {
		const value = count(counts[key]);
		if (value !== undefined) out[key] = value;
	}
	return Object.keys(out).length > 0 ? out : undefined;
}

/** Adds one set of token counts to another (a session's total from its turns). */
export function addTokens(total: {input?: number; output?: number; cache_read?: number; cache_write?: number} | undefined, more: ReturnType<typeof tokenCounts>): ReturnType<typeof tokenCounts> {
	if (!more) return total;
	const sum = {...total};
	for (const key of ['input', 'output', 'cache_read', 'cache_write'] as const) if (more[key] !== undefined) sum[key] = (sum[key] ?? 0) + more[key]!;
	return sum;
}

/**
 * A file path from a `file://` URI (VS Code's and Cursor's), else the text as given. A Windows
 * one (`file:///c%3A/Users/ana/api`) is written as Windows writes it (`C:\Users\ana\api`); a
 * folder VS Code opened remotely (`vscode-remote://dev-container%2B7b22…/workspaces/api`) is
 * named by where it is (`dev-container: /workspaces/api`, `ssh-remote build01: /srv/api`).
 */
export function filePath(uri: unknown): string | undefined {
	if (isObject(uri)) {
		if (typeof uri.fsPath === 'string') return uri.fsPath;
		if (typeof uri.external === 'string') return filePath(uri.external);
		if (typeof uri.path === 'string') return uri.scheme === 'vscode-remote' && typeof uri.authority === 'string' ? remotePath(uri.authority, uri.path) : windowsPath(uri.path);
		return undefined;
	}
	const value = text(uri);
	if (!value) return undefined;
	const scheme = /^(file|vscode-remote):\/\//u.exec(value)?.[1];
	if (!scheme) return value;
	try {
		const url = new URL(value);
		const file = decodeURIComponent(url.pathname);
		return scheme === 'file' ? windowsPath(file) : remotePath(decodeURIComponent(url.host), file);
	} catch {
		return value.slice(`${scheme}://`.length);
	}
}

/** `/c:/Users/ana` (a URI's path of a Windows file) as `C:\Users\ana`; other paths as they are. */
function windowsPath(file: string): string {
	const drive = /^\/([a-z]):(\/.*)?$/iu.exec(file);
	return drive ? `${drive[1]!.toUpperCase()}:${(drive[2] ?? '\\').replaceAll('/', '\\')}` : file;
}

/** A remote folder as `dev-container: /workspaces/api`: the kind of remote (and its host), then the path there. */
function remotePath(authority: string, file: string): string {
	const plus = authority.indexOf('+');
	const kind = plus < 0 ? authority : authority.slice(0, plus);
	const rest = plus < 0 ? '' : authority.slice(plus + 1);
	// A container's authority is its settings as hex-encoded JSON; an SSH or WSL one names the host.
	const host = /^[0-9a-f]+$/iu.test(rest) && rest.length > 16 ? '' : rest;
	return `${kind}${host ? ` ${host}` : ''}: ${file}`;
}
