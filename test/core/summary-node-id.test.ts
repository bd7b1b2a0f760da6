import fc from 'fast-check';
import {describe, expect, it} from 'vitest';
import {DrillError} from '../../source/core/errors.js';
import {formatSummaryNodeId, parseSummaryNodeId, summaryNodeId} from '../../source/core/summary-node-id.js';

describe('summary node ids', () => {
	it('parses every shape of the seed', () => {
		expect(parseSummaryNodeId('')).toEqual({kind: 'root'});
		expect(parseSummaryNodeId('conversation_session')).toEqual({kind: 'namespace', namespace: 'conversation_session'});
		expect(parseSummaryNodeId('conversation_session:k3x9')).toEqual({kind: 'item', namespace: 'conversation_session', itemId: 'k3x9'});
		expect(parseSummaryNodeId('conversation_session:k3x9#n12')).toEqual({kind: 'node', namespace: 'conversation_session', itemId: 'k3x9', ordinal: 12});
		expect(parseSummaryNodeId('page:a:b#n0')).toEqual({kind: 'node', namespace: 'page', itemId: 'a:b', ordinal: 0});
	});

	it.each(['x:y#nZ', 'x:y#n', 'x:y#3', 'x:y#n03', ':y', 'x:', 'x:#n1', 'a b', 'x:y z', 'x:y#n1#n2', 'ns#n1', 'x\u0000y', 'x:\u001b[2J', 'x:y#n1234567890'])('refuses %j as bad_node_id', (id) => {
		expect(() => parseSummaryNodeId(id)).toThrowError(DrillError);
		try {
			parseSummaryNodeId(id);
		} catch (error) {
			expect((error as DrillError).code).toBe('bad_node_id');
			expect((error as DrillError).hint).toContain('{namespace}:{item_id}#n{ordinal}');
		}
	});

	it('tells a group id from an item or node id by the part before the first "#"', () => {
		expect(parseSummaryNodeId('ns#project')).toEqual({kind: 'grouping', namespace: 'ns', key: 'project'});
		expect(parseSummaryNodeId('ns#project=/home/a:b#n1')).toEqual({kind: 'group', namespace: 'ns', key: 'project', value: '/home/a:b#n1'});
		expect(parseSummaryNodeId('ns:item#n1')).toMatchObject({kind: 'node'});
		// ":" before the first "#": an item's node, whose suffix must be #nK, never a group.
		expect(() => parseSummaryNodeId('ns:x#project')).toThrow(/the part after "#" must be n followed by an ordinal/u);
		expect(parseSummaryNodeId('ns:a=b')).toEqual({kind: 'item', namespace: 'ns', itemId: 'a=b'});
	});

	it('gives the item form to ordinal 0, as hits carry it', () => {
		expect(summaryNodeId('page', 'p7qa2')).toBe('page:p7qa2');
		expect(summaryNodeId('page', 'p7qa2', 0)).toBe('page:p7qa2');
		expect(summaryNodeId('page', 'p7qa2', 4)).toBe('page:p7qa2#n4');
	});

	it('any string parses to an id that round-trips, or raises bad_node_id and nothing else', () => {
		const pieces = fc.constantFrom(':', '#', 'n', '0', '1', '9', 'a', 'Z', '_', '-', '.', ' ', '\u0000', '\u001b', '\u009b', '\u202e', 'é', '日', '😀', '#n', '#n0', '#n07', '#project', '#folder', '#day', '=', '%', '%20', '%2F', '%C3%A9', '%ZZ', '%E9', '/', '..', '%00');
		const interesting = fc.array(pieces, {maxLength: 12}).map((parts) => parts.join(''));
		fc.assert(
			fc.property(fc.oneof(fc.string(), fc.string({unit: 'grapheme'}), interesting), (input) => {
				let parsed;
				try {
					parsed = parseSummaryNodeId(input);
				} catch (error) {
					expect(error).toBeInstanceOf(DrillError);
					expect((error as DrillError).code).toBe('bad_node_id');
					return;
				}
				// Group values may be written with more escapes than needed: the formatted id is the canonical one.
				if (parsed.kind !== 'group') expect(formatSummaryNodeId(parsed)).toBe(input);
				expect(parseSummaryNodeId(formatSummaryNodeId(parsed))).toEqual(parsed);
			}),
			{numRuns: 5000},
		);
	});

	it('formats every parsed id back to a parseable id', () => {
		const segment = fc.stringMatching(/^[A-Za-z0-9_.-]{1,20}$/u);
		fc.assert(
			fc.property(segment, segment, fc.option(fc.nat({max: 999_999_999})), (namespace, itemId, ordinal) => {
				const id = ordinal === null ? {kind: 'item' as const, namespace, itemId} : {kind: 'node' as const, namespace, itemId, ordinal};
				expect(parseSummaryNodeId(formatSummaryNodeId(id))).toEqual(id);
			}),
		);
	});
});
