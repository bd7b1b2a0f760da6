import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {DrillError} from '../../source/core/errors.js';
import {SummaryDrillable} from '../../source/domains/summary.js';
import {find, summarySearch} from '../../source/search/funnel/find.js';
import {resolveFindParams} from '../../source/search/funnel/params.js';
import {findDefaults, type FindResult} from '../../source/search/types.js';
import type {SummaryStore} from '../../source/store/summary-store.js';
import {fixtureStore} from './helpers.js';

let store: SummaryStore;
let file: string;

beforeAll(() => {
	({store, file} = fixtureStore());
});
afterAll(() => store.close());

function allIds(result: FindResult): string[] {
	return [
		...result.stage1_hits.map((hit) => hit.drill_node_id),
		...result.candidate_items.map((item) => item.drill_node_id),
		...result.drilled.flatMap((entry) => [entry.drill_node_id, ...entry.spans.map((span) => span.drill_node_id)]),
	];
}

describe('parameters', () => {
	it('has the seed defaults', () => {
		const params = resolveFindParams({query: 'x'});
		expect(findDefaults).toEqual({source: 'summary', method: 'keyword,semantic', top_k: 8, drill: true, drill_top_k: 5, drill_per_item_top_k: 5});
		expect(params).toMatchObject({source: 'summary', method: 'keyword,semantic', topK: 8, drill: true, drillTopK: 5, drillPerItemTopK: 5, scope: undefined});
	});

	it('refuses bad values with a DrillError that says what is allowed', async () => {
		await expect(find({query: 'x', method: 'fuzzy'}, {store})).rejects.toMatchObject({code: 'bad_argument', hint: expect.stringMatching(/'keyword,semantic'/u)});
		await expect(find({query: 'x', top_k: 0}, {store})).rejects.toThrow(/top_k must be a whole number from 1/u);
		await expect(find({query: 'x', top_k: 2.5}, {store})).rejects.toBeInstanceOf(DrillError);
		await expect(find({query: 'x', scope: 'a b'}, {store})).rejects.toThrow(/scope/u);
		await expect(find({query: 'x', source: 'web' as never}, {store})).rejects.toMatchObject({hint: expect.stringMatching(/summary, knowledge, drill/u)});
	});

	it('accepts the methods in either order', () => {
		expect(resolveFindParams({query: 'x', method: 'semantic, keyword'}).method).toBe('keyword,semantic');
	});
});

