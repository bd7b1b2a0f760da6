import {expect, test} from 'vitest';
import {appReducer, initialState, type AppAction, type AppState} from '../../source/ui/app-state.js';
import {decodeKeys} from '../../source/ui/keys.js';
import {sessionFindKind, sessionPosition} from '../../source/ui/session-find.js';
import type {TreeView} from '../../source/core/tree-view.js';
import type {FindResult} from '../../source/ui/services.js';

const reduce = (state: AppState, ...actions: AppAction[]) => actions.reduce(appReducer, state);
const press = (state: AppState, raw: string) => reduce(state, ...decodeKeys(raw).keys.map((key) => ({type: 'key', key}) as const));

const session: TreeView = {
	domain: 'summary',
	node_id: 'conversation_session:abc',
	depth: 'summary',
	title: 'Cache work',
	kind: 'item',
	parent_id: 'conversation_session',
	breadcrumbs: [],
	children: [],
	children_total: 0,
	offset: 0,
	limit: 1,
	summary: 'We talked about the cache.',
	source: {uri: '/logs/abc.jsonl', kind: 'claude-code', turns: 4},
};

function onSession(view: TreeView = session): AppState {
	const state = reduce(initialState({columns: 100, rows: 30}, false, 'summary', false), {type: 'detail', key: 'summary\u0000x', depth: 'summary', view});
	return {...state, focus: 'detail', effects: []};
}

const span = (seq: number, node: number, snippet: string) => ({
	drill_node_id: `conversation_session:abc#n${node}`,
	seq,
	snippet,
	score: 1,
	time: `2026-03-14T10:0${seq}:00.000Z`,
	citation: `#n${node} msg ${seq}`,
	context: {before: {seq: seq - 1, role: 'user', text: `before ${seq}`}, after: {seq: seq + 1, role: 'assistant', text: `after ${seq}`}},
});

const answer: FindResult = {
	query: 'cache',
	method: 'keyword,semantic',
	scope: null,
	stage1_hits: [],
	candidate_items: [],
	// Ranked best first; the pane lists them in the session's order.
	drilled: [{drill_node_id: 'conversation_session:abc', spans: [span(7, 2, 'the cache warms'), span(3, 1, 'cache misses')]}],
	timings_ms: {},
	within: 'conversation_session:abc',
};

test('over a session the find box says where it finds, and Enter asks the funnel for the whole session', () => {
	let state = press(onSession(), '/');
	expect(state.mode).toBe('find');
	state = press(state, 'cache\r');
	expect(state.mode).toBe('browse');
	expect(state.effects.at(-1)).toEqual({type: 'sessionFind', sequence: 1, within: 'conversation_session:abc', text: 'cache'});
	expect(state.find.session).toMatchObject({status: 'running', query: 'cache'});
});

test('the matches show in the session order, each between its neighbours, and n/N step between them', () => {
	let state = press(onSession(), '/cache\r');
	state = reduce(state, {type: 'search/session', sequence: 1, result: answer});
	const view = state.detail.view!;
	expect(view.kind).toBe(sessionFindKind);
	expect(view.content).toMatch(/▶ #n1 msg 3 · 2026-03-14 10:03 UTC\n {2}2 \[user\] before 3\n› 3 cache misses\n {2}4 \[assistant\] after 3/u);
	expect(view.content!.indexOf('msg 3')).toBeLessThan(view.content!.indexOf('msg 7'));
	expect(sessionPosition(state)).toBe('[1/2]');
	state = press(state, 'n');
	expect(sessionPosition(state)).toBe('[2/2]');
	state = press(state, 'n');
	expect(sessionPosition(state)).toBe('[1/2]');
	state = press(state, 'N');
	expect(sessionPosition(state)).toBe('[2/2]');
	// Esc goes back to the node's own view (walked again).
	state = reduce(state, {type: 'key', key: {name: 'escape'}});
	expect(state.find.session).toBeUndefined();
	expect(state.detail.key).toBeUndefined();
});

test('no match says so; an answer for a node left meanwhile is dropped', () => {
	const asked = press(onSession(), '/zebra\r');
	const none = reduce(asked, {type: 'search/session', sequence: 1, result: {...answer, drilled: []}});
	expect(none.message).toEqual({text: 'no message in this session matches "zebra"', kind: 'error'});
	const moved = reduce(asked, {type: 'detail', key: 'other', depth: 'summary', view: {...session, node_id: 'conversation_session:other'}});
	const late = reduce(moved, {type: 'search/session', sequence: 1, result: answer});
	expect(late.detail.view?.kind).toBe('item');
	expect(late.find.session).toBeUndefined();
});

test('outside a session, / stays the find in the pane', () => {
	for (const view of [{...session, domain: 'knowledge', node_id: 'guides/x.md'}, {...session, node_id: 'document:readme', source: {uri: '/docs/readme.md', kind: 'markdown'}}]) {
		const state = press(onSession(view), '/cache\r');
		expect(state.effects.some((effect) => effect.type === 'sessionFind')).toBe(false);
	}
	// A node inside a session is searched through its session's namespace.
	const inner = press(onSession({...session, node_id: 'conversation_session:abc#n4', source: undefined}), '/cache\r');
	expect(inner.effects.at(-1)).toMatchObject({type: 'sessionFind', within: 'conversation_session:abc#n4'});
});
