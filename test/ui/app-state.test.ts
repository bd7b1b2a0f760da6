import {expect, test} from 'vitest';
import {appReducer, initialState, type AppAction, type AppState} from '../../source/ui/app-state.js';
import {contextsFor} from '../../source/ui/contexts.js';
import {decodeKeys} from '../../source/ui/keys.js';
import {scrollLimits} from '../../source/ui/scroll.js';
import {nodeKey, selectedNode} from '../../source/ui/tree-state.js';
import {emptyResult} from './fake-services.js';

const base = () => initialState({columns: 100, rows: 30}, false, 'index', true);
const reduce = (state: AppState, ...actions: AppAction[]) => actions.reduce(appReducer, state);
const press = (state: AppState, raw: string) => reduce(state, ...decodeKeys(raw).keys.map((key) => ({type: 'key', key}) as const));
const children = (key: string, names: string[]): AppAction => ({type: 'tree', action: {type: 'children', key, offset: 0, total: names.length, children: names.map((name) => ({node_id: name, name, has_children: false}))}});

function started(): AppState {
	const state = reduce(base(), {type: 'start', domains: ['a', 'b']});
	expect(state.effects).toEqual([{type: 'loadRoots', newest: true}, {type: 'framesRefresh'}]);
	return {...state, effects: []};
}

test('opening a node without children loaded asks for them; with them loaded it opens at once', () => {
	let state = press(started(), 'l');
	expect(state.effects).toEqual([{type: 'expand', key: nodeKey('a', '')}]);
	expect(state.tree.rows).toHaveLength(2);
	state = press(reduce({...state, effects: []}, children(nodeKey('a', ''), ['x', 'y'])), 'lj');
	expect(state.effects).toEqual([]);
	expect(state.tree.rows).toHaveLength(4);
	expect(selectedNode(state.tree)?.id).toBe('x');
});

test('q asks to quit; keys in the query box are text, searched once typing pauses', () => {
	expect(press(started(), 'q').effects).toEqual([{type: 'quit', code: 0}]);
	const state = press(started(), '/qj');
	expect(state.effects.map((effect) => effect.type)).toEqual(['searchPrepare', 'search', 'search']);
	expect(state.effects.at(-1)).toEqual({type: 'search', sequence: 2, text: 'qj', method: 'keyword,semantic', scope: undefined, delayMs: 80});
	expect(state.query.input.value).toBe('qj');
	expect(contextsFor(state)).toEqual(['input']);
	// Emptying the box drops the search waiting for the pause.
	const emptied = press({...state, effects: []}, '\u0015');
	expect(emptied.effects).toEqual([{type: 'searchCancel'}]);
	expect(emptied.query).toMatchObject({status: 'idle', sequence: 3});
});

test('Enter runs what typing asked for at once; an answer to any but the latest search is dropped', () => {
	let state = press(started(), '/pool\r');
	// p, po, poo, pool while typing; Enter starts the last of them now instead of after the pause.
	expect(state.effects.at(-2)).toEqual({type: 'search', sequence: 4, text: 'pool', method: 'keyword,semantic', scope: undefined, delayMs: 80});
	expect(state.effects.at(-1)).toEqual({type: 'search', sequence: 4, text: 'pool', method: 'keyword,semantic', scope: undefined});
	expect(state).toMatchObject({mode: 'browse', focus: 'results'});
	state = press({...state, effects: []}, 'm');
	expect(state.effects).toMatchObject([{type: 'search', sequence: 5, method: 'keyword'}]);
	const old = reduce(state, {type: 'search/done', sequence: 4, result: emptyResult('pool', {method: 'keyword,semantic'})});
	expect(old).toBe(state);
	expect(reduce(state, {type: 'search/done', sequence: 5, result: emptyResult('pool', {method: 'keyword'})}).query.status).toBe('done');
});

