import {expect, test} from 'vitest';
import {appReducer, initialState, type AppAction, type AppState} from '../../source/ui/app-state.js';
import {decodeKeys} from '../../source/ui/keys.js';
import {layout} from '../../source/ui/layout.js';
import {helpRows} from '../../source/ui/panes/help-pane.js';
import {screenModel, screenText} from '../../source/ui/screen.js';
import {scrollLimits} from '../../source/ui/scroll.js';
import {nodeKey} from '../../source/ui/tree-state.js';
import {emptyResult} from './fake-services.js';

// What the status line and the panels tell a person, against what the keys do.

const reduce = (state: AppState, ...actions: AppAction[]) => actions.reduce(appReducer, state);
const press = (state: AppState, raw: string) => reduce(state, ...decodeKeys(raw).keys.map((key) => ({type: 'key', key}) as const));
const footer = (state: AppState) => screenText(screenModel(state)).at(-1)!;
const view = (id: string, content: string) => ({domain: 'summary', node_id: id, depth: 'full' as const, title: id, kind: 'item', parent_id: '', breadcrumbs: [], children: [], children_total: 0, offset: 0, limit: 50, content});

/** Two nodes under the summary domain, the cursor on the first, its detail walked. */
function browsing(columns = 100, rows = 30): AppState {
	let state = reduce(initialState({columns, rows}, false, 'full', false), {type: 'start', domains: ['summary']});
	state = reduce(state, {type: 'tree', action: {type: 'children', key: nodeKey('summary', ''), offset: 0, total: 2, children: ['one', 'two'].map((id) => ({node_id: id, name: id, has_children: false}))}});
	state = press({...state, effects: []}, 'lj');
	return reduce(state, {type: 'detail', key: nodeKey('summary', 'one'), depth: 'full', view: view('one', 'a stampede of retries')});
}

test('with the detail pane focused, / is offered once, as what it does there: find in the pane', () => {
	for (const columns of [80, 100, 120, 160]) {
		const state = press(browsing(columns), '\t');
		expect(state.focus).toBe('detail');
		const line = footer(state);
		expect(line, `${columns} columns`).not.toContain('/ search');
		if (columns >= 120) expect(line).toContain('/ find');
	}
	// In the tree, / is the search.
	expect(footer(browsing(120))).toContain('/ search');
});

test('after a jump, the query words stay with the node jumped to: elsewhere the status line does not keep "/query [0/0]"', () => {
	let state = press(browsing(160), '/stampede\r');
	const hit = {rank: 1, score: 1, drill_node_id: 'one', namespace: 'a', item_id: 'one', title: 'one', snippet: '', level: 0, matched_by: ['keyword' as const]};
	state = reduce({...state, effects: []}, {type: 'search/done', sequence: state.query.sequence, result: {...emptyResult('stampede', {method: 'keyword'}), stage1_hits: [hit]}});
	state = press(state, '\r');
	expect(state.effects).toContainEqual({type: 'reveal', domain: 'summary', id: 'one', focusTree: true});
	state = reduce({...state, effects: []}, {type: 'focus', focus: 'tree'}, {type: 'detail', key: nodeKey('summary', 'one'), depth: 'full', view: view('one', 'a stampede of retries')});
	expect(state.find).toMatchObject({pattern: 'stampede', words: true});
	expect(footer(state)).toContain('/stampede [–/1]');
	// Another node: its detail has nothing of the query, and the status line keeps its hints.
	state = reduce(press(state, 'j'), {type: 'detail', key: nodeKey('summary', 'two'), depth: 'full', view: view('two', 'nothing to see')});
	expect(state.find.pattern).toBe('');
	expect(footer(state)).not.toContain('[0/0]');
	expect(footer(state)).toContain('b group');
	expect(footer(state)).toContain('d drill');
});

