import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {find} from '../../source/search/funnel/find.js';
import {parseQuery} from '../../source/search/funnel/query.js';
import {searchStatus} from '../../source/search/indexing/search-status.js';
import {ItemTermStats} from '../../source/search/keyword/term-stats.js';
import {pruneMinItems, rankingTerms} from '../../source/search/keyword/keyword.js';
import {validateItem, type ItemRecord} from '../../source/store/interchange.js';
import type {SummaryStore} from '../../source/store/summary-store.js';
import {openIndexedStore} from '../../source/search/indexing/indexer.js';
import path from 'node:path';
import {tempDir} from '../helpers/cli.js';
import {leafItem} from '../helpers/items.js';

/** An item whose leaf spans say `texts`, one span each. */
function item(id: string, title: string, texts: string[]): ItemRecord {
	return leafItem('notes', id, title, texts, {leafTitle: `${title} details`});
}

let store: SummaryStore;

beforeAll(() => {
	store = openIndexedStore(path.join(tempDir('drill-pruning-'), 's.db'));
	// "project" is in every item; "glacier" in two; "moraine" in one.
	for (let i = 0; i < 12; i++) store.writeItem(item(`i${i}`, `Project note ${i}`, [`The project moved along on day ${i}.`, 'Nothing else happened in the project.']));
	store.writeItem(item('g1', 'Project glacier survey', ['The project mapped the glacier and its moraine.', 'Glacier melt was measured twice.']));
	store.writeItem(item('g2', 'Project field trip', ['A glacier was seen from the project camp.']));
	const spans = Array.from({length: 1_000}, (_, i) => `The project log, entry ${i}: routine project work on the project.`);
	spans[950] = 'At last the glacier calved near the project site.';
	store.writeItem(item('long', 'Project long log', spans));
});
afterAll(() => store.close());

describe('terms that most items hold', () => {
	it('are left out of the ranking query, unless nothing else is left', () => {
		const stats = new ItemTermStats(store, ['project', 'glacier'], searchStatus(store).keywordItems);
		expect(stats.documentFrequency('project')).toBe(15);
		expect(stats.documentFrequency('glaciers')).toBe(3);
		expect(stats.informative(['project', 'glacier'])).toEqual(['glacier']);
		expect(stats.informative(['project'])).toEqual(['project']);
		expect(stats.idf('project')).toBe(1e-6);
		expect(stats.idf('glacier')).toBeGreaterThan(1);
	});

	it('are scored in a small store, as bare bm25 does, and left out of the query only in a large one', async () => {
		const both = await find({query: 'project glacier', method: 'keyword', drill: false, top_k: 50}, {store});
		const rare = await find({query: 'glacier', method: 'keyword', drill: false}, {store});
		// bm25 weighs "project" 1e-6: the glacier items lead as they do alone, the others follow.
		expect(both.candidate_items.slice(0, 3).map((entry) => entry.item_id)).toEqual(rare.candidate_items.map((entry) => entry.item_id));
		expect(new Set(rare.candidate_items.map((entry) => entry.item_id))).toEqual(new Set(['g1', 'g2', 'long']));
		expect(both.candidate_items).toHaveLength(15);
		const stats = new ItemTermStats(store, ['project', 'glacier'], searchStatus(store).keywordItems);
		expect(rankingTerms(['project', 'glacier'], stats)).toEqual(['project', 'glacier']);
		const large = Object.assign(Object.create(ItemTermStats.prototype) as ItemTermStats, {items: pruneMinItems, frequencies: new Map([['project', pruneMinItems], ['glacier', 3]])});
		expect(rankingTerms(['project', 'glacier'], large)).toEqual(['glacier']);
		const common = await find({query: 'project', method: 'keyword', drill: false, top_k: 50}, {store});
		expect(common.candidate_items).toHaveLength(15);
	});

	it('do not crowd the rare ones out of a long item: the drill reaches its 951st span', async () => {
		const result = await find({query: 'project glacier calved', method: 'keyword', scope: 'notes'}, {store});
		const drilled = result.drilled.find((entry) => entry.drill_node_id === 'notes:long');
		expect(drilled?.spans[0]).toMatchObject({seq: 950, drill_node_id: 'notes:long#n1'});
		expect(drilled!.spans[0]!.snippet).toContain('**glacier** **calved**');
	});

	it('rank a span by how often and how densely it holds the terms', async () => {
		const result = await find({query: 'glacier moraine', method: 'keyword'}, {store});
		const g1 = result.drilled.find((entry) => entry.drill_node_id === 'notes:g1')!;
		expect(g1.spans.map((span) => span.seq)).toEqual([0, 1]);
		expect(g1.spans[0]!.score).toBeGreaterThan(g1.spans[1]!.score);
	});

	it('a query of words no item holds finds nothing, quickly and without error', async () => {
		const result = await find({query: 'zyzzyva', method: 'keyword'}, {store});
		expect(result.stage1_hits).toEqual([]);
		expect(parseQuery('zyzzyva').terms).toEqual(['zyzzyva']);
	});
});

describe('the coarse query over item roots', () => {
	it('finds an item by an inner node whose words are in no span, and hits that node', async () => {
		const file = path.join(tempDir('drill-inner-'), 's.db');
		const inner = openIndexedStore(file);
		try {
			for (let i = 0; i < 5; i++) inner.writeItem(item(`p${i}`, `Plain note ${i}`, ['Routine words only.']));
			inner.writeItem(
				validateItem({
					namespace: 'notes',
					item_id: 'summarized',
					title: 'Quarterly review',
					tldr: '',
					generated_at: '2026-01-01T00:00:00Z',
					nodes: [
						{ordinal: 0, parent: null, title: 'Quarterly review', summary: '', keywords: [], spans: []},
						{ordinal: 1, parent: 0, title: 'Budget overrun in logistics', summary: 'Freight costs doubled.', keywords: ['freight'], spans: []},
					],
					spans: [],
				}),
			);
			const result = await find({query: 'freight overrun', method: 'keyword'}, {store: inner});
			expect(result.stage1_hits.map((hit) => hit.drill_node_id)).toContain('notes:summarized#n1');
		} finally {
			inner.close();
		}
	});
});