test('a search that fails empties the results and their selection: h, l, j, k and Enter on them do nothing (the key fuzz found h crashing)', () => {
	const hit = (rank: number, id: string) => ({rank, score: 1, drill_node_id: id, namespace: 'ns', item_id: id.split(/[:#]/u)[1]!, title: `hit ${rank}`, snippet: '', level: 0, matched_by: ['keyword' as const]});
	let state = press(started(), '/x\r');
	state = reduce({...state, effects: []}, {type: 'search/done', sequence: state.query.sequence, result: {...emptyResult('x', {method: 'keyword'}), stage1_hits: [1, 2, 3, 4].map((rank) => hit(rank, `ns:${rank}`))}});
	state = press(state, 'jjj');
	expect(state.query.selected).toBe(3);
	state = reduce(state, {type: 'search/failed', sequence: state.query.sequence, error: 'the store is locked'});
	expect(state.query).toMatchObject({rows: [], selected: 0});
	for (const key of ['h', 'l', 'j', 'k', '\r']) expect(() => press(state, key)).not.toThrow();
});

test('in the results j/k move between hits, l goes into a hit\'s spans and h back out', () => {
	const hit = (rank: number, id: string) => ({rank, score: 1, drill_node_id: id, namespace: 'ns', item_id: id.split(/[:#]/u)[1]!, title: `hit ${rank}`, snippet: '', level: 0, matched_by: ['keyword' as const]});
	const result = {
		...emptyResult('x', {method: 'keyword'}),
		stage1_hits: [hit(1, 'ns:a'), hit(2, 'ns:b'), hit(3, 'ns:c'), hit(4, 'ns:d'), hit(5, 'ns:e')],
		drilled: [
			{drill_node_id: 'ns:a', spans: [1, 2, 3].map((seq) => ({drill_node_id: `ns:a#n${seq}`, seq, snippet: '', score: 1}))},
			{drill_node_id: 'ns:b', spans: [{drill_node_id: 'ns:b#n1', seq: 1, snippet: '', score: 1}]},
		],
	};
	let state = press(started(), '/x\r');
	state = reduce({...state, effects: []}, {type: 'search/done', sequence: state.query.sequence, result});
	const selected = (current: AppState) => current.query.rows[current.query.selected]!.target;
	expect(selected(press(state, 'jjj'))).toBe('ns:d');
	expect(selected(press(state, 'jjjjjjj'))).toBe('ns:e');
	expect(selected(press(state, 'l'))).toBe('ns:a#n1');
	expect(selected(press(state, 'ljj'))).toBe('ns:a#n3');
	expect(selected(press(state, 'ljjj'))).toBe('ns:b');
	expect(selected(press(state, 'ljjh'))).toBe('ns:a');
	expect(selected(press(state, 'lk'))).toBe('ns:a');
	// A hit without spans: l jumps, as Enter does.
	expect(press(state, 'jjjl').effects).toEqual([{type: 'reveal', domain: 'summary', id: 'ns:d', focusTree: true}]);
	expect(press(state, 'l\r').effects).toEqual([{type: 'reveal', domain: 'summary', id: 'ns:a#n1', focusTree: true}]);
});

test('Enter in the filter before its answer jumps when the answer comes', () => {
	let state = reduce(started(), children(nodeKey('a', ''), ['alpha', 'beta']));
	state = press(state, 'fbet');
	expect(state.effects.at(-1)).toEqual({type: 'filter', sequence: 3, text: 'bet'});
	state = press({...state, effects: []}, '\r');
	expect(state.filter.jumpWhenDone).toBe(true);
	state = reduce(state, {type: 'filter/done', sequence: 2, matches: [{key: nodeKey('a', 'alpha'), score: 0.5, ranges: []}], searched: 4});
	expect(state.filter.status).toBe('searching');
	state = reduce(state, {type: 'filter/done', sequence: 3, matches: [{key: nodeKey('a', 'beta'), score: 0.1, ranges: [[0, 2]]}], searched: 4});
	expect(selectedNode(state.tree)?.id).toBe('beta');
	expect(state.tree.rows).toContain(nodeKey('a', 'beta'));
});

test('the detail pane scrolls within the bound the layout gives it', () => {
	const content = Array.from({length: 80}, (_, index) => `line ${index + 1}`).join('\n');
	let state = reduce(started(), {type: 'detail', key: nodeKey('a', ''), depth: 'full', view: {domain: 'a', node_id: '', depth: 'full', title: 'a', kind: 'root', parent_id: null, breadcrumbs: [], children: [], children_total: 0, offset: 0, limit: 0, content}});
	state = press(state, '\tG');
	const {detail} = scrollLimits(state);
	expect(detail).toBeGreaterThan(50);
	expect(state.detail.scroll).toBe(detail);
	expect(press(state, 'k').detail.scroll).toBe(detail - 1);
});

test('d with no frames module says so; u with no open frame says why', () => {
	const noFrames = reduce(initialState({columns: 100, rows: 30}, false, 'index', false), {type: 'start', domains: ['a']});
	expect(press(noFrames, 'd').message).toEqual({text: 'frames are not available in this build', kind: 'error'});
	expect(press(started(), 'u').message?.text).toMatch(/^no open frame to undrill/u);
	const dialog = press(started(), 'd');
	expect(dialog.mode).toBe('dialog');
	const submitted = press(dialog, 'slug\robjective\r\r');
	expect(submitted.effects).toEqual([{type: 'framesDown', request: {slug: 'slug', objective: 'objective', context: "Drilled from the a node '' (a)."}}]);
	const done = reduce({...submitted, effects: []}, {type: 'dialog/done', message: 'drilled down into f1 slug'});
	expect(done).toMatchObject({mode: 'browse', dialog: undefined, message: {text: 'drilled down into f1 slug'}, effects: [{type: 'framesRefresh'}, {type: 'reload', domain: 'drills'}]});
});

test('f reopens the filter with its last pattern selected: typing replaces it, a caret key keeps it to edit', () => {
	let state = reduce(started(), children(nodeKey('a', ''), ['alpha', 'beta']));
	state = press(state, 'fbet\r');
	expect(state.mode).not.toBe('filter');
	const reopened = press({...state, effects: []}, 'f');
	expect(reopened.filter.input).toMatchObject({value: 'bet', selected: true});
	expect(press(reopened, 'al').filter.input).toEqual({value: 'al', caret: 2});
	expect(press(reopened, '\u001b[Da').filter.input).toEqual({value: 'beat', caret: 3});
	expect(press(reopened, '\u007f').filter.input.value).toBe('');
});

test('b offers by machine and by user only where the store holds pulled items', async () => {
	const {nextGrouping} = await import('../../source/ui/grouping.js');
	expect(nextGrouping('folder', false)).toBe('none');
	expect(nextGrouping('folder', true)).toBe('machine');
	expect(nextGrouping('machine', true)).toBe('user');
	expect(nextGrouping('user', true)).toBe('none');
});
