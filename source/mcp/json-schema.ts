import type {McpServer, RegisteredTool} from '@modelcontextprotocol/sdk/server/mcp.js';
import {ListToolsRequestSchema, type Tool} from '@modelcontextprotocol/sdk/types.js';
import {z} from 'zod';

/**
 * Drops what a JSON Schema says by default: `"$schema"` and `"additionalProperties": {}` (any
 * extra property allowed — the default), so every tool's schemas shrink by a few hundred bytes of
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
		out[key] = compactSchema(entry);
	}
	const types = out.type;
	if (Array.isArray(types) && types.length > 1) {
		const {type: _type, ...rest} = out;
		return {anyOf: types.map((type) => (type === 'null' ? {type} : {type, ...rest}))};
	}
	return out;
}

function jsonSchema(schema: unknown, io: 'input' | 'output'): Tool['inputSchema'] {
	return compactSchema(z.toJSONSchema(schema as z.ZodType, {io, target: 'draft-7'})) as Tool['inputSchema'];
}

/**
 * Answers tools/list from the tools registered on `server` (in order), with compact schemas.
 * Call it once every tool is registered: it replaces the list handler the SDK installed, and
 * leaves tools/call (validation included) to the SDK.
 */
export function answerToolListCompactly(server: McpServer, tools: ReadonlyArray<[string, RegisteredTool]>): void {
	const definitions: Tool[] = tools.map(([name, tool]) => ({
		name,
		...(tool.title ? {title: tool.title} : {}),
		...(tool.description ? {description: tool.description} : {}),
		inputSchema: tool.inputSchema ? jsonSchema(tool.inputSchema, 'input') : {type: 'object', properties: {}},
		...(tool.outputSchema ? {outputSchema: jsonSchema(tool.outputSchema, 'output') as Tool['outputSchema']} : {}),
		...(tool.annotations ? {annotations: tool.annotations} : {}),
	}));
	server.server.setRequestHandler(ListToolsRequestSchema, () => ({tools: definitions}));
}

/** Keeps every tool registered on `server` from now on, in order. */
export function recordTools(server: McpServer): Array<[string, RegisteredTool]> {
	const tools: Array<[string, RegisteredTool]> = [];
	const register = server.registerTool.bind(server);
	server.registerTool = ((name: string, config: never, callback: never) => {
		const tool = register(name, config, callback);
		tools.push([name, tool]);
		return tool;
	}) as typeof server.registerTool;
	return tools;
}
