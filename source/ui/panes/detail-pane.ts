import type {TreeView} from '../../core/tree-view.js';
import type {AppState} from '../app-state.js';
import {sourceRows} from '../provenance.js';
import {segment} from '../segments.js';
import {wrap} from '../text.js';
import {paintLine, type Line, type Role, type RoleLine, type Theme} from '../theme.js';

const count = new Intl.NumberFormat('en-US');
const cache = new WeakMap<TreeView, Map<number, RoleLine[]>>();

/** Every line the detail pane could show for a view at a width (memoised: views are immutable). */
export function detailRows(view: TreeView, width: number): RoleLine[] {
	const byWidth = cache.get(view) ?? new Map<number, RoleLine[]>();
	cache.set(view, byWidth);
	const cached = byWidth.get(width);
	if (cached) return cached;
	const lines: RoleLine[] = [];
	const text = (value: string, role?: Role, indent = '') => {
		for (const piece of wrap(value, width - indent.length)) lines.push([{text: indent + piece, role}]);
	};
	lines.push([{text: view.title || '(untitled)', role: 'title'}]);
	lines.push([{text: `${view.domain}:${view.node_id === '' ? "''" : view.node_id}`, role: 'accent'}]);
	const children = view.children_total === 1 ? '1 child' : `${count.format(view.children_total)} children`;
	lines.push([{text: `${view.kind} · depth ${view.depth}${view.children_total ? ` · ${children}` : ''}`, role: 'dim'}]);
	if (view.summary) {
		lines.push([]);
		text(view.summary);
	}
	// Where a session came from: agent, project, start–end, turns and tool calls, model; its file and line.
	const provenance = sourceRows(view.source);
	if (provenance.length > 0) lines.push([]);
	for (const row of provenance) text(row, 'accent');
	if (view.children_total > 0) {
		lines.push([]);
		lines.push([{text: `── children (${count.format(view.children_total)}) ──`, role: 'dim'}]);
		for (const child of view.children) {
			// Inside one item, a child's id differs only after the "#": show that part.
			const item = view.node_id.split('#')[0]!;
			const id = item && child.node_id.startsWith(`${item}#`) ? child.node_id.slice(item.length) : child.node_id;
			const counted = child.child_count ? ` (${count.format(child.child_count)})` : '';
			lines.push([{text: `${child.has_children ? '▸' : '·'} ${child.name}`}, {text: `${counted}  ${id}`, role: 'dim'}]);
			if (child.summary) text(child.summary, 'dim', '    ');
		}
		const more = view.children_total - view.offset - view.children.length;
		if (more > 0) lines.push([{text: `  … ${count.format(more)} more (open the node in the tree)`, role: 'dim'}]);
	}
	if (view.content !== undefined) {
		lines.push([]);
		lines.push([{text: '── content ──', role: 'dim'}]);
		text(view.content || '(empty)');
		if (view.truncated) lines.push([{text: '… truncated: the full view was cut at its size bound', role: 'error'}]);
	}
	byWidth.set(width, lines);
	return lines;
}

/** How many lines the detail pane has for the state's view at a width. */
export function detailRowCount(state: AppState, width: number): number {
	const {detail} = state;
	if (detail.error) return 1;
	return detail.view ? detailRows(detail.view, width).length : 0;
}

/** The scrolled window of the detail pane; `scroll` is clamped to the content. Only what shows is painted. */
export function detailPane(state: AppState, width: number, height: number, paint: Theme): {lines: Line[]; scroll: number; total: number} {
	const {detail} = state;
	if (detail.error) return {lines: [[segment(detail.error, paint('error'))]], scroll: 0, total: 1};
	if (!detail.view) return {lines: [], scroll: 0, total: 0};
	const all = detailRows(detail.view, width);
	const scroll = Math.max(0, Math.min(detail.scroll, all.length - height));
	return {lines: all.slice(scroll, scroll + height).map((line) => paintLine(line, paint)), scroll, total: all.length};
}
