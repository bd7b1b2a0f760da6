import type {AppState} from '../app-state.js';
import {rowFigures, rowNote, rowNoteParts} from '../provenance.js';
import {fitLine, highlighted, lineWidth, segment} from '../segments.js';
import {displayWidth, fit, formatCount} from '../text.js';
import type {Line, Theme} from '../theme.js';
import type {TreeNode} from '../tree-state.js';
import {append} from '../../core/arrays.js';


function marker(node: TreeNode): string {
	if (node.error) return '!';
	if (!node.hasChildren) return '·';
	return node.expanded ? '▾' : '▸';
}

/** The row's count: a group's items (as its detail says), else its children; `loaded/total` while they page in. */
function childCount(node: TreeNode): string {
	if (node.error) return '';
	const total = node.total ?? node.childCount;
	const loaded = node.childKeys?.length ?? 0;
	if (total && node.expanded && loaded < total) return ` ${formatCount(loaded)}/${formatCount(total)}`;
	const shown = node.itemCount ?? total;
	return shown ? ` ${formatCount(shown)}` : '';
}

/**
 * How much of a name a row keeps before its note gets room: 60 characters and "…" where the row
 * has that much (the title is what a row is read by), else a little over half of it, at least 20.
 */
const keptNameWidth = (room: number) => (room >= 62 ? 62 : Math.max(20, Math.floor(room * 0.55)));

/**
 * An item's row ends with where it came from (agent · project · start day), as much as fits in
 * `room` columns after the name; a long name is cut to leave room for the note, down to `keptNameWidth`.
 */
function nameAndNote(node: TreeNode, room: number): {name: string; note: string} {
	// An empty store, said on its row too: below 100 columns the detail pane that says more is behind Tab.
	if (node.level === 0 && node.domain === 'summary' && node.total === 0 && !node.error) return {name: node.name, note: 'empty: drill ingest PATH… fills it'};
	const parts = rowNoteParts(node.source);
	if (parts.length === 0) return {name: node.name, note: ''};
	const nameWidth = displayWidth(node.name);
	const beside = rowNote(parts, room - nameWidth - 2, displayWidth);
	const kept = keptNameWidth(room);
	if (beside === parts.join(' · ') || nameWidth <= kept) return {name: node.name, note: beside};
	// A name is cut for where the item came from, never for its tokens and cost (shown when they fit).
	const cutFor = parts.slice(0, parts.length - rowFigures(node.source).length);
	const nameRoom = Math.min(room, Math.max(kept, room - 2 - displayWidth(cutFor.join(' · '))));
	const name = fit(node.name, nameRoom);
	return {name, note: rowNote(parts, room - displayWidth(name) - 2, displayWidth)};
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
		const suffix = childCount(node);
		const {name, note} = nameAndNote(node, width - lineWidth(line) - displayWidth(suffix));
		append(line, highlighted(name, filter.highlight.get(node.key), base, paint('match')));
		if (suffix) line.push(segment(suffix, selected ? base : paint('count')));
		if (note) line.push(segment(`  ${note}`, selected ? base : paint('dim')));
		if (node.error) line.push(segment(`  ${node.error}`, selected ? base : paint('error')));
		// The selected row is highlighted across the whole pane.
		lines.push(selected ? fitLine(line, width, base) : line);
	}
	return lines;
}
