// drill mcp --http: Streamable HTTP on loopback, through the SDK's own HTTP client, from the built CLI.
import {writeFileSync} from 'node:fs';
import {request as httpRequest} from 'node:http';
import path from 'node:path';
import {Client} from '@modelcontextprotocol/sdk/client/index.js';
import {StreamableHTTPClientTransport} from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {runCli, tempDir} from '../helpers/cli.js';
import {startHttpServer, type HttpServer} from '../helpers/mcp-http.js';

let http: HttpServer | undefined;
let url: URL;
let drillsRoot = '';

beforeAll(async () => {
	drillsRoot = tempDir();
	http = await startHttpServer(drillsRoot);
	url = http.url;
});
afterAll(async () => http?.stop());

async function connect(): Promise<Client> {
	const client = new Client({name: 'drill-http-test', version: '1.0.0'});
	await client.connect(new StreamableHTTPClientTransport(url));
	return client;
}

describe('drill mcp --http', () => {
	it("copies in no context or evidence file from outside the drills root: a client of the port may not be this machine's user", async () => {
		const secret = path.join(tempDir(), 'id_ed25519');
		writeFileSync(secret, '-----BEGIN OPENSSH PRIVATE KEY-----\n');
		writeFileSync(path.join(drillsRoot, 'notes.md'), '# Notes\n\nWhat the pool did.\n');
		const client = await connect();
		const text = (result: Awaited<ReturnType<Client['callTool']>>) => (result.content as Array<{text: string}>)[0]!.text;
		try {
			const refused = await client.callTool({name: 'drill', arguments: {slug: 'leak', objective: 'Read the key?', context: [secret], from: 'root'}});
			expect(refused.isError).toBe(true);
			expect(text(refused)).toContain(`context file ${JSON.stringify(secret)} lies outside the drills root`);
			const opened = await client.callTool({name: 'drill', arguments: {slug: 'notes', objective: 'What did the pool do?', context: ['notes.md'], from: 'root'}});
			expect(opened.isError).toBeFalsy();
			const leak = await client.callTool({name: 'undrill', arguments: {findings: 'Nothing.', prevention_plan: [], evidence: [secret]}});
			expect(leak.isError).toBe(true);
			expect(text(leak)).toContain(`evidence file ${JSON.stringify(secret)} lies outside the drills root`);
			expect((await client.callTool({name: 'undrill', arguments: {findings: 'Nothing.', prevention_plan: []}})).isError).toBeFalsy();
		} finally {
			await client.close();
		}
	});

	it('listens on loopback and prints where', () => {
		expect(url.hostname).toBe('127.0.0.1');
		expect(url.pathname).toBe('/mcp');
		expect(Number(url.port)).toBeGreaterThan(0);
	});

	it('serves the same tools to several clients at once, each with its own session', async () => {
		const [a, b] = await Promise.all([connect(), connect()]);
		try {
			const tools = (await a.listTools()).tools.map((tool) => tool.name);
			expect(tools).toEqual(expect.arrayContaining(['walk', 'drill_tree', 'find', 'summary_search', 'read_nodes', 'store_status', 'drill', 'undrill', 'drill_status']));
			const [walked, found] = await Promise.all([a.callTool({name: 'walk', arguments: {domain: 'summary'}}), b.callTool({name: 'find', arguments: {query: 'retry storm'}})]);
			expect((walked.structuredContent as {kind: string}).kind).toBe('root');
			expect((found.structuredContent as {items: unknown[]}).items.length).toBeGreaterThan(0);
			const bad = await b.callTool({name: 'walk', arguments: {domain: 'drills', node_id: 'abcdef'}});
			expect(bad.isError).toBe(true);
			expect((bad.content as Array<{text: string}>)[0]!.text).toContain('walk(domain="drills", node_id="")');
			expect(a.getInstructions()).toContain('namespaces');
		} finally {
			await Promise.all([a.close(), b.close()]);
		}
	});

	it('refuses a request whose Host is not this loopback address (DNS rebinding), and one from a web page elsewhere', async () => {
		const init = {jsonrpc: '2.0', id: 1, method: 'initialize', params: {protocolVersion: '2025-06-18', capabilities: {}, clientInfo: {name: 'x', version: '1'}}};
		// node:http, not fetch: fetch will not send a Host header of one's choosing.
		const post = (headers: Record<string, string>) =>
			new Promise<{status: number; body: string}>((resolve, reject) => {
				const request = httpRequest(url, {method: 'POST', headers: {'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers}}, (response) => {
					let body = '';
					response.setEncoding('utf8');
					response.on('data', (chunk: string) => (body += chunk));
					response.on('end', () => resolve({status: response.statusCode ?? 0, body}));
				});
				request.on('error', reject);
				request.end(JSON.stringify(init));
			});
		const rebinding = await post({host: `evil.example:${url.port}`});
		expect(rebinding.status).toBe(403);
		expect(JSON.parse(rebinding.body).error.message).toContain('Host "evil.example:');
		const page = await post({origin: 'http://evil.example'});
		expect(page.status).toBe(403);
		expect(JSON.parse(page.body).error.message).toContain('Origin "http://evil.example" may not use this server');
		const local = await post({origin: `http://localhost:${url.port}`});
		expect(local.status).toBe(200);
		// Origins are case-insensitive in scheme and host (RFC 6454).
		expect((await post({origin: `HTTP://LocalHost:${url.port}`})).status).toBe(200);
	});

	it('answers a body that is not JSON with -32700 and a body over the limit with 413', async () => {
		const notJson = await fetch(url, {method: 'POST', headers: {'content-type': 'application/json', accept: 'application/json, text/event-stream'}, body: '{"jsonrpc":'});
		expect(notJson.status).toBe(400);
		expect(((await notJson.json()) as {error: {code: number}}).error.code).toBe(-32700);
		const huge = await fetch(url, {method: 'POST', headers: {'content-type': 'application/json', accept: 'application/json, text/event-stream'}, body: `{"q":"${'x'.repeat(9 * 1024 * 1024)}"}`});
		expect(huge.status).toBe(413);
		expect(((await huge.json()) as {error: {message: string}}).error.message).toContain('over the limit of 8388608 bytes');
	});

	it('will not listen on a non-loopback address without --allow-remote', () => {
		const refused = runCli(['mcp', '--http', '0.0.0.0:0']);
		expect(refused.code).toBe(2);
		expect(refused.stderr).toBe('drill: drill mcp --http will not listen on 0.0.0.0: that is not a loopback address, and the server has no authentication; use 127.0.0.1:PORT, or add --allow-remote if every host that can reach it may read and write your store and frames\n');
		const malformed = runCli(['mcp', '--http', 'localhost:99999']);
		expect(malformed.stderr).toContain('--http "localhost:99999" is not HOST:PORT');
	});
});
