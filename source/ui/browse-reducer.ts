import {depths} from '../core/depth.js';
import {defaultMaxChars} from '../core/tree-view.js';
import type {AppState, Focus} from './app-types.js';
import {contextsFor} from './contexts.js';
import {dialogInput, openDialog} from './dialog-state.js';
import {filterKey, stepMatch} from './filter-state.js';
import {emptyFind, findKey, openFind, stepFind} from './find-state.js';
import {commandFor, type Command} from './key-table.js';
import type {Key} from './keys.js';
import {layout} from './layout.js';
import {regroup} from './grouping.js';
import {inputOf, selectedInput} from './line-input.js';
import {detailRowCount} from './panes/detail-pane.js';
import {scrollLimits} from './scroll.js';
import {cycleMethod, queryKey, resultsCommand, setScope} from './search-state.js';
import {note, withEffect} from './state-updates.js';
import {oneLine} from './text.js';
import {leaveSession, showingSession} from './session-find.js';
import {selectedNode, treeReducer, type TreeAction} from './tree-state.js';
import {openUsage, usageKey} from './usage-state.js';
import {usageLines} from './panes/usage-pane.js';
import {theme} from './theme.js';

/**
 * One key, in the state's mode: looked up in the key table for `contextsFor(state)` and handed to
 * the part of the app that has the focus (the query box, the filter, a dialog, the help, or the
 * tree, detail and results panes while browsing).
 */
export function browseReducer(state: AppState, key: Key): AppState {
	const command = commandFor(key.name, contextsFor(state));
	if (command === 'quit') return withEffect(state, {type: 'quit', code: 0});
	switch (state.mode) {
		case 'query':
			return queryKey(state, key, command);
		case 'filter':
			return filterKey(state, key, command);
		case 'find':
			return findKey(state, key, command);
		case 'dialog':
			return dialogInput(state, key, command);
		case 'help':
			return helpCommand(state, command);
		case 'usage': {
			const box = layout(state);
			return usageKey(state, command, {height: box.bodyHeight + box.barHeight + box.panelHeight, lines: usageLines(state, box.width - 4, theme(false)).length});
		}
		case 'confirm':
			return confirmCommand(state, command);
		default:
			return command ? browseCommand(state, command) : state;
	}
}

/** A command while browsing, for the pane that has the focus (keys, and the mouse's double click). */
export function browseCommand(state: AppState, command: Command): AppState {
	switch (command) {
		case 'help':
			return {...state, mode: 'help', helpScroll: 0};
		case 'usage':
			return openUsage(state);
		case 'depthIndex':
			return {...state, depth: 'index'};
		case 'depthSummary':
			return {...state, depth: 'summary'};
		case 'depthFull':
			return {...state, depth: 'full'};
		case 'depthCycle':
			return {...state, depth: depths[(depths.indexOf(state.depth) + 1) % depths.length]!};
		case 'unfold':
			return note({...state, unfold: !state.unfold}, state.unfold ? 'long tool outputs folded again (z: whole)' : `long tool outputs shown whole${state.depth === 'full' ? '' : ' at depth full (3)'} (z: folded)`);
		case 'switchPane': {
			const order: Focus[] = state.query.open && state.query.rows.length > 0 ? ['tree', 'detail', 'results'] : ['tree', 'detail'];
			return {...state, focus: order[(order.indexOf(state.focus) + 1) % order.length]!};
		}
		case 'query':
			return withEffect({...state, mode: 'query', query: {...state.query, open: true, input: inputOf(state.query.input.value), reopened: state.query.input.value || undefined}}, {type: 'searchPrepare'});
		case 'method':
			return cycleMethod(state);
		case 'togglePlan':
			return {...state, frames: {...state.frames, expanded: !state.frames.expanded}};
		case 'resume':
		case 'exportNode':
		case 'forget': {
			const node = selectedNode(state.tree);
			if (!node) return state;
			return withEffect(state, {type: 'act', what: command === 'exportNode' ? 'export' : command, domain: node.domain, id: node.id});
		}
		case 'openPager':
		case 'openEditor':
		case 'copyText': {
			const node = selectedNode(state.tree);
			if (!node) return state;
			if (command === 'copyText') return withEffect(state, {type: 'copyText', domain: node.domain, id: node.id});
			return withEffect(state, {type: 'external', program: command === 'openPager' ? 'pager' : 'editor', domain: node.domain, id: node.id});
		}
		default:
			break;
	}
	if (state.focus === 'detail') return detailCommand(state, command);
	if (state.focus === 'results') return resultsCommand(state, command);
	return treeCommand(state, command);
}

const tree = (state: AppState, action: TreeAction): AppState => ({...state, tree: treeReducer(state.tree, action)});

