// The built `drill mcp` seen by a client that shares no code with the server: raw JSON-RPC lines
// over stdio (bench/mcp/wire.ts), not the SDK the server is made with. It lists, calls and reads,
// and checks that every tool schema is portable to the clients that map JSON Schema onto narrower
// dialects (OpenAPI-style function declarations). This replaces the MCP Inspector's CLI, a dev
// dependency whose engines (and commander's and undici's under it) needed Node 22.
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {WireClient} from '../../bench/mcp/wire.js';
import {cliPath, tempDir} from '../helpers/cli.js';
import {fixtureStore, fixturesDir} from '../helpers/fixture-store.js';
import {schemaProblems} from './schema-problems.js';

let client: WireClient;

beforeAll(async () => {
	const cwd = tempDir();
	client = new WireClient(process.execPath, [cliPath, 'mcp', '--store', fixtureStore(), '--knowledge', path.join(fixturesDir, 'knowledge'), '--drills', cwd], {cwd, env: {PATH: process.env.PATH ?? '', HOME: cwd, NO_COLOR: '1'}});
	await client.initialize();
});

afterAll(async () => {
	if (client.child.exitCode === null) await client.close();
});

describe('schemaProblems, the portability check itself', () => {
	it('finds each kind of schema a narrow client cannot take', () => {
		const schema = {
			type: 'object',
			properties: {
				either: {type: ['string', 'null']},
				anything: {},
				forbidden: false,
				remote: {$ref: 'https://example.com/schema.json'},
				local: {$ref: '#/$defs/name'},
				list: {type: 'array', items: {description: 'no type'}},
			},
			additionalProperties: false,
			$defs: {name: {type: 'string'}},
		};
		expect(schemaProblems(schema)).toEqual([
			'properties.either: a type union (["string","null"]); use anyOf with one type each',
			'properties.anything: a schema that constrains nothing',
			'properties.forbidden: a bare false where a schema object belongs',
			'properties.remote: a $ref outside the document (https://example.com/schema.json)',
			'properties.list.items: a schema that constrains nothing',
		]);
	});

	it('passes a schema with one type per node, local refs and boolean-valued keywords', () => {
		const schema = {type: 'object', properties: {name: {type: 'string', enum: ['a', 'b']}, any: {anyOf: [{type: 'string'}, {type: 'number'}]}, ref: {$ref: '#/$defs/x'}}, additionalProperties: false, $defs: {x: {const: 1}}};
		expect(schemaProblems(schema)).toEqual([]);
	});
});

describe('drill mcp to a raw JSON-RPC client', () => {
	it('lists every tool, each with input and output schemas a narrow client can take', async () => {
		const {message} = await client.request('tools/list', {});
		const tools = message.result.tools as Array<{name: string; inputSchema: unknown; outputSchema?: unknown}>;
		expect(tools.map((tool) => tool.name).sort()).toEqual(expect.arrayContaining(['available_domains', 'drill', 'drill_status', 'drill_tree', 'find', 'read_nodes', 'store_status', 'summary_search', 'undrill', 'walk']));
		for (const tool of tools) {
			expect(schemaProblems(tool.inputSchema), `${tool.name} inputSchema`).toEqual([]);
			if (tool.outputSchema !== undefined) expect(schemaProblems(tool.outputSchema), `${tool.name} outputSchema`).toEqual([]);
		}
	});

	it('calls walk with only a domain (node_id defaults to "") and find with a query', async () => {
		const walked = (await client.callTool('walk', {domain: 'summary'})).message.result;
		expect(walked.structuredContent).toMatchObject({node_id: '', kind: 'root'});
		const found = (await client.callTool('find', {query: 'retry storm'})).message.result;
		// find folds its hits by item: the first item's line, then its hits and passages.
		expect(found.structuredContent.items.length).toBeGreaterThan(0);
		expect(found.content[0].text).toMatch(/^1\. \S+ — /mu);
	});

	it('reads a node through the resource template', async () => {
		const templates = (await client.request('resources/templates/list', {})).message.result;
		expect(templates.resourceTemplates[0].uriTemplate).toBe('drill://{domain}/{node_id}');
		const read = (await client.request('resources/read', {uri: 'drill://knowledge/architecture%2Fstorage'})).message.result;
		expect(read.contents[0].text).toMatch(/^knowledge architecture\/storage — /u);
	});

	it('gets a tool error, in MCP words, for a bad call', async () => {
		const bad = (await client.callTool('walk', {domain: 'drills', node_id: 'abcdef'})).message.result;
		expect(bad.isError).toBe(true);
		expect(bad.content[0].text).toContain('list the drills with: walk(domain="drills", node_id="")');
	});
});
