import {describe, expect, it} from 'vitest';
import {embedCounts, trainLsa, trainLsaBags, type LsaTerm} from '../../source/search/semantic/lsa.js';
import {LsaEmbedder} from '../../source/search/semantic/lsa-store.js';
import {nodeFullText, nodeTexts} from '../../source/search/indexing/node-text.js';
import {termCounts, termCountsOf} from '../../source/text/item-term-counts.js';
import {stemmedTerms} from '../../source/text/index-words.js';
import {TermIds} from '../../source/text/term-bags.js';
import {fixtureItems} from './helpers.js';

const countsOf = (text: string) => termCounts(stemmedTerms(text));

/** The model's terms, counting how often each is looked up. */
class CountedTerms extends Map<string, LsaTerm> {
	lookups = new Map<string, number>();
	override get(term: string): LsaTerm | undefined {
		this.lookups.set(term, (this.lookups.get(term) ?? 0) + 1);
		return super.get(term);
	}
}

describe('term bags in the semantic model', () => {
	const items = fixtureItems();

	it('train the same model, bit for bit, as the counts kept as maps', () => {
		const ids = new TermIds();
		const bags = items.map((item) => termCountsOf(item, {ids}).item!);
		const maps = items.map((item) => countsOf([item.title, item.tldr, ...item.nodes.flatMap((node) => [node.title, node.summary, node.keywords.join('\n')]), ...item.spans.map((span) => span.text)].join('\n')));
		for (const weighting of ['tfidf', 'logentropy'] as const) {
			const fromBags = trainLsaBags(bags, ids, {dimension: 8, weighting});
			const fromMaps = trainLsa(maps, {dimension: 8, weighting});
			expect(fromBags.terms.size).toBeGreaterThan(50);
			expect([...fromBags.terms.keys()]).toEqual([...fromMaps.terms.keys()]);
			expect(fromBags).toEqual(fromMaps);
		}
	});

	it('embed each node as the per-node embedding of its full text did, looking each term of an item up once', () => {
		const model = trainLsa(
			items.map((item) => termCountsOf(item)).map((counts) => new Map([...counts.item!.ids].map((id, i) => [counts.ids.term(id), counts.item!.counts[i]!]))),
			{dimension: 16},
		);
		const terms = new CountedTerms(model.terms);
		const embedder = new LsaEmbedder(16, {model: {...model, terms}});
		let compared = 0;
		for (const item of items) {
			const counts = termCountsOf(item, {whole: false});
			terms.lookups.clear();
			for (const text of nodeTexts(item, 'every', 1)) {
				const before = embedCounts(countsOf(nodeFullText(text)), 16, (term) => model.terms.get(term));
				const after = embedder.embedBag(counts.nodes.get(text.ordinal)!, counts.ids);
				expect(after).toEqual(before);
				if (before) compared++;
			}
			expect(Math.max(...terms.lookups.values())).toBe(1);
			expect(terms.lookups.size).toBe(counts.ids.size);
		}
		expect(compared).toBeGreaterThanOrEqual(10);
	});
});
