import path from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import {find} from '../../source/search/funnel/find.js';
import type {ItemRecord} from '../../source/store/interchange.js';
import type {SummaryStore} from '../../source/store/summary-store.js';
import {openIndexedStore} from '../../source/search/indexing/indexer.js';
import {tempDir} from '../helpers/cli.js';
import {leafItem} from '../helpers/items.js';

function item(id: string, title: string, spans: string[]): ItemRecord {
	return leafItem('conversation_session', id, title, spans, {leafTitle: `${title}: the talk`, dialogue: true});
}

let store: SummaryStore | undefined;
afterEach(() => store?.close());

function storeOf(items: ItemRecord[]): SummaryStore {
	store = openIndexedStore(path.join(tempDir('drill-stage2-'), 's.db'));
	for (const entry of items) store.writeItem(entry);
	return store;
}

/** Every drilled item must list its spans that hold a query word. */
function expectDrilledWherever(result: Awaited<ReturnType<typeof find>>, holds: Record<string, number[]>): void {
	for (const drilled of result.drilled) {
		const id = drilled.drill_node_id.split(':')[1]!;
		expect(drilled.spans.map((span) => span.seq).sort(), id).toEqual([...(holds[id] ?? [])].sort());
	}
}

describe('stage 2 drills every item whose spans hold a query word', () => {
	it('on a store of one item, where every word is in every item', async () => {
		const one = storeOf([item('only', 'Database incident', ['The API returned 502 errors all morning.', 'The connection pool ran dry under load.', 'We raised the pool size to 40.', 'Lunch was late.'])]);
		for (const method of ['keyword', 'semantic', 'keyword,semantic']) {
			const result = await find({query: 'connection pool ran dry', method}, {store: one});
			expect(result.drilled, method).toHaveLength(method === 'semantic' && result.candidate_items.length === 0 ? 0 : 1);
			expectDrilledWherever(result, {only: [1, 2]});
		}
		const result = await find({query: 'connection pool ran dry'}, {store: one});
		// The span holding all four words first, with its words marked.
		expect(result.drilled[0]!.spans[0]).toMatchObject({seq: 1, drill_node_id: 'conversation_session:only#n1'});
		expect(result.drilled[0]!.spans[0]!.snippet).toContain('**connection** **pool** **ran** **dry**');
	});

	it('on a store of three items, where "connection" and "pool" are in more than half of them', async () => {
		const three = storeOf([
			item('db', 'Database incident', ['The connection pool ran dry at noon.', 'Postgres hit max_connections.']),
			item('pool', 'Swimming pool booking', ['Booked the pool for Saturday.', 'The lanes were full.']),
			item('net', 'Network flakiness', ['Every connection dropped after a minute.', 'The VPN was the cause.']),
		]);
		const result = await find({query: 'connection pool ran dry', method: 'keyword', drill_top_k: 3}, {store: three});
		expect(result.candidate_items[0]!.item_id).toBe('db');
		expect(result.drilled).toHaveLength(3);
		// "max_connections" holds "connections", which stems as "connection" does.
		expectDrilledWherever(result, {db: [0, 1], pool: [0], net: [0]});
		const hybrid = await find({query: 'connection pool ran dry', drill_top_k: 3}, {store: three});
		expect(hybrid.drilled.every((entry) => entry.spans.length > 0)).toBe(true);
	});
});
