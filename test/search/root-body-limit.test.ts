import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {find} from '../../source/search/funnel/find.js';
import {openIndexedStore} from '../../source/search/indexing/indexer.js';
import {indexMissingItems} from '../../source/search/indexing/reindex.js';
import {cappedParts, nodeTexts, rootBodyLimit} from '../../source/search/indexing/node-text.js';
import {validateItem, type ItemRecord} from '../../source/store/interchange.js';
import type {SummaryStore} from '../../source/store/summary-store.js';
import {tempDir} from '../helpers/cli.js';

describe('cappedParts (layout 5: a huge item’s root body is its first spans)', () => {
	it('keeps every part up to the limit, the one crossing it whole, and nothing after it', () => {
		const parts = ['aaaa', 'bbbb', 'cccc', 'dddd'];
		// Joined by newlines: 4, 9, 14, 19 characters after each part.
		expect(cappedParts(parts, 100)).toBe(parts);
		expect(cappedParts(parts, 19)).toEqual(parts);
		expect(cappedParts(parts, 18)).toEqual(parts);
		expect(cappedParts(parts, 14)).toEqual(['aaaa', 'bbbb', 'cccc']);
		expect(cappedParts(parts, 10)).toEqual(['aaaa', 'bbbb', 'cccc']);
		expect(cappedParts(parts, 9)).toEqual(['aaaa', 'bbbb']);
		expect(cappedParts(parts, 1)).toEqual(['aaaa']);
		expect(cappedParts([], 1)).toEqual([]);
	});
});

/** An item of `count` spans of about 40 characters each, with `tail` in the last one only, and a summary that never says it. */
function longItem(id: string, count: number, tail: string, summary = 'pool retries traced'): ItemRecord {
	const spans = Array.from({length: count}, (_, seq) => ({seq, role: seq % 2 ? 'assistant' : 'user', text: seq === count - 1 ? `at last the ${tail} showed up` : `message ${seq} about the connection pool`}));
	const half = Math.floor(count / 2);
	return {
		namespace: 'conversation_session',
		item_id: id,
		title: `Session ${id}`,
		tldr: summary,
		generated_at: '2026-01-01T00:00:00.000Z',
		nodes: [
			{ordinal: 0, parent: null, title: 'root', summary, keywords: ['pool'], spans: []},
			{ordinal: 1, parent: 0, title: 'First half', summary: 'the pool', keywords: [], spans: spans.slice(0, half).map((span) => span.seq)},
			{ordinal: 2, parent: 0, title: 'Second half', summary: 'the connection', keywords: [], spans: spans.slice(half).map((span) => span.seq)},
		],
		spans,
	};
}

/** The root row's terms (body and summary columns) of an item. */
function rootTerms(store: SummaryStore, itemId: string): {body: string[]; summary: string[]} {
	store.db.exec("CREATE VIRTUAL TABLE IF NOT EXISTS temp.rv USING fts5vocab (main, search_root_fts, 'instance')");
	const root = store.db.prepare('SELECT n.id FROM nodes n JOIN items i ON i.id = n.item WHERE i.item_id = ? AND n.ordinal = 0').get(itemId) as {id: number};
	const terms = (column: string) => (store.db.prepare('SELECT DISTINCT term FROM temp.rv WHERE doc = ? AND col = ? ORDER BY term').all(root.id, column) as Array<{term: string}>).map((row) => row.term);
	return {body: terms('body'), summary: terms('summary')};
}

const items = (result: Awaited<ReturnType<typeof find>>) => result.candidate_items.map((item) => item.item_id);

