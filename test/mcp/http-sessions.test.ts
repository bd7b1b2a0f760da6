// Issue 29, point 10: drill mcp --http bounds its sessions without letting one client end
// another's. Past --max-sessions a new session is refused (503, Retry-After) and every open one
// goes on; a session idle for --session-idle is closed, and its id then gets a 404 that says why.
// Through the SDK's HTTP client and raw JSON-RPC over fetch alike.
import {spawn, type ChildProcessWithoutNullStreams} from 'node:child_process';
import path from 'node:path';
import {Client} from '@modelcontextprotocol/sdk/client/index.js';
import {StreamableHTTPClientTransport} from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {afterEach, describe, expect, it} from 'vitest';
import {cliPath, runCli, tempDir} from '../helpers/cli.js';
import {fixtureStore, fixturesDir} from '../helpers/fixture-store.js';

const servers: ChildProcessWithoutNullStreams[] = [];
afterEach(async () => {
	for (const server of servers.splice(0)) {
		if (server.exitCode !== null) continue;
		const exited = new Promise((resolve) => server.once('exit', resolve));
		server.kill('SIGTERM');
		await exited;
	}
});

async function serve(...flags: string[]): Promise<URL> {
	const cwd = tempDir();
	const server = spawn(process.execPath, [cliPath, 'mcp', '--http', '127.0.0.1:0', ...flags, '--store', fixtureStore(), '--knowledge', path.join(fixturesDir, 'knowledge'), '--drills', cwd], {cwd, env: {PATH: process.env.PATH ?? '', HOME: cwd, NO_COLOR: '1'}});
	servers.push(server);
	server.stderr.setEncoding('utf8');
	let stderr = '';
	return new Promise<URL>((resolve, reject) => {
		server.stderr.on('data', (chunk: string) => {
			stderr += chunk;
			const match = /listening on (http:\/\/\S+)/u.exec(stderr);
			if (match) resolve(new URL(match[1]!));
		});
		server.once('exit', (code) => reject(new Error(`drill mcp --http exited ${code}: ${stderr}`)));
	});
}

const headers = {'content-type': 'application/json', accept: 'application/json, text/event-stream'};
const initialize = {jsonrpc: '2.0', id: 1, method: 'initialize', params: {protocolVersion: '2025-06-18', capabilities: {}, clientInfo: {name: 'raw', version: '1'}}};

/** A session opened with raw JSON-RPC over fetch: its id, or the refusal. */
async function rawSession(url: URL): Promise<{status: number; id: string | null; body: string; retryAfter: string | null}> {
	const response = await fetch(url, {method: 'POST', headers, body: JSON.stringify(initialize)});
	const body = await response.text();
	const id = response.headers.get('mcp-session-id');
	if (id) await fetch(url, {method: 'POST', headers: {...headers, 'mcp-session-id': id, 'mcp-protocol-version': '2025-06-18'}, body: JSON.stringify({jsonrpc: '2.0', method: 'notifications/initialized'})});
	return {status: response.status, id, body, retryAfter: response.headers.get('retry-after')};
}

async function rawCall(url: URL, id: string, name: string, args: Record<string, unknown>): Promise<{status: number; body: string}> {
	const response = await fetch(url, {method: 'POST', headers: {...headers, 'mcp-session-id': id, 'mcp-protocol-version': '2025-06-18'}, body: JSON.stringify({jsonrpc: '2.0', id: 2, method: 'tools/call', params: {name, arguments: args}})});
	return {status: response.status, body: await response.text()};
}

async function sdkClient(url: URL): Promise<{client: Client; transport: StreamableHTTPClientTransport}> {
	const transport = new StreamableHTTPClientTransport(url);
	const client = new Client({name: 'drill-http-sessions', version: '1.0.0'});
	await client.connect(transport);
	return {client, transport};
}

