import type {ItemSourceBrief} from '../core/item-source.js';
import type {TreeChild} from '../core/tree-view.js';
import {cleanSource} from './provenance.js';
import {oneLine} from './text.js';

/**
 * The tree pane's state: every node loaded so far, the rows currently visible (a flattened list
 * of the expanded nodes, in order), the cursor and the scroll window. Only the rows inside the
 * window are ever rendered.
 *
 * `nodes` is an arena shared between successive states and updated in place: copying a map of
 * 100 000 loaded nodes on every change would cost ~85 ms, and nothing keeps an old state around
 * (the controller holds only the latest one). Everything else is replaced, never mutated.
 */
export interface TreeNode {
	readonly key: string;
	readonly domain: string;
	readonly id: string;
	/** Inert, one line. */
	readonly name: string;
	/** 0 for a domain's root row. */
	readonly level: number;
	readonly parentKey: string | null;
	hasChildren: boolean;
	childCount?: number;
	/**
	 * A group's items (every item below a folder, not its direct children), and a namespace row's
	 * under any grouping: the count its row shows, as its detail and `walk` say it.
	 */
	itemCount?: number;
	expanded: boolean;
	/** Children loaded so far, in order; undefined until the first page arrives. */
	childKeys?: string[];
	/** The node's children_total, once known. */
	total?: number;
	error?: string;
	/** A summary item's provenance in brief (inert), for the row's note. */
	source?: ItemSourceBrief;
}

export interface TreeState {
	readonly nodes: Map<string, TreeNode>;
	readonly rows: readonly string[];
	readonly cursor: number;
	/** The first visible row. */
	readonly top: number;
	/** How many rows the pane shows. */
	readonly height: number;
}

export type TreeAction =
	| {type: 'roots'; domains: string[]}
	| {type: 'children'; key: string; offset: number; children: TreeChild[]; total: number}
	| {type: 'failed'; key: string; error: string}
	| {type: 'expand'; key: string}
	| {type: 'collapse'; key: string}
	| {type: 'move'; by: number}
	| {type: 'moveTo'; row: number}
	| {type: 'page'; by: number}
	| {type: 'select'; key: string}
	| {type: 'height'; height: number}
	/** Forgets a node's loaded children (they changed and are read again): it closes, its subtree leaves the arena. */
	| {type: 'reset'; key: string}
	/** The row stands for another node from now on (a namespace and its grouped views): same place, its subtree forgotten. */
	| {type: 'replace'; key: string; id: string; name: string}
	/**
	 * A node's children read again (the store changed): the ones still there keep their subtree,
	 * expansion and cursor, new ones come in, gone ones leave; names, counts and notes are updated.
	 */
	| {type: 'refresh'; key: string; children: TreeChild[]; total: number};

export function nodeKey(domain: string, id: string): string {
	return `${domain}\u0000${id}`;
}

export const emptyTree: TreeState = {nodes: new Map(), rows: [], cursor: 0, top: 0, height: 10};

export function selectedNode(state: TreeState): TreeNode | undefined {
	const key = state.rows[state.cursor];
	return key === undefined ? undefined : state.nodes.get(key);
}

/** Keeps the cursor inside the rows and the window around the cursor. */
function settle(state: TreeState, cursor: number, top = state.top): TreeState {
	const last = Math.max(0, state.rows.length - 1);
	const row = Math.min(Math.max(0, cursor), last);
	const height = Math.max(1, state.height);
	let first = Math.min(Math.max(0, top), Math.max(0, state.rows.length - height));
	if (row < first) first = row;
	if (row >= first + height) first = row - height + 1;
	if (row === state.cursor && first === state.top) return state;
	return {...state, cursor: row, top: first};
}

/** The rows a node's expanded subtree shows below it. */
function visibleBelow(nodes: Map<string, TreeNode>, key: string, into: string[] = []): string[] {
	const node = nodes.get(key);
	if (!node?.expanded || !node.childKeys) return into;
	for (const child of node.childKeys) {
		into.push(child);
		visibleBelow(nodes, child, into);
	}
	return into;
}

/** The index just past a visible row's subtree. */
function subtreeEnd(state: TreeState, row: number): number {
	const level = state.nodes.get(state.rows[row]!)!.level;
	let end = row + 1;
	while (end < state.rows.length && state.nodes.get(state.rows[end]!)!.level > level) end++;
	return end;
}

function rowOf(state: TreeState, key: string): number {
	if (state.rows[state.cursor] === key) return state.cursor;
	return state.rows.indexOf(key);
}

