// The reliability suite (docs/reliability.md): a short soak of `drill mcp --http` on loopback:
// 1,000 calls from 8 clients at once, each its own session with several calls in flight. Every
// call must be answered, once, with its own id, and with the answer to its own question (a walk
// names the node it was asked for, a find the query it was given): nothing lost, nothing mixed.
import {readFileSync} from 'node:fs';
import {request as httpRequest} from 'node:http';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {tempDir} from '../helpers/cli.js';
import {fixturesDir} from '../helpers/fixture-store.js';
import {startHttpServer, type HttpServer} from '../helpers/mcp-http.js';

const clients = 8;
const calls = 1000;
const inFlight = 4;

let http: HttpServer;
let url: URL;

beforeAll(async () => {
	http = await startHttpServer(tempDir());
	url = http.url;
});
afterAll(async () => http?.stop());

const headers = {'content-type': 'application/json', accept: 'application/json, text/event-stream'};

/** The JSON-RPC messages of a response, whether sent as JSON or as server-sent events. */
function messagesOf(body: string): Array<{id?: unknown; result?: any; error?: any}> {
	if (body.trimStart().startsWith('{') || body.trimStart().startsWith('[')) return [JSON.parse(body)].flat();
	return body
		.split('\n')
		.filter((line) => line.startsWith('data: '))
		.map((line) => JSON.parse(line.slice(6)));
}

async function session(): Promise<{post: (message: unknown) => Promise<{status: number; body: string}>}> {
	const init = await fetch(url, {method: 'POST', headers, body: JSON.stringify({jsonrpc: '2.0', id: 'init', method: 'initialize', params: {protocolVersion: '2025-06-18', capabilities: {}, clientInfo: {name: 'soak', version: '1'}}})});
	const id = init.headers.get('mcp-session-id');
	await init.text();
	expect(id).toBeTruthy();
	const sessionHeaders = {...headers, 'mcp-session-id': id!, 'mcp-protocol-version': '2025-06-18'};
	const post = async (message: unknown) => {
		const response = await fetch(url, {method: 'POST', headers: sessionHeaders, body: JSON.stringify(message)});
		return {status: response.status, body: await response.text()};
	};
	await post({jsonrpc: '2.0', method: 'notifications/initialized'});
	return {post};
}

const items = (JSON.parse(readFileSync(path.join(fixturesDir, 'summaries.json'), 'utf8')) as Array<{namespace: string; item_id: string; nodes: unknown[]}>).map((item) => ({id: `${item.namespace}:${item.item_id}`, nodes: item.nodes.length}));

/** Call `n` of client `c`: a question whose answer names what was asked, so a mixed-up answer shows. */
function question(c: number, n: number): {message: unknown; check: (result: any) => void} {
	const id = `c${c}-n${n}`;
	const item = items[(c * 131 + n) % items.length]!;
	switch (n % 4) {
		case 0:
			return {message: {jsonrpc: '2.0', id, method: 'tools/call', params: {name: 'walk', arguments: {domain: 'summary', node_id: item.id, depth: 'summary'}}}, check: (result) => expect(result.structuredContent.node_id).toBe(item.id)};
		case 1: {
			const node = `${item.id}#n${1 + (n % (item.nodes - 1))}`;
			return {message: {jsonrpc: '2.0', id, method: 'tools/call', params: {name: 'drill_tree', arguments: {domain: 'summary', node_id: node}}}, check: (result) => expect(result.structuredContent.node_id).toBe(node)};
		}
		case 2: {
			const query = `retry storm client${c} call${n}`;
			return {message: {jsonrpc: '2.0', id, method: 'tools/call', params: {name: 'find', arguments: {query, method: 'keyword', top_k: 3}}}, check: (result) => expect(result.structuredContent.query).toBe(query)};
		}
		default: {
			const uri = `drill://summary/${encodeURIComponent(item.id)}`;
			return {message: {jsonrpc: '2.0', id, method: 'resources/read', params: {uri}}, check: (result) => expect(result.contents[0].uri).toBe(uri)};
		}
	}
}

describe('drill mcp --http under load', () => {
	it(`answers ${calls} calls from ${clients} clients at once, each once, with its own answer`, async () => {
		const perClient = calls / clients;
		const answered = new Map<string, number>();
		const run = async (c: number) => {
			const {post} = await session();
			let next = 0;
			const worker = async () => {
				while (next < perClient) {
					const n = next++;
					const {message, check} = question(c, n);
					const response = await post(message);
					expect(response.status, response.body).toBe(200);
					const messages = messagesOf(response.body);
					expect(messages, response.body).toHaveLength(1);
					const [answer] = messages;
					expect(answer!.id).toBe(`c${c}-n${n}`);
					expect(answer!.error, JSON.stringify(answer!.error)).toBeUndefined();
					expect(answer!.result.isError, JSON.stringify(answer!.result)).toBeFalsy();
					check(answer!.result);
					answered.set(String(answer!.id), (answered.get(String(answer!.id)) ?? 0) + 1);
				}
			};
			await Promise.all(Array.from({length: inFlight}, worker));
		};
		await Promise.all(Array.from({length: clients}, (_, c) => run(c)));
		expect(answered.size).toBe(calls);
		expect([...answered.values()].every((count) => count === 1)).toBe(true);
		expect(http.server.exitCode).toBeNull();
	});

	it('takes a Host header in any case (host names are case-insensitive), and still refuses another host', async () => {
		const post = (host: string) =>
			new Promise<number>((resolve, reject) => {
				const request = httpRequest(url, {method: 'POST', headers: {...headers, host}}, (response) => {
					response.resume();
					response.on('end', () => resolve(response.statusCode ?? 0));
				});
				request.on('error', reject);
				request.end(JSON.stringify({jsonrpc: '2.0', id: 1, method: 'initialize', params: {protocolVersion: '2025-06-18', capabilities: {}, clientInfo: {name: 'x', version: '1'}}}));
			});
		expect(await post(`LOCALHOST:${url.port}`)).toBe(200);
		expect(await post(`LocalHost:${url.port}`)).toBe(200);
		expect(await post(`EVIL.example:${url.port}`)).toBe(403);
	});
});
