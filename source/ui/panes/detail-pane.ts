import type {TreeView} from '../../core/tree-view.js';
import type {AppState} from '../app-state.js';
import {segment} from '../segments.js';
import {wrap} from '../text.js';
import type {Line, Theme} from '../theme.js';

const count = new Intl.NumberFormat('en-US');
const cache = new WeakMap<TreeView, Map<string, Line[]>>();

/** Every line the detail pane could show for a view at a width (memoised: views are immutable). */
export function detailLines(view: TreeView, width: number, paint: Theme): Line[] {
	const byWidth = cache.get(view) ?? new Map<string, Line[]>();
	cache.set(view, byWidth);
	const cacheKey = `${width}\u0000${paint('accent').color ?? ''}`;
	const cached = byWidth.get(cacheKey);
	if (cached) return cached;
	const lines: Line[] = [];
	const text = (value: string, role?: Parameters<Theme>[0], indent = '') => {
		for (const piece of wrap(value, width - indent.length)) lines.push([segment(indent + piece, role ? paint(role) : undefined)]);
	};
	lines.push([segment(view.title || '(untitled)', paint('title'))]);
	lines.push([segment(`${view.domain}:${view.node_id === '' ? "''" : view.node_id}`, paint('accent'))]);
	const children = view.children_total === 1 ? '1 child' : `${count.format(view.children_total)} children`;
	lines.push([segment(`${view.kind} · depth ${view.depth}${view.children_total ? ` · ${children}` : ''}`, paint('dim'))]);
	if (view.summary) {
		lines.push([]);
		text(view.summary);
	}
	if (view.children_total > 0) {
		lines.push([]);
		lines.push([segment(`── children (${count.format(view.children_total)}) ──`, paint('dim'))]);
		for (const child of view.children) {
			// Inside one item, a child's id differs only after the "#": show that part.
			const item = view.node_id.split('#')[0]!;
			const id = item && child.node_id.startsWith(`${item}#`) ? child.node_id.slice(item.length) : child.node_id;
			const counted = child.child_count ? ` (${count.format(child.child_count)})` : '';
			lines.push([segment(`${child.has_children ? '▸' : '·'} ${child.name}`), segment(`${counted}  ${id}`, paint('dim'))]);
			if (child.summary) text(child.summary, 'dim', '    ');
		}
		const more = view.children_total - view.offset - view.children.length;
		if (more > 0) lines.push([segment(`  … ${count.format(more)} more (open the node in the tree)`, paint('dim'))]);
	}
	if (view.content !== undefined) {
		lines.push([]);
		lines.push([segment('── content ──', paint('dim'))]);
		text(view.content || '(empty)');
		if (view.truncated) lines.push([segment('… truncated: the full view was cut at its size bound', paint('error'))]);
	}
	byWidth.set(cacheKey, lines);
	return lines;
}

/** The scrolled window of the detail pane; `scroll` is clamped to the content. */
export function detailPane(state: AppState, width: number, height: number, paint: Theme): {lines: Line[]; scroll: number; total: number} {
	const {detail} = state;
	if (detail.error) return {lines: [[segment(detail.error, paint('error'))]], scroll: 0, total: 1};
	if (!detail.view) return {lines: [], scroll: 0, total: 0};
	const all = detailLines(detail.view, width, paint);
	const scroll = Math.max(0, Math.min(detail.scroll, all.length - height));
	return {lines: all.slice(scroll, scroll + height), scroll, total: all.length};
}
