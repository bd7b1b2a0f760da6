import type {AppState} from './app-state.js';
import {contextsFor} from './contexts.js';
import {fitHints, hintsFor, type Hint} from './key-table.js';
import {layout, minimum, type Layout} from './layout.js';
import {findMatches, findPosition} from './find-state.js';
import {detailPane, detailRowCount} from './panes/detail-pane.js';
import {dialogPane} from './panes/dialog-pane.js';
import {frameBar, framePanel} from './panes/frame-panel.js';
import {helpRows} from './panes/help-pane.js';
import {queryBar, resultsPane, spinnerFrames} from './panes/results-pane.js';
import {treePane} from './panes/tree-pane.js';
import {usagePane} from './panes/usage-pane.js';
import {fitLine, lineWidth, mergeLine, segment} from './segments.js';
import {displayWidth, fitMiddle, formatCount, oneLine} from './text.js';
import {paintLine, theme, type Line, type Role, type Style, type Theme} from './theme.js';
import {searchableItem, sessionPosition, showingSession} from './session-find.js';
import {selectedNode} from './tree-state.js';


/**
 * `┌ left ───── right ┐` (or ├ ┤, └ ┘), exactly `width` wide. When both parts do not fit, the
 * right one keeps at most two fifths of the room and the left one (a title, a query) the rest.
 */
function rule(width: number, corners: [string, string], left: Line, right: Line, paint: Theme, role: Role = 'border'): Line {
	const border = paint(role);
	const room = width - 4;
	const leftWanted = lineWidth(left);
	const rightWanted = lineWidth(right);
	const fits = leftWanted + (rightWanted > 0 ? rightWanted + 2 : 0) <= room;
	const rightWidth = fits ? rightWanted : Math.min(rightWanted, Math.max(Math.floor(room * 0.4), room - leftWanted - 3));
	const rightCost = rightWidth > 0 ? rightWidth + 2 : 0;
	const leftWidth = Math.min(leftWanted, Math.max(0, room - rightCost));
	const fill = room - leftWidth - rightCost;
	return [
		segment(corners[0] + (leftWidth > 0 ? ' ' : '─'), border),
		...(leftWidth > 0 ? fitLine(left, leftWidth) : []),
		segment((leftWidth > 0 ? ' ' : '─') + '─'.repeat(fill), border),
		...(rightWidth > 0 ? [segment(' ', border), ...fitLine(right, rightWidth), segment(' ', border)] : []),
		segment(corners[1], border),
	];
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
	// The trail names the tree's cursor: the tree pane's title, in the accent colour while it has the focus.
	const left: Line = [segment('drill', paint('title')), segment(trail.length ? ' · ' : ''), segment(trail.join(' › '), state.focus === 'tree' && state.mode === 'browse' ? paint('focusTitle') : undefined)];
	const depth: Line = [segment('depth: ', paint('dim')), segment(state.depth, paint('accent'))];
	// The open store is named where the trail leaves room for it; the trail is never cut for it.
	const store: Line = state.storeName ? [segment(`${state.storeName} · `, paint('dim'))] : [];
	const right = lineWidth(left) + lineWidth(store) + lineWidth(depth) + 2 <= box.width - 4 ? [...store, ...depth] : depth;
	return rule(box.width, ['┌', '┐'], left, right, paint);
}

/** A question waiting for y or n, whole: the keys that answer it first, then as much of the question as fits. */
function confirmLine(question: string, room: number, paint: Theme): Line {
	const keys: Line = [segment('y', paint('key')), segment(' yes  '), segment('n', paint('key')), segment(' no  ')];
	return [...keys, segment(fitMiddle(question, Math.max(0, room - lineWidth(keys))), paint('info'))];
}

function footer(state: AppState, box: Layout, paint: Theme): Line {
	if (state.mode === 'confirm' && state.confirm) return rule(box.width, ['└', '┘'], confirmLine(state.confirm.question, box.width - 4, paint), [], paint);
	const message = state.message;
	const facts = footerFacts(state, box);
	// The hints get what the facts leave (the facts take at most two fifths, as `rule` gives them).
	const room = box.width - 4;
	const factsWidth = Math.min(displayWidth(facts), Math.floor(room * 0.4));
	const left: Line = message
		? [segment(message.text, paint(message.kind === 'error' ? 'error' : 'info'))]
		: fitHints(placedHints(state), room - (factsWidth > 0 ? factsWidth + 2 : 0)).flatMap((hint, index) => [segment(index ? '  ' : ''), segment(hint.keys, paint('key')), segment(` ${hint.hint}`)]);
	return rule(box.width, ['└', '┘'], left, [segment(facts, paint('dim'))], paint);
}

