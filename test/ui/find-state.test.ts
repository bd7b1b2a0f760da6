import {expect, test} from 'vitest';
import {appReducer, initialState, type AppAction, type AppState} from '../../source/ui/app-state.js';
import {findMatches, findPosition, patternRanges} from '../../source/ui/find-state.js';
import {decodeKeys} from '../../source/ui/keys.js';
import type {TreeView} from '../../source/core/tree-view.js';

const reduce = (state: AppState, ...actions: AppAction[]) => actions.reduce(appReducer, state);
const press = (state: AppState, raw: string) => reduce(state, ...decodeKeys(raw).keys.map((key) => ({type: 'key', key}) as const));
const escape = (state: AppState) => reduce(state, {type: 'key', key: {name: 'escape'}});

const content = Array.from({length: 60}, (_, index) => (index % 10 === 0 ? `line ${index} has a Pool and a pool` : `line ${index}`)).join('\n');
const view: TreeView = {domain: 'd', node_id: 'x', depth: 'full', title: 'X', kind: 'leaf', parent_id: null, breadcrumbs: [], children: [], children_total: 0, offset: 0, limit: 1, content};

function detailFocused(): AppState {
	const state = reduce(initialState({columns: 100, rows: 30}, false, 'full', false), {type: 'detail', key: 'k', depth: 'full', view});
	return {...state, focus: 'detail', effects: []};
}

test('smart case: a lower-case pattern matches any case, a capital only itself', () => {
	expect(patternRanges('a Pool and a pool', 'pool', false)).toEqual([[2, 5], [13, 16]]);
	expect(patternRanges('a Pool and a pool', 'Pool', false)).toEqual([[2, 5]]);
	expect(patternRanges('pool exhaustion here', 'exhaustion pool', true)).toEqual([[0, 3], [5, 14]]);
});

test('/ finds as you type, Enter keeps it, n and N step round the matches, Esc clears', () => {
	let state = press(detailFocused(), '/po');
	expect(state.mode).toBe('find');
	expect(findMatches(state)).toHaveLength(12);
	expect(findPosition(state)).toBe('[1/12]');
	state = press(state, 'ol\r');
	expect(state).toMatchObject({mode: 'browse', focus: 'detail'});
	state = press(state, 'n');
	expect(findPosition(state)).toBe('[2/12]');
	state = press(state, 'nn');
	const third = findMatches(state)[3]!;
	expect(state.detail.scroll).toBe(third.line - 2);
	state = press(state, 'NNNN');
	expect(findPosition(state)).toBe('[12/12]');
	state = escape(state);
	expect(state.find.pattern).toBe('');
	expect(escape(state).focus).toBe('tree');
});

test('Esc in the find box goes back to where the pane was and keeps the last pattern; / Enter finds it again', () => {
	let state = press(detailFocused(), '/Pool\r');
	expect(findMatches(state)).toHaveLength(6);
	const scroll = state.detail.scroll;
	state = press(state, '/line 5');
	expect(state.detail.scroll).not.toBe(scroll);
	state = escape(state);
	expect(state).toMatchObject({mode: 'browse', detail: {scroll}, find: {pattern: 'Pool'}});
	state = press(state, '/\r');
	expect(findPosition(state)).toBe('[2/6]');
});

test('a pattern that is not found says so; a new node resets the current match', () => {
	const state = press(detailFocused(), '/zzz\r');
	expect(state.message).toEqual({text: 'pattern not found: "zzz"', kind: 'error'});
	const found = press(detailFocused(), '/pool\rn');
	const other = reduce(found, {type: 'detail', key: 'other', depth: 'full', view: {...view, node_id: 'y'}});
	expect(other.find).toMatchObject({pattern: 'pool', index: -1});
	expect(findPosition(other)).toBe('[–/12]');
});
