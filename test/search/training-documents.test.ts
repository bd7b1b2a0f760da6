import {describe, expect, it} from 'vitest';
import {semanticSay} from '../../source/search/funnel/fusion.js';
import {retrainLsa} from '../../source/search/indexing/reindex.js';
import {spanTrainingItems, spanTrainingMaxSpans, trainsOnSpans} from '../../source/search/indexing/training-documents.js';
import {LsaEmbedder} from '../../source/search/semantic/lsa-store.js';
import {readSemanticMeta} from '../../source/search/semantic/semantic-meta.js';
import type {ItemRow} from '../../source/store/summary-store.js';
import {fixtureItems, fixtureStore} from './helpers.js';

const rows = (count: number, spans: number) => Array.from({length: count}, () => ({span_count: spans}) as ItemRow);

describe('what the LSA model trains on', () => {
	it("a small store: each turn of its conversations, and each other item whole", () => {
		const {store} = fixtureStore();
		try {
			// Two chats of 6 and 3 turns, and two documents (spans without a speaker).
			expect(fixtureItems().map((item) => item.spans.length)).toEqual([6, 3, 4, 1]);
			const meta = readSemanticMeta(store)!;
			expect(meta.builtItems).toBe(4);
			expect(meta.trainedDocuments).toBe(6 + 3 + 1 + 1);
			// The model has that share of its say in the hybrid, not the 4 items' share.
			expect(semanticSay('lsa', meta.trainedDocuments!)).toBeCloseTo(11 / 64);
		} finally {
			store.close();
		}
	});

	it('an item without spans counts whole, so its words stay in the model', () => {
		const {store} = fixtureStore({train: false});
		try {
			store.writeItem({namespace: 'notes', item_id: 'hangar', title: 'Zeppelin hangar', generated_at: '2026-01-01T00:00:00Z', source: {kind: 'text'}, tldr: 'The zeppelin hangar roof leaks.', nodes: [{ordinal: 0, parent: null, title: 'Zeppelin hangar', summary: 'The zeppelin hangar roof leaks.', keywords: ['zeppelin'], spans: []}], spans: []});
			retrainLsa(store);
			expect(readSemanticMeta(store)!.trainedDocuments).toBe(11 + 1);
			expect(new LsaEmbedder(readSemanticMeta(store)!.dimension, {db: store.db}).knows('zeppelin')).toBe(true);
		} finally {
			store.close();
		}
	});

	it('a store of many items, or of too many spans: its items', () => {
		expect(trainsOnSpans(rows(spanTrainingItems - 1, 10))).toBe(true);
		expect(trainsOnSpans(rows(spanTrainingItems, 10))).toBe(false);
		expect(trainsOnSpans(rows(10, spanTrainingMaxSpans / 10))).toBe(true);
		expect(trainsOnSpans(rows(10, spanTrainingMaxSpans / 10 + 1))).toBe(false);
		expect(trainsOnSpans([])).toBe(false);
	});

	it('a retrained store records its training documents again', () => {
		const {store} = fixtureStore();
		try {
			const first = readSemanticMeta(store)!;
			retrainLsa(store);
			expect(readSemanticMeta(store)).toMatchObject({generation: first.generation + 1, trainedDocuments: first.trainedDocuments});
		} finally {
			store.close();
		}
	});
});