describe('drill mcp --http sessions', () => {
	it('refuses a session past --max-sessions with 503 and says why; no open session is closed to make room', async () => {
		const url = await serve('--max-sessions', '3');
		const sdk = await Promise.all([sdkClient(url), sdkClient(url)]);
		const raw = await rawSession(url);
		expect(raw.status).toBe(200);
		const refused = await rawSession(url);
		expect(refused.status).toBe(503);
		expect(Number(refused.retryAfter)).toBeGreaterThan(0);
		expect(JSON.parse(refused.body).error.message).toMatch(/^Too many sessions: this server keeps 3 at once and every one is in use, so a new one is refused \(none is closed to make room\); end one you no longer need \(HTTP DELETE \/mcp with its Mcp-Session-Id\), or retry in \d+ s/u);
		await expect(sdkClient(url)).rejects.toThrow(/Too many sessions|503/u);
		// Every session opened before still works.
		for (const {client} of sdk) expect((await client.callTool({name: 'walk', arguments: {domain: 'summary'}})).isError).toBeFalsy();
		expect((await rawCall(url, raw.id!, 'walk', {domain: 'summary'})).status).toBe(200);
		// One ends its session; then there is room.
		await sdk[0]!.transport.terminateSession();
		const again = await rawSession(url);
		expect(again.status).toBe(200);
		expect((await rawCall(url, sdk[0]!.transport.sessionId ?? 'x', 'walk', {domain: 'summary'})).status).toBe(404);
		await Promise.all(sdk.map(({client}) => client.close()));
	});

	it("one process opening 65 sessions ends no one else's: the 65th is refused, the first still answers (the defaults)", async () => {
		const url = await serve();
		const {client} = await sdkClient(url);
		const opened = [];
		for (let i = 0; i < 63; i++) opened.push(await rawSession(url));
		expect(opened.every((session) => session.status === 200)).toBe(true);
		const refused = await rawSession(url);
		expect(refused.status).toBe(503);
		expect(JSON.parse(refused.body).error.message).toContain('this server keeps 64 at once');
		expect((await client.callTool({name: 'walk', arguments: {domain: 'summary'}})).isError).toBeFalsy();
		expect((await rawCall(url, opened[0]!.id!, 'walk', {domain: 'summary'})).status).toBe(200);
		await client.close();
	});

	it('closes a session idle for --session-idle, and answers its id with a 404 that says so', async () => {
		const url = await serve('--session-idle', '2');
		const raw = await rawSession(url);
		const {client, transport} = await sdkClient(url);
		const busy = await rawSession(url);
		const started = Date.now();
		// One session keeps calling, well within the idle time; the other two are idle. Asking the
		// idle one would refresh it, so its fate is read once, after more than twice the idle time.
		while (Date.now() - started < 4500) {
			await new Promise((resolve) => setTimeout(resolve, 250));
			expect((await rawCall(url, busy.id!, 'available_domains', {})).status).toBe(200);
		}
		const gone = await rawCall(url, raw.id!, 'walk', {domain: 'summary'});
		expect(gone.status).toBe(404);
		expect(JSON.parse(gone.body).error.message).toBe('Session not found: the session was closed after 2 seconds without a request; start a new one with initialize');
		await expect(client.callTool({name: 'walk', arguments: {domain: 'summary'}})).rejects.toThrow(/404|Session not found/u);
		expect(transport.sessionId).toBeDefined();
		await client.close();
		const fresh = await sdkClient(url);
		expect((await fresh.client.callTool({name: 'walk', arguments: {domain: 'summary'}})).isError).toBeFalsy();
		await fresh.client.close();
	});

	it('takes --max-sessions and --session-idle only with --http, within bounds', () => {
		expect(runCli(['mcp', '--max-sessions', '3']).stderr).toContain('--max-sessions applies to --http only');
		expect(runCli(['mcp', '--http', '0', '--max-sessions', '0']).stderr).toContain('--max-sessions must be a whole number from 1 to 10000, got 0');
		expect(runCli(['mcp', '--http', '0', '--session-idle', '-5']).stderr).toContain('--session-idle must be a number of seconds');
	});
});
