import {describe, expect, it} from 'vitest';
import {itemTermCountsOf, KeptTermCounts} from '../../source/search/indexing/training-counts.js';
import {trainLsaBags} from '../../source/search/semantic/lsa.js';
import {termCountsOf} from '../../source/text/item-term-counts.js';
import {bagMap, TermIds, type TermBag} from '../../source/text/term-bags.js';
import {fixtureItems, fixtureStore} from './helpers.js';

// Training reads the sample's term counts several times (document frequencies, the matrix, the
// drift tally). A larger store holds them only up to a budget and counts the rest again from the
// stored text: what it reads must be the very counts, in the very order, whatever the budget.

const entries = (bag: TermBag | undefined, ids: TermIds) => (bag ? [...bagMap(bag, ids)] : []);

describe('itemTermCountsOf', () => {
	it('counts again from the stored text exactly what was counted from the item written (terms and their order)', () => {
		const {store} = fixtureStore({train: false});
		try {
			const written = new Map(fixtureItems().map((item) => [item.item_id, item]));
			const rows = [...store.eachItem()];
			expect(rows.length).toBeGreaterThan(3);
			for (const row of rows) {
				const again = itemTermCountsOf(store, row, new TermIds());
				const first = termCountsOf(written.get(row.item_id)!);
				expect(entries(again.item, again.ids)).toEqual(entries(first.item, first.ids));
				expect([...again.nodes.keys()]).toEqual([...first.nodes.keys()]);
			}
		} finally {
			store.close();
		}
	});

	it('takes the counts the writer kept when there are some', () => {
		const {store} = fixtureStore({train: false});
		try {
			const [row] = [...store.eachItem()];
			const ids = new TermIds();
			const known = {ids, item: {ids: Int32Array.of(ids.id('kept')), counts: Int32Array.of(1)}, nodes: new Map()};
			expect(itemTermCountsOf(store, row!, ids, () => known)).toBe(known);
			// Counted with another dictionary: the same counts, in the ids asked for.
			const other = new TermIds();
			other.id('first');
			expect(entries(itemTermCountsOf(store, row!, other, () => known).item, other)).toEqual([['kept', 1]]);
		} finally {
			store.close();
		}
	});
});

describe('KeptTermCounts', () => {
	it('reads the same counts in the same order on every pass, whatever its budget, and holds no more than it', () => {
		const {store} = fixtureStore({train: false});
		try {
			const sample = [...store.eachItem()];
			const expected = sample.map((row) => {
				const counts = termCountsOf(store.record(row));
				return entries(counts.item, counts.ids);
			});
			// A budget that holds the first item's counts (8 bytes a term) and not every item's.
			const some = 8 * termCountsOf(store.record(sample[0]!)).item!.ids.length + 1;
			for (const budgetBytes of [0, some, 1 << 30]) {
				const ids = new TermIds();
				const list = new KeptTermCounts(store, sample.map((row) => row.id), ids, {budgetBytes});
				for (let pass = 0; pass < 3; pass++) expect([...list].map((bag) => entries(bag, ids))).toEqual(expected);
				expect(list.at(1)).toBeDefined();
				expect(entries(list.at(1), ids)).toEqual(expected[1]);
				expect(list.at(sample.length)).toBeUndefined();
				expect(list.held.bytes).toBeLessThanOrEqual(budgetBytes);
				// Nothing held: every pass counts again; everything held: each item is counted once.
				if (budgetBytes === 0) expect(list.counted).toBe(3 * sample.length + 2);
				if (budgetBytes === 1 << 30) expect({counted: list.counted, held: list.held.items}).toEqual({counted: sample.length, held: sample.length});
				if (budgetBytes === some) expect(list.held.items).toBeGreaterThan(0);
				if (budgetBytes === some) expect(list.held.items).toBeLessThan(sample.length);
				list.release();
				expect(list.held).toEqual({bytes: 0, items: 0});
			}
		} finally {
			store.close();
		}
	});

	it('trains the same model as the counts held in an array', () => {
		const {store} = fixtureStore({train: false});
		try {
			const sample = [...store.eachItem()];
			const heldIds = new TermIds();
			const held = sample.map((row) => termCountsOf(store.record(row), {ids: heldIds}).item!);
			const options = {dimension: 4};
			const a = trainLsaBags(held, heldIds, options);
			// An empty dictionary: the lazily read list gives the ids their terms on training's first pass.
			const ids = new TermIds();
			const b = trainLsaBags(new KeptTermCounts(store, sample.map((row) => row.id), ids, {budgetBytes: 0}), ids, options);
			expect(b.documents).toBe(a.documents);
			expect([...b.singular]).toEqual([...a.singular]);
			expect([...b.terms.keys()]).toEqual([...a.terms.keys()]);
			for (const [term, entry] of a.terms) expect([...b.terms.get(term)!.vector]).toEqual([...entry.vector]);
		} finally {
			store.close();
		}
	});
});