/** The status line's hints, `/` named for what it finds in the detail pane: the session shown, or the pane's text. */
function placedHints(state: AppState): Hint[] {
	const item = state.focus === 'detail' ? searchableItem(state) : undefined;
	return hintsFor(contextsFor(state)).map((hint) => (hint.command === 'find' && item ? {...hint, hint: 'find in session'} : hint));
}

function footerFacts(state: AppState, box: Layout): string {
	const {tree, filter, mode, focus} = state;
	const facts: string[] = [];
	if (state.loading > 0) facts.push(`${spinnerFrames[state.spinner % spinnerFrames.length]} loading`);
	if (filter.matches.length > 0 && mode !== 'filter') facts.push(`f ${filter.input.value} [${filter.index + 1}/${formatCount(filter.matches.length)}]`);
	// The find's position where it means something: the pane has the focus, or the pattern is in it.
	if (state.find.session?.status === 'running') facts.push(`finding ${JSON.stringify(oneLine(state.find.session.query))} in this session…`);
	else if (showingSession(state)) facts.push(`/${oneLine(state.find.pattern)} ${sessionPosition(state)} messages`);
	else if (state.find.pattern && mode !== 'find' && (focus === 'detail' || findMatches(state).length > 0)) facts.push(`/${oneLine(state.find.pattern)} ${findPosition(state)}`);
	if (focus === 'detail' && mode === 'browse') {
		const total = detailRowCount(state, box.detailWidth);
		const scroll = Math.max(0, Math.min(state.detail.scroll, total - box.bodyHeight));
		if (total > 0) facts.push(`lines ${scroll + 1}–${Math.min(total, scroll + box.bodyHeight)}/${total}`);
	} else if (tree.rows.length > 0) facts.push(`${formatCount(tree.cursor + 1)}/${formatCount(tree.rows.length)}`);
	return facts.join(' · ');
}

function filterBar(state: AppState, paint: Theme): {left: Line; right: Line} {
	const {filter} = state;
	const {value, caret, selected} = filter.input;
	const at = value.slice(caret, caret + 1) || ' ';
	// The last pattern, offered again selected: what is typed replaces it.
	const left: Line = selected ? [segment('f ', paint('key')), segment(value, paint('selected')), segment(' ', paint('caret'))] : [segment('f ', paint('key')), segment(value.slice(0, caret)), segment(at, paint('caret')), segment(value.slice(caret + at.length))];
	const facts: string[] = selected ? ['typing replaces it', 'fuzzy'] : ['fuzzy'];
	if (filter.status === 'searching') facts.push(`searching ${Math.round(filter.progress * 100)}%`);
	else if (filter.status === 'done') facts.push(`${formatCount(filter.matches.length)} of ${formatCount(filter.searched)} names`);
	return {left, right: [segment(facts.join(' · '), paint('dim'))]};
}

function findBar(state: AppState, paint: Theme): {left: Line; right: Line} {
	const {value, caret} = state.find.input;
	const at = value.slice(caret, caret + 1) || ' ';
	// Which find this is, said where the typing is: inside the item shown (Enter asks the funnel), or in the pane's text.
	const item = searchableItem(state);
	const label = item ? 'find in this session: ' : 'find in pane: ';
	const left: Line = [segment(label, paint('key')), segment(oneLine(value.slice(0, caret))), segment(oneLine(at), paint('caret')), segment(oneLine(value.slice(caret + at.length)))];
	const hint = item ? 'Enter: every message that matches · Esc' : 'Enter keeps it · Esc';
	return {left, right: [segment(value ? `${findPosition(state)} · ${hint}` : hint, paint('dim'))]};
}

/** One block of the screen: a full-width rule, or a bordered region of side-by-side columns. */
export type Block = {kind: 'rule'; line: Line} | {kind: 'rows'; height: number; columns: Column[]};

export interface Column {
	/** Inner width (the column adds one space of padding on each side). */
	width: number;
	/** At most `height` lines, each cut to `width`; padding is left to the layout. */
	lines: Line[];
	/** Draws a divider on the left of this column, in the focus colour when the pane has focus. */
	divider?: 'border' | 'focusBorder';
}

export interface Screen {
	width: number;
	height: number;
	blocks: Block[];
	/** The colour of the outer vertical borders. */
	border: Style;
}

const cut = (lines: Line[], width: number) => lines.map((line) => mergeLine(fitLine(line, width, undefined, false)));

/**
 * The whole screen, as blocks: `rows - 1` lines in all, each rule exactly `columns` wide. Pane
 * content is cut to its width but not padded: Ink lays the columns out, and blank cells cost
 * nothing to draw.
 */
