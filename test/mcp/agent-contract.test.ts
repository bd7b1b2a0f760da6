// Issue 14 through the SDK's own client over real stdio: hints in MCP words, one copy of the
// content, output schemas that hold, short twins, the '' default, scope errors, notices,
// annotations, batch reads, the store status, find paging, instructions and resources.
import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import type {Client} from '@modelcontextprotocol/sdk/client/index.js';
import type {Tool} from '@modelcontextprotocol/sdk/types.js';
import {AjvJsonSchemaValidator} from '@modelcontextprotocol/sdk/validation/ajv';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {openIndexedStore} from '../../source/search/indexing/indexer.js';
import {tempDir} from '../helpers/cli.js';
import {fixtureStore, fixturesDir} from '../helpers/fixture-store.js';
import {makeItem} from '../helpers/items.js';
import {connectDrillMcp} from '../helpers/mcp-client.js';

type Answer = {isError?: boolean; structuredContent?: Record<string, any>; content: Array<{type: string; text: string}>; _meta?: Record<string, any>};

let client: Client;
let tools: Tool[];
let drillsRoot: string;
const knowledgeDir = path.join(fixturesDir, 'knowledge');
const validator = new AjvJsonSchemaValidator();
/** Every structured result seen, with its tool, checked against the listed outputSchema at the end. */
const seen: Array<{tool: string; structured: unknown}> = [];

async function call(name: string, args: Record<string, unknown> = {}, on: Client = client): Promise<Answer> {
	const answer = (await on.callTool({name, arguments: args})) as Answer;
	if (answer.structuredContent) seen.push({tool: name, structured: answer.structuredContent});
	return answer;
}
const text = (answer: Answer) => answer.content.map((part) => part.text).join('\n');

/** A store holding the fixtures plus an item whose texts span lines (snippets with newlines). */
function storeWithMultilineItem(): string {
	const file = fixtureStore();
	const store = openIndexedStore(file);
	const item = makeItem('notes', 'multi', {title: 'Multi-line notes'});
	item.nodes[1]!.summary = 'quorum loss\nafter the\nfailover of the\nprimary';
	item.tldr = 'quorum\nloss\nreport';
	store.writeItem(item);
	store.close();
	return file;
}

beforeAll(async () => {
	drillsRoot = tempDir();
	client = await connectDrillMcp(['--store', storeWithMultilineItem(), '--knowledge', knowledgeDir, '--drills', drillsRoot], drillsRoot);
	tools = (await client.listTools()).tools;
});
afterAll(async () => client?.close());

const cliWords = /--[a-z]|(?<![-\w])drill (?:walk|find|down|up|status|retrospect)\b/u;

