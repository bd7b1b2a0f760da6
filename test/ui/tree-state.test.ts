import {describe, expect, test} from 'vitest';
import type {TreeChild} from '../../source/core/tree-view.js';
import {ancestry, emptyTree, nodeKey, reveal, selectedNode, treeReducer, type TreeAction, type TreeState} from '../../source/ui/tree-state.js';

const child = (id: string, name = id, has = false, count?: number): TreeChild => ({node_id: id, name, has_children: has, ...(count === undefined ? {} : {child_count: count})});
const apply = (state: TreeState, ...actions: TreeAction[]) => actions.reduce(treeReducer, state);
const names = (state: TreeState) => state.rows.map((key) => state.nodes.get(key)!.name);
const k = (id: string) => nodeKey('d', id);

function start(height = 10): TreeState {
	return apply({...emptyTree, height}, {type: 'roots', domains: ['d', 'e']});
}

describe('tree reducer', () => {
	test('one row per domain, cursor on the first', () => {
		const state = start();
		expect(names(state)).toEqual(['d', 'e']);
		expect(selectedNode(state)?.key).toBe(k(''));
	});

	test('expanding inserts loaded children below the node, collapsing removes its whole subtree', () => {
		let state = apply(start(), {type: 'children', key: k(''), offset: 0, children: [child('a', 'a', true, 2), child('b')], total: 2}, {type: 'expand', key: k('')});
		expect(names(state)).toEqual(['d', 'a', 'b', 'e']);
		state = apply(state, {type: 'children', key: k('a'), offset: 0, children: [child('a/1'), child('a/2')], total: 2}, {type: 'expand', key: k('a')});
		expect(names(state)).toEqual(['d', 'a', 'a/1', 'a/2', 'b', 'e']);
		expect(state.nodes.get(k('a/1'))!.level).toBe(2);
		state = apply(state, {type: 'collapse', key: k('')});
		expect(names(state)).toEqual(['d', 'e']);
		// Opening again restores what was open below.
		state = apply(state, {type: 'expand', key: k('')});
		expect(names(state)).toEqual(['d', 'a', 'a/1', 'a/2', 'b', 'e']);
	});

	test('the cursor stays on its node when rows appear or vanish above it', () => {
		let state = apply(start(), {type: 'children', key: k(''), offset: 0, children: [child('a')], total: 1}, {type: 'moveTo', row: 1});
		expect(selectedNode(state)?.name).toBe('e');
		state = apply(state, {type: 'expand', key: k('')});
		expect(selectedNode(state)?.name).toBe('e');
		state = apply(state, {type: 'collapse', key: k('')});
		expect(selectedNode(state)?.name).toBe('e');
	});

	test('collapsing with the cursor inside the subtree moves it to the collapsed node', () => {
		let state = apply(start(), {type: 'children', key: k(''), offset: 0, children: [child('a'), child('b')], total: 2}, {type: 'expand', key: k('')}, {type: 'moveTo', row: 2});
		expect(selectedNode(state)?.name).toBe('b');
		state = apply(state, {type: 'collapse', key: k('')});
		expect(selectedNode(state)?.name).toBe('d');
	});

	test('a later page of children lands after the loaded ones (and their open subtrees)', () => {
		let state = apply(start(), {type: 'children', key: k(''), offset: 0, children: [child('a', 'a', true)], total: 3}, {type: 'expand', key: k('')});
		state = apply(state, {type: 'children', key: k('a'), offset: 0, children: [child('a/1')], total: 1}, {type: 'expand', key: k('a')});
		state = apply(state, {type: 'children', key: k(''), offset: 1, children: [child('b'), child('c')], total: 3});
		expect(names(state)).toEqual(['d', 'a', 'a/1', 'b', 'c', 'e']);
		expect(state.nodes.get(k(''))!.childKeys).toHaveLength(3);
	});

	test('a page that does not continue the loaded children is ignored', () => {
		const state = apply(start(), {type: 'children', key: k(''), offset: 0, children: [child('a')], total: 5});
		expect(treeReducer(state, {type: 'children', key: k(''), offset: 3, children: [child('x')], total: 5})).toBe(state);
	});

	test('a child id seen before is not added twice', () => {
		const state = apply(start(), {type: 'children', key: k(''), offset: 0, children: [child('a'), child('a')], total: 2});
		expect(state.nodes.get(k(''))!.childKeys).toEqual([k('a')]);
	});

	test('a failed load marks the node; a leaf does not expand', () => {
		let state = apply(start(), {type: 'failed', key: k(''), error: 'no store'});
		expect(state.nodes.get(k(''))!.error).toBe('no store');
		state = apply(state, {type: 'children', key: k(''), offset: 0, children: [child('leaf')], total: 1}, {type: 'expand', key: k('')});
		expect(state.nodes.get(k(''))!.error).toBeUndefined();
		expect(treeReducer(state, {type: 'expand', key: k('leaf')})).toBe(state);
	});

	test('moves are clamped, pages move the window with the cursor', () => {
		const many = Array.from({length: 100}, (_, index) => child(`c${index}`));
		let state = apply(start(10), {type: 'children', key: k(''), offset: 0, children: many, total: 100}, {type: 'expand', key: k('')});
		state = apply(state, {type: 'move', by: -5});
		expect(state.cursor).toBe(0);
		state = apply(state, {type: 'page', by: 10});
		expect([state.cursor, state.top]).toEqual([10, 10]);
		state = apply(state, {type: 'moveTo', row: -1});
		expect(selectedNode(state)?.name).toBe('e');
		expect(state.top).toBe(state.rows.length - 10);
		state = apply(state, {type: 'move', by: 1});
		expect(state.cursor).toBe(state.rows.length - 1);
		state = apply(state, {type: 'moveTo', row: 0});
		expect(state.top).toBe(0);
	});

	test('the window follows the cursor one row at a time and survives a height change', () => {
		const many = Array.from({length: 30}, (_, index) => child(`c${index}`));
		let state = apply(start(5), {type: 'children', key: k(''), offset: 0, children: many, total: 30}, {type: 'expand', key: k('')});
		for (let step = 0; step < 7; step++) state = treeReducer(state, {type: 'move', by: 1});
		expect([state.cursor, state.top]).toEqual([7, 3]);
		state = treeReducer(state, {type: 'height', height: 2});
		expect(state.cursor - state.top).toBeLessThan(2);
		expect(state.cursor).toBeGreaterThanOrEqual(state.top);
	});

	test('reveal opens every loaded ancestor and selects the node', () => {
		let state = apply(start(), {type: 'children', key: k(''), offset: 0, children: [child('a', 'a', true)], total: 1});
		state = apply(state, {type: 'children', key: k('a'), offset: 0, children: [child('a/1')], total: 1});
		expect(ancestry(state, k('a/1'))).toEqual([k(''), k('a'), k('a/1')]);
		state = reveal(state, k('a/1'));
		expect(names(state)).toEqual(['d', 'a', 'a/1', 'e']);
		expect(selectedNode(state)?.name).toBe('a/1');
	});

	test('names are made inert when they enter the tree', () => {
		const state = apply(start(), {type: 'children', key: k(''), offset: 0, children: [child('x', 'bad\u001b]0;title\u0007 name\u001b[2J')], total: 1});
		expect(state.nodes.get(k('x'))!.name).toBe('bad name');
	});
});