function treeCommand(state: AppState, command: Command): AppState {
	const node = selectedNode(state.tree);
	const {height} = state.tree;
	const half = Math.max(1, Math.floor(height / 2));
	switch (command) {
		case 'cursorDown':
			return tree(state, {type: 'move', by: 1});
		case 'cursorUp':
			return tree(state, {type: 'move', by: -1});
		case 'top':
			return tree(state, {type: 'moveTo', row: 0});
		case 'bottom':
			return tree(state, {type: 'moveTo', row: -1});
		case 'pageDown':
			return tree(state, {type: 'page', by: height});
		case 'pageUp':
			return tree(state, {type: 'page', by: -height});
		case 'halfDown':
			return tree(state, {type: 'page', by: half});
		case 'halfUp':
			return tree(state, {type: 'page', by: -half});
		case 'open': {
			if (!node?.hasChildren) return state;
			// Loaded children open at once; a first page must be walked first (an effect, in order).
			if (!node.childKeys) return withEffect(state, {type: 'expand', key: node.key});
			const opened = tree(state, {type: 'expand', key: node.key});
			return node.total !== undefined && node.childKeys.length < node.total ? withEffect(opened, {type: 'loadRest', key: node.key}) : opened;
		}
		case 'close':
			if (!node) return state;
			if (node.expanded) return tree(state, {type: 'collapse', key: node.key});
			return node.parentKey ? tree(state, {type: 'select', key: node.parentKey}) : state;
		case 'filter':
			return {...state, mode: 'filter', filter: {...state.filter, input: selectedInput(state.filter.input.value)}};
		case 'nextMatch':
			return stepMatch(state, 1);
		case 'previousMatch':
			return stepMatch(state, -1);
		case 'scope':
			return setScope(state);
		case 'group':
			return regroup(state);
		case 'drillDown':
			return openDialog(state, 'down');
		case 'drillUp':
			return openDialog(state, 'up');
		case 'copyId':
			if (!node) return state;
			return withEffect(note(state, `copied ${node.id === '' ? `the ${node.domain} root id ''` : oneLine(node.id)}`), {type: 'copy', text: node.id});
		case 'closePanel':
			return {...state, filter: {...state.filter, matches: [], highlight: new Map(), index: 0, status: 'idle'}, query: {...state.query, open: false}};
		default:
			return state;
	}
}

function detailCommand(state: AppState, command: Command): AppState {
	switch (command) {
		case 'find':
			return openFind(state);
		case 'nextMatch':
			return stepFind(state, 1);
		case 'previousMatch':
			return stepFind(state, -1);
		case 'closePanel':
			if (showingSession(state)) return leaveSession(state);
			return state.find.pattern ? {...state, find: emptyFind} : {...state, focus: 'tree'};
		default:
			break;
	}
	const step = scrollStep(command, layout(state).bodyHeight);
	return step === undefined ? state : scrollDetail(state, step);
}

/** How far a key scrolls a pane of `height` lines (the detail pane, the help): a line, a page, to an end. */
function scrollStep(command: Command | undefined, height: number): number | undefined {
	const page = Math.max(1, height - 2);
	const by: Partial<Record<Command, number>> = {cursorDown: 1, cursorUp: -1, pageDown: page, pageUp: -page, top: -Infinity, bottom: Infinity};
	return command === undefined ? undefined : by[command];
}

/**
 * Scrolls the detail pane by `by` lines (clamped). A full view cut at its size bound loads its
 * next chunk once the reader comes within two pages of the end (the pane says so meanwhile).
 */
export function scrollDetail(state: AppState, by: number): AppState {
	const scroll = Math.max(0, Math.min(scrollLimits(state).detail, state.detail.scroll + by));
	const next = scroll === state.detail.scroll ? state : {...state, detail: {...state.detail, scroll}};
	return by > 0 ? moreWhenNear(next) : next;
}

/** The most a full view is grown to (the walk's own bound on max_chars). */
const maxContentChars = 100_000_000;

/** Near the end of a full view that was cut: asks for the next chunk (a walk with twice the bound). */
function moreWhenNear(state: AppState): AppState {
	const {detail} = state;
	if (!detail.view?.truncated || detail.more || detail.key === undefined || detail.depth === undefined) return state;
	const box = layout(state);
	if (detail.scroll + box.bodyHeight * 3 < detailRowCount(state, box.detailWidth)) return state;
	const chars = Math.min(maxContentChars, (detail.chars ?? defaultMaxChars) * 2);
	if (chars === detail.chars) return state;
	return withEffect({...state, detail: {...detail, more: true}}, {type: 'detailMore', key: detail.key, depth: detail.depth, chars});
}

/** y (or Enter) runs what was asked about; any other key leaves it. */
function confirmCommand(state: AppState, command: Command | undefined): AppState {
	const asked = state.confirm;
	const browsing: AppState = {...state, mode: 'browse', confirm: undefined};
	if (!asked) return browsing;
	return command === 'confirmYes' ? withEffect(browsing, asked.effect) : note(browsing, 'left as it was');
}


/** Keys over the help: it scrolls as the detail pane does (a line, a page, to either end). */
function helpCommand(state: AppState, command: Command | undefined): AppState {
	if (command === 'closePanel') return {...state, mode: 'browse'};
	const box = layout(state);
	const step = scrollStep(command, box.bodyHeight + box.barHeight + box.panelHeight);
	if (step === undefined) return state;
	const helpScroll = Math.max(0, Math.min(scrollLimits(state).help, state.helpScroll + step));
	return helpScroll === state.helpScroll ? state : {...state, helpScroll};
}
