import {expect, test} from 'vitest';
import {initialState} from '../../source/ui/app-state.js';
import {treePane} from '../../source/ui/panes/tree-pane.js';
import {theme} from '../../source/ui/theme.js';
import {emptyTree, nodeKey, treeReducer, type TreeNode} from '../../source/ui/tree-state.js';

function wideState(count: number) {
	let tree = treeReducer({...emptyTree, height: 20}, {type: 'roots', domains: ['d']});
	const children = Array.from({length: count}, (_, index) => ({node_id: `c${index}`, name: `Child ${index}`, has_children: false}));
	tree = treeReducer(tree, {type: 'children', key: nodeKey('d', ''), offset: 0, children, total: count});
	tree = treeReducer(tree, {type: 'expand', key: nodeKey('d', '')});
	return {...initialState({columns: 100, rows: 30}, false, 'index', false), tree};
}

const text = (line: Array<{text: string}>) => line.map((piece) => piece.text).join('');

test('only the rows inside the window are read and turned into lines', () => {
	const state = wideState(100_000);
	let reads = 0;
	const counted = new Map(state.tree.nodes);
	const get = counted.get.bind(counted);
	counted.get = (key: string): TreeNode | undefined => {
		reads++;
		return get(key);
	};
	const moved = treeReducer({...state.tree, nodes: counted}, {type: 'moveTo', row: 50_000});
	const lines = treePane({...state, tree: moved}, 20, 40, theme(false));
	expect(lines).toHaveLength(20);
	expect(reads).toBeLessThanOrEqual(20);
	expect(lines.map(text).some((line) => line.includes('Child 49999'))).toBe(true);
});

test('rows show the open/closed marker, indentation, child counts and the selection across the pane', () => {
	let state = wideState(3);
	state = {...state, tree: treeReducer(state.tree, {type: 'move', by: 1})};
	const lines = treePane(state, 5, 30, theme(false)).map(text);
	expect(lines[0]).toBe('▾ d 3');
	expect(lines[1]).toBe(`  · Child 0${' '.repeat(30 - 11)}`);
	expect(lines[2]).toBe('  · Child 1');
	expect(lines).toHaveLength(4);
});

test('a node that failed to load shows its error', () => {
	const state = wideState(0);
	const tree = treeReducer(state.tree, {type: 'failed', key: nodeKey('d', ''), error: 'no store at x.db'});
	expect(text(treePane({...state, tree}, 5, 40, theme(false))[0]!)).toContain('! d  no store at x.db');
});

test('a folder group\'s row counts its items, as its detail and walk do, not its direct children; its namespace row keeps the namespace\'s items', () => {
	const base = initialState({columns: 100, rows: 30}, false, 'index', false);
	let tree = treeReducer({...emptyTree, height: 20}, {type: 'roots', domains: ['summary']});
	tree = treeReducer(tree, {type: 'children', key: nodeKey('summary', ''), offset: 0, children: [{node_id: 'document', name: 'document', has_children: true, child_count: 4}], total: 1});
	tree = treeReducer(tree, {type: 'expand', key: nodeKey('summary', '')});
	// Shown by folder: the row stands for document#folder, whose children are groups.
	tree = treeReducer(tree, {type: 'replace', key: nodeKey('summary', 'document'), id: 'document#folder', name: 'document by folder'});
	const rows = () => treePane({...base, tree}, 10, 40, theme(false)).map((line) => text(line).trimEnd());
	expect(rows()).toEqual(['▾ summary 1', '  ▸ document by folder 4']);
	const groups = [
		{node_id: 'document#folder=ana', name: 'ana', has_children: true, child_count: 1, item_count: 2},
		{node_id: 'document:x1', name: 'Top page', has_children: true, child_count: 3},
	];
	tree = treeReducer(tree, {type: 'children', key: nodeKey('summary', 'document#folder'), offset: 0, children: groups, total: 2});
	tree = treeReducer(tree, {type: 'expand', key: nodeKey('summary', 'document#folder')});
	expect(rows()).toEqual(['▾ summary 1', '  ▾ document by folder 4', '    ▸ ana 2', '    ▸ Top page 3']);
	// A refresh that finds one more item below ana.
	tree = treeReducer(tree, {type: 'refresh', key: nodeKey('summary', 'document#folder'), children: [{...groups[0]!, item_count: 3}, groups[1]!], total: 2});
	expect(rows()).toContain('    ▸ ana 3');
});

test('at 140 columns a session title keeps 60 characters or more beside where it came from', async () => {
	const {layout} = await import('../../source/ui/layout.js');
	const base = initialState({columns: 140, rows: 40}, false, 'index', false);
	const width = layout(base).treeWidth;
	let tree = treeReducer({...emptyTree, height: 20}, {type: 'roots', domains: ['summary']});
	const title = 'Audit the citations of the ACM paper "Learning to Rank with Partial Labels" against its bibliography';
	const source = {agent: 'claude-code', project: '/home/ana/src/paper-audits', started_at: '2026-11-28T14:02:00Z', tokens_total: 120_000};
	tree = treeReducer(tree, {type: 'children', key: nodeKey('summary', ''), offset: 0, children: [{node_id: 'conversation_session', name: 'conversation_session', has_children: true, child_count: 1}], total: 1});
	tree = treeReducer(tree, {type: 'expand', key: nodeKey('summary', '')});
	tree = treeReducer(tree, {type: 'children', key: nodeKey('summary', 'conversation_session'), offset: 0, children: [{node_id: 'conversation_session:a1', name: title, has_children: true, child_count: 3, source}], total: 1});
	tree = treeReducer(tree, {type: 'expand', key: nodeKey('summary', 'conversation_session')});
	const row = treePane({...base, tree}, 10, width, theme(false)).map(text)[2]!;
	const shown = row.replace(/^\s*▸ /u, '').split(/…| 3/u)[0]!;
	expect(shown.length).toBeGreaterThanOrEqual(60);
	expect(title.startsWith(shown)).toBe(true);
});
