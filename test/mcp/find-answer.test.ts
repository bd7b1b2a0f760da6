// The pieces of a lean answer, without a server: folding a find result, an item's provenance in
// brief, and the nearest valid name for a misspelled one.
import {describe, expect, it} from 'vitest';
import {findAnswer} from '../../source/mcp/find-answer.js';
import {nearestName} from '../../source/mcp/nearest-name.js';
import {sourceBrief} from '../../source/mcp/source-brief.js';
import type {FindResult} from '../../source/search/types.js';

/** The structured half, for reading in a test. */
const data = (answer: {structuredContent?: unknown}) => answer.structuredContent as Record<string, any>;

const source = {uri: 'file:///logs/a.jsonl', kind: 'claude-code', agent: 'claude-code', project: '/src/api', turns: 3};

function result(): FindResult {
	const hit = (rank: number, item: string, ordinal: number, snippet: string) => ({rank, score: 1 / rank, drill_node_id: ordinal ? `ns:${item}#n${ordinal}` : `ns:${item}`, namespace: 'ns', item_id: item, title: `${item} ${ordinal}`, snippet, level: ordinal ? 1 : 0, matched_by: ['keyword' as const], source});
	return {
		query: 'pool',
		method: 'keyword',
		scope: null,
		stage1_hits: [hit(1, 'a', 0, 'The **pool** ran dry.'), hit(2, 'a', 2, '…the **pool** ran dry under load…'), hit(3, 'b', 0, 'Another **pool** story.')],
		candidate_items: [
			{drill_node_id: 'ns:a', namespace: 'ns', item_id: 'a', title: 'A', tldr: 'The pool ran dry.', best_rank: 1, source},
			{drill_node_id: 'ns:b', namespace: 'ns', item_id: 'b', title: 'B', tldr: 'Another pool story.', best_rank: 3, source: {kind: 'markdown'}},
		],
		drilled: [
			{
				drill_node_id: 'ns:a',
				spans: [
					{drill_node_id: 'ns:a#n2', seq: 4, snippet: 'Every waiting request retries: the **pool** ran dry under load, and stayed dry.', score: 9},
					{drill_node_id: 'ns:a#n2', seq: 5, snippet: '…the **pool** ran dry under load…', score: 8},
					{drill_node_id: 'ns:a#n3', seq: 6, snippet: 'A log line: pool.connect waited 4870 ms.', score: 7},
				],
			},
			{drill_node_id: 'ns:b', spans: [{drill_node_id: 'ns:b#n1', seq: 0, snippet: 'A log line: pool.connect waited 4870 ms.', score: 6}]},
		],
		timings_ms: {total: 3},
	};
}