describe('answers', () => {
	it('find source=drill on a store that never indexed a drill says so, and what to do', async () => {
		const answer = await call('find', {query: 'pool'});
		expect(answer.isError).toBeFalsy();
		const drills = await call('find', {query: 'pool', source: 'drill'});
		expect(drills.structuredContent!.notices).toEqual([expect.stringContaining('no closed drill is indexed in this store yet')]);
		expect(text(drills)).toContain('note: no closed drill is indexed in this store yet: drills are indexed as they close, and drill_status(repair=true) indexes the ones closed before');
	});

	it('walk at depth full sends the content once, in the text', async () => {
		const answer = await call('walk', {domain: 'knowledge', node_id: '', depth: 'full'});
		const structured = answer.structuredContent!;
		expect(structured.content).toBeUndefined();
		expect(structured.content_chars).toBeGreaterThan(1000);
		expect(text(answer)).toContain(`── content (${structured.content_chars} characters`);
		const wire = JSON.stringify(answer).length;
		expect(wire).toBeLessThan(structured.content_chars * 1.5 + 4000);
	});

	it("find's text gives each hit one line with its score, however many lines the snippet had", async () => {
		const answer = await call('find', {query: 'quorum loss failover', method: 'keyword', drill: false, top_k: 10, max_bytes: 100_000});
		const items = answer.structuredContent!.items as Array<{drill_node_id: string; hits: Array<{rank: number; score: number; drill_node_id: string}>}>;
		const multi = items.find((item) => item.drill_node_id === 'notes:multi')!;
		expect(multi).toBeDefined();
		const lines = text(answer).split('\n');
		for (const hit of items.flatMap((item) => item.hits)) {
			const mark = `#${hit.rank} [${hit.score.toFixed(3)}]`;
			expect(lines.filter((line) => line.includes(mark)), mark).toHaveLength(1);
		}
		expect(text(answer)).toMatch(/^ {3}#\d+ \[\d\.\d{3}\] notes:multi#n1 [^\n]*\*\*quorum\*\* \*\*loss\*\* after the \*\*failover\*\* of the primary$/mu);
	});

	it('walk takes node_id "" by default', async () => {
		const answer = await call('walk', {domain: 'summary'});
		expect(answer.structuredContent).toMatchObject({node_id: '', kind: 'root'});
		expect(tools.find((tool) => tool.name === 'walk')!.inputSchema.properties!.node_id).toMatchObject({default: ''});
	});

	it('an offset past the end says where the children are, never a negative count', async () => {
		const answer = await call('walk', {domain: 'summary', node_id: 'conversation_session', offset: 10_000});
		expect(text(answer)).toMatch(/no children at offset 10000: there are (\d+) \(offset 0 to \d+\)/u);
		expect(text(answer)).not.toMatch(/-\d+ more/u);
		const paged = await call('walk', {domain: 'summary', node_id: 'conversation_session', limit: 2});
		expect(text(paged)).toMatch(/children 1–2 of \d+:[\s\S]*\d+ more: offset=2$/u);
	});

	it('find with an unknown scope names the namespaces there are', async () => {
		const answer = await call('find', {query: 'pool', scope: 'conversation'});
		expect(answer.isError).toBe(true);
		expect(text(answer)).toBe('no namespace "conversation" in the store; namespaces: conversation_session, document, notes, page');
	});

	it('find pages with offset and cuts with min_score', async () => {
		const hitsOf = (answer: Answer) => (answer.structuredContent!.items as Array<{hits: Array<{rank: number; score: number; drill_node_id: string}>}>).flatMap((item) => item.hits).sort((a, b) => a.rank - b.rank);
		const first = await call('find', {query: 'pool connection', method: 'keyword', top_k: 3, drill: false});
		const second = await call('find', {query: 'pool connection', method: 'keyword', top_k: 3, offset: 3, drill: false});
		expect(hitsOf(first).map((hit) => hit.rank)).toEqual([1, 2, 3]);
		expect(hitsOf(second)[0]!.rank).toBe(4);
		expect(text(first)).toContain('more: offset=3');
		expect(first.structuredContent!.next_offset).toBe(3);
		const all = hitsOf(await call('find', {query: 'pool connection', method: 'keyword', top_k: 20, drill: false, max_bytes: 100_000}));
		expect(hitsOf(second).map((hit) => hit.drill_node_id)).toEqual(all.slice(3, 6).map((hit) => hit.drill_node_id));
		const cut = all[2]!.score;
		const strong = await call('find', {query: 'pool connection', method: 'keyword', top_k: 20, drill: false, min_score: cut, max_bytes: 100_000});
		expect(hitsOf(strong).map((hit) => hit.score)).toEqual(all.filter((hit) => hit.score >= cut).map((hit) => hit.score));
	});
});

describe('tools/list', () => {
	const byName = (name: string) => tools.find((tool) => tool.name === name)!;

	it('keeps both names of each twin, the second described in one line that names its partner', () => {
		for (const [twin, partner] of [
			['drill_tree', 'walk'],
			['summary_search', 'find'],
			['undrill', 'drill'],
		] as const) {
			const description = byName(twin).description!;
			expect(description.length).toBeLessThan(200);
			expect(description).not.toContain('\n');
			expect(description).toContain(partner);
			expect(byName(partner).description!.length).toBeGreaterThan(description.length);
			expect(Object.keys(byName(twin).inputSchema.properties!)).toEqual(Object.keys(byName(partner).inputSchema.properties!).filter((key) => key in byName(twin).inputSchema.properties!));
		}
		expect(Object.keys(byName('summary_search').inputSchema.properties!)).not.toContain('source');
	});

	it('annotates reads as read-only and the frame tools as writes that destroy nothing, and describes the from guard', () => {
		for (const name of ['walk', 'drill_tree', 'available_domains', 'read_nodes', 'find', 'summary_search', 'store_status']) expect(byName(name).annotations).toMatchObject({readOnlyHint: true, openWorldHint: false});
		for (const name of ['drill', 'undrill', 'drill_status', 'retrospect']) {
			// readOnlyHint and idempotentHint default to false, destructiveHint to true: only what differs is said.
			expect(byName(name).annotations, name).toMatchObject({destructiveHint: false, openWorldHint: false});
			expect(byName(name).annotations?.readOnlyHint, name).toBeUndefined();
		}
		expect(byName('drill').annotations?.idempotentHint).toBeUndefined();
		expect(byName('drill_status').annotations).toMatchObject({idempotentHint: true});
		expect(byName('drill').description).toContain("from=<your frame's id>");
		expect((byName('drill').inputSchema.properties as Record<string, {description?: string}>).from!.description).toContain('The frame to act on');
	});

	it('gives every tool an output schema, but a twin whose answer is its partner\'s', () => {
		for (const tool of tools) {
			if (tool.name === 'drill_tree' || tool.name === 'undrill') expect(tool.outputSchema, tool.name).toBeUndefined();
			else expect(tool.outputSchema, tool.name).toMatchObject({type: 'object'});
		}
	});

	it('stays small: what a model reads (names, descriptions, input schemas) under 11 KB', () => {
		const modelVisible = JSON.stringify(tools.map((tool) => ({name: tool.name, description: tool.description, input_schema: tool.inputSchema})));
		expect(modelVisible.length).toBeLessThan(11_000);
	});
});

describe('what agents expect', () => {
	it('read_nodes reads several ids within a byte budget, reporting bad ids and the ones left unread', async () => {
		const ids = ['conversation_session:k3x9', 'page:nope', 'conversation_session:k3x9#n1', 'conversation_session:k3x9#n4'];
		const roomy = await call('read_nodes', {domain: 'summary', node_ids: ids, depth: 'summary'});
		expect(roomy.structuredContent).toMatchObject({nodes: [{node_id: ids[0]}, {node_id: ids[2]}, {node_id: ids[3]}], errors: [{node_id: 'page:nope', code: 'not_found'}], not_read: []});
		expect(text(roomy)).toContain('error page:nope: no item "nope" in namespace "page"; list its items with: walk(domain="summary", node_id="page")');
		const tight = await call('read_nodes', {domain: 'summary', node_ids: ids, depth: 'full', max_bytes: 1500});
		const structured = tight.structuredContent!;
		expect(Buffer.byteLength(JSON.stringify(tight))).toBeLessThanOrEqual(1500);
		expect(structured.bytes).toBe(Buffer.byteLength(JSON.stringify(tight)));
		expect(structured.nodes).toHaveLength(1);
		expect(structured.nodes[0]).toMatchObject({node_id: ids[0], truncated: true});
		expect(structured.not_read).toEqual([ids[2], ids[3]]);
		expect(text(tight)).toContain(`not read (over max_bytes=1500): ${ids[2]}, ${ids[3]}`);
		expect(text(tight)).toMatch(/more: walk\(domain="summary", node_id="conversation_session:k3x9", depth="full", content_offset=\d+\)/u);
	});

	it('store_status gives items, nodes and spans per namespace, the embedder and staleness', async () => {
		const answer = await call('store_status');
		const status = answer.structuredContent!;
		expect(status.exists).toBe(true);
		expect(status.namespaces.map((ns: {namespace: string}) => ns.namespace)).toEqual(['conversation_session', 'document', 'notes', 'page']);
		expect(status.namespaces.find((ns: {namespace: string}) => ns.namespace === 'notes')).toMatchObject({items: 1, nodes: 10, spans: 12});
		expect(status.totals.items).toBe(35);
		expect(status.search).toMatchObject({keyword_items: 35, stale: false});
		expect(status.last_write).toMatch(/^\d{4}-\d\d-\d\dT/u);
		expect(text(answer)).toMatch(/^store .*: 35 items, \d+ nodes, \d+ spans/u);
	});

	it('store_status on a missing store says so and how to make one', async () => {
		const root = tempDir();
		const other = await connectDrillMcp(['--store', path.join(root, 'none.db'), '--drills', root], root);
		try {
			const answer = await call('store_status', {}, other);
			expect(answer.structuredContent).toMatchObject({exists: false, totals: {items: 0}});
			expect(text(answer)).toContain('`drill ingest PATH` (a shell command; no MCP tool does this)');
			expect(other.getInstructions()).toContain('There is no summary store at');
		} finally {
			await other.close();
		}
	});

	it('instructions come from the store: namespaces and their counts', () => {
		const instructions = client.getInstructions()!;
		expect(instructions).toContain('The summary store holds 4 namespaces: conversation_session (16 items), document (9 items), notes (1 item), page (9 items)');
		expect(instructions).toContain('walk(domain="knowledge", node_id="") lists the knowledge folder.');
	});

	it('opens nodes as resources drill://{domain}/{node_id}', async () => {
		const {resourceTemplates} = await client.listResourceTemplates();
		expect(resourceTemplates.map((template) => template.uriTemplate)).toEqual(['drill://{domain}/{node_id}']);
		const unit = await client.readResource({uri: 'drill://knowledge/architecture%2Fstorage'});
		expect((unit.contents[0] as {text: string}).text).toMatch(/^knowledge architecture\/storage — /u);
		const top = await client.readResource({uri: 'drill://summary/'});
		expect((top.contents[0] as {text: string}).text).toContain('- conversation_session: conversation_session');
		const {resources} = await client.listResources();
		expect(resources.map((resource) => resource.uri)).toEqual(expect.arrayContaining(['drill://summary/', 'drill://summary/page', 'drill://knowledge/architecture']));
		await expect(client.readResource({uri: 'drill://summary/page%3Anope'})).rejects.toThrow(/no item "nope" in namespace "page"; list its items with: walk\(domain="summary", node_id="page"\)/u);
	});
});

describe('hints over MCP name the tool and parameter', () => {
	it('going up with nothing open: start one with drill(slug, objective)', async () => {
		const answer = await call('undrill', {findings: 'x', prevention_plan: []});
		expect(answer.isError).toBe(true);
		expect(text(answer)).toContain('start one with drill(slug=SLUG, objective=TEXT)');
		expect(text(answer)).not.toMatch(cliWords);
		expect(answer._meta?.['drill/error']).toMatchObject({code: 'frame_none_open', hint: 'start one with drill(slug=SLUG, objective=TEXT)'});
	});

	it('going down without an objective: give drill(objective=TEXT)', async () => {
		const answer = await call('drill', {slug: 'x'});
		expect(text(answer)).toBe('drill down needs an objective; give drill(objective=TEXT): the narrower question this frame answers');
	});

	it('an unknown drill id: list them with walk(domain="drills", node_id="")', async () => {
		const answer = await call('walk', {domain: 'drills', node_id: 'abcdef'});
		expect(text(answer)).toContain('list the drills with: walk(domain="drills", node_id="")');
	});

	it('scope with source knowledge: leave out find(scope=…)', async () => {
		const answer = await call('find', {query: 'pool', source: 'knowledge', scope: 'page'});
		expect(text(answer)).toContain('leave out find(scope=…) with find(source="knowledge")');
		expect(text(answer)).not.toMatch(cliWords);
	});

	it('a second root while one is open: give drill(new_root=true); up without a plan: undrill(prevention_plan=[…])', async () => {
		const opened = await call('drill', {slug: 'race', objective: 'Who moves the cursor?', from: 'root'});
		expect(opened.isError).toBeFalsy();
		const id = opened.structuredContent!.drill.id as string;
		const refused = await call('drill', {slug: 'late', objective: 'A stale caller', from: 'root'});
		expect(text(refused)).toBe(`drill down from the root level expects no open frame, but one is open: ${id} (race, current); give drill(new_root=true) to open a top-level frame beside them, or drill(from=ID) to work in one of them`);
		const noPlan = await call('undrill', {findings: 'It was us.', from: id});
		expect(text(noPlan)).toContain('give undrill(prevention_plan=[…])');
		const closed = await call('undrill', {findings: 'It was us.', prevention_plan: [], from: id});
		expect(closed.isError).toBeFalsy();
	});

	it('a broken cursor: drill_status(repair=true), which drill_status then does', async () => {
		const opened = await call('drill', {slug: 'broken', objective: 'What breaks the cursor?'});
		const id = opened.structuredContent!.drill.id as string;
		writeFileSync(path.join(drillsRoot, '.drills', 'cursor'), 'fedcba\n');
		const broken = await call('drill_status');
		expect(broken.isError).toBe(true);
		expect(text(broken)).toContain('drill_status(repair=true)');
		expect(text(broken)).not.toMatch(cliWords);
		const repaired = await call('drill_status', {repair: true});
		expect(repaired.isError).toBeFalsy();
		expect(repaired.structuredContent).toMatchObject({cursor: id, repaired: [expect.stringContaining(`pointed the cursor at drill ${id}`)]});
		expect(text(repaired)).toContain(`repaired: pointed the cursor at drill ${id}`);
		await call('undrill', {findings: 'A hand edit.', prevention_plan: []});
	});
});

describe('warnings and notices are in the text', () => {
	it('a closed drill the store could not index: the warning is in the text, with drill_status(repair=true)', async () => {
		const root = tempDir();
		const folderAsStore = path.join(root, 'store-is-a-folder');
		mkdirSync(folderAsStore);
		const other = await connectDrillMcp(['--store', folderAsStore, '--knowledge', knowledgeDir, '--drills', root], root);
		try {
			await call('drill', {slug: 'w', objective: 'Does the warning show?'}, other);
			const up = await call('undrill', {findings: 'It does.', prevention_plan: []}, other);
			expect(up.isError).toBeFalsy();
			expect(up.structuredContent!.warnings).toHaveLength(1);
			expect(text(up)).toMatch(/^warning: closed drill [0-9a-f]{6} not indexed in the store .*store-is-a-folder.*drill_status\(repair=true\) indexes it again$/mu);
			expect(text(up)).toContain("point the server's --store (an option of drill mcp) at a .db file");
			expect(text(up).replaceAll("the server's --store", '')).not.toMatch(cliWords);
		} finally {
			await other.close();
		}
	});

});

describe('output schemas', () => {
	it('every structured result of this suite validates against its tool outputSchema', async () => {
		// The SDK client validated each one already (a mismatch throws); check again here, and that nothing was skipped.
		await call('available_domains');
		await call('summary_search', {query: 'retry storm'});
		await call('drill_tree', {domain: 'summary', node_id: 'conversation_session:k3x9', depth: 'summary'});
		await call('drill_status');
		const down = await call('drill', {slug: 'schema', objective: 'Do the schemas hold?'});
		await call('drill', {direction: 'up', findings: 'They do.', prevention_plan: [{action: 'Keep the test', scope: 'project', sink: 'code', owner: 'drill', evidence: 'test/mcp/agent-contract.test.ts'}], from: down.structuredContent!.drill.id});
		await call('retrospect');
		await call('usage', {by: 'agent'});
		await call('usage', {blocks: true});
		const names = new Set(seen.map((entry) => entry.tool));
		for (const tool of tools) expect(names.has(tool.name), `no structured result seen for ${tool.name}`).toBe(true);
		const partners: Record<string, string> = {drill_tree: 'walk', undrill: 'drill'};
		for (const {tool, structured} of seen) {
			const check = validator.getValidator(tools.find((entry) => entry.name === (partners[tool] ?? tool))!.outputSchema as never)(structured);
			expect(check.valid, `${tool}: ${check.valid ? '' : check.errorMessage}`).toBe(true);
		}
	});
});
