import type {Transport} from '@modelcontextprotocol/sdk/shared/transport.js';
import {
	CallToolRequestSchema,
	ErrorCode,
	InitializeRequestSchema,
	JSONRPCMessageSchema,
	ListResourcesRequestSchema,
	ListResourceTemplatesRequestSchema,
	ListToolsRequestSchema,
	PingRequestSchema,
	ReadResourceRequestSchema,
	type JSONRPCErrorResponse,
	type JSONRPCMessage,
} from '@modelcontextprotocol/sdk/types.js';
import type {z} from 'zod';
import {limits} from './limits.js';
import type {McpSession} from './session.js';

export type RequestId = string | number;

export const errorAnswer = (id: RequestId | null, code: number, message: string): JSONRPCErrorResponse => ({jsonrpc: '2.0', id: id as RequestId, error: {code, message}});

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const validId = (value: unknown): value is RequestId => typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));

/**
 * One line of the stdio stream as a JSON-RPC message, or the error to answer it with: -32700 for
 * text that is not JSON, -32602 for a request whose params are not an object, -32600 for anything
 * else that is not a message (with the request's id when it has a readable one, else null).
 */
export function checkMessage(line: string): {message: JSONRPCMessage} | {error: JSONRPCErrorResponse} {
	let value: unknown;
	try {
		value = JSON.parse(line);
	} catch (error) {
		return {error: errorAnswer(null, ErrorCode.ParseError, `Parse error: the line is not JSON (${(error as Error).message})`)};
	}
	const deep = checkNesting(value);
	if (deep) return {error: deep};
	const parsed = JSONRPCMessageSchema.safeParse(value);
	if (parsed.success) return {message: parsed.data};
	if (Array.isArray(value)) return {error: errorAnswer(null, ErrorCode.InvalidRequest, 'Invalid Request: batches are not supported; send one message per line')};
	if (!isObject(value)) return {error: errorAnswer(null, ErrorCode.InvalidRequest, `Invalid Request: a message is a JSON object, not ${value === null ? 'null' : typeof value}`)};
	const id = validId(value.id) ? value.id : null;
	if (value.jsonrpc !== '2.0') return {error: errorAnswer(id, ErrorCode.InvalidRequest, 'Invalid Request: "jsonrpc" must be "2.0"')};
	if ('id' in value && !validId(value.id) && value.id !== null) return {error: errorAnswer(null, ErrorCode.InvalidRequest, 'Invalid Request: "id" must be a string or a number')};
	if (typeof value.method === 'string' && 'params' in value && !isObject(value.params)) {
		return {error: errorAnswer(id, ErrorCode.InvalidParams, `Invalid params: "params" must be an object, not ${value.params === null ? 'null' : Array.isArray(value.params) ? 'an array' : typeof value.params}`)};
	}
	if (typeof value.method !== 'string' && !('result' in value) && !('error' in value)) return {error: errorAnswer(id, ErrorCode.InvalidRequest, 'Invalid Request: no "method" (nor "result" or "error")')};
	const issue = parsed.error.issues[0];
	return {error: errorAnswer(id, ErrorCode.InvalidRequest, `Invalid Request: ${issue ? `${issue.path.join('.') || 'the message'}: ${issue.message}` : 'not a JSON-RPC 2.0 message'}`)};
}

const requestSchemas = new Map<string, z.ZodType>([
	['initialize', InitializeRequestSchema],
	['ping', PingRequestSchema],
	['tools/list', ListToolsRequestSchema],
	['tools/call', CallToolRequestSchema],
	['resources/list', ListResourcesRequestSchema],
	['resources/templates/list', ListResourceTemplatesRequestSchema],
	['resources/read', ReadResourceRequestSchema],
]);

/**
 * A request whose params do not fit its method gets -32602 with what was wrong (the SDK would
 * answer -32603, "internal error", with a dump of the schema issues).
 */
export function checkParams(message: JSONRPCMessage): JSONRPCErrorResponse | undefined {
	if (!('method' in message) || !('id' in message)) return undefined;
	const schema = requestSchemas.get(message.method);
	if (!schema) return undefined;
	const parsed = schema.safeParse({method: message.method, ...(message.params === undefined ? {} : {params: message.params})});
	if (parsed.success) return undefined;
	const issue = parsed.error.issues[0]!;
	const where = issue.path.filter((part) => part !== 'params').join('.') || 'params';
	return errorAnswer(message.id, ErrorCode.InvalidParams, `Invalid params for ${message.method}: ${where}: ${issue.message}`);
}

/** How deep a value's objects and arrays nest, counted without recursion; stops counting past `limit`. */
export function nestingDepth(value: unknown, limit: number): number {
	let deepest = 0;
	const stack: Array<[unknown, number]> = [[value, 1]];
	while (stack.length > 0) {
		const [current, depth] = stack.pop()!;
		if (typeof current !== 'object' || current === null) continue;
		deepest = Math.max(deepest, depth);
		if (deepest > limit) return deepest;
		for (const child of Array.isArray(current) ? current : Object.values(current)) if (typeof child === 'object' && child !== null) stack.push([child, depth + 1]);
	}
	return deepest;
}

/** A message nested deeper than the limit gets -32602 (recursive code further on would overflow the stack). */
export function checkNesting(message: unknown): JSONRPCErrorResponse | undefined {
	if (nestingDepth(message, limits.maxNesting) <= limits.maxNesting) return undefined;
	const id = isObject(message) && validId(message.id) ? message.id : null;
	return errorAnswer(id, ErrorCode.InvalidParams, `Invalid params: the message nests objects or arrays more than ${limits.maxNesting} levels deep; no drill tool takes arguments that deep`);
}

/** What a request may be before initialize (the protocol allows pings). */
const beforeInitialize = new Set(['initialize', 'ping']);

/**
 * Stands between a transport and the server (any transport): answers a request with bad params
 * itself, refuses every request but initialize and ping until the session is initialized (as
 * Streamable HTTP does), and tells the session of each cancel (a write it answered already is
 * then reported again on its next call).
 */
export function guardTransport(transport: Transport, session?: McpSession): void {
	const deliver = transport.onmessage;
	let initialized = false;
	const refuse = (answer: JSONRPCErrorResponse) => transport.send(answer).catch((error: unknown) => transport.onerror?.(error as Error));
	transport.onmessage = (message, extra) => {
		const refusal = checkNesting(message) ?? checkParams(message);
		if (refusal) return void refuse(refusal);
		if ('method' in message) {
			if (message.method === 'initialize') initialized = true;
			else if ('id' in message && !initialized && !beforeInitialize.has(message.method)) return void refuse(errorAnswer(message.id, -32000, `Bad Request: the server is not initialized: send initialize before ${message.method}`));
			if (message.method === 'notifications/cancelled') session?.cancelArrived((message.params as {requestId?: unknown} | undefined)?.requestId);
		}
		deliver?.(message, extra);
	};
}