test('a pattern typed with / in the detail pane goes on to the next node, but [0/0] shows only where the pane has the focus', () => {
	let state = press(browsing(160), '\t/stampede\r');
	expect(state.find).toMatchObject({pattern: 'stampede', words: false});
	state = press(state, '\t');
	expect(state.focus).toBe('tree');
	state = reduce(press(state, 'j'), {type: 'detail', key: nodeKey('summary', 'two'), depth: 'full', view: view('two', 'nothing to see')});
	expect(state.find.pattern).toBe('stampede');
	expect(footer(state)).not.toContain('[0/0]');
	expect(footer(press(state, '\t'))).toContain('/stampede [0/0]');
});

test('no hits: while typing, the panel does not say m changes the method (m is a letter there)', () => {
	let state = press(browsing(), '/zzz');
	state = reduce({...state, effects: []}, {type: 'search/done', sequence: state.query.sequence, result: emptyResult('zzz', {method: 'keyword,semantic'})});
	expect(state.mode).toBe('query');
	const typing = screenText(screenModel(state)).join('\n');
	expect(typing).toContain('no hits for "zzz" (Enter, then m changes the method and s the scope)');
	const after = screenText(screenModel(press(state, '\r'))).join('\n');
	expect(after).toContain('no hits for "zzz" (m changes the method, s the scope)');
	// And m then does change it.
	expect(press(press(state, '\r'), 'm').query.method).toBe('keyword');
});

test('/ reopens on the last query and says ctrl-u clears it; typing over it, or ctrl-u, ends that', () => {
	let state = press(browsing(120), '/pool\r');
	state = reduce({...state, effects: []}, {type: 'search/done', sequence: state.query.sequence, result: emptyResult('pool', {method: 'keyword,semantic'})});
	state = press(state, '\u001b/');
	expect(state).toMatchObject({mode: 'query', query: {input: {value: 'pool'}}});
	const bar = () => screenText(screenModel(state)).find((line) => line.startsWith('├ / '))!;
	expect(bar()).toContain('ctrl-u clears');
	expect(footer(state)).toContain('ctrl-u clear');
	state = press(state, 's');
	expect(bar()).not.toContain('ctrl-u clears');
	state = press(state, '\u0015');
	expect(state.query.input.value).toBe('');
	expect(bar()).not.toContain('ctrl-u clears');
});

test('the help pages as the detail pane does: PgDn, Space and ctrl-d a page, G and End to the end, g and Home back, ctrl-u and PgUp up', () => {
	let state = press(browsing(80, 24), '?');
	expect(state.mode).toBe('help');
	const box = layout(state);
	const page = box.bodyHeight + box.barHeight + box.panelHeight - 2;
	const limit = scrollLimits(state).help;
	expect(helpRows(76).length).toBeGreaterThan(3 * page);
	const scrolls = (keys: string) => press(state, keys).helpScroll;
	expect(scrolls('\u001b[6~')).toBe(page);
	expect(scrolls(' ')).toBe(page);
	expect(scrolls('\u0004')).toBe(page);
	expect(scrolls('  \u0015')).toBe(page);
	expect(scrolls('  \u001b[5~')).toBe(page);
	expect(scrolls('j')).toBe(1);
	expect(scrolls('G')).toBe(limit);
	expect(scrolls('\u001b[F')).toBe(limit);
	state = press(state, 'G');
	expect(scrolls('g')).toBe(0);
	expect(scrolls('\u001b[H')).toBe(0);
	// The last page shows the help's last line.
	const text = screenText(screenModel(state)).join('\n');
	expect(text).toContain('close this help');
	expect(footer(state)).toMatch(/Space page/u);
});

test('the header names the open store where the trail leaves room, and never cuts the trail for it', () => {
	const header = (state: AppState) => screenText(screenModel(state))[0]!;
	const wide = {...browsing(120), storeName: 'user store'};
	expect(header(wide)).toMatch(/user store · depth: full ┐$/u);
	const narrow = {...browsing(40), storeName: 'project store a-very-long-project-name'};
	expect(header(narrow)).not.toContain('project store');
	expect(header(narrow)).toMatch(/depth: full ┐$/u);
});
