// Issue 27, through the TypeScript SDK's client and a raw JSON-RPC client alike: strict
// parameters, lean answers, long content read in parts, and the smaller things.
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {tempDir} from '../helpers/cli.js';
import {fixtureStore, fixturesDir} from '../helpers/fixture-store.js';
import {answerSize, answerText, clientKinds, connectClient, type McpTestClient, type ToolAnswer} from '../helpers/mcp-clients.js';

const knowledgeDir = path.join(fixturesDir, 'knowledge');
const plain = (text: string) => text.replaceAll('**', '').replace(/…/gu, ' ').replace(/\s+/gu, ' ').trim().toLowerCase();

describe.each(clientKinds)('drill mcp through the %s client', (kind) => {
	let client: McpTestClient;
	const call = (name: string, args: Record<string, unknown> = {}) => client.call(name, args);
	const error = (answer: ToolAnswer) => answer._meta?.['drill/error'] as {code: string; message: string; hint?: string} | undefined;

	beforeAll(async () => {
		const root = tempDir();
		client = await connectClient(kind, ['--store', fixtureStore(), '--knowledge', knowledgeDir, '--drills', root], root);
	});
	afterAll(async () => client?.close());

	describe('strict parameters', () => {
		it('names an unknown parameter and the nearest valid one, instead of dropping it', async () => {
			const walk = await call('walk', {domain: 'summary', nodeId: 'conversation_session'});
			expect(walk.isError).toBe(true);
			expect(answerText(walk)).toBe('unknown parameter nodeId; did you mean node_id?');
			expect(error(walk)).toMatchObject({code: 'bad_argument', message: 'unknown parameter nodeId', hint: 'did you mean node_id?'});
			const find = await call('find', {query: 'pool', limit: 3});
			expect(answerText(find)).toBe('unknown parameter limit; did you mean top_k?');
			const search = await call('summary_search', {query: 'pool', source: 'knowledge'});
			expect(answerText(search)).toBe('unknown parameter source: summary_search has none; find takes source');
		});

		it('refuses an unknown parameter on every tool, listing what the tool takes when nothing is near', async () => {
			for (const tool of await client.listTools()) {
				const answer = await call(tool.name, {zzqx: 1});
				expect(answer.isError, tool.name).toBe(true);
				expect(answerText(answer), tool.name).toMatch(new RegExp(`^unknown parameter zzqx; ${tool.name} takes ${Object.keys(tool.inputSchema.properties ?? {}).join(', ')}$`, 'u'));
				expect(error(answer)?.code, tool.name).toBe('bad_argument');
				expect(tool.inputSchema.additionalProperties, tool.name).toBe(false);
			}
		});

		it('says what a value should be, with the nearest choice, and carries drill/error on every refusal', async () => {
			const depth = await call('walk', {domain: 'summary', depth: 'ful'});
			expect(answerText(depth)).toBe('depth must be one of "index", "summary", "full", got "ful"; did you mean "full"?');
			const missing = await call('walk', {node_id: ''});
			expect(answerText(missing)).toBe("walk needs domain; 'summary', 'knowledge' or 'drills'.");
			const type = await call('find', {query: 'pool', top_k: '3'});
			expect(answerText(type)).toMatch(/^top_k must be a number, got a string \("3"\)/u);
			const bound = await call('walk', {domain: 'summary', limit: 0});
			expect(answerText(bound)).toMatch(/^limit must be at least 1, got 0/u);
			const nested = await call('undrill', {findings: 'x', prevention_plan: [{action: 'a', scope: 'project', sink: 'code', owner: 'me', evidnce: 'x'}]});
			expect(answerText(nested)).toBe('unknown parameter evidnce in prevention_plan[0]; did you mean evidence?');
			for (const answer of [depth, missing, type, bound, nested]) expect(error(answer)?.code).toBe('bad_argument');
			const tool = await call('walks', {domain: 'summary'});
			expect(answerText(tool)).toMatch(/^unknown tool "walks"; did you mean walk\? the tools are walk, drill_tree, /u);
			expect(error(tool)?.code).toBe('bad_argument');
		});

		it("refuses the other direction's parameters in drill", async () => {
			const up = await call('drill', {direction: 'up', objective: 'x', prevention_plan: []});
			expect(answerText(up)).toMatch(/^objective is a parameter of going down, not of direction="up"; going up takes findings, payload, prevention_plan, evidence, issues, from$/u);
			const down = await call('drill', {objective: 'x', findings: 'y'});
			expect(answerText(down)).toMatch(/^findings is a parameter of going up, not of direction="down"/u);
		});
	});

	describe('lean answers', () => {
		const queries = ['retry storm', 'connection pool exhaustion', 'release notes', 'pool', 'onboarding', 'jitter'];

		it('a default find is at most 5 KB, 5 hits, each item once with its source once and at most 3 passages, none twice', async () => {
			for (const query of queries) {
				const answer = await call('find', {query});
				expect(answer.isError, query).toBeFalsy();
				expect(answerSize(answer), query).toBeLessThanOrEqual(5000);
				const result = answer.structuredContent!;
				expect(result.stage1_hits, 'no seed lists in find').toBeUndefined();
				expect(result.candidate_items).toBeUndefined();
				expect(result.hit_count).toBeLessThanOrEqual(5);
				const items = result.items as Array<{drill_node_id: string; source?: object; hits: Array<{drill_node_id: string; rank: number}>; passages: Array<{drill_node_id: string}>}>;
				expect(new Set(items.map((item) => item.drill_node_id)).size).toBe(items.length);
				for (const item of items) {
					expect(item.passages.length).toBeLessThanOrEqual(3);
					for (const hit of item.hits) expect(hit.drill_node_id === item.drill_node_id || hit.drill_node_id.startsWith(`${item.drill_node_id}#`)).toBe(true);
					for (const passage of item.passages) expect(passage.drill_node_id.startsWith(item.drill_node_id)).toBe(true);
				}
				// source once per item: the structured answer holds as many as there are items with one.
				expect(JSON.stringify(result).split('"source":{').length - 1).toBe(items.filter((item) => item.source).length);
				const passages = answerText(answer)
					.split('\n')
					.filter((line) => line.startsWith('   ↳ '))
					.map((line) => plain(line.replace(/^ {3}↳ \S+ span \d+ \[[\d.]+\]: /u, '')));
				expect(new Set(passages).size, query).toBe(passages.length);
			}
		});

		it('defaults can be changed, and max_bytes bounds the whole answer, saying what it left out', async () => {
			const wide = await call('find', {query: 'pool', top_k: 8, drill_per_item_top_k: 5, max_bytes: 100_000});
			expect(wide.structuredContent!.hit_count).toBe(8);
			for (const maxBytes of [1200, 2000, 3500]) {
				const cut = await call('find', {query: 'pool', top_k: 8, drill_per_item_top_k: 5, max_bytes: maxBytes});
				expect(answerSize(cut), String(maxBytes)).toBeLessThanOrEqual(maxBytes);
				expect(cut.structuredContent!.cut).toMatchObject({max_bytes: maxBytes});
				expect(answerText(cut)).toMatch(/left out to fit max_bytes=\d+: raise max_bytes/u);
			}
			const tiny = await call('find', {query: 'pool', top_k: 8, max_bytes: 1200});
			const next = tiny.structuredContent!.next_offset as number;
			expect(answerText(tiny)).toContain(`page on with offset=${next}`);
			const rest = await call('find', {query: 'pool', top_k: 8, offset: next, max_bytes: 100_000});
			const ranks = (answer: ToolAnswer) => (answer.structuredContent!.items as Array<{hits: Array<{rank: number}>}>).flatMap((item) => item.hits.map((hit) => hit.rank)).sort((a, b) => a - b);
			expect(ranks(rest)[0]).toBe(next + 1);
			expect([...ranks(tiny), ...ranks(rest)].slice(0, 8)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
		});

		it("summary_search keeps the seed's shape and defaults, with the source once per item and no passage twice", async () => {
			const answer = await call('summary_search', {query: 'pool exhaustion retry'});
			const result = answer.structuredContent!;
			expect(result.stage1_hits.length).toBe(8);
			for (const hit of result.stage1_hits) {
				expect(Object.keys(hit)).toEqual(['rank', 'score', 'drill_node_id', 'namespace', 'item_id', 'title', 'snippet', 'level', 'matched_by']);
			}
			expect(result.candidate_items.every((item: {source?: object}) => item.source)).toBe(true);
			expect(result.drilled.length).toBeLessThanOrEqual(5);
			const spans = result.drilled.flatMap((item: {spans: Array<{snippet: string}>}) => item.spans.map((span) => plain(span.snippet)));
			expect(new Set(spans).size).toBe(spans.length);
			expect(result.drilled.every((item: {spans: unknown[]}) => item.spans.length <= 5)).toBe(true);
		});

		it('tools/list is at most 13 KB, the twins described in one line that points to their partner', async () => {
			const tools = await client.listTools();
			// 12 KB held the first eleven tools (11.7 KB); usage (#36) adds 1.2 KB.
			expect(Buffer.byteLength(JSON.stringify({tools}))).toBeLessThanOrEqual(13_000);
			const twins = {drill_tree: 'walk', summary_search: 'find', undrill: 'drill'} as const;
			for (const [twin, partner] of Object.entries(twins)) {
				const description = tools.find((tool) => tool.name === twin)!.description!;
				expect(description).not.toContain('\n');
				expect(description).not.toMatch(/seed's (long )?name for/u);
				expect(description).toMatch(new RegExp(`^Same as ${partner}\\b`, 'u'));
			}
		});

		it('read_nodes keeps the whole answer within max_bytes, and a bad id is reported as bad even when the budget is spent', async () => {
			const ids = ['conversation_session:k3x9', 'page:nope', 'conversation_session:k3x9#n1'];
			for (const maxBytes of [600, 1500, 4000]) {
				const answer = await call('read_nodes', {domain: 'summary', node_ids: ids, max_bytes: maxBytes});
				expect(answerSize(answer), String(maxBytes)).toBeLessThanOrEqual(maxBytes);
				expect(answer.structuredContent!.bytes).toBe(answerSize(answer));
				expect(answer.structuredContent!.errors).toEqual([expect.objectContaining({node_id: 'page:nope', code: 'not_found'})]);
				expect(answer.structuredContent!.not_read).not.toContain('page:nope');
				expect(answerText(answer)).toContain('error page:nope: no item "nope" in namespace "page"');
			}
		});
	});

	describe('continue where it stopped', () => {
		it('walk at depth full reads a long node in parts that join into the whole', async () => {
			const whole = await call('walk', {domain: 'knowledge', node_id: '', depth: 'full', max_chars: 200_000});
			const content = (answer: ToolAnswer) => answerText(answer).split(/\n── content \([^\n]*\) ──\n/u)[1]!;
			const full = content(whole);
			expect(full.length).toBeGreaterThan(4000);
			const parts: string[] = [];
			let offset = 0;
			for (let guard = 0; guard < 100; guard++) {
				const part = await call('walk', {domain: 'knowledge', node_id: '', depth: 'full', max_chars: 1500, ...(offset ? {content_offset: offset} : {})});
				parts.push(content(part));
				const next = part.structuredContent!.next_content_offset as number | undefined;
				if (next === undefined) {
					expect(answerText(part)).toContain('the end');
					break;
				}
				expect(answerText(part)).toContain(`more: content_offset=${next}`);
				expect(answerText(part)).not.toContain('raise max_chars');
				offset = next;
			}
			expect(parts.length).toBeGreaterThan(2);
			expect(parts.join('')).toBe(full);
			const past = await call('walk', {domain: 'knowledge', node_id: '', depth: 'full', content_offset: 10_000_000});
			expect(answerText(past)).toMatch(/^content_offset 10000000 is past the end: the content of '' has \d+ characters/u);
		});

		it('resources page the same way, with ?content_offset=N', async () => {
			const first = await client.readResource('drill://knowledge/');
			const next = /more: (drill:\/\/knowledge\/\?content_offset=(\d+))\)/u.exec(first);
			expect(next).not.toBeNull();
			const second = await client.readResource(next![1]!);
			expect(second).toContain(`── content (characters ${next![2]}–`);
		});
	});

	describe('the smaller things', () => {
		it('a resource error is said once, with its hint', async () => {
			const message = await client.readResource('drill://summary/page%3Anope').then(
				() => '',
				(error: Error) => error.message,
			);
			expect(message).toContain('no item "nope" in namespace "page"; list its items with: walk(domain="summary", node_id="page")');
			expect(message.match(/MCP error/gu)?.length ?? 0).toBeLessThanOrEqual(1);
		});

		it('a knowledge id asked for in the summary domain points to domain "knowledge"', async () => {
			const answer = await call('walk', {domain: 'summary', node_id: 'architecture/storage'});
			expect(answer.isError).toBe(true);
			expect(answerText(answer)).toContain('"architecture/storage" is a node of domain "knowledge": walk(domain="knowledge", node_id="architecture/storage")');
		});

		it('counts read "1 item", never "1 items"', async () => {
			const answer = await call('walk', {domain: 'summary', node_id: 'conversation_session', group_by: 'project'});
			expect(answerText(answer)).toMatch(/^- conversation_session#project=\S+: \S+ \(1 item\)$/mu);
			expect(answerText(answer)).toMatch(/\(2 items\)$/mu);
			expect(answerText(answer)).not.toContain('(1 items)');
		});
	});
});
