import type {AppState} from './app-state.js';
import {hintsFor, type KeyContext} from './key-table.js';
import {layout, type Layout} from './layout.js';
import {detailPane} from './panes/detail-pane.js';
import {dialogPane} from './panes/dialog-pane.js';
import {frameBar, framePanel} from './panes/frame-panel.js';
import {helpLines} from './panes/help-pane.js';
import {queryBar, resultsPane, spinnerFrames} from './panes/results-pane.js';
import {treePane} from './panes/tree-pane.js';
import {fitLine, lineWidth, mergeLine, segment} from './segments.js';
import {theme, type Line, type Role, type Theme} from './theme.js';
import {selectedNode} from './tree-state.js';

const count = new Intl.NumberFormat('en-US');

/** `┌ left ───── right ┐` (or ├ ┤, └ ┘), exactly `width` wide; a long left part is cut first. */
function rule(width: number, corners: [string, string], left: Line, right: Line, paint: Theme, role: Role = 'border'): Line {
	const border = paint(role);
	const room = width - 4;
	const rightWidth = Math.min(lineWidth(right), Math.max(0, room - 14));
	const rightCost = rightWidth > 0 ? rightWidth + 2 : 0;
	const leftWidth = Math.min(lineWidth(left), Math.max(0, room - rightCost));
	const fill = room - leftWidth - rightCost;
	return [
		segment(corners[0] + (leftWidth > 0 ? ' ' : '─'), border),
		...(leftWidth > 0 ? fitLine(left, leftWidth) : []),
		segment((leftWidth > 0 ? ' ' : '─') + '─'.repeat(fill), border),
		...(rightWidth > 0 ? [segment(' ', border), ...fitLine(right, rightWidth), segment(' ', border)] : []),
		segment(corners[1], border),
	];
}

/** `│ content │`, padded. */
function boxed(content: Line, width: number, paint: Theme): Line {
	return [segment('│ ', paint('border')), ...fitLine(content, width - 4), segment(' │', paint('border'))];
}

function header(state: AppState, box: Layout, paint: Theme): Line {
	const node = selectedNode(state.tree);
	const trail: string[] = [];
	const view = state.detail.key === node?.key ? state.detail.view : undefined;
	if (node) {
		trail.push(node.domain);
		if (view) for (const crumb of view.breadcrumbs.slice(1)) trail.push(crumb.title);
		if (node.id !== '') trail.push(view?.title ?? node.name);
	}
	const left: Line = [segment('drill', paint('title')), segment(trail.length ? ` · ${trail.join(' › ')}` : '', undefined)];
	const right: Line = [segment('depth: ', paint('dim')), segment(state.depth, paint('accent'))];
	return rule(box.width, ['┌', '┐'], left, right, paint);
}

function footer(state: AppState, box: Layout, paint: Theme): Line {
	const {tree, message, filter, mode, focus} = state;
	let left: Line;
	if (message) left = [segment(message.text, paint(message.kind === 'error' ? 'error' : 'info'))];
	else {
		const contexts: KeyContext[] = mode === 'help' ? ['help'] : mode === 'query' || mode === 'filter' ? ['input'] : mode === 'dialog' ? ['dialog', 'input'] : [focus, 'global'];
		const hints = hintsFor(contexts);
		left = hints.flatMap((hint, index) => [segment(index ? '  ' : ''), segment(hint.keys, paint('key')), segment(` ${hint.hint}`)]);
	}
	const facts: string[] = [];
	if (state.loading > 0) facts.push(`${spinnerFrames[state.spinner % spinnerFrames.length]} loading`);
	if (filter.matches.length > 0 && mode !== 'filter') facts.push(`f ${filter.input.value} [${filter.index + 1}/${count.format(filter.matches.length)}]`);
	if (tree.rows.length > 0) facts.push(`${count.format(tree.cursor + 1)}/${count.format(tree.rows.length)}`);
	return rule(box.width, ['└', '┘'], left, [segment(facts.join(' · '), paint('dim'))], paint);
}

function filterBar(state: AppState, paint: Theme): {left: Line; right: Line} {
	const {filter} = state;
	const {value, caret} = filter.input;
	const at = value.slice(caret, caret + 1) || ' ';
	const left: Line = [segment('f ', paint('key')), segment(value.slice(0, caret)), segment(at, paint('caret')), segment(value.slice(caret + at.length))];
	const facts: string[] = ['fuzzy'];
	if (filter.status === 'searching') facts.push(`${spinnerFrames[state.spinner % spinnerFrames.length]} ${Math.round(filter.progress * 100)}%`);
	else if (filter.status === 'done') facts.push(`${count.format(filter.matches.length)} of ${count.format(filter.searched)} names`);
	return {left, right: [segment(facts.join(' · '), paint('dim'))]};
}

/** The whole screen as lines: `rows - 1` of them, each exactly `columns` wide. */
export function screenLines(state: AppState): Line[] {
	const paint = theme(state.color);
	const box = layout(state);
	const lines: Line[] = [header(state, box, paint)];
	const border = paint('border');
	const middle = box.bodyHeight + box.barHeight + box.panelHeight;
	if (state.mode === 'help') {
		const help = helpLines(box.width - 4, paint);
		const scroll = Math.max(0, Math.min(state.helpScroll, help.length - middle));
		for (let row = 0; row < middle; row++) lines.push(boxed(help[scroll + row] ?? [], box.width, paint));
	} else {
		const tree = box.showTree ? treePane(state, box.bodyHeight, paint) : [];
		const detail = box.showDetail ? detailPane(state, box.detailWidth, box.bodyHeight, paint).lines : [];
		for (let row = 0; row < box.bodyHeight; row++) {
			if (box.wide) {
				lines.push([segment('│ ', border), ...fitLine(tree[row] ?? [], box.treeWidth), segment(' │ ', paint(state.focus === 'detail' ? 'focusBorder' : 'border')), ...fitLine(detail[row] ?? [], box.detailWidth), segment(' │', border)]);
			} else lines.push(boxed((box.showDetail ? detail : tree)[row] ?? [], box.width, paint));
		}
		if (box.barHeight > 0) {
			if (state.mode === 'dialog' && state.dialog) {
				lines.push(rule(box.width, ['├', '┤'], [segment(state.dialog.title, paint('title'))], [], paint, 'focusBorder'));
				const form = dialogPane(state.dialog, box.panelHeight, paint);
				for (let row = 0; row < box.panelHeight; row++) lines.push(boxed(form[row] ?? [], box.width, paint));
			} else if (state.mode === 'filter') {
				const bar = filterBar(state, paint);
				lines.push(rule(box.width, ['├', '┤'], bar.left, bar.right, paint, 'focusBorder'));
			} else {
				const bar = queryBar(state, paint);
				lines.push(rule(box.width, ['├', '┤'], bar.left, bar.right, paint, state.mode === 'query' || state.focus === 'results' ? 'focusBorder' : 'border'));
				const results = box.panelHeight > 0 ? resultsPane(state, box.panelHeight, paint) : [];
				for (let row = 0; row < box.panelHeight; row++) lines.push(boxed(results[row] ?? [], box.width, paint));
			}
		}
	}
	const frames = frameBar(state, paint);
	lines.push(rule(box.width, ['├', '┤'], frames.left, frames.right, paint));
	if (box.planHeight > 1) {
		const panel = framePanel(state, box.planHeight - 1, paint);
		for (let row = 0; row < box.planHeight - 1; row++) lines.push(boxed(panel[row] ?? [], box.width, paint));
	}
	lines.push(footer(state, box, paint));
	return lines.map((line) => mergeLine(fitLine(line, box.width)));
}