export function screenModel(state: AppState): Screen {
	const paint = theme(state.color);
	if (state.size.columns < minimum.columns || state.size.rows < minimum.rows) return tooSmall(state, paint);
	const box = layout(state);
	const blocks: Block[] = [{kind: 'rule', line: header(state, box, paint)}];
	const middle = box.bodyHeight + box.barHeight + box.panelHeight;
	const single = (height: number, lines: Line[]): Block => ({kind: 'rows', height, columns: [{width: box.width - 4, lines: cut(lines.slice(0, height), box.width - 4)}]});
	if (state.mode === 'usage') {
		blocks.push(single(middle, usagePane(state, box.width - 4, middle, paint).lines));
	} else if (state.mode === 'help') {
		const help = helpRows(box.width - 4);
		const scroll = Math.max(0, Math.min(state.helpScroll, help.length - middle));
		blocks.push(single(middle, help.slice(scroll, scroll + middle).map((line) => paintLine(line, paint))));
	} else {
		if (box.wide) {
			const tree = treePane(state, box.bodyHeight, box.treeWidth, paint);
			const detail = detailPane(state, box.detailWidth, box.bodyHeight, paint, findMatches(state)).lines;
			blocks.push({kind: 'rows', height: box.bodyHeight, columns: [{width: box.treeWidth, lines: cut(tree, box.treeWidth)}, {width: box.detailWidth, lines: cut(detail, box.detailWidth), divider: state.focus === 'detail' ? 'focusBorder' : 'border'}]});
		} else if (box.showDetail) blocks.push(single(box.bodyHeight, detailPane(state, box.detailWidth, box.bodyHeight, paint, findMatches(state)).lines));
		else blocks.push(single(box.bodyHeight, treePane(state, box.bodyHeight, box.treeWidth, paint)));
		if (box.barHeight > 0) {
			if (state.mode === 'dialog' && state.dialog) {
				blocks.push({kind: 'rule', line: rule(box.width, ['├', '┤'], [segment(state.dialog.title, paint('title'))], [], paint, 'focusBorder')});
				if (box.panelHeight > 0) blocks.push(single(box.panelHeight, dialogPane(state.dialog, box.panelHeight, paint)));
			} else if (state.mode === 'filter' || state.mode === 'find') {
				const bar = state.mode === 'find' ? findBar(state, paint) : filterBar(state, paint);
				blocks.push({kind: 'rule', line: rule(box.width, ['├', '┤'], bar.left, bar.right, paint, 'focusBorder')});
			} else {
				const bar = queryBar(state, paint);
				blocks.push({kind: 'rule', line: rule(box.width, ['├', '┤'], bar.left, bar.right, paint, state.mode === 'query' || state.focus === 'results' ? 'focusBorder' : 'border')});
				if (box.panelHeight > 0) blocks.push(single(box.panelHeight, resultsPane(state, box.panelHeight, box.width - 4, paint)));
			}
		}
	}
	const frames = frameBar(state, paint);
	blocks.push({kind: 'rule', line: rule(box.width, ['├', '┤'], frames.left, frames.right, paint)});
	if (box.planHeight > 1) blocks.push(single(box.planHeight - 1, framePanel(state, box.planHeight - 1, paint)));
	blocks.push({kind: 'rule', line: footer(state, box, paint)});
	return {width: box.width, height: box.height, blocks: blocks.map((block) => (block.kind === 'rule' ? {kind: 'rule', line: mergeLine(fitLine(block.line, box.width))} : block)), border: paint('border')};
}

/**
 * A terminal below the minimum: what it takes, in as many lines as fit, instead of every pane cut
 * to fragments. The keys still work (q quits; a resize brings the panes back).
 */
function tooSmall(state: AppState, paint: Theme): Screen {
	const width = Math.max(1, state.size.columns);
	const height = Math.max(1, state.size.rows - 1);
	const words = `drill needs ${minimum.columns}×${minimum.rows}; this terminal is ${state.size.columns}×${state.size.rows}. Enlarge it, or press q to quit`.split(' ');
	const lines: string[] = [];
	for (const word of words) {
		const last = lines.at(-1);
		if (last !== undefined && displayWidth(`${last} ${word}`) <= width) lines[lines.length - 1] = `${last} ${word}`;
		else lines.push(word);
	}
	const shown = lines.slice(0, height).map((text): Block => ({kind: 'rule', line: mergeLine(fitLine([segment(text, paint('dim'))], width))}));
	return {width, height: shown.length, blocks: shown, border: paint('border')};
}

/** The screen as plain text rows, exactly as laid out (for tests and recordings without Ink). */
export function screenText(screen: Screen): string[] {
	const rows: string[] = [];
	const text = (line: Line | undefined, width: number) => fitLine(line ?? [], width).map((piece) => piece.text).join('');
	for (const block of screen.blocks) {
		if (block.kind === 'rule') {
			rows.push(text(block.line, screen.width));
			continue;
		}
		for (let row = 0; row < block.height; row++) {
			rows.push(`│${block.columns.map((column) => `${column.divider ? '│' : ''} ${text(column.lines[row], column.width)} `).join('')}│`);
		}
	}
	return rows;
}
