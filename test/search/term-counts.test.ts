import {describe, expect, it} from 'vitest';
import {termCountsOf} from '../../source/search/indexing/item-index.js';
import {nodeFullText, nodeTexts, rootRow} from '../../source/search/indexing/node-text.js';
import {termCounts} from '../../source/search/semantic/lsa.js';
import {stemmedTerms} from '../../source/text/index-words.js';
import {fixtureItems} from './helpers.js';

const countsOf = (text: string) => termCounts(stemmedTerms(text));

describe('termCountsOf', () => {
	it('counts all of an item once, and each node with its subtree, as their texts would count', () => {
		for (const item of fixtureItems()) {
			const counts = termCountsOf(item);
			const all = [item.title, item.tldr, ...item.nodes.flatMap((node) => [node.title, node.summary, node.keywords.join(' ')]), ...item.spans.map((span) => span.text)].join('\n');
			expect(counts.item).toEqual(countsOf(all));
			// Layout 1: each node's own fields and its subtree's raw text (what an embedder reads).
			const texts = nodeTexts(item, 'every', 1);
			expect(counts.nodes.size).toBe(item.nodes.length);
			for (const text of texts) expect(counts.nodes.get(text.ordinal)).toEqual(countsOf(nodeFullText(text)));
			expect(termCountsOf(item, {whole: false})).toEqual({nodes: counts.nodes});
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
});
