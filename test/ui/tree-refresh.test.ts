import {describe, expect, it} from 'vitest';
import type {TreeChild} from '../../source/core/tree-view.js';
import {nodeKey, selectedNode, treeReducer, type TreeState} from '../../source/ui/tree-state.js';
import {rowNote, rowNoteParts} from '../../source/ui/provenance.js';

const item = (id: string, name: string, extra: Partial<TreeChild> = {}): TreeChild => ({node_id: `ns:${id}`, name, has_children: true, child_count: 2, ...extra});
const key = (id: string) => nodeKey('summary', id);

function opened(): TreeState {
	let tree = treeReducer({nodes: new Map(), rows: [], cursor: 0, top: 0, height: 20}, {type: 'roots', domains: ['summary']});
	tree = treeReducer(tree, {type: 'children', key: key(''), offset: 0, children: [{node_id: 'ns', name: 'ns', has_children: true}], total: 1});
	tree = treeReducer(tree, {type: 'expand', key: key('')});
	tree = treeReducer(tree, {type: 'children', key: key('ns'), offset: 0, children: [item('b', 'B'), item('c', 'C')], total: 2});
	tree = treeReducer(tree, {type: 'expand', key: key('ns')});
	tree = treeReducer(tree, {type: 'children', key: key('ns:b'), offset: 0, children: [{node_id: 'ns:b#n1', name: 'topic', has_children: false}], total: 1});
	tree = treeReducer(tree, {type: 'expand', key: key('ns:b')});
	return treeReducer(tree, {type: 'select', key: key('ns:c')});
}

describe('tree refresh and replace', () => {
	it('a refresh brings new children in, updates the ones still there, keeps what is open and the cursor on its node', () => {
		const before = opened();
		expect(before.rows).toEqual([key(''), key('ns'), key('ns:b'), key('ns:b#n1'), key('ns:c')]);
		const after = treeReducer(before, {type: 'refresh', key: key('ns'), children: [item('a', 'A (new)', {source: {agent: 'codex'}}), item('b', 'B grown', {child_count: 5}), item('c', 'C')], total: 3});
		expect(after.rows).toEqual([key(''), key('ns'), key('ns:a'), key('ns:b'), key('ns:b#n1'), key('ns:c')]);
		expect(selectedNode(after)?.id).toBe('ns:c');
		expect(after.nodes.get(key('ns:b'))).toMatchObject({name: 'B grown', childCount: 5, expanded: true});
		expect(after.nodes.get(key('ns:a'))?.source).toEqual({agent: 'codex'});
		// A child that is gone leaves with its subtree.
		const gone = treeReducer(after, {type: 'refresh', key: key('ns'), children: [item('a', 'A'), item('c', 'C')], total: 2});
		expect(gone.rows).toEqual([key(''), key('ns'), key('ns:a'), key('ns:c')]);
		expect(gone.nodes.has(key('ns:b#n1'))).toBe(false);
		expect(selectedNode(gone)?.id).toBe('ns:c');
	});

	it('replace puts another node in a row: same place, subtree forgotten, cursor on it', () => {
		const before = treeReducer(opened(), {type: 'select', key: key('ns')});
		const after = treeReducer(before, {type: 'replace', key: key('ns'), id: 'ns#agent', name: 'ns by agent'});
		expect(after.rows).toEqual([key(''), key('ns#agent')]);
		expect(selectedNode(after)).toMatchObject({id: 'ns#agent', name: 'ns by agent', level: 1, expanded: false});
		expect(after.nodes.get(key(''))?.childKeys).toEqual([key('ns#agent')]);
		expect(after.nodes.has(key('ns:b'))).toBe(false);
	});
});

describe('the row note', () => {
	it('takes whole parts from the first, as many as fit', () => {
		const parts = rowNoteParts({agent: 'claude-code', project: '/home/ana/src/payments/', started_at: '2026-10-14T09:12:03Z', turns: 3});
		expect(parts).toEqual(['claude-code', 'payments', '2026-10-14']);
		expect(rowNote(parts, 40, (text) => text.length)).toBe('claude-code · payments · 2026-10-14');
		expect(rowNote(parts, 30, (text) => text.length)).toBe('claude-code · payments');
		expect(rowNote(parts, 5, (text) => text.length)).toBe('');
	});
});
