import {describe, expect, it} from 'vitest';
import {searchStatus} from '../../source/search/indexing/search-status.js';
import {currentTextVersion} from '../../source/search/indexing/node-text.js';
import {openIndexedStore} from '../../source/search/indexing/indexer.js';
import {keptCountsKey} from '../../source/store/kept-counts.js';
import {SummaryStore} from '../../source/store/summary-store.js';
import {fixtureItems, fixtureStore, reopened} from './helpers.js';

const keptValue = (file: string) => reopened(file, (store) => store.getMeta(keptCountsKey));

/** Sets (or, with undefined, removes) the kept counts as raw SQL would, bypassing every writer's rules. */
function setKept(file: string, value: string | undefined): void {
	const store = SummaryStore.open(file, {write: true});
	try {
		if (value === undefined) store.db.prepare('DELETE FROM meta WHERE key = ?').run(keptCountsKey);
		else store.setMeta(keptCountsKey, value);
	} finally {
		store.close();
	}
}

/** Runs one statement as raw SQL would, bypassing every writer's rules. */
function runSql(file: string, sql: string, ...params: unknown[]): void {
	const store = SummaryStore.open(file, {write: true});
	try {
		store.db.prepare(sql).run(...params);
	} finally {
		store.close();
	}
}

const statusOf = (file: string) => reopened(file, (store) => searchStatus(store));

/** The fixture store as its writer leaves it, and its kept counts. */
function closedStore() {
	const {store, file} = fixtureStore();
	store.close();
	const kept = JSON.parse(keptValue(file)!) as Record<string, unknown>;
	return {file, kept};
}

