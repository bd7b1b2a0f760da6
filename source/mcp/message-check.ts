import {ErrorCode, JSONRPCMessageSchema, type JSONRPCErrorResponse, type JSONRPCMessage} from '@modelcontextprotocol/sdk/types.js';

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
