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

/** A file path from a `file://` URI (VS Code's and Cursor's), else the text as given. */
export function filePath(uri: unknown): string | undefined {
	if (isObject(uri)) {
		if (typeof uri.fsPath === 'string') return uri.fsPath;
		if (typeof uri.path === 'string') return uri.path;
		if (typeof uri.external === 'string') return filePath(uri.external);
		return undefined;
	}
	const value = text(uri);
	if (!value) return undefined;
	if (!value.startsWith('file://')) return value;
	try {
		return decodeURIComponent(new URL(value).pathname);
	} catch {
		return value.slice('file://'.length);
	}
}