describe('find over the summary store', () => {
	it('returns the result shape with the defaults', async () => {
		const result = await find({query: 'retry storm'}, {store});
		expect(Object.keys(result).sort()).toEqual(['candidate_items', 'drilled', 'method', 'query', 'scope', 'stage1_hits', 'timings_ms']);
		expect(result.method).toBe('keyword,semantic');
		expect(result.scope).toBeNull();
		expect(result.stage1_hits.length).toBeGreaterThan(0);
		expect(result.stage1_hits.length).toBeLessThanOrEqual(8);
		const hit = result.stage1_hits[0]!;
		// The seed's fields, and the item's provenance (`source`, an addition).
		expect(Object.keys(hit).sort()).toEqual(['drill_node_id', 'item_id', 'level', 'matched_by', 'namespace', 'rank', 'score', 'snippet', 'source', 'title']);
		expect(hit).toMatchObject({rank: 1, namespace: 'conversation_session', item_id: 'k3x9', source: {uri: 'transcripts/k3x9.jsonl', kind: 'transcript'}});
		expect(result.candidate_items[0]).toMatchObject({drill_node_id: 'conversation_session:k3x9', title: 'API debugging', tldr: 'Retry storm traced to a connection pool limit.', best_rank: 1, source: {uri: 'transcripts/k3x9.jsonl'}});
		expect(result.drilled[0]!.drill_node_id).toBe('conversation_session:k3x9');
		const span = result.drilled[0]!.spans[0]!;
		expect(span.drill_node_id).toBe('conversation_session:k3x9#n2');
		expect(span.seq).toBe(3);
		expect(span.snippet).toContain('**retry** **storm**');
		// Each stage's time (keyword and semantic run inside stage 1), and a total that covers each.
		const {total, ...stages} = result.timings_ms;
		expect(Object.keys(stages)).toEqual(expect.arrayContaining(['keyword', 'semantic', 'stage1', 'drill']));
		const parts = Object.values(stages);
		expect(parts.every((ms) => Number.isFinite(ms) && ms >= 0)).toBe(true);
		expect(total).toBeGreaterThanOrEqual(Math.max(...parts) - 0.01);
	});

	it('ranks by keyword alone, naming the list that found each hit', async () => {
		const result = await find({query: 'checkpoint', method: 'keyword'}, {store});
		expect(result.method).toBe('keyword');
		expect(result.stage1_hits.map((hit) => hit.drill_node_id)).toEqual(['docs:sqlite-wal', 'docs:sqlite-wal#n2']);
		for (const hit of result.stage1_hits) expect(hit.matched_by).toEqual(['keyword']);
		expect(result.stage1_hits[0]!.snippet).toContain('**checkpoints**');
	});

	it('ranks by the semantic list alone', async () => {
		const semantic = await find({query: 'database connections running out', method: 'semantic', drill: false}, {store});
		expect(semantic.stage1_hits[0]!.item_id).toBe('k3x9');
		for (const hit of semantic.stage1_hits) expect(hit.matched_by).toEqual(['semantic']);
	});

	it('fuses both lists in the default method', async () => {
		const result = await find({query: 'retry storm'}, {store});
		expect(result.stage1_hits[0]!.matched_by).toEqual(['keyword', 'semantic']);
		const scores = result.stage1_hits.map((hit) => hit.score);
		expect([...scores].sort((a, b) => b - a)).toEqual(scores);
	});

	it('restricts stage 1 to a scope', async () => {
		const all = await find({query: 'migration pool checkpoint export', method: 'keyword'}, {store});
		expect(new Set(all.stage1_hits.map((hit) => hit.namespace)).size).toBeGreaterThan(1);
		const scoped = await find({query: 'migration pool checkpoint export', scope: 'docs'}, {store});
		expect(scoped.scope).toBe('docs');
		expect(scoped.stage1_hits.length).toBeGreaterThan(0);
		for (const hit of scoped.stage1_hits) expect(hit.namespace).toBe('docs');
		// An unknown scope is refused with the namespaces there are, as walk does (issue 14).
		await expect(find({query: 'checkpoint', scope: 'no_such_namespace'}, {store})).rejects.toMatchObject({code: 'not_found', message: 'no namespace "no_such_namespace" in the store', hint: expect.stringMatching(/^namespaces: .*docs/u)});
	});

	it('a scope is applied before the limit, so a small namespace is not crowded out', async () => {
		const result = await find({query: 'the pool import export checkpoint', method: 'keyword', top_k: 1, scope: 'drill'}, {store});
		expect(result.stage1_hits.map((hit) => hit.drill_node_id)).toEqual(['drill:a1b2c3d']);
	});

	it('skips stage 2 with drill false and honours the drill limits', async () => {
		expect((await find({query: 'retry storm', drill: false}, {store})).drilled).toEqual([]);
		const limited = await find({query: 'pool backoff jitter load test', drill_top_k: 1, drill_per_item_top_k: 2}, {store});
		expect(limited.drilled).toHaveLength(1);
		expect(limited.drilled[0]!.spans).toHaveLength(2);
		expect(limited.drilled[0]!.spans[0]!.score).toBeGreaterThanOrEqual(limited.drilled[0]!.spans[1]!.score);
	});

	it('caps stage 1 at top_k', async () => {
		expect((await find({query: 'pool', method: 'semantic', top_k: 2}, {store})).stage1_hits).toHaveLength(2);
	});

	it('gives ids that every one walk in the summary domain', async () => {
		const walker = new SummaryDrillable(() => store);
		for (const query of ['retry storm', 'checkpoint readers', 'export json lines', 'import']) {
			for (const method of ['keyword', 'semantic', 'keyword,semantic']) {
				const result = await find({query, method}, {store});
				for (const id of allIds(result)) expect(walker.get(id, 'index').node_id).toBe(id);
			}
		}
	});

	it('summarySearch is find over the summary source', async () => {
		expect(await summarySearch({query: 'retry storm', method: 'keyword'}, {store})).toEqual(expect.objectContaining({method: 'keyword', scope: null}));
	});

	it('opens a store by path for one call', async () => {
		const result = await find({query: 'checkpoint', method: 'keyword'}, {storePath: file});
		expect(result.stage1_hits[0]!.drill_node_id).toBe('docs:sqlite-wal');
	});
});

describe('hostile queries', () => {
	const hostile = ['"', '*', 'NEAR(', 'a:b', 'pool" OR "x', '(((', 'AND', '-pool', 'x'.repeat(10_000), 'word '.repeat(2_000), '🔥🚀', '\u0000\u001b[31m', 'retry\u202estorm'];
	for (const query of hostile) {
		it(`answers ${JSON.stringify(query.slice(0, 24))} without an exception`, async () => {
			for (const method of ['keyword', 'semantic', 'keyword,semantic']) {
				const result = await find({query, method}, {store});
				expect(Array.isArray(result.stage1_hits)).toBe(true);
			}
		});
	}

	it('says when a query has no searchable words', async () => {
		expect((await find({query: '🔥🚀'}, {store})).notices).toContain('the query has no searchable words (letters or digits)');
	});

	it('refuses an empty query with a DrillError', async () => {
		await expect(find({query: ''}, {store})).rejects.toMatchObject({code: 'bad_argument', message: 'the query is empty'});
		await expect(find({query: undefined as never}, {store})).rejects.toBeInstanceOf(DrillError);
	});

	it('rejects with a DrillError for a missing store', async () => {
		await expect(find({query: 'x'}, {storePath: '/nonexistent/store.db'})).rejects.toMatchObject({code: 'store_unreadable'});
	});
});

describe('source drill', () => {
	it('is the funnel scoped to the drill namespace, hits carrying the drill id', async () => {
		const result = await find({query: 'import transaction', source: 'drill'}, {store});
		expect(result.source).toBe('drill');
		expect(result.scope).toBe('drill');
		expect(result.stage1_hits[0]).toMatchObject({drill_node_id: 'drill:a1b2c3d', drill_id: 'a1b2c3d'});
		expect(result.candidate_items[0]).toMatchObject({drill_id: 'a1b2c3d'});
		for (const hit of result.stage1_hits) expect(hit.namespace).toBe('drill');
	});

	it('refuses another scope', async () => {
		await expect(find({query: 'x', source: 'drill', scope: 'docs'}, {store})).rejects.toThrow(/drill/u);
	});
});
