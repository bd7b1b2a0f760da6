import {formatGroupId, groupKeys, type GroupKey} from '../core/summary-groups.js';
import type {AppState} from './app-types.js';
import {note, withEffect} from './state-updates.js';
import {ancestry, nodeKey, selectedNode, treeReducer, type TreeNode, type TreeState} from './tree-state.js';

/**
 * Grouping a summary namespace in the tree. The namespace's row stands for the namespace itself
 * (`conversation_session`) or for one of its grouped views (`conversation_session#project`), the
 * group nodes the summary domain already serves: so every row's id is one `walk` takes, and a
 * group's items are the very items of the flat list.
 */

export type Grouping = GroupKey | 'none';

/** The order `b` steps through. */
export const groupings: readonly Grouping[] = ['none', ...groupKeys];

/** The summary domain's namespace row at or above a node (level 1 under the domain's root), if any. */
export function namespaceRow(tree: TreeState, node: TreeNode | undefined): TreeNode | undefined {
	if (!node || node.domain !== 'summary') return undefined;
	const chain = ancestry(tree, node.key);
	const row = chain[1] === undefined ? undefined : tree.nodes.get(chain[1]);
	return row && row.level === 1 ? row : undefined;
}

/** A namespace row's id split: the namespace, and how it is grouped. */
export function groupingOf(id: string): {namespace: string; grouping: Grouping} {
	const hash = id.indexOf('#');
	if (hash === -1) return {namespace: id, grouping: 'none'};
	const key = id.slice(hash + 1);
	return {namespace: id.slice(0, hash), grouping: (groupKeys as readonly string[]).includes(key) ? (key as GroupKey) : 'none'};
}

/** The grouping after `grouping`; by machine and by user only where the store holds pulled items (else every item is this machine's). */
export function nextGrouping(grouping: Grouping, pulled = true): Grouping {
	const order = pulled ? groupings : groupings.filter((key) => key !== 'machine' && key !== 'user');
	return order[(order.indexOf(grouping) + 1) % order.length]!;
}

/** The id of a namespace's row under a grouping. */
export function groupingId(namespace: string, grouping: Grouping): string {
	return grouping === 'none' ? namespace : formatGroupId(namespace, grouping);
}

/** The name a namespace's row shows under a grouping. */
export function groupingName(namespace: string, grouping: Grouping): string {
	return grouping === 'none' ? namespace : `${namespace} by ${grouping}`;
}

/**
 * `b`: the namespace at or above the cursor is shown by its next grouping. Its row becomes that
 * grouped view's node (the cursor on it, opened), whose children are the group nodes.
 */
export function regroup(state: AppState): AppState {
	const row = namespaceRow(state.tree, selectedNode(state.tree));
	if (!row) return note(state, 'b groups a summary namespace: put the cursor on one, or on anything inside one');
	const {namespace, grouping} = groupingOf(row.id);
	const next = nextGrouping(grouping, state.pulledItems ?? true);
	const id = groupingId(namespace, next);
	let tree = treeReducer(state.tree, {type: 'replace', key: row.key, id, name: groupingName(namespace, next)});
	tree = treeReducer(tree, {type: 'select', key: nodeKey(row.domain, id)});
	return withEffect({...state, tree}, {type: 'expand', key: nodeKey(row.domain, id)});
}
