import {randomUUID} from 'node:crypto';
import {createServer as createHttpServer, type IncomingMessage, type ServerResponse} from 'node:http';
import {isIP} from 'node:net';
import {StreamableHTTPServerTransport} from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import {ErrorCode, isInitializeRequest} from '@modelcontextprotocol/sdk/types.js';
import {DrillError} from '../core/errors.js';
import type {DrillConfig} from '../core/registry.js';
import {McpContext} from './context.js';
import {limits} from './limits.js';
import {describeDuration, SessionTable, sessionDefaults} from './http-sessions.js';
import {checkNesting, guardTransport} from './message-check.js';
import {serverInstructions} from './instructions.js';
import {createMcpServer} from './server.js';

export interface HttpAddress {
	host: string;
	port: number;
}

export const mcpPath = '/mcp';

/** `127.0.0.1:PORT`, `[::1]:PORT`, `localhost:PORT` or a bare `PORT` (loopback). */
export function parseHttpAddress(value: string): HttpAddress {
	const match = /^(?:(\[[0-9a-f:.]+\]|[^:[\]]+):)?(\d{1,5})$/iu.exec(value.trim());
	const port = match ? Number(match[2]) : Number.NaN;
	if (!match || port > 65_535) throw new DrillError('bad_argument', `--http ${JSON.stringify(value)} is not HOST:PORT`, 'e.g. --http 127.0.0.1:8765 (port 0 picks a free one)');
	const host = match[1] ? match[1].replace(/^\[|\]$/gu, '') : '127.0.0.1';
	return {host, port};
}

export function isLoopback(host: string): boolean {
	if (host === 'localhost') return true;
	if (isIP(host) === 4) return host.startsWith('127.');
	return host === '::1';
}

const hostHeaders = (host: string, port: number) => {
	const names = new Set([host.includes(':') ? `[${host}]` : host, '127.0.0.1', 'localhost', '[::1]']);
	return new Set([...names].map((name) => `${name}:${port}`));
};

function answer(res: ServerResponse, status: number, code: number, message: string, headers: Record<string, string> = {}, id: string | number | null = null): void {
	if (res.headersSent) return;
	res.writeHead(status, {'content-type': 'application/json', ...headers}).end(JSON.stringify({jsonrpc: '2.0', id, error: {code, message}}));
}

/**
 * The body bytes received and not yet handled, over every request at once: a request that would
 * take the total past the limit is refused, so many unfinished bodies cannot fill the memory.
 */
class BodyBudget {
	private used = 0;

	constructor(readonly max: number) {}

	take(bytes: number): boolean {
		if (this.used + bytes > this.max) return false;
		this.used += bytes;
		return true;
	}

	give(bytes: number): void {
		this.used -= bytes;
	}
}

type Body = Buffer | 'too large' | 'busy' | 'too slow' | 'gone';

/** A request's body, within the per-message limit, the shared budget and the time limits (limits.ts). */
function readBody(req: IncomingMessage, budget: BodyBudget): Promise<Body> {
	return new Promise((resolve) => {
		const chunks: Buffer[] = [];
		let size = 0;
		let done = false;
		let refused: 'too large' | 'busy' | undefined;
		let drain: NodeJS.Timeout | undefined;
		let drainLimit: NodeJS.Timeout | undefined;
		const finish = (result: Body) => {
			if (done) return;
			done = true;
			clearTimeout(idle);
			clearTimeout(drain);
			clearTimeout(drainLimit);
			budget.give(size);
			req.off('data', onData);
			// (A body not read to its end is answered with `connection: close`: its connection is not kept.)
			resolve(result);
		};
		/** Refuses the body: what it held is given back at once, and the rest is dropped as it comes (limits.refusedDrainPauseMs). */
		const refuse = (result: 'too large' | 'busy') => {
			refused = result;
			clearTimeout(idle);
			budget.give(size);
			size = 0;
			chunks.length = 0;
			drain = setTimeout(() => finish(result), limits.refusedDrainPauseMs);
			drainLimit = setTimeout(() => finish(result), limits.refusedDrainMaxMs);
		};
		let idle = setTimeout(() => finish('too slow'), limits.bodyIdleMs);
		const onData = (chunk: Buffer) => {
			if (refused) {
				clearTimeout(drain);
				drain = setTimeout(() => finish(refused!), limits.refusedDrainPauseMs);
				return;
			}
			clearTimeout(idle);
			idle = setTimeout(() => finish('too slow'), limits.bodyIdleMs);
			if (size + chunk.length > limits.maxRequestBytes) return refuse('too large');
			if (!budget.take(chunk.length)) return refuse('busy');
			size += chunk.length;
			chunks.push(chunk);
		};
		req.on('data', onData);
		req.once('end', () => finish(refused ?? Buffer.concat(chunks, size)));
		req.once('aborted', () => finish('gone'));
		req.once('error', () => finish('gone'));
	});
}