describe('a root row whose body is bounded (the limit lowered to 2 000 characters)', () => {
	const before = rootBodyLimit.chars;
	let store: SummaryStore;
	beforeAll(() => {
		rootBodyLimit.chars = 2000;
		store = openIndexedStore(path.join(tempDir('drill-root-limit-'), 's.db'));
		// 200 spans of ~40 characters (~7 700 characters): cut after ~50 spans.
		store.writeItem(validateItem(longItem('long', 200, 'zebrafish')));
		// Under the limit: its whole text, the tail too.
		store.writeItem(validateItem(longItem('short', 20, 'zebrafish')));
		// A tail word its summary has: in the root row's summary column.
		store.writeItem(validateItem(longItem('summarized', 200, 'quokka', 'pool retries and a quokka')));
		// Chinese text in the head: the row is written from JavaScript (spaced words), cut the same way.
		const cjk = longItem('cjk', 200, 'narwhal');
		cjk.spans[0] = {...cjk.spans[0]!, text: '数据库连接池耗尽了'};
		store.writeItem(validateItem(cjk));
	});
	afterAll(() => {
		store.close();
		rootBodyLimit.chars = before;
	});

	it('holds the first spans up to the limit and not the tail, whose word stays in the spans', () => {
		const long = rootTerms(store, 'long');
		expect(long.body).toContain('43');
		expect(long.body).not.toContain('150');
		expect(long.body).not.toContain('zebrafish');
		expect(long.summary).not.toContain('zebrafish');
		expect(rootTerms(store, 'short').body).toContain('zebrafish');
		expect(rootTerms(store, 'summarized').summary).toContain('quokka');
		const cjk = rootTerms(store, 'cjk');
		expect(cjk.body).toContain('43');
		expect(cjk.body.some((term) => /[\u4e00-\u9fff]/u.test(term))).toBe(true);
		expect(cjk.body).not.toContain('narwhal');
		const spans = store.db.prepare("SELECT count(*) AS n FROM spans_fts WHERE spans_fts MATCH 'zebrafish'").get() as {n: number};
		expect(spans.n).toBe(2);
	});

	it('writes the body the limit gives, whole below it', () => {
		const long = validateItem(longItem('long', 200, 'zebrafish'));
		const {rootParts} = nodeTexts(long, 'root-parts');
		const kept = cappedParts(rootParts);
		expect(kept.length).toBeGreaterThan(40);
		expect(kept.length).toBeLessThan(60);
		expect(cappedParts(nodeTexts(validateItem(longItem('short', 20, 'zebrafish')), 'root-parts').rootParts)).toHaveLength(20);
	});

	it('finds a tail-only word inside the item (--in, by its spans), not in the keyword list over all items', async () => {
		const keyword = await find({query: 'zebrafish', method: 'keyword'}, {store});
		expect(items(keyword)).toEqual(['short']);
		const inside = await find({query: 'zebrafish', method: 'keyword', in: 'conversation_session:long'}, {store});
		expect(inside.stage1_hits).toEqual([]);
		expect(inside.candidate_items.map((item) => [item.item_id, item.best_rank])).toEqual([['long', 0]]);
		expect(inside.drilled.flatMap((drilled) => drilled.spans.map((span) => span.seq))).toEqual([199]);
		// Nothing matches: no candidate (as before).
		expect((await find({query: 'okapi', method: 'keyword', in: 'conversation_session:long'}, {store})).candidate_items).toEqual([]);
		// A tail word a summary says reaches the item in stage 1.
		expect(items(await find({query: 'quokka', method: 'keyword'}, {store}))).toEqual(['summarized']);
	});

	it('deletes the row it wrote (a delete repeats the bounded layout)', () => {
		for (const id of ['long', 'cjk', 'short', 'summarized']) expect(store.deleteItem('conversation_session', id)).toBe(true);
		store.db.exec("CREATE VIRTUAL TABLE IF NOT EXISTS temp.rv USING fts5vocab (main, search_root_fts, 'instance')");
		const left = store.db.prepare("SELECT count(*) AS n FROM temp.rv").get() as {n: number};
		expect(left.n).toBe(0);
	});
});

describe('a store indexed with layout 4, brought to layout 5', () => {
	it('rewrites only the items above the bound; the others keep their rows and take the new number', () => {
		const before = rootBodyLimit.chars;
		const store = openIndexedStore(path.join(tempDir('drill-root-limit-v4-'), 's.db'));
		try {
			// Written whole (as layout 4 wrote every item), then marked as layout 4.
			rootBodyLimit.chars = Number.MAX_SAFE_INTEGER;
			store.writeItem(validateItem(longItem('long', 200, 'zebrafish')));
			store.writeItem(validateItem(longItem('short', 20, 'zebrafish')));
			store.db.exec('UPDATE search_items SET text_version = 4');
			expect(rootTerms(store, 'long').body).toContain('zebrafish');
			rootBodyLimit.chars = 2000;
			expect(indexMissingItems(store)).toBe(1);
			expect((store.db.prepare('SELECT DISTINCT text_version AS v FROM search_items').all() as Array<{v: number}>).map((row) => row.v)).toEqual([5]);
			expect(rootTerms(store, 'long').body).not.toContain('zebrafish');
			expect(rootTerms(store, 'short').body).toContain('zebrafish');
			// Each row deletes cleanly with the layout it is now marked with.
			for (const id of ['long', 'short']) expect(store.deleteItem('conversation_session', id)).toBe(true);
			expect((store.db.prepare('SELECT count(*) AS n FROM temp.rv').get() as {n: number}).n).toBe(0);
		} finally {
			store.close();
			rootBodyLimit.chars = before;
		}
	});
});
