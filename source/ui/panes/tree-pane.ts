import type {AppState} from '../app-state.js';
import {fitLine, highlighted, segment} from '../segments.js';
import type {Line, Theme} from '../theme.js';
import type {TreeNode} from '../tree-state.js';

const count = new Intl.NumberFormat('en-US');

function marker(node: TreeNode): string {
	if (node.error) return '!';
	if (!node.hasChildren) return '·';
	return node.expanded ? '▾' : '▸';
}

function childCount(node: TreeNode): string {
	if (node.error) return '';
	const total = node.total ?? node.childCount;
	if (!total) return '';
	const loaded = node.childKeys?.length ?? 0;
	return node.expanded && loaded < total ? ` ${count.format(loaded)}/${count.format(total)}` : ` ${count.format(total)}`;
}

/** The visible window of the tree: only rows top … top+height are turned into lines. */
export function treePane(state: AppState, height: number, width: number, paint: Theme): Line[] {
	const {tree, filter, focus} = state;
	const lines: Line[] = [];
	if (tree.rows.length === 0) return [[segment('no domains are registered', paint('dim'))]];
	const end = Math.min(tree.rows.length, tree.top + height);
	for (let row = tree.top; row < end; row++) {
		const node = tree.nodes.get(tree.rows[row]!)!;
		const selected = row === tree.cursor;
		const base = selected ? paint(focus === 'tree' ? 'selected' : 'selectedDim') : undefined;
		const line: Line = [segment(`${'  '.repeat(node.level)}${marker(node)} `, base)];
		line.push(...highlighted(node.name, filter.highlight.get(node.key), base, paint('match')));
		const suffix = childCount(node);
		if (suffix) line.push(segment(suffix, selected ? base : paint('count')));
		if (node.error) line.push(segment(`  ${node.error}`, selected ? base : paint('error')));
		// The selected row is highlighted across the whole pane.
		lines.push(selected ? fitLine(line, width, base) : line);
	}
	return lines;
}
