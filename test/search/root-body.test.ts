import Database from 'better-sqlite3';
import {describe, expect, it} from 'vitest';
import {nodeTexts, rootFields, rootRow} from '../../source/search/indexing/node-text.js';
import path from 'node:path';
import {openIndexedStore} from '../../source/search/indexing/indexer.js';
import {bodyIsStoredSpans, rootBody} from '../../source/search/indexing/text-index.js';
import {validateItem} from '../../source/store/interchange.js';
import {tempDir} from '../helpers/cli.js';
import type {ItemRecord} from '../../source/store/interchange.js';
import {spacedWords} from '../../source/text/cjk-words.js';

// Spans in several scripts: ASCII, Latin with diacritics, Chinese and Japanese (spaced apart from
// layout 4 on), an emoji outside the BMP, a lone surrogate, empty spans and newlines inside a span.
const texts = [
	'Fixed the retry storm in pool.ts',
	'',
	'naïve café résumé — déjà vu',
	'数据库连接池耗尽了，重试风暴',
	'ログを確認しました\nそしてテストを追加',
	'party 🎉 done \ud800 broken surrogate',
	'',
	'trailing line\n',
];

function item(spans: string[]): ItemRecord {
	return {
		namespace: 'n',
		item_id: 'i',
		title: 'Pool retries',
		tldr: 'Retry storm traced to a pool limit; zebrafish noted.',
		generated_at: '2026-01-01T00:00:00.000Z',
		nodes: [
			{ordinal: 0, parent: null, title: 'root', summary: 'naïve zebrafish', keywords: ['unicode', 'pool'], spans: []},
			{ordinal: 1, parent: 0, title: 'Second', summary: '数据库 résumé', keywords: [], spans: spans.map((_, seq) => seq).filter((seq) => seq % 2 === 1)},
			{ordinal: 2, parent: 0, title: 'First', summary: 'retry', keywords: [], spans: spans.map((_, seq) => seq).filter((seq) => seq % 2 === 0)},
		],
		spans: spans.map((text, seq) => ({seq, role: seq % 2 ? 'assistant' : 'user', text})),
	};
}

/** The `instance` vocabulary of one row of a contentless FTS5 table like search_root_fts, given its body. */
function vocabulary(body: string | Buffer): unknown[] {
	const db = new Database(':memory:');
	try {
		db.exec("CREATE VIRTUAL TABLE t USING fts5 (body, content = '', tokenize = 'porter unicode61 remove_diacritics 2')");
		db.exec("CREATE VIRTUAL TABLE v USING fts5vocab (t, 'instance')");
		db.prepare('INSERT INTO t (rowid, body) VALUES (1, ?)').run(body);
		return db.prepare('SELECT term, doc, col, offset FROM v ORDER BY term, offset').all();
	} finally {
		db.close();
	}
}

describe("the root row's body, written from its spans' parts", () => {
	it('is the UTF-8 of the joined body the string path wrote, spaced the same way', () => {
		const record = item(texts);
		const {rootParts} = nodeTexts(record, 'root-parts');
		const joined = nodeTexts(record, 'root').find((text) => text.ordinal === 0)!.body;
		expect(rootParts.join('\n')).toBe(joined);
		for (const w of [spacedWords, (text: string) => text]) {
			const bytes = rootBody(rootParts, w);
			expect(Buffer.isBuffer(bytes)).toBe(true);
			expect((bytes as Buffer).equals(Buffer.from(w(joined), 'utf8'))).toBe(true);
		}
	});

	it('gives FTS5 the very terms and offsets the joined string gave', () => {
		const {rootParts} = nodeTexts(item(texts), 'root-parts');
		const fromString = vocabulary(spacedWords(rootParts.join('\n')));
		expect(fromString.length).toBeGreaterThan(20);
		expect(vocabulary(rootBody(rootParts, spacedWords))).toEqual(fromString);
	});

	it('is the empty text, not an empty blob, for an item without span text', () => {
		expect(rootBody([], spacedWords)).toBe('');
		expect(rootBody([''], spacedWords)).toBe('');
		expect(rootBody(['', ''], spacedWords)).toEqual(Buffer.from('\n'));
	});

	it("finds the summary's novel words part by part as in the joined body, ASCII or not", () => {
		for (const spans of [texts, texts.filter((text) => /^[\x00-\x7f]*$/u.test(text)), ['pool zebra', 'fish unicode'], []]) {
			const record = item(spans);
			const {rootParts} = nodeTexts(record, 'root-parts');
			const whole = rootRow(record, rootParts.join('\n'));
			expect(rootFields(record, rootParts)).toEqual({title: whole.title, summary: whole.summary, keywords: whole.keywords, tldr: whole.tldr, scope: whole.scope});
		}
	});

	it('reads the ASCII spans in batches and the others one by one when an item has both (a curly quote in one span of a page)', () => {
		const record: ItemRecord = {
			...item([]),
			tldr: 'Pool zebrafish déjà résumé unicode storm',
			nodes: [{ordinal: 0, parent: null, title: 'root', summary: '', keywords: [], spans: [0, 1, 2, 3]}],
			spans: ['the zebrafish swam', 'It’s a storm', 'naïve déjà vu', 'root cause'].map((text, seq) => ({seq, role: 'user', text})),
		};
		const {rootParts} = nodeTexts(record, 'root-parts');
		// zebrafish and root are only in ASCII spans, storm and deja only in spans that are not.
		expect(rootFields(record, rootParts).summary).toBe('resume unicode');
		expect(rootFields(record, rootParts)).toEqual(rootFields(record, [rootParts.join('\n')]));
	});

	it('finds them in ASCII batches across many tiny spans (300 000 lines once took a minute) as in the joined body', () => {
		// 40 000 spans, ~1.4 MB: more than one batch; 'zebrafish' only in the last span, 'retry' in the first.
		const spans = Array.from({length: 40_000}, (_, seq) => (seq === 0 ? 'retry once' : seq === 39_999 ? 'a zebrafish' : `line ${seq} of the log`));
		const record = item(spans);
		const {rootParts} = nodeTexts(record, 'root-parts');
		const whole = rootRow(record, rootParts.join('\n'));
		const fields = rootFields(record, rootParts);
		expect(fields.summary).toBe(whole.summary);
		expect(fields.summary.split(' ')).not.toContain('zebrafish');
		expect(fields.summary.split(' ')).toContain('storm');
	});
});

