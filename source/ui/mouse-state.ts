import type {AppState} from './app-types.js';
import {browseCommand, scrollDetail} from './browse-reducer.js';
import type {MouseEvent} from './keys.js';
import {layout} from './layout.js';
import {resultsTop} from './panes/results-pane.js';
import {scrollLimits} from './scroll.js';
import {resultsCommand} from './search-state.js';
import {treeReducer} from './tree-state.js';

/** Two presses on one cell within this time are a double click. */
export const doubleClickMs = 400;
/** Lines one wheel notch scrolls. */
const wheelLines = 3;

type Pane = 'tree' | 'detail' | 'results' | 'help';

/** The pane under a screen cell (0-based row and column), and the row inside it. */
function paneAt(state: AppState, row: number, column: number): {pane: Pane; line: number} | undefined {
	const box = layout(state);
	if (state.mode === 'help') return row >= 1 && row < box.height - 2 ? {pane: 'help', line: row - 1} : undefined;
	const body = row - 1;
	if (body >= 0 && body < box.bodyHeight) {
		// │ + a space of padding + the tree's width + a space: the tree's columns; the detail's after them.
		const inTree = box.wide ? column <= box.treeWidth + 2 : box.showTree;
		return {pane: inTree ? 'tree' : 'detail', line: body};
	}
	const panel = body - box.bodyHeight - box.barHeight;
	if (state.query.open && state.mode !== 'dialog' && state.mode !== 'filter' && state.mode !== 'find' && panel >= 0 && panel < box.panelHeight) return {pane: 'results', line: panel};
	return undefined;
}

/**
 * A mouse event (SGR reporting) while browsing: the wheel scrolls the pane under the pointer
 * without moving the focus; a click selects the row under it (tree, results) and focuses its
 * pane; a second click on the same cell within `doubleClickMs` opens it (tree: open or close
 * the node; results: jump). While typing (query, filter, find, dialogs) the mouse does nothing.
 */
export function mouseEvent(state: AppState, mouse: MouseEvent): AppState {
	if (state.mode !== 'browse' && state.mode !== 'help') return state;
	const at = paneAt(state, mouse.row, mouse.column);
	if (!at) return state;
	if (mouse.wheel) {
		const by = mouse.wheel === 'down' ? wheelLines : -wheelLines;
		switch (at.pane) {
			case 'help':
				return {...state, helpScroll: Math.max(0, Math.min(scrollLimits(state).help, state.helpScroll + by))};
			case 'tree':
				return {...state, tree: treeReducer(state.tree, {type: 'page', by})};
			case 'detail':
				return scrollDetail(state, by);
			case 'results': {
				const moved = resultsCommand({...state, focus: 'results'}, by > 0 ? 'cursorDown' : 'cursorUp');
				return {...moved, focus: state.focus};
			}
		}
	}
	if (!mouse.press || mouse.button !== 0 || at.pane === 'help') return state;
	const last = state.lastClick;
	const double = last !== undefined && last.row === mouse.row && last.column === mouse.column && mouse.at - last.at <= doubleClickMs;
	const clicked: AppState = {...state, lastClick: double ? undefined : {row: mouse.row, column: mouse.column, at: mouse.at}};
	switch (at.pane) {
		case 'detail':
			return {...clicked, focus: 'detail'};
		case 'tree': {
			// The second click of a double click acts on what the first one selected (a click can change the layout).
			if (double && state.focus === 'tree') {
				const node = state.tree.nodes.get(state.tree.rows[state.tree.cursor] ?? '');
				return browseCommand(clicked, node?.expanded ? 'close' : 'open');
			}
			const row = state.tree.top + at.line;
			if (row >= state.tree.rows.length) return {...clicked, focus: 'tree'};
			return {...clicked, focus: 'tree', tree: treeReducer(state.tree, {type: 'moveTo', row})};
		}
		case 'results': {
			if (double && state.focus === 'results') return resultsCommand(clicked, 'jump');
			const index = resultsTop(state, layout(state).panelHeight) + at.line;
			if (index >= state.query.rows.length) return clicked;
			return {...clicked, focus: 'results', query: {...state.query, selected: index}};
		}
	}
}