export interface HttpOptions {
	allowRemote?: boolean;
	log?: (line: string) => void;
	signal?: AbortSignal;
	/** Sessions kept at once (default 64); past it a new one is refused, never an open one closed. */
	maxSessions?: number;
	/** A session without a request for this long is closed (default 30 minutes). */
	sessionIdleMs?: number;
}

/**
 * MCP over Streamable HTTP on HOST:PORT/mcp, one session per client (each its own McpServer on
 * the shared context). Bound to loopback unless `allowRemote`: the server has no authentication,
 * so a request whose Host or Origin is not this loopback address is refused (DNS rebinding).
 * Sessions are bounded without one client ending another's: see SessionTable.
 */
export async function serveHttp(config: DrillConfig, address: HttpAddress, options: HttpOptions = {}): Promise<void> {
	const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
	const loopback = isLoopback(address.host);
	if (!loopback && !options.allowRemote) {
		throw new DrillError('bad_argument', `drill mcp --http will not listen on ${address.host}: that is not a loopback address, and the server has no authentication`, 'use 127.0.0.1:PORT, or add --allow-remote if every host that can reach it may read and write your store and frames');
	}
	// A client of the port may be another user of this machine: it reads no file outside the drills root.
	const context = new McpContext(config, {confineFiles: true});
	void context.warmSearchSoon();
	const sessions = new SessionTable(options.maxSessions ?? sessionDefaults.max, options.sessionIdleMs ?? sessionDefaults.idleMs);
	let allowedHosts = new Set<string>();
	const bodies = new BodyBudget(limits.maxInFlightBodyBytes);

	const newSession = async (req: IncomingMessage, res: ServerResponse, body: unknown) => {
		const release = await sessions.reserve();
		if (!release) {
			const retry = sessions.retryAfterSeconds();
			return answer(
				res,
				503,
				-32000,
				`Too many sessions: this server keeps ${sessions.max} at once and every one is in use, so a new one is refused (none is closed to make room); end one you no longer need (HTTP DELETE ${mcpPath} with its Mcp-Session-Id), or retry in ${retry} s, when the longest-idle one expires (sessions are closed after ${describeDuration(sessions.idleMs)} without a request)`,
				{'retry-after': String(retry)},
			);
		}
		try {
			const {server, session} = createMcpServer(context, serverInstructions(context));
			const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
				sessionIdGenerator: () => randomUUID(),
				onsessioninitialized: (id) => sessions.add(id, {transport, close: () => server.close()}),
				onsessionclosed: (id) => sessions.remove(id, 'the client ended the session'),
			});
			transport.onclose = () => {
				if (transport.sessionId) sessions.remove(transport.sessionId, 'the session was closed');
			};
			await server.connect(transport);
			guardTransport(transport, session);
			await transport.handleRequest(req, res, body);
		} finally {
			release();
		}
	};

	const handle = async (req: IncomingMessage, res: ServerResponse) => {
		const url = new URL(req.url ?? '/', 'http://localhost');
		if (loopback && !allowedHosts.has((req.headers.host ?? '').toLowerCase())) return answer(res, 403, -32000, `Forbidden: Host ${JSON.stringify(req.headers.host ?? '')} is not this loopback server`);
		const origin = req.headers.origin;
		if (loopback && origin && !allowedHosts.has(origin.replace(/^https?:\/\//iu, '').toLowerCase())) return answer(res, 403, -32000, `Forbidden: Origin ${JSON.stringify(origin)} may not use this server`);
		if (url.pathname !== mcpPath) return answer(res, 404, -32000, `Not found: the MCP endpoint is ${mcpPath}`);
		const sessionId = req.headers['mcp-session-id'];
		const session = typeof sessionId === 'string' ? sessions.use(sessionId) : undefined;
		const gone = () => answer(res, 404, -32001, `Session not found: ${sessions.whyGone(sessionId as string)}; start a new one with initialize`);
		if (req.method !== 'POST') {
			if (!session) return sessionId ? gone() : answer(res, 400, -32000, 'Bad Request: no mcp-session-id header');
			return session.transport.handleRequest(req, res);
		}
		const raw = await readBody(req, bodies);
		if (raw === 'gone') return;
		if (raw === 'too large') return answer(res, 413, ErrorCode.InvalidRequest, `Request too large: over the limit of ${limits.maxRequestBytes} bytes per message`, {connection: 'close'});
		if (raw === 'busy') return answer(res, 503, -32000, `Server busy: the requests in flight hold ${limits.maxInFlightBodyBytes} bytes of bodies, its limit; retry in a second`, {'retry-after': '1', connection: 'close'});
		if (raw === 'too slow') return answer(res, 408, -32000, `Request timeout: the body sent nothing for ${limits.bodyIdleMs / 1000} s`, {connection: 'close'});
		let body: unknown;
		try {
			body = JSON.parse(raw.toString('utf8'));
		} catch {
			return answer(res, 400, ErrorCode.ParseError, 'Parse error: the body is not JSON');
		}
		const deep = checkNesting(body);
		if (deep) return answer(res, 400, deep.error.code, deep.error.message, {}, deep.id ?? null);
		if (session) return session.transport.handleRequest(req, res, body);
		if (sessionId) return gone();
		if (!isInitializeRequest(body)) return answer(res, 400, -32000, 'Bad Request: no mcp-session-id header, and the request is not initialize');
		return newSession(req, res, body);
	};

	const http = createHttpServer({requestTimeout: limits.requestMs, headersTimeout: Math.min(limits.requestMs, 10_000)}, (req, res) => {
		handle(req, res).catch((error: unknown) => answer(res, 500, ErrorCode.InternalError, `Internal error: ${error instanceof Error ? error.message : String(error)}`));
	});
	// Connections past the limit are closed as they arrive (each open one holds memory and a file descriptor).
	http.maxConnections = limits.maxConnections;
	await new Promise<void>((resolve, reject) => {
		http.once('error', (error: NodeJS.ErrnoException) => reject(new DrillError('io_error', `cannot listen on ${address.host}:${address.port} (${error.code ?? error.message})`, 'choose another port, e.g. --http 127.0.0.1:0 for a free one')));
		http.listen(address.port, address.host, resolve);
	});
	const bound = http.address();
	const port = typeof bound === 'object' && bound ? bound.port : address.port;
	allowedHosts = hostHeaders(address.host, port);
	const shown = address.host.includes(':') ? `[${address.host}]` : address.host;
	if (!loopback) log(`drill mcp: WARNING: listening on ${shown}:${port}, which is not loopback: anyone who can reach it can read and write your store and frames (no authentication)`);
	log(`drill mcp: listening on http://${shown}:${port}${mcpPath}`);

	await new Promise<void>((resolve) => {
		const stop = () => resolve();
		process.once('SIGINT', stop);
		process.once('SIGTERM', stop);
		options.signal?.addEventListener('abort', stop, {once: true});
	});
	await sessions.closeAll();
	const closed = new Promise<void>((resolve) => http.close(() => resolve()));
	http.closeAllConnections();
	await closed;
	context.close();
}
