// Issue 16, point 2, over real stdio (the built CLI, spawned): an oversized request gets a
// JSON-RPC error and the server keeps serving; malformed lines get -32700/-32600/-32602; argument
// limits are tool errors that name the limit; nothing in flight is lost, not even at stdin's end.
import path from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import {WireClient} from '../../bench/mcp/wire.js';
import {cliPath, tempDir} from '../helpers/cli.js';
import {fixtureStore, fixturesDir} from '../helpers/fixture-store.js';

const clients: WireClient[] = [];
afterEach(async () => {
	for (const client of clients.splice(0)) if (client.child.exitCode === null) client.child.kill('SIGKILL');
});

async function start(): Promise<WireClient> {
	const cwd = tempDir();
	const client = new WireClient(process.execPath, [cliPath, 'mcp', '--store', fixtureStore(), '--knowledge', path.join(fixturesDir, 'knowledge'), '--drills', cwd], {cwd, env: {PATH: process.env.PATH ?? '', HOME: cwd, NO_COLOR: '1'}});
	clients.push(client);
	await client.initialize();
	return client;
}

/** A request line as the SDK's client writes it: method and params first, id last. */
const sdkLine = (id: string | number, method: string, params: unknown) => JSON.stringify({method, params, jsonrpc: '2.0', id});

describe('drill mcp over stdio answers every line', () => {
	it('answers a 12 MB request with an error naming the limit, keeps the requests around it, and keeps serving', async () => {
		const client = await start();
		const before = client.answerTo(1);
		const big = client.answerTo('big');
		const after = client.answerTo(3);
		await client.writeLine(sdkLine(1, 'tools/call', {name: 'walk', arguments: {domain: 'summary'}}));
		await client.writeLine(sdkLine('big', 'tools/call', {name: 'find', arguments: {query: 'x'.repeat(12 * 1024 * 1024)}}));
		await client.writeLine(sdkLine(3, 'tools/call', {name: 'find', arguments: {query: 'retry storm'}}));
		const tooBig = await big;
		expect(tooBig.message.error).toMatchObject({code: -32600, message: expect.stringMatching(/^Request too large: \d+ bytes, over the limit of 8 MiB \(8388608 bytes\) per message/u)});
		expect((await before).message.result.structuredContent.node_id).toBe('');
		expect((await after).message.result.structuredContent.items.length).toBeGreaterThan(0);
		const list = await client.request('tools/list');
		expect(list.message.result.tools.length).toBeGreaterThan(5);
		expect(await client.close()).toEqual({code: 0, signal: null});
	});

	it('refuses a 100 KB query as a tool error that names the limit', async () => {
		const client = await start();
		const answer = await client.callTool('find', {query: 'retry '.repeat(17_000)});
		expect(answer.message.result.isError).toBe(true);
		expect(answer.message.result.content[0].text).toContain('query is over the limit of 4,096 characters');
		const fine = await client.callTool('find', {query: 'retry storm'});
		expect(fine.message.result.isError).toBeFalsy();
	});

	const malformed = [
		['text that is not JSON', '{"jsonrpc":"2.0","id":5,"method":', null, -32700, /^Parse error: the line is not JSON/u],
		['params: null', '{"jsonrpc":"2.0","id":6,"method":"tools/list","params":null}', 6, -32602, /^Invalid params: "params" must be an object, not null$/u],
		['params as a string', '{"jsonrpc":"2.0","id":"s","method":"tools/call","params":"walk"}', 's', -32602, /^Invalid params: "params" must be an object, not string$/u],
		['params as an array', '{"jsonrpc":"2.0","id":8,"method":"tools/call","params":[1]}', 8, -32602, /^Invalid params: "params" must be an object, not an array$/u],
		['arguments as a string', '{"jsonrpc":"2.0","id":"a","method":"tools/call","params":{"name":"walk","arguments":"x"}}', 'a', -32602, /^Invalid params for tools\/call: arguments: /u],
		['no tool name', '{"jsonrpc":"2.0","id":"n","method":"tools/call","params":{}}', 'n', -32602, /^Invalid params for tools\/call: name: /u],
		['a batch', '[{"jsonrpc":"2.0","id":9,"method":"tools/list"}]', null, -32600, /^Invalid Request: batches are not supported/u],
		['a bare number', '42', null, -32600, /^Invalid Request: a message is a JSON object, not number$/u],
		['null', 'null', null, -32600, /^Invalid Request: a message is a JSON object, not null$/u],
		['no jsonrpc version', '{"id":10,"method":"tools/list"}', 10, -32600, /^Invalid Request: "jsonrpc" must be "2.0"$/u],
		['an id that is an object', '{"jsonrpc":"2.0","id":{"a":1},"method":"tools/list"}', null, -32600, /^Invalid Request: "id" must be a string or a number$/u],
		['no method', '{"jsonrpc":"2.0","id":11}', 11, -32600, /^Invalid Request: no "method"/u],
		['an unknown method', '{"jsonrpc":"2.0","id":12,"method":"nope/nope","params":{}}', 12, -32601, /not found/iu],
	] as const;

	it('answers each malformed line with its JSON-RPC error, and goes on serving after each', async () => {
		const client = await start();
		for (const [what, line, id, code, message] of malformed) {
			const answer = id === null ? client.nextOrphan() : client.answerTo(id);
			await client.writeLine(line);
			const {message: reply} = await answer;
			expect(reply.id, what).toBe(id);
			expect(reply.error?.code, what).toBe(code);
			expect(reply.error?.message, what).toMatch(message);
			expect((await client.callTool('walk', {domain: 'summary'})).message.result.structuredContent.kind, what).toBe('root');
		}
		expect(client.orphans).toEqual([]);
		const unknownTool = await client.callTool('nope');
		expect(unknownTool.message.result.isError).toBe(true);
		expect(unknownTool.message.result.content[0].text).toMatch(/^unknown tool "nope"; the tools are walk, /u);
	});

	it('refuses a tool call before initialize, as Streamable HTTP does, and answers ping', async () => {
		const cwd = tempDir();
		const client = new WireClient(process.execPath, [cliPath, 'mcp', '--store', fixtureStore(), '--drills', cwd], {cwd, env: {PATH: process.env.PATH ?? '', HOME: cwd, NO_COLOR: '1'}});
		clients.push(client);
		const early = await client.callTool('walk', {domain: 'summary'});
		expect(early.message.error).toEqual({code: -32000, message: 'Bad Request: the server is not initialized: send initialize before tools/call'});
		expect((await client.request('tools/list')).message.error?.code).toBe(-32000);
		expect((await client.request('ping')).message.result).toEqual({});
		await client.initialize();
		expect((await client.callTool('walk', {domain: 'summary'})).message.result.structuredContent.kind).toBe('root');
		expect(await client.close()).toEqual({code: 0, signal: null});
	});

	it('answers every request read before stdin ends, then exits 0', async () => {
		const client = await start();
		const answers = [client.answerTo('a'), client.answerTo('b'), client.answerTo('c')];
		client.child.stdin.end(
			[sdkLine('a', 'tools/call', {name: 'find', arguments: {query: 'pool exhaustion'}}), sdkLine('b', 'tools/call', {name: 'walk', arguments: {domain: 'knowledge', depth: 'full'}}), sdkLine('c', 'tools/list', {})].join('\n'),
		);
		const replies = await Promise.all(answers);
		expect(replies.map((reply) => Boolean(reply.message.result))).toEqual([true, true, true]);
		expect(await client.exited).toEqual({code: 0, signal: null});
	});
});