describe('the search status counts a writer keeps', () => {
	it('are kept by the writer that closes the store, and read by the next reader instead of counting', () => {
		const {file, kept} = closedStore();
		expect(kept).toMatchObject({items: 4, keywordItems: 4, oldLayout: 0, embeddedItems: 4, layouts: [[currentTextVersion, 4]]});
		expect(statusOf(file)).toMatchObject({items: 4, keywordItems: 4, embeddedItems: 4, notices: []});
		// Read, not counted: counts that say one more item (the store as it is otherwise) show in the status.
		setKept(file, JSON.stringify({...kept, items: 5}));
		expect(statusOf(file)).toMatchObject({items: 5, keywordItems: 4, notices: ['1 of 5 items are not in the search index yet: run `drill reindex`', '1 of 5 items have no lsa embeddings yet: run `drill reindex`']});
	});

	it('are forgotten in the transaction that writes or deletes an item, and kept again when the writer closes', () => {
		const {file} = closedStore();
		const [first] = fixtureItems();
		const writer = openIndexedStore(file);
		try {
			writer.deleteItem(first!.namespace, first!.item_id);
			expect(keptValue(file)).toBeUndefined();
			expect(statusOf(file)).toMatchObject({items: 3, keywordItems: 3, embeddedItems: 3});
		} finally {
			writer.close();
		}
		expect(JSON.parse(keptValue(file)!)).toMatchObject({items: 3, keywordItems: 3, embeddedItems: 3});
		const again = openIndexedStore(file);
		try {
			again.writeItem(first!);
			expect(keptValue(file)).toBeUndefined();
		} finally {
			again.close();
		}
		expect(statusOf(file)).toMatchObject({items: 4, keywordItems: 4});
	});

	it('are not read once the store has changed under them (a writer that does not forget them, as an older drill)', () => {
		const {file, kept} = closedStore();
		const [first] = fixtureItems();
		const writer = SummaryStore.open(file, {write: true});
		try {
			writer.deleteItem(first!.namespace, first!.item_id);
		} finally {
			writer.close();
		}
		// The counts from before the delete put back, as a writer that knew nothing of them would have left them.
		setKept(file, JSON.stringify(kept));
		expect(statusOf(file)).toMatchObject({items: 3});
		const indexed = openIndexedStore(file);
		try {
			indexed.writeItem(first!);
			// Put back again while the writer is open: the new item's rows moved what they were counted against.
			setKept(file, JSON.stringify({...kept, items: 3, keywordItems: 3, embeddedItems: 3}));
			expect(statusOf(file)).toMatchObject({items: 4, keywordItems: 4});
		} finally {
			indexed.close();
		}
	});

	it('kept by a drill of another text layout, are read but for the older layout, which is counted', () => {
		const {file, kept} = closedStore();
		// As the previous drill kept them: without the rows of each layout.
		delete kept.layouts;
		// Rows of the layout before this one, as a store indexed by the previous drill (nothing the counts are kept against moves).
		runSql(file, 'UPDATE search_items SET text_version = ?', currentTextVersion - 1);
		for (const older of [{textVersion: currentTextVersion - 1, oldLayout: 0}, {textVersion: 1, oldLayout: 4}]) {
			// One more item than the store has: read, not counted.
			setKept(file, JSON.stringify({...kept, ...older, items: 5}));
			expect(statusOf(file)).toMatchObject({items: 5, keywordItems: 4, embeddedItems: 4, notices: ['1 of 5 items are not in the search index yet: run `drill reindex`', '1 of 5 items have no lsa embeddings yet: run `drill reindex`']});
			setKept(file, JSON.stringify({...kept, ...older}));
			expect(statusOf(file).notices).toEqual(['4 of 4 items are indexed the way an older drill did, which ranks them differently: run `drill reindex`']);
		}
		// At this drill's layout the kept count of the older layout is read as kept.
		setKept(file, JSON.stringify({...kept, oldLayout: 0}));
		expect(statusOf(file).notices).toEqual([]);
		runSql(file, 'UPDATE search_items SET text_version = ? WHERE item = (SELECT min(item) FROM search_items)', currentTextVersion);
		setKept(file, JSON.stringify({...kept, textVersion: currentTextVersion - 1, oldLayout: 0}));
		expect(statusOf(file).notices).toEqual(['3 of 4 items are indexed the way an older drill did, which ranks them differently: run `drill reindex`']);
	});

	it('kept with the rows of each layout, give a drill of a later layout its older rows without counting them', () => {
		const {file, kept} = closedStore();
		const older = {textVersion: currentTextVersion - 1, oldLayout: 0};
		// The rows are all of this layout; kept pairs that say three are older are read, not counted.
		setKept(file, JSON.stringify({...kept, ...older, layouts: [[currentTextVersion - 2, 1], [currentTextVersion - 1, 2], [currentTextVersion, 1]]}));
		expect(statusOf(file).notices).toEqual(['3 of 4 items are indexed the way an older drill did, which ranks them differently: run `drill reindex`']);
		// Pairs that do not hold (not summing to the indexed items, not pairs of counts) are not read: the rows are counted.
		for (const layouts of [[[currentTextVersion - 1, 3]], [[currentTextVersion - 1, 5]], [[currentTextVersion - 1, 4, 0]], [[currentTextVersion - 1, -4], [currentTextVersion, 8]], [['4', 4]], [4], {4: 4}, 'x']) {
			setKept(file, JSON.stringify({...kept, ...older, layouts}));
			expect(statusOf(file).notices, JSON.stringify(layouts)).toEqual([]);
		}
	});

	it('are counted again when missing or damaged', () => {
		const {file, kept} = closedStore();
		const lies = [
			undefined,
			'',
			'not json',
			'null',
			'[4]',
			JSON.stringify({...kept, items: 9, keywordItems: 9, embeddedItems: 9, stamp: 'another store'}),
			JSON.stringify({...kept, items: -1}),
			JSON.stringify({...kept, items: 4.5}),
			JSON.stringify({...kept, items: '9'}),
			JSON.stringify({...kept, keywordItems: 9}),
			JSON.stringify({...kept, embeddedItems: 9}),
			JSON.stringify({...kept, oldLayout: 9}),
			JSON.stringify({...kept, items: 9, textVersion: '5'}),
			JSON.stringify({...kept, items: 9, textVersion: undefined}),
			JSON.stringify({...kept, items: 9, generation: 7}),
			JSON.stringify({...kept, items: 9, stamp: undefined}),
		];
		for (const lie of lies) {
			setKept(file, lie);
			expect(statusOf(file), String(lie)).toMatchObject({items: 4, keywordItems: 4, embeddedItems: 4, notices: []});
		}
	});
});
