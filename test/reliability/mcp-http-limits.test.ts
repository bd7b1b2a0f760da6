// The reliability suite (docs/reliability.md), issue 39 point 8: `drill mcp --http` under clients
// that hold it: unfinished bodies, many bodies in flight at once, more connections than it keeps,
// and arguments nested ten thousand deep. Each is answered (or closed) and the server goes on.
import {connect, type Socket} from 'node:net';
import {readFileSync} from 'node:fs';
import {afterAll, beforeAll, describe, expect, it, vi} from 'vitest';
import {tempDir} from '../helpers/cli.js';
import {startHttpServer, type HttpServer} from '../helpers/mcp-http.js';

let http: HttpServer;
beforeAll(async () => {
	http = await startHttpServer(tempDir());
});
afterAll(async () => http?.stop());

const headers = {'content-type': 'application/json', accept: 'application/json, text/event-stream'};
const initialize = {jsonrpc: '2.0', id: 'init', method: 'initialize', params: {protocolVersion: '2025-06-18', capabilities: {}, clientInfo: {name: 'limits', version: '1'}}};

/** A raw connection that sends a POST's headers for `length` body bytes, then `sent` of them, and keeps what comes back. */
function unfinished(length: number, sent: number): {socket: Socket; reply: () => string; closed: Promise<void>} {
	const socket = connect(Number(http.url.port), http.url.hostname);
	let reply = '';
	socket.on('data', (chunk: Buffer) => (reply += chunk.toString('latin1')));
	socket.on('error', () => {});
	const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
	socket.write(`POST /mcp HTTP/1.1\r\nhost: ${http.url.host}\r\ncontent-type: application/json\r\naccept: application/json, text/event-stream\r\ncontent-length: ${length}\r\n\r\n`);
	if (sent > 0) socket.write(Buffer.alloc(sent, 0x20));
	return {socket, reply: () => reply, closed};
}

const rssKb = () => Number(/VmRSS:\s+(\d+)/u.exec(readFileSync(`/proc/${http.server.pid}/status`, 'utf8'))![1]);

async function initialized(): Promise<string> {
	const init = await fetch(http.url, {method: 'POST', headers, body: JSON.stringify(initialize)});
	await init.text();
	const id = init.headers.get('mcp-session-id')!;
	await (await fetch(http.url, {method: 'POST', headers: {...headers, 'mcp-session-id': id}, body: JSON.stringify({jsonrpc: '2.0', method: 'notifications/initialized'})})).text();
	return id;
}

describe('drill mcp --http under clients that hold it', () => {
	it('answers a body that stops coming 408 within seconds, and closes its connection', async () => {
		const client = unfinished(1000, 10);
		await client.closed;
		expect(client.reply()).toMatch(/^HTTP\/1\.1 408 .*Request timeout: the body sent nothing for 5 s/su);
	}, 30_000);

	it('keeps the bodies in flight under its limit: past it a request is answered 503, and the memory stays bounded', async () => {
		const before = rssKb();
		const clients = Array.from({length: 24}, () => unfinished(8 * 1024 * 1024 - 1, 4 * 1024 * 1024));
		await Promise.all(clients.map((client) => client.closed));
		const busy = clients.filter((client) => /^HTTP\/1\.1 503 .*Server busy/su.test(client.reply()));
		// 24 × 4 MB is three times the 32 MB budget: most were refused at once, the rest timed out.
		expect(busy.length).toBeGreaterThanOrEqual(12);
		for (const client of clients) expect(client.reply()).toMatch(/^HTTP\/1\.1 (?:503|408) /u);
		expect(rssKb() - before).toBeLessThan(160 * 1024);
		expect((await fetch(http.url, {method: 'POST', headers, body: JSON.stringify(initialize)})).status).toBe(200);
	}, 60_000);

	it('closes connections past its limit as they arrive, and serves again once they are gone', async () => {
		const sockets = Array.from({length: 300}, () => {
			const socket = connect(Number(http.url.port), http.url.hostname);
			socket.on('error', () => {});
			return socket;
		});
		let closedByServer = 0;
		for (const socket of sockets) socket.once('close', () => closedByServer++);
		await vi.waitFor(() => expect(closedByServer).toBeGreaterThanOrEqual(300 - 256), {timeout: 8_000, interval: 50});
		for (const socket of sockets) socket.destroy();
		await vi.waitFor(async () => expect((await fetch(http.url, {method: 'POST', headers, body: JSON.stringify(initialize)})).status).toBe(200), {timeout: 10_000, interval: 200});
	}, 30_000);

	it('answers arguments nested 10,000 deep with invalid_params (-32602) naming the limit, not a stack overflow', async () => {
		const session = await initialized();
		const deep = `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"walk","arguments":{"domain":"summary","node_id":${'['.repeat(10_000)}${']'.repeat(10_000)}}}}`;
		const response = await fetch(http.url, {method: 'POST', headers: {...headers, 'mcp-session-id': session}, body: deep});
		const body = JSON.parse(await response.text()) as {id: unknown; error: {code: number; message: string}};
		expect(body).toMatchObject({id: 7, error: {code: -32602, message: expect.stringMatching(/more than 64 levels deep/u)}});
		expect(http.stderr()).not.toMatch(/Maximum call stack/u);
	});
});
