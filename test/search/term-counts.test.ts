import {describe, expect, it} from 'vitest';
import {nodeFullText, nodeTexts, rootRow} from '../../source/search/indexing/node-text.js';
import {termCounts, termCountsOf, type ItemTermCounts} from '../../source/text/item-term-counts.js';
import {bagMap} from '../../source/text/term-bags.js';
import {stemmedTerms} from '../../source/text/index-words.js';
import {fixtureItems} from './helpers.js';

const countsOf = (text: string) => termCounts(stemmedTerms(text));
/** The counts as term → count maps, in their order. */
const maps = (counts: ItemTermCounts) => ({
	...(counts.item ? {item: bagMap(counts.item, counts.ids)} : {}),
	nodes: new Map([...counts.nodes].map(([ordinal, bag]) => [ordinal, bagMap(bag, counts.ids)])),
});

describe('termCountsOf', () => {
	it('counts all of an item once, and each node with its subtree, as their texts would count', () => {
		for (const item of fixtureItems()) {
			const counts = maps(termCountsOf(item));
			const all = [item.title, item.tldr, ...item.nodes.flatMap((node) => [node.title, node.summary, node.keywords.join(' ')]), ...item.spans.map((span) => span.text)].join('\n');
			expect(counts.item).toEqual(countsOf(all));
			// Layout 1: each node's own fields and its subtree's raw text (what an embedder reads).
			const texts = nodeTexts(item, 'every', 1);
			expect(counts.nodes.size).toBe(item.nodes.length);
			for (const text of texts) expect(counts.nodes.get(text.ordinal)).toEqual(countsOf(nodeFullText(text)));
			expect(maps(termCountsOf(item, {whole: false}))).toEqual({nodes: counts.nodes});
		}
	});

	it('counts the terms in the order the joined text gives them, non-ASCII fields among them', () => {
		// The model's training sums each document's counts in their order: the same order is the same model, bit for bit.
		for (const item of fixtureItems()) {
			const mixed = {
				...item,
				title: 'Café Ünïcode caching',
				tldr: `${item.tldr} naïve 登录 修复 retries…`,
				nodes: item.nodes.map((node, i) => (i === 1 ? {...node, title: 'Überblick der Straße', keywords: ['Ärger', 'retry']} : node)),
			};
			const counts = maps(termCountsOf(mixed));
			const all = [mixed.title, mixed.tldr, ...mixed.nodes.flatMap((node) => [node.title, node.summary, node.keywords.join('\n')]), ...mixed.spans.map((span) => span.text)].join('\n');
			expect([...counts.item!]).toEqual([...countsOf(all)]);
			for (const text of nodeTexts(mixed, 'every', 1)) expect([...counts.nodes.get(text.ordinal)!].sort()).toEqual([...countsOf(nodeFullText(text))].sort());
			const root = nodeTexts(mixed, 'every', 1).find((text) => text.ordinal === 0)!;
			const fields = [root.title, root.tldr, root.summary.split('\n')[0], root.keywords].join('\n');
			expect([...counts.nodes.get(0)!.keys()].slice(0, new Set(stemmedTerms(fields)).size)).toEqual([...new Set(stemmedTerms(fields))]);
		}
	});
});

describe('rootRow', () => {
	it('finds the summary words an ASCII body has as the general path does', () => {
		for (const item of fixtureItems()) {
			const body = nodeTexts(item, 'root').find((text) => text.ordinal === 0)!.body;
			const extra = {...item, tldr: `${item.tldr} zebrafish Ünïcode naïve`, nodes: item.nodes.map((node, i) => (i === 1 ? {...node, summary: `${node.summary} (quasar-7)`} : node))};
			// A middle dot is no word: the same words, read by the path for text that is not ASCII.
			expect(rootRow(extra, body).summary).toBe(rootRow(extra, `${body} ·`).summary);
			expect(rootRow(extra, body).summary.split(' ')).toEqual(expect.arrayContaining(['zebrafish', 'unicode', 'naive']));
		}
	});

	it('counts a summary word as in the body only where the body has it as a whole word', () => {
		const [item] = fixtureItems();
		const summarized = {...item!, title: 'T', tldr: 'alpha beta gamma delta x7 epsilon', nodes: item!.nodes.map((node) => ({...node, title: '', summary: '', keywords: []}))};
		// alpha only inside longer words, beta after an underscore, gamma at the very start, delta at the very end, x7 after a digit.
		const body = 'gamma alphabet xalpha beta_x 3x7 Epsilon-like DELTA';
		expect(rootRow(summarized, body).summary).toBe('alpha x7');
		expect(rootRow(summarized, body).summary).toBe(rootRow(summarized, `${body} ·`).summary);
	});
});

describe('stemmedTerms', () => {
	it('reads ASCII text as the general path for any text does', () => {
		const samples = [
			...fixtureItems().flatMap((item) => [item.title, item.tldr, ...item.spans.map((span) => span.text)]),
			'The RETRY storms were Retried 3 times: x 12345 1234 a1 max_connections single-flight ID:3f6c9 HTTP/2 v1.9.8',
			`${'a'.repeat(40)} ${'b'.repeat(41)} Running RUNS ran, it's the "Pool" (pooling) — done`.replace('—', '-'),
			'',
			'   ...   ',
		];
		for (const text of samples) {
			// A middle dot is no word and not ASCII: the same terms, read by the general path.
			expect(stemmedTerms(text)).toEqual(stemmedTerms(`${text} ·`));
		}
		expect(stemmedTerms('The RETRY storms were Retried 3 times: 12345 1234 a1')).toEqual(['retri', 'storm', 'retri', 'time', '1234', 'a1']);
	});
});