/** The body column's `instance` vocabulary of each root row of a store, by item id, and whether the rows' sizes are the same. */
function storedBodies(records: ItemRecord[]): {terms: Record<string, unknown[]>; sizes: unknown[]} {
	const store = openIndexedStore(path.join(tempDir('drill-root-body-'), 'store.db'));
	try {
		for (const record of records) store.writeItem(validateItem(record));
		store.db.exec("CREATE VIRTUAL TABLE temp.v USING fts5vocab (main, search_root_fts, 'instance')");
		const terms: Record<string, unknown[]> = {};
		for (const {id, item_id} of store.db.prepare('SELECT n.id, i.item_id FROM nodes n JOIN items i ON i.id = n.item WHERE n.ordinal = 0').all() as Array<{id: number; item_id: string}>) {
			terms[item_id] = store.db.prepare("SELECT term, offset FROM temp.v WHERE doc = ? AND col = 'body' ORDER BY term, offset").all(id);
		}
		return {terms, sizes: store.db.prepare('SELECT id, sz FROM search_root_fts_docsize ORDER BY id').all()};
	} finally {
		store.close();
	}
}

describe("the root row's body joined by SQLite from the stored spans", () => {
	// Spans owned in the order the tree is walked (as ingest numbers them), one empty, one not owned.
	const inOrder = (spans: string[], id = 'i'): ItemRecord => ({
		...item(spans),
		item_id: id,
		nodes: [
			{ordinal: 0, parent: null, title: 'root', summary: 'naïve zebrafish', keywords: ['unicode', 'pool'], spans: []},
			{ordinal: 1, parent: 0, title: 'First', summary: 'retry', keywords: [], spans: spans.map((_, seq) => seq).slice(0, 3)},
			{ordinal: 2, parent: 0, title: 'Second', summary: '数据库 résumé', keywords: [], spans: spans.map((_, seq) => seq).slice(3)},
		],
	});
	const latin = texts.filter((text) => !/[\u3040-\u9fff]/u.test(text));

	it('is taken only when the parts are the non-empty spans in seq order, as the layout writes them', () => {
		const parts = (record: ItemRecord) => nodeTexts(record, 'root-parts').rootParts;
		expect(bodyIsStoredSpans(inOrder(latin), parts(inOrder(latin)), spacedWords)).toBe(true);
		// Chinese and Japanese runs are spaced apart in the row: not the stored text.
		expect(bodyIsStoredSpans(inOrder(texts), parts(inOrder(texts)), spacedWords)).toBe(false);
		expect(bodyIsStoredSpans(inOrder(texts), parts(inOrder(texts)), (text) => text)).toBe(true);
		// Owned out of seq order (odd spans first), or a span no node owns.
		expect(bodyIsStoredSpans(item(latin), parts(item(latin)), spacedWords)).toBe(false);
		const unowned = inOrder(latin);
		unowned.nodes[2] = {...unowned.nodes[2]!, spans: unowned.nodes[2]!.spans.slice(1)};
		expect(bodyIsStoredSpans(unowned, parts(unowned), spacedWords)).toBe(false);
	});

	it('gives FTS5 the very terms, offsets and sizes the bytes from JavaScript gave', () => {
		const records = [inOrder(latin, 'joined'), inOrder(['', ''], 'empty'), inOrder(texts, 'cjk'), {...item(latin), item_id: 'unordered'}];
		const {terms, sizes} = storedBodies(records);
		for (const record of records) {
			const {rootParts} = nodeTexts(record, 'root-parts');
			const expected = vocabulary(rootBody(rootParts, spacedWords)).map((row) => ({term: (row as {term: string}).term, offset: (row as {offset: number}).offset}));
			expect(terms[record.item_id]).toEqual(expected);
		}
		expect(terms.joined!.length).toBeGreaterThan(10);
		expect(sizes).toHaveLength(records.length);
	});
});