function insertRows(state: TreeState, at: number, keys: string[]): TreeState {
	if (keys.length === 0) return state;
	const rows = state.rows.slice(0, at).concat(keys, state.rows.slice(at));
	const cursor = state.cursor >= at && state.rows.length > 0 ? state.cursor + keys.length : state.cursor;
	return settle({...state, rows}, cursor);
}

function removeRows(state: TreeState, from: number, to: number): TreeState {
	if (to <= from) return state;
	const rows = state.rows.slice(0, from).concat(state.rows.slice(to));
	let cursor = state.cursor;
	if (cursor >= to) cursor -= to - from;
	else if (cursor >= from) cursor = from - 1;
	return settle({...state, rows}, cursor);
}

export function treeReducer(state: TreeState, action: TreeAction): TreeState {
	switch (action.type) {
		case 'roots': {
			const nodes = new Map<string, TreeNode>();
			for (const domain of action.domains) {
				const key = nodeKey(domain, '');
				nodes.set(key, {key, domain, id: '', name: domain, level: 0, parentKey: null, hasChildren: true, expanded: false});
			}
			return {...state, nodes, rows: [...nodes.keys()], cursor: 0, top: 0};
		}
		case 'children': {
			const parent = state.nodes.get(action.key);
			if (!parent) return state;
			const known = parent.childKeys ?? [];
			// A page that does not continue what is loaded (a stale or repeated load) is ignored.
			if (action.offset !== known.length) return state;
			const added: string[] = [];
			for (const child of action.children) {
				const key = nodeKey(parent.domain, child.node_id);
				if (state.nodes.has(key)) continue;
				state.nodes.set(key, {
					key,
					domain: parent.domain,
					id: child.node_id,
					name: oneLine(child.name) || oneLine(child.node_id) || '(untitled)',
					level: parent.level + 1,
					parentKey: parent.key,
					hasChildren: child.has_children,
					childCount: child.child_count,
					...(child.item_count === undefined ? {} : {itemCount: child.item_count}),
					expanded: false,
					...(child.source ? {source: cleanSource(child.source)} : {}),
				});
				added.push(key);
			}
			parent.childKeys = known.concat(added);
			parent.total = action.total;
			parent.childCount = action.total;
			parent.hasChildren = action.total > 0;
			delete parent.error;
			const changed = {...state};
			if (!parent.expanded || added.length === 0) return changed;
			// The new rows go after the parent's last loaded child and that child's own subtree,
			// found from the end: a wide node being paged in is usually near the end of the rows.
			const lastChild = known.at(-1);
			const anchor = lastChild === undefined ? rowOf(state, parent.key) : state.rows.lastIndexOf(lastChild);
			if (anchor === -1) return changed;
			return insertRows(changed, subtreeEnd(state, anchor), added);
		}
		case 'failed': {
			const node = state.nodes.get(action.key);
			if (!node) return state;
			node.error = action.error;
			return {...state};
		}
		case 'expand': {
			const node = state.nodes.get(action.key);
			if (!node || node.expanded || !node.hasChildren) return state;
			node.expanded = true;
			const row = rowOf(state, node.key);
			if (row === -1) return {...state};
			return insertRows({...state}, row + 1, visibleBelow(state.nodes, node.key));
		}
		case 'collapse': {
			const node = state.nodes.get(action.key);
			if (!node?.expanded) return state;
			node.expanded = false;
			const row = rowOf(state, node.key);
			if (row === -1) return {...state};
			const end = subtreeEnd(state, row);
			return removeRows({...state}, row + 1, end);
		}
		case 'move':
			return settle(state, state.cursor + action.by);
		case 'moveTo':
			return settle(state, action.row < 0 ? state.rows.length + action.row : action.row);
		case 'page':
			return settle(state, state.cursor + action.by, state.top + action.by);
		case 'select': {
			const row = rowOf(state, action.key);
			return row === -1 ? state : settle(state, row);
		}
		case 'height':
			return settle({...state, height: Math.max(1, action.height)}, state.cursor);
		case 'reset': {
			const node = state.nodes.get(action.key);
			if (!node) return state;
			const closed = treeReducer(state, {type: 'collapse', key: node.key});
			const forget = (key: string) => {
				for (const child of state.nodes.get(key)?.childKeys ?? []) {
					forget(child);
					state.nodes.delete(child);
				}
			};
			forget(node.key);
			delete node.childKeys;
			delete node.total;
			delete node.error;
			node.hasChildren = true;
			return {...closed};
		}
		case 'replace':
			return replaceNode(state, action.key, action.id, action.name);
		case 'refresh':
			return refreshChildren(state, action.key, action.children, action.total);
	}
}

