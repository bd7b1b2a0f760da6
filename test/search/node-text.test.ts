import {describe, expect, it} from 'vitest';
import {nodeTexts} from '../../source/search/indexing/node-text.js';
import type {ItemRecord} from '../../source/store/interchange.js';

function item(nodes: ItemRecord['nodes'], spans: ItemRecord['spans']): ItemRecord {
	return {namespace: 'n', item_id: 'i', title: 'T', tldr: '', generated_at: '2026-01-01T00:00:00.000Z', nodes, spans};
}

describe('nodeTexts on items of any shape', () => {
	it('gathers a subtree of 300 000 spans (a JSONL of a million tiny lines overflowed the stack)', () => {
		const count = 300_000;
		const spans = Array.from({length: count}, (_, seq) => ({seq, role: 'user', text: `m${seq}`}));
		const texts = nodeTexts(
			item(
				[
					{ordinal: 0, parent: null, title: 'root', summary: '', keywords: [], spans: []},
					{ordinal: 1, parent: 0, title: 'all', summary: '', keywords: [], spans: spans.map((span) => span.seq)},
				],
				spans,
			),
		);
		const root = texts.find((text) => text.ordinal === 0)!;
		expect(root.body.split('\n')).toHaveLength(count);
		expect(root.body.endsWith(`m${count - 1}`)).toBe(true);
	});

	it('gathers a chain of nodes 100 000 deep, in order, without recursion', () => {
		const depth = 100_000;
		const nodes: ItemRecord['nodes'] = Array.from({length: depth}, (_, ordinal) => ({ordinal, parent: ordinal === 0 ? null : ordinal - 1, title: `n${ordinal}`, summary: '', keywords: [], spans: [ordinal]}));
		const spans = nodes.map((node) => ({seq: node.ordinal, role: 'user', text: `s${node.ordinal}`}));
		const root = nodeTexts(item(nodes, spans), 'root').find((text) => text.ordinal === 0)!;
		expect(root.body.split('\n').slice(0, 3)).toEqual(['s0', 's1', 's2']);
		expect(root.body.split('\n')).toHaveLength(depth);
	});

	it('reads the same bodies whether spans are numbered by their place or not', () => {
		const nodes: ItemRecord['nodes'] = [
			{ordinal: 0, parent: null, title: 'root', summary: '', keywords: [], spans: [0]},
			{ordinal: 1, parent: 0, title: 'a', summary: '', keywords: [], spans: [2, 1]},
			{ordinal: 2, parent: 0, title: 'b', summary: '', keywords: [], spans: [3]},
		];
		const spans = ['zero', 'one', 'two', 'three'].map((text, seq) => ({seq, role: 'user', text}));
		const bodies = (of: ItemRecord) => nodeTexts(of).map((text) => text.body);
		const expected = ['zero\none\ntwo\nthree', 'one\ntwo', 'three'];
		expect(bodies(item(nodes, spans))).toEqual(expected);
		// Listed out of order: looked up by seq, not by place.
		expect(bodies(item(nodes, [...spans].reverse()))).toEqual(expected);
		expect(nodeTexts(item(nodes, [...spans].reverse()), 'root-parts').rootParts).toEqual(['zero', 'one', 'two', 'three']);
		// Numbered with gaps: the seq 5 span is no span at place 5.
		const gapped = nodes.map((node) => ({...node, spans: node.spans.map((seq) => seq * 5)}));
		expect(bodies(item(gapped, spans.map((span) => ({...span, seq: span.seq * 5}))))).toEqual(expected);
		// An unvalidated item naming a seq twice: the last span of it wins, as a map of them gave.
		expect(bodies(item(nodes, [...spans, {seq: 1, role: 'user', text: 'uno'}]))).toEqual(['zero\nuno\ntwo\nthree', 'uno\ntwo', 'three']);
	});
});