describe('find folded for an agent', () => {
	it('lists each item once with its source once, its hits and passages under it, and nothing twice', () => {
		const answer = findAnswer(result(), {shape: 'find', maxBytes: 100_000, topK: 3, offset: 0});
		const items = data(answer).items as Array<{drill_node_id: string; source?: object; hits: Array<{drill_node_id: string}>; passages: Array<{seq: number}>}>;
		expect(items.map((item) => item.drill_node_id)).toEqual(['ns:a', 'ns:b']);
		expect(items[0]!.source).toEqual(source);
		expect(items[0]!.hits.map((hit) => hit.drill_node_id)).toEqual(['ns:a', 'ns:a#n2']);
		// Span 5 is inside span 4; the log line is said by item a already, so item b drops it.
		expect(items.map((item) => item.passages.map((passage) => passage.seq))).toEqual([[4, 6], []]);
		const text = answer.content[0]!.type === 'text' ? answer.content[0]!.text : '';
		// The item's own hit says nothing its TLDR does not; hit 2's snippet is inside passage 4.
		expect(text).toBe(
			[
				'3 hits in 2 items for "pool" · keyword · more: offset=3',
				'1. ns:a — A (#1 [1.000]) [claude-code · /src/api · 3 turns]',
				'   The pool ran dry.',
				'   #2 [0.500] ns:a#n2 a 2',
				'   ↳ #n2 span 4 [9.000]: Every waiting request retries: the **pool** ran dry under load, and stayed dry.',
				'   ↳ #n3 span 6 [7.000]: A log line: pool.connect waited 4870 ms.',
				'2. ns:b — B (#3 [0.333])',
				'   Another pool story.',
			].join('\n'),
		);
	});

	it('fits max_bytes by leaving out the weakest passages, then the weakest hits, and says how to page on', () => {
		const whole = findAnswer(result(), {shape: 'find', maxBytes: 100_000, topK: 3, offset: 0});
		const size = Buffer.byteLength(JSON.stringify(whole));
		const cut = findAnswer(result(), {shape: 'find', maxBytes: size - 10, topK: 3, offset: 0});
		expect(Buffer.byteLength(JSON.stringify(cut))).toBeLessThanOrEqual(size - 10);
		expect(data(cut).cut).toMatchObject({hits: 0});
		expect(data(cut).cut.passages).toBeGreaterThan(0);
		// The weakest go first: what is left is the strongest passage.
		expect((data(cut).items as Array<{passages: Array<{seq: number}>}>)[0]!.passages.map((passage) => passage.seq)).toEqual(data(cut).cut.passages === 1 ? [4] : []);
		const tight = findAnswer(result(), {shape: 'find', maxBytes: 900, topK: 3, offset: 0});
		expect(Buffer.byteLength(JSON.stringify(tight))).toBeLessThanOrEqual(900);
		expect(data(tight).cut).toMatchObject({passages: 2});
		expect(data(tight).cut.hits).toBeGreaterThan(0);
		expect(data(tight).next_offset).toBe(data(tight).cut.from);
	});

	it("keeps the seed's shape for summary_search, the source on candidate_items only", () => {
		const answer = findAnswer(result(), {shape: 'seed', maxBytes: 100_000, topK: 8, offset: 0});
		const structured = data(answer);
		expect(structured.stage1_hits.map((hit: {rank: number}) => hit.rank)).toEqual([1, 2, 3]);
		expect(structured.stage1_hits.every((hit: object) => !('source' in hit))).toBe(true);
		expect(structured.candidate_items.map((item: {source?: object}) => item.source)).toEqual([source, {kind: 'markdown'}]);
		expect(structured.drilled).toEqual([{drill_node_id: 'ns:a', spans: [expect.objectContaining({seq: 4}), expect.objectContaining({seq: 6})]}]);
		expect(structured.next_offset).toBeUndefined();
	});
});

describe('an item source in brief', () => {
	it('carries every field, known or added later, once; long lists cut with a total, long texts clipped', () => {
		const files = Array.from({length: 8}, (_, index) => `src/file-${index}.ts`);
		const brief = sourceBrief({...source, tokens: {input: 10, output: 2}, files_edited: files, agent_title: 'x'.repeat(400), ...({future_field: 7} as object)});
		expect(brief).toMatchObject({...source, tokens: {input: 10, output: 2}, files_edited: files.slice(0, 5), files_edited_total: 8, future_field: 7});
		expect((brief!.agent_title as string).length).toBe(300);
		expect(sourceBrief({})).toBeUndefined();
	});
});

describe('the nearest valid name', () => {
	it.each([
		['nodeId', ['domain', 'node_id', 'depth'], 'node_id'],
		['NODE-ID', ['domain', 'node_id'], 'node_id'],
		['limit', ['query', 'top_k', 'offset'], 'top_k'],
		['depht', ['domain', 'node_id', 'depth'], 'depth'],
		['querry', ['query', 'scope'], 'query'],
		['zzqx', ['query', 'scope'], undefined],
		['limit', ['domain', 'limit'], 'limit'],
	] as const)('%s among %j is %s', (given, valid, expected) => {
		expect(nearestName(given, valid)).toBe(expected);
	});
});
