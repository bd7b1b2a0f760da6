import type {TreeView} from '../../core/tree-view.js';
import type {AppState} from '../app-types.js';
import {sourceRows} from '../provenance.js';
import {segment} from '../segments.js';
import {formatCount, wrap} from '../text.js';
import {paintLine, type Line, type Role, type RoleLine, type Theme} from '../theme.js';
import type {PaneMatch} from '../pane-match.js';

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
	const children = view.children_total === 1 ? '1 child' : `${formatCount(view.children_total)} children`;
	lines.push([{text: `${view.kind} · depth ${view.depth}${view.children_total ? ` · ${children}` : ''}`, role: 'dim'}]);
	if (view.summary) {
		lines.push([]);
		text(view.summary);
	}
	if (view.domain === 'summary' && view.node_id === '' && view.children_total === 0) {
		lines.push([], [{text: 'The summary store is empty. Fill it with', role: 'info'}]);
		lines.push([{text: '  drill ingest PATH…', role: 'key'}, {text: '  markdown, text, HTML, agent session logs'}]);
		lines.push([{text: '  drill import FILE.json', role: 'key'}, {text: '  items in the interchange shape'}]);
		lines.push([{text: 'in a shell, then open drill again (drill ingest --help for the formats).', role: 'dim'}]);
	}
	// Where a session came from: agent, project, start–end, turns and tool calls, model; its file and line.
	const provenance = sourceRows(view.source, view.facts);
	if (provenance.length > 0) lines.push([]);
	for (const row of provenance) text(row, 'accent');
	if (view.children_total > 0) {
		lines.push([]);
		lines.push([{text: `── children (${formatCount(view.children_total)}) ──`, role: 'dim'}]);
		for (const child of view.children) {
			// Inside one item, a child's id differs only after the "#": show that part.
			const item = view.node_id.split('#')[0]!;
			const id = item && child.node_id.startsWith(`${item}#`) ? child.node_id.slice(item.length) : child.node_id;
			// A group counts its items, as its row and walk do.
			const counted = child.item_count !== undefined ? ` (${formatCount(child.item_count)} item${child.item_count === 1 ? '' : 's'})` : child.child_count ? ` (${formatCount(child.child_count)})` : '';
			lines.push([{text: `${child.has_children ? '▸' : '·'} ${child.name}`}, {text: `${counted}  ${id}`, role: 'dim'}]);
			if (child.summary) text(child.summary, 'dim', '    ');
		}
		const more = view.children_total - view.offset - view.children.length;
		if (more > 0) lines.push([{text: `  … ${formatCount(more)} more (open the node in the tree)`, role: 'dim'}]);
	}
	if (view.content !== undefined) {
		lines.push([]);
		lines.push([{text: '── content ──', role: 'dim'}]);
		text(view.content || '(empty)');
		// The next chunk loads as the reader scrolls near here (see scrollDetail).
		if (view.truncated) lines.push([{text: '… more loads as you scroll', role: 'dim'}]);
		if (view.folded) lines.push([{text: `${formatCount(view.folded)} long tool output${view.folded === 1 ? '' : 's'} shown folded: z shows ${view.folded === 1 ? 'it' : 'them'} whole`, role: 'dim'}]);
	}
	byWidth.set(width, lines);
	return lines;
}

/** How many lines the detail pane has for the state's view at a width. */
export function detailRowCount(state: AppState, width: number): number {
	const {detail} = state;
	if (detail.error) return wrap(detail.error, width).length;
	return detail.view ? detailRows(detail.view, width).length : 0;
}

/** A laid-out line painted, with the find's matches in it marked (the current one stands out). */
function paintMatches(line: RoleLine, matches: PaneMatch[], current: PaneMatch | undefined, paint: Theme): Line {
	if (matches.length === 0) return paintLine(line, paint);
	const out: Line = [];
	let column = 0;
	for (const piece of line) {
		const style = piece.role ? paint(piece.role) : undefined;
		const end = column + piece.text.length;
		let at = column;
		for (const match of matches) {
			if (match.end < at || match.start >= end) continue;
			const from = Math.max(at, match.start);
			const to = Math.min(end, match.end + 1);
			if (from > at) out.push(segment(piece.text.slice(at - column, from - column), style));
			out.push(segment(piece.text.slice(from - column, to - column), {...style, ...paint(match === current ? 'current' : 'match')}));
			at = to;
		}
		if (at < end) out.push(segment(piece.text.slice(at - column), style));
		column = end;
	}
	return out;
}

/**
 * The scrolled window of the detail pane; `scroll` is clamped to the content. Only what shows is
 * painted, with the find's matches (`found`) marked. The pane's title line is in the accent colour while the pane has the focus.
 */
export function detailPane(state: AppState, width: number, height: number, paint: Theme, found: PaneMatch[] = []): {lines: Line[]; scroll: number; total: number} {
	const {detail} = state;
	// An error is shown whole, wrapped: its second half is often the hint (how to make a store).
	if (detail.error) {
		const lines = wrap(detail.error, width).map((piece) => [segment(piece, paint('error'))]);
		return {lines: lines.slice(0, height), scroll: 0, total: lines.length};
	}
	if (!detail.view) return {lines: [], scroll: 0, total: 0};
	const all = detailRows(detail.view, width);
	const scroll = Math.max(0, Math.min(detail.scroll, all.length - height));
	const matches = found.filter((match) => match.line >= scroll && match.line < scroll + height);
	const current = state.find.index === -1 ? undefined : found[state.find.index];
	const focused = state.focus === 'detail';
	const lines = all.slice(scroll, scroll + height).map((line, row) => {
		const own = matches.filter((match) => match.line === scroll + row);
		const shown = focused && scroll + row === 0 ? line.map((piece) => ({...piece, role: 'focusTitle' as const})) : line;
		return paintMatches(shown, own, current, paint);
	});
	return {lines, scroll, total: all.length};
}