/** Drops a node's loaded subtree from the arena. */
function forgetBelow(nodes: Map<string, TreeNode>, key: string): void {
	for (const child of nodes.get(key)?.childKeys ?? []) {
		forgetBelow(nodes, child);
		nodes.delete(child);
	}
}

function replaceNode(state: TreeState, key: string, id: string, name: string): TreeState {
	const node = state.nodes.get(key);
	if (!node) return state;
	const closed = treeReducer(state, {type: 'collapse', key});
	forgetBelow(state.nodes, key);
	// A namespace and its grouped views hold the same items: the row keeps their count.
	const itemCount = node.itemCount ?? node.total ?? node.childCount;
	const replacement: TreeNode = {key: nodeKey(node.domain, id), domain: node.domain, id, name: oneLine(name), level: node.level, parentKey: node.parentKey, hasChildren: true, expanded: false, ...(itemCount === undefined ? {} : {itemCount})};
	if (replacement.key === key) {
		state.nodes.set(key, replacement);
		return {...closed};
	}
	state.nodes.delete(key);
	state.nodes.set(replacement.key, replacement);
	const parent = node.parentKey ? state.nodes.get(node.parentKey) : undefined;
	if (parent?.childKeys) parent.childKeys = parent.childKeys.map((child) => (child === key ? replacement.key : child));
	return {...closed, rows: closed.rows.map((row) => (row === key ? replacement.key : row))};
}

/** Every visible row, from the roots down through the expanded nodes. */
function allRows(state: TreeState): string[] {
	const rows: string[] = [];
	for (const [key, node] of state.nodes) {
		if (node.parentKey !== null) continue;
		rows.push(key);
		visibleBelow(state.nodes, key, rows);
	}
	return rows;
}

function refreshChildren(state: TreeState, key: string, children: TreeChild[], total: number): TreeState {
	const parent = state.nodes.get(key);
	if (!parent) return state;
	const selected = state.rows[state.cursor];
	const fresh = new Set<string>();
	const childKeys: string[] = [];
	for (const child of children) {
		const childKey = nodeKey(parent.domain, child.node_id);
		if (fresh.has(childKey)) continue;
		fresh.add(childKey);
		childKeys.push(childKey);
		const known = state.nodes.get(childKey);
		const name = oneLine(child.name) || oneLine(child.node_id) || '(untitled)';
		const source = child.source ? cleanSource(child.source) : undefined;
		if (known && known.parentKey === key) {
			// Same node, maybe grown: what it shows is updated, what is open stays open.
			if (known.name !== name) state.nodes.set(childKey, {...known, name});
			const node = state.nodes.get(childKey)!;
			node.hasChildren = child.has_children;
			node.childCount = child.child_count;
			if (child.item_count === undefined) delete node.itemCount;
			else node.itemCount = child.item_count;
			if (source) node.source = source;
			else delete node.source;
			if (!child.has_children) node.expanded = false;
			continue;
		}
		state.nodes.set(childKey, {key: childKey, domain: parent.domain, id: child.node_id, name, level: parent.level + 1, parentKey: key, hasChildren: child.has_children, childCount: child.child_count, ...(child.item_count === undefined ? {} : {itemCount: child.item_count}), expanded: false, ...(source ? {source} : {})});
	}
	for (const old of parent.childKeys ?? []) {
		if (fresh.has(old)) continue;
		forgetBelow(state.nodes, old);
		state.nodes.delete(old);
	}
	parent.childKeys = childKeys;
	parent.total = total;
	parent.childCount = total;
	parent.hasChildren = total > 0;
	delete parent.error;
	const rows = allRows(state);
	// The cursor stays on its node, at the same height on the screen; a node that is gone leaves it where it was.
	const at = selected === undefined ? -1 : rows.indexOf(selected);
	const cursor = at === -1 ? state.cursor : at;
	return settle({...state, rows}, cursor, state.top + (cursor - state.cursor));
}

/** The keys from the root down to `key` (inclusive), through the loaded parents. */
export function ancestry(state: TreeState, key: string): string[] {
	const chain: string[] = [];
	for (let current = state.nodes.get(key); current; current = current.parentKey ? state.nodes.get(current.parentKey) : undefined) chain.unshift(current.key);
	return chain;
}

/** Expands every loaded ancestor of `key` and puts the cursor on it. */
export function reveal(state: TreeState, key: string): TreeState {
	let next = state;
	for (const ancestor of ancestry(state, key).slice(0, -1)) next = treeReducer(next, {type: 'expand', key: ancestor});
	return treeReducer(next, {type: 'select', key});
}
