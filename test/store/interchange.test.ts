import {describe, expect, it} from 'vitest';
import {DrillError} from '../../source/core/errors.js';
import {parseItems, validateItem} from '../../source/store/interchange.js';
import {makeItem} from '../helpers/items.js';

function refusal(value: unknown): string {
	try {
		validateItem(value);
	} catch (error) {
		expect(error).toBeInstanceOf(DrillError);
		return (error as DrillError).line;
	}
	throw new Error('expected a refusal');
}

describe('the interchange shape', () => {
	it('accepts one item, an array, or JSON lines', () => {
		const a = makeItem('page', 'a');
		const b = makeItem('page', 'b');
		expect(parseItems(JSON.stringify(a)).items).toHaveLength(1);
		expect(parseItems(JSON.stringify([a, b])).items.map((item) => item.item_id)).toEqual(['a', 'b']);
		expect(parseItems(`${JSON.stringify(a)}\n\n${JSON.stringify(b)}\n`).items).toHaveLength(2);
	});

	it('keeps the good JSON lines and reports the broken ones by line number', () => {
		const a = JSON.stringify(makeItem('page', 'a'));
		const parsed = parseItems(`${a}\n{"namespace": "page"\n${JSON.stringify({...makeItem('page', 'c'), nodes: []})}\n${JSON.stringify(makeItem('page', 'b'))}`);
		expect(parsed.items.map((item) => item.item_id)).toEqual(['a', 'b']);
		expect(parsed.failed.map((failure) => failure.line)).toEqual([2, 3]);
		expect(parsed.failed[1]!.reason).toContain('"nodes" must be a non-empty array');
	});

	it('refuses what is not JSON, or empty', () => {
		expect(() => parseItems('')).toThrowError(/the input is empty/u);
		expect(() => parseItems('hello\nworld')).toThrowError(/not JSON/u);
	});

	it('says which field is wrong and what would be right', () => {
		expect(refusal({item_id: 'x', nodes: []})).toContain('"namespace" is missing');
		expect(refusal({...makeItem('a:b', 'x')})).toContain('namespace "a:b" is not valid');
		expect(refusal({...makeItem('page', 'x#1')})).toContain('item_id "x#1" is not valid');
		expect(refusal({...makeItem('page', 'x'), generated_at: 'yesterday'})).toContain('is not a date');
		const item = makeItem('page', 'x');
		expect(refusal({...item, nodes: [{...item.nodes[0], parent: 3}]})).toContain('root node must have ordinal 0 and parent null');
		expect(refusal({...item, nodes: [item.nodes[0], {...item.nodes[1], parent: 42}]})).toContain('names parent 42, which does not exist');
		expect(refusal({...item, nodes: [item.nodes[0], {...item.nodes[1], ordinal: 1, parent: 2}, {...item.nodes[2], ordinal: 2, parent: 1, spans: []}]})).toContain('cycle');
		expect(refusal({...item, nodes: [item.nodes[0], {...item.nodes[1], spans: [99]}]})).toContain('span 99 is not in the item');
	});

	it('gives unclaimed spans to the root so no raw text is lost', () => {
		const item = makeItem('page', 'x', {topics: 0});
		const parsed = validateItem({...item, spans: [{seq: 0, role: 'text', text: 'orphan'}]});
		expect(parsed.nodes[0]!.spans).toEqual([0]);
	});

	it('checks spans numbered by their place as it checks any other numbering', () => {
		const node = (ordinal: number, parent: number | null, spans: number[]) => ({ordinal, parent, title: `n${ordinal}`, summary: '', keywords: [], spans});
		const shaped = (seqs: number[], owned: number[][]) => ({
			namespace: 'page',
			item_id: 'x',
			generated_at: '2026-01-01T00:00:00.000Z',
			nodes: [node(0, null, owned[0]!), ...owned.slice(1).map((spans, index) => node(index + 1, 0, spans))],
			spans: seqs.map((seq) => ({seq, role: 'text', text: `s${seq}`, time: '2026-01-01T00:00:0' + (seq % 10) + '.000Z'})),
		});
		// By place (0, 1, 2, 3) and not (spans listed in another order, or numbered with gaps).
		for (const seqs of [[0, 1, 2, 3], [1, 0, 2, 3], [0, 1, 2, 7]]) {
			const last = seqs[3]!;
			const item = validateItem(shaped(seqs, [[], [0, 1], [2]]));
			expect(item.spans.map((span) => span.seq)).toEqual([...seqs].sort((a, b) => a - b));
			// The unclaimed span goes to the root.
			expect(item.nodes.map((each) => each.spans)).toEqual([[last], [0, 1], [2]]);
			expect(item.spans[0]!.time).toBe('2026-01-01T00:00:00.000Z');
			expect(refusal(shaped(seqs, [[], [0, 1], [1]]))).toContain('span 1 is already owned by node 1');
			expect(refusal(shaped(seqs, [[], [0], [4]]))).toContain('span 4 is not in the item');
			expect(refusal(shaped(seqs, [[], [0], ['1' as unknown as number]]))).toContain('span "1" is not in the item');
			expect(refusal(shaped(seqs, [[], [0], [1.5]]))).toContain('span 1.5 is not in the item');
			expect(refusal(shaped([...seqs, seqs[1]!], [[], [0], [2]]))).toContain(`seq ${seqs[1]} appears twice`);
		}
		expect(refusal(shaped([0, 0], [[], [0]]))).toContain('seq 0 appears twice');
		// A time in another form is still normalized.
		const other = shaped([0], [[0]]);
		other.spans[0]!.time = '2026-01-01T01:00:00+01:00';
		expect(validateItem(other).spans[0]!.time).toBe('2026-01-01T00:00:00.000Z');
	});
});
