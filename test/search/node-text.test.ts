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
});
