import {readdirSync} from 'node:fs';
import path from 'node:path';
import type {Client} from '@modelcontextprotocol/sdk/client/index.js';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {tempDir} from '../helpers/cli.js';
import {fixtureStore, fixturesDir} from '../helpers/fixture-store.js';
import {connectDrillMcp} from '../helpers/mcp-client.js';

let client: Client;
let drillsRoot: string;

beforeAll(async () => {
	const cwd = tempDir();
	drillsRoot = cwd;
	client = await connectDrillMcp(['--store', fixtureStore(), '--knowledge', path.join(fixturesDir, 'knowledge'), '--drills', cwd], cwd);
});
afterAll(async () => client?.close());

type Structured = Record<string, any>;
type Answer = {isError?: boolean; structuredContent: Structured; content: Array<{type: string; text: string}>; _meta?: {'drill/error'?: {code: string; message: string; hint?: string}}};
const call = async (name: string, args: Record<string, unknown> = {}) => (await client.callTool({name, arguments: args})) as Answer;
const errorCode = (answer: Answer) => answer._meta?.['drill/error']?.code;

describe('drill mcp', () => {
	it('lists its tools, each with a description and an input schema', async () => {
		const {tools} = await client.listTools();
		const names = tools.map((tool) => tool.name);
		expect(names).toEqual(expect.arrayContaining(['drill_tree', 'walk', 'available_domains', 'summary_search', 'find', 'drill', 'undrill', 'drill_status', 'retrospect', 'read_nodes', 'store_status']));
		const find = tools.find((tool) => tool.name === 'find')!;
		expect(Object.keys(find.inputSchema.properties ?? {})).toEqual(expect.arrayContaining(['query', 'scope', 'method', 'top_k', 'drill', 'drill_top_k', 'drill_per_item_top_k', 'source']));
		for (const tool of tools) {
			expect(tool.description!.length).toBeGreaterThan(40);
			expect(tool.description!.length).toBeLessThan(500);
			expect(tool.inputSchema.type).toBe('object');
		}
		const walk = tools.find((tool) => tool.name === 'walk')!;
		expect(Object.keys(walk.inputSchema.properties ?? {})).toEqual(expect.arrayContaining(['domain', 'node_id', 'depth']));
		expect(walk.inputSchema.required).toEqual(['domain']);
	});

	it('names the registered domains', async () => {
		const result = await call('available_domains');
		expect(result.structuredContent.domains).toEqual(expect.arrayContaining(['knowledge', 'summary']));
	});

	it('walks the summary domain down to a node, with the same JSON as the CLI', async () => {
		const root = await call('drill_tree', {domain: 'summary', node_id: ''});
		expect(root.isError).toBeFalsy();
		expect(root.structuredContent).toMatchObject({domain: 'summary', node_id: '', depth: 'index'});
		const item = await call('walk', {domain: 'summary', node_id: 'conversation_session:k3x9', depth: 'summary'});
		expect(item.structuredContent.title).toBe('API debugging');
		const child = item.structuredContent.children[0].node_id;
		const node = await call('walk', {domain: 'summary', node_id: child, depth: 'full'});
		expect(node.structuredContent).toMatchObject({node_id: child, kind: 'node', depth: 'full'});
		expect(node.content[0]!.text).toContain(child);
	});

	it('finds with summary_search and find, and every drill_node_id walks', async () => {
		const result = await call('summary_search', {query: 'retry storm pool exhaustion'});
		expect(result.isError).toBeFalsy();
		const hits = result.structuredContent.stage1_hits as Array<{drill_node_id: string}>;
		expect(hits.length).toBeGreaterThan(0);
		expect(hits.length).toBeLessThanOrEqual(8);
		expect(result.structuredContent.drilled.length).toBeGreaterThan(0);
		for (const hit of hits) {
			const walked = await call('walk', {domain: 'summary', node_id: hit.drill_node_id});
			expect(walked.isError).toBeFalsy();
		}
		const scoped = await call('find', {query: 'retry storm', scope: 'page', method: 'keyword', drill: false, top_k: 3});
		const items = scoped.structuredContent.items as Array<{drill_node_id: string; hits: Array<{drill_node_id: string}>; passages: unknown[]}>;
		expect(items.length).toBeGreaterThan(0);
		expect(items.every((item) => item.drill_node_id.startsWith('page:') && item.passages.length === 0)).toBe(true);
		for (const hit of items.flatMap((item) => item.hits)) expect((await call('walk', {domain: 'summary', node_id: hit.drill_node_id})).isError).toBeFalsy();
		const knowledge = await call('find', {query: 'connection pool', source: 'knowledge'});
		expect(knowledge.structuredContent.items.length).toBeGreaterThan(0);
		for (const item of knowledge.structuredContent.items as Array<{drill_node_id: string}>) expect((await call('walk', {domain: 'knowledge', node_id: item.drill_node_id})).isError).toBeFalsy();
		const empty = await call('find', {query: ''});
		expect(empty.isError).toBe(true);
	});

	it('find takes since, until and in, and cites each passage with its place', async () => {
		const found = await call('find', {query: 'retry storm pool'});
		const item = (found.structuredContent.items as Array<{drill_node_id: string; passages: Array<{citation?: string}>}>).find((entry) => entry.passages.length > 0)!;
		expect(item.passages[0]!.citation).toMatch(/^#n\d+ (msg|span)s? \d+/u);
		expect(found.content[0]!.text).toMatch(/↳ #n\d+ (msg|span)s? \d+/u);
		const inside = await call('find', {query: 'pool', in: item.drill_node_id});
		expect(inside.isError).toBeFalsy();
		expect((inside.structuredContent.items as Array<{drill_node_id: string}>).map((entry) => entry.drill_node_id)).toEqual([item.drill_node_id]);
		const seed = await call('summary_search', {query: 'pool', in: item.drill_node_id});
		expect(seed.structuredContent.drilled[0].spans.length).toBeGreaterThan(0);
		// The fixtures were made on 2026-11-28: nothing is from before 2000.
		const none = await call('find', {query: 'retry storm', until: '2000-01-01', method: 'keyword'});
		expect(none.structuredContent.items).toEqual([]);
		const bad = await call('find', {query: 'retry storm', since: 'whenever'});
		expect(bad.isError).toBe(true);
		expect(bad.content[0]!.text).toMatch(/since "whenever" is not a time/u);
	});

	it('find narrows to an agent and a project as the list names them, and says what would match when nothing does', async () => {
		const found = await call('find', {query: 'flaky', agent: 'claude', project: 'web', method: 'keyword'});
		expect(found.isError).toBeFalsy();
		const ids = (found.structuredContent.items as Array<{drill_node_id: string}>).map((item) => item.drill_node_id);
		expect(ids).toContain('conversation_session:f1ak7');
		expect(ids.every((id) => id === 'conversation_session:f1ak7' || id === 'conversation_session:lcp2q')).toBe(true);
		expect(found.structuredContent.notices).toEqual(['agent "claude" is claude-code', 'project "web" is /home/ana/src/web']);
		const unknown = await call('find', {query: 'flaky', agent: 'cursor'});
		expect(unknown.isError).toBe(true);
		expect(errorCode(unknown)).toBe('not_found');
		expect(unknown.content[0]!.text).toMatch(/^no agent "cursor" in the store; agents: claude-code \(10\), codex \(3\), gemini-cli \(2\), aider \(1\); list them with: walk\(/u);
	});

	it('walks the knowledge domain', async () => {
		const root = await call('walk', {domain: 'knowledge', node_id: '', depth: 'summary'});
		expect(root.structuredContent.children.length).toBeGreaterThan(3);
	});

	it('answers a bad node id with a tool error and keeps serving', async () => {
		const bad = await call('walk', {domain: 'summary', node_id: 'x:y#nZ'});
		expect(bad.isError).toBe(true);
		expect(errorCode(bad)).toBe('bad_node_id');
		expect(bad.content[0]!.text).toContain('malformed summary node id');
		const escape = await call('walk', {domain: 'knowledge', node_id: '../../etc/passwd'});
		expect(errorCode(escape)).toBe('outside_root');
		const unknown = await call('walk', {domain: 'sumary', node_id: ''});
		expect(unknown.content[0]!.text).toBe('unknown domain "sumary"; registered: drills, knowledge, summary');
		const after = await call('available_domains');
		expect(after.isError).toBeFalsy();
	});

	it('drills down twice and back up with a plan, through drill, undrill and drill_status', async () => {
		const root = await call('drill', {slug: 'api-debug', objective: 'Why does GET /orders return 502 under load?', scope: ['services/api']});
		expect(root.isError).toBeFalsy();
		const rootId = root.structuredContent.drill.id;
		expect(root.structuredContent.drill.id).toMatch(/^[0-9a-f]{6}$/u);
		const child = await call('drill', {direction: 'down', slug: 'db-optim', objective: 'Which query holds the pool connections?', scope: ['services/api/db'], from: rootId});
		const childId = child.structuredContent.drill.id;
		expect((await call('drill_status')).structuredContent).toMatchObject({cursor: childId, path: [{id: rootId}, {id: childId}]});

		const notNarrower = await call('drill', {slug: 'wider', objective: 'Everything', scope: ['services']});
		expect(notNarrower.isError).toBe(true);
		expect(errorCode(notNarrower)).toBe('frame_not_narrower');

		const plan = [{action: 'Add an index on orders(customer_id)', scope: 'project', sink: 'code', owner: 'parent agent', evidence: 'services/api/db/schema.sql:1'}];
		const upChild = await call('undrill', {findings: 'A sequential scan on orders holds connections for 4 s.', prevention_plan: plan});
		expect(upChild.structuredContent).toMatchObject({closed: {id: childId}, cursor: rootId, prevention_plan: [plan[0]]});
		const upRoot = await call('drill', {direction: 'up', findings: 'Pool exhaustion from a missing index.', prevention_plan: []});
		expect(upRoot.structuredContent).toMatchObject({closed: {id: rootId}, parent: null, cursor: null});
		expect(upRoot.content[0]!.text).toContain('the root closed');
		const tree = await call('walk', {domain: 'drills', node_id: '', depth: 'summary'});
		expect(tree.structuredContent.children.map((node: {node_id: string}) => node.node_id)).toContain(rootId);
		expect(readdirSync(path.join(drillsRoot, '.drills')).some((name) => name.endsWith(`-${rootId}-api-debug`))).toBe(true);
	});

	it('refuses going up with no open frame as a tool error', async () => {
		const result = await call('undrill', {findings: 'nothing', prevention_plan: []});
		expect(result.isError).toBe(true);
		expect(errorCode(result)).toBe('frame_none_open');
	});
});
