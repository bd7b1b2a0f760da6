import type {Tool} from '@modelcontextprotocol/sdk/types.js';
import {z} from 'zod';

/**
 * Drops what a JSON Schema says by default: `"$schema"`, `"additionalProperties": {}` (any
 * extra property allowed — the default) and a whole number's safe-integer bound, so every tool's schemas shrink by a few hundred bytes of
 * the tools/list an agent reads; and writes a nullable type, `"type": ["string", "null"]`, as
 * `anyOf` branches of one type each, which clients that map schemas onto a one-type dialect (the
 * OpenAPI subset of some model providers) accept. Nothing a validator checks changes.
 */
export function compactSchema(value: unknown): unknown {
	if (Array.isArray(value)) return value.map(compactSchema);
	if (typeof value !== 'object' || value === null) return value;
	const out: Record<string, unknown> = {};
	for (const [key, entry] of Object.entries(value)) {
		if (key === '$schema') continue;
		if (key === 'additionalProperties' && typeof entry === 'object' && entry !== null && Object.keys(entry).length === 0) continue;
		// zod bounds every whole number by the safe range: no bound a caller could meet.
		if ((key === 'maximum' && entry === Number.MAX_SAFE_INTEGER) || (key === 'minimum' && entry === Number.MIN_SAFE_INTEGER)) continue;
		out[key] = compactSchema(entry);
	}
	const types = out.type;
	if (Array.isArray(types) && types.length > 1) {
		const {type: _type, ...rest} = out;
		return {anyOf: types.map((type) => (type === 'null' ? {type} : {type, ...rest}))};
	}
	return out;
}

/** A zod schema as the compact JSON Schema tools/list carries. */
export function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Tool['inputSchema'] {
	return compactSchema(z.toJSONSchema(schema, {io, target: 'draft-7'})) as Tool['inputSchema'];
}
