import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {chatToItem} from '../../source/ingest/index.js';
import {find} from '../../source/search/funnel/find.js';
import {openIndexedStore} from '../../source/search/indexing/indexer.js';
import {retrainLsa} from '../../source/search/indexing/reindex.js';
import type {SummaryStore} from '../../source/store/summary-store.js';
import {runCli, tempDir} from '../helpers/cli.js';

/** A chat session whose messages were written a minute apart from `start`. */
function session(id: string, start: string, lines: string[]) {
	const at = Date.parse(start);
	return chatToItem({
		namespace: 'conversation_session',
		itemId: id,
		messages: lines.map((content, index) => ({role: index % 2 === 0 ? 'user' : 'assistant', content, timestamp: new Date(at + index * 60_000).toISOString()})),
	});
}

let store: SummaryStore;
let file: string;

beforeAll(() => {
	file = path.join(tempDir('drill-time-'), 's.db');
	store = openIndexedStore(file);
	store.writeItem(session('march', '2025-03-14T09:00:00Z', ['Why is the cache slow?', 'The cache misses on every cold start.', 'Then warm it at boot.', 'Done: the cache is warmed at boot.']));
	store.writeItem(session('june', '2025-06-02T10:00:00Z', ['The cache again: entries expire too soon.', 'Raise the TTL of the cache to an hour.', 'Unrelated: the build is green.']));
	store.writeItem(session('june-late', '2025-06-20T10:00:00Z', ['We talked about lunch and nothing else.', 'Pasta it is.']));
	store.writeItem(session('october', '2025-10-01T08:00:00Z', ['Cache keys collide between tenants.', 'Prefix every cache key with the tenant.', 'Tests pass.']));
	retrainLsa(store);
});
afterAll(() => store.close());

const items = (result: Awaited<ReturnType<typeof find>>) => result.candidate_items.map((item) => item.item_id);

describe('time in the query and the hit', () => {
	it('narrows to --since/--until (ISO dates; a named day or month taken in whole)', async () => {
		expect(items(await find({query: 'cache', since: '2025-06-01'}, {store}))).toEqual(expect.arrayContaining(['june', 'october']));
		expect(items(await find({query: 'cache', since: '2025-06-01'}, {store}))).not.toContain('march');
		expect(items(await find({query: 'cache', until: '2025-03-14'}, {store}))).toEqual(['march']);
		// (keyword: the semantic list can add a session of the month that says nothing of caches)
		expect(items(await find({query: 'cache', since: '2025-06', until: '2025-06', method: 'keyword'}, {store}))).toEqual(['june']);
	});

	it('takes after: and before: in the query, and leaves them out of the words searched', async () => {
		const result = await find({query: 'cache after:2025-06-01 before:2025-07', method: 'keyword'}, {store});
		expect(items(result)).toEqual(['june']);
		expect(result.query).toBe('cache after:2025-06-01 before:2025-07');
		// before: stops short of the day it names; --until takes it in.
		expect(items(await find({query: 'cache before:2025-03-14'}, {store}))).toEqual([]);
	});

	it('refuses a time it cannot read, naming the forms it can', async () => {
		await expect(find({query: 'cache', since: 'soonish'}, {store})).rejects.toMatchObject({code: 'bad_argument', message: expect.stringMatching(/--since "soonish" is not a time/u), hint: expect.stringMatching(/7d/u)});
		await expect(find({query: 'cache after:someday'}, {store})).rejects.toThrow(/after: "someday" is not a time/u);
		await expect(find({query: 'cache', since: '2025-07', until: '2025-06'}, {store})).rejects.toThrow(/nothing is both/u);
	});

	it('ranks first the sessions of a date the words name, the others after them', async () => {
		const plain = items(await find({query: 'cache', method: 'keyword'}, {store}));
		const inJune = items(await find({query: 'the cache in June 2025', method: 'keyword'}, {store}));
		expect(inJune[0]).toBe('june');
		expect(new Set(inJune)).toEqual(new Set(plain));
		// A month without a year is the latest such month the store reaches.
		expect(items(await find({query: 'cache keys in October', method: 'keyword'}, {store}))[0]).toBe('october');
		expect(items(await find({query: 'what did we say about the cache on 14 March 2025'}, {store}))[0]).toBe('march');
	});

	it('ranks first the sessions of the week after a named day when none of that day matches', async () => {
		// No session on 30 May: the one of 2 June, which may tell what happened then, comes first…
		expect(items(await find({query: 'the cache on 30 May 2025', method: 'keyword'}, {store}))[0]).toBe('june');
		expect(items(await find({query: 'the cache on 30 May 2025'}, {store}))[0]).toBe('june');
		// …a session of that day itself keeps its place, and so does the order when the week after has none.
		expect(items(await find({query: 'the cache on 2 June 2025', method: 'keyword'}, {store}))[0]).toBe('june');
		expect(items(await find({query: 'the cache on 20 September 2025', method: 'keyword'}, {store}))).toEqual(items(await find({query: 'the cache', method: 'keyword'}, {store})));
	});

	it('gives every session hit its date, and every drilled message its own time and place', async () => {
		const result = await find({query: 'cache ttl'}, {store});
		expect(result.stage1_hits.every((hit) => typeof hit.source?.started_at === 'string')).toBe(true);
		const june = result.drilled.find((entry) => entry.drill_node_id.endsWith(':june'))!;
		const span = june.spans[0]!;
		expect(span.time).toBe('2025-06-02T10:01:00.000Z');
		expect(span.citation).toMatch(/^#n\d+ msgs? \d+(–\d+)?$/u);
		expect(span.range![0]).toBeLessThanOrEqual(span.seq);
	});
});

describe('find inside one session (in)', () => {
	it('searches only that item: its matching messages, each with its neighbours', async () => {
		const result = await find({query: 'cache', in: 'conversation_session:march'}, {store});
		expect(result.within).toBe('conversation_session:march');
		expect(items(result)).toEqual(['march']);
		const spans = result.drilled[0]!.spans;
		expect(spans.map((span) => span.seq).sort()).toEqual([0, 1, 3]);
		const cold = spans.find((span) => span.seq === 1)!;
		expect(cold.context?.before).toMatchObject({seq: 0, role: 'user', text: 'Why is the cache slow?'});
		expect(cold.context?.after?.seq).toBe(2);
	});

	it('refuses an unknown item and an id that is no item', async () => {
		await expect(find({query: 'cache', in: 'conversation_session:nope'}, {store})).rejects.toMatchObject({code: 'not_found'});
		await expect(find({query: 'cache', in: 'conversation_session'}, {store})).rejects.toThrow(/names a namespace, not an item/u);
		await expect(find({query: 'cache', in: 'conversation_session:march', source: 'knowledge'}, {store, knowledgeDir: tempDir('k-')})).rejects.toThrow(/--in searches one item/u);
	});

	it('drill find --in and --since from the CLI', async () => {
		const within = await runCli(['find', 'cache', '--in', 'conversation_session:june', '--json', '--store', file]);
		expect(within.code).toBe(0);
		const parsed = JSON.parse(within.stdout) as {within: string; drilled: Array<{spans: Array<{citation: string; time: string}>}>};
		expect(parsed.within).toBe('conversation_session:june');
		expect(parsed.drilled[0]!.spans[0]).toMatchObject({citation: expect.stringMatching(/^#n/u), time: expect.stringMatching(/^2025-06-02T/u)});
		const text = await runCli(['find', 'cache', '--since', '2025-06-01', '--until', '2025-06-30', '--store', file]);
		expect(text.stdout).toMatch(/2025-06-02 10:00 UTC/u);
		expect(text.stdout).not.toMatch(/2025-03-14/u);
		const bad = await runCli(['find', 'cache', '--since', 'whenever', '--store', file]);
		expect(bad.code).not.toBe(0);
		expect(bad.stderr).toMatch(/--since "whenever" is not a time/u);
	});
});
