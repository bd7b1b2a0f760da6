import type {Depth} from '../core/depth.js';
import type {AppState, Effect, Focus, Size} from './app-types.js';
import {browseReducer} from './browse-reducer.js';
import {dialogReducer, type DialogAction} from './dialog-state.js';
import {filterReducer, type FilterAction} from './filter-state.js';
import {emptyFind, findFor} from './find-state.js';
import type {Key} from './keys.js';
import {layout} from './layout.js';
import {mouseEvent} from './mouse-state.js';
import {emptyInput} from './line-input.js';
import {searchReducer, type SearchAction} from './search-state.js';
import {note, withEffect} from './state-updates.js';
import type {FrameStatus} from './services.js';
import {emptyTree, treeReducer, type TreeAction} from './tree-state.js';
import {usageReducer, type UsageAction} from './usage-state.js';
import {emptyUsage} from './usage-types.js';
import type {TreeView} from '../core/tree-view.js';

export type {AppState, Effect, Focus, Size} from './app-types.js';

/**
 * The app's whole state (its types in app-types.ts), and the one reducer every change goes through.
 *
 * How the app runs (see controller.ts): raw input is decoded into keys; each key is dispatched as
 * a `key` action; `appReducer` looks the key up in the key table for the contexts of the moment
 * (`contextsFor`) and returns the next state. When a change needs the outside world (a walk, a
 * search, the frames library, the clipboard), the reducer does not do it: it appends an `Effect`
 * to `state.effects`, and the controller hands each effect to its module in `effects/`, which
 * does the work and dispatches what came of it as another action (`search/done`, `tree`, …).
 * So every state change is an action through `appReducer`, and every effect is data a test can see.
 *
 * To add a feature: add its state here (or in its own `*-state.ts`), its actions to `AppAction`
 * (or to the sub-reducer's own union), its effects to `Effect` and a module in `effects/` that
 * runs them, and its keys to key-table.ts (which also writes the help).
 */

/** Everything that can change the state. Sub-reducers own their families (`search/…`, `filter/…`, `dialog/…`). */
export type AppAction =
	/** The app starts: one row per domain, opened at `initial`. */
	| {type: 'start'; domains: string[]; initial?: {domain?: string; node?: string; query?: string}}
	/** A chunk of keys begins (the status line's message goes). */
	| {type: 'input'}
	/** One key press, looked up in the key table for the contexts of the moment. */
	| {type: 'key'; key: Key}
	| {type: 'resize'; size: Size}
	/** A change to the tree (children loaded, a node failed, expanded, selected). */
	| {type: 'tree'; action: TreeAction}
	/** How many nodes are still loading in the background. */
	| {type: 'loading'; count: number}
	| {type: 'focus'; focus: Focus}
	| {type: 'note'; text: string; kind?: 'info' | 'error'}
	/** The selected node was walked at the current depth (or failed to be). */
	| {type: 'detail'; key: string; depth: Depth; view?: TreeView; error?: string; chars?: number; unfold?: boolean}
	| {type: 'frames/status'; status: FrameStatus}
	| {type: 'frames/failed'; error: string}
	/** The spinner's next frame. */
	| {type: 'spin'}
	/** Another process wrote to the summary store (e.g. `drill ingest --watch`). */
	| {type: 'storeChanged'}
	/** Ask y/n before `effect` runs. */
	| {type: 'confirm/ask'; question: string; effect: Effect}
	| SearchAction
	| FilterAction
	| DialogAction
	| UsageAction;

export function initialState(size: Size, color: boolean, depth: Depth, framesAvailable: boolean): AppState {
	return {
		size,
		color,
		tree: emptyTree,
		depth,
		unfold: false,
		focus: 'tree',
		mode: 'browse',
		detail: {scroll: 0},
		query: {input: emptyInput, method: 'keyword,semantic', status: 'idle', rows: [], selected: 0, open: false, sequence: 0},
		filter: {input: emptyInput, status: 'idle', matches: [], highlight: new Map(), index: 0, progress: 0, searched: 0, sequence: 0, jumpWhenDone: false},
		find: emptyFind,
		frames: {available: framesAvailable, expanded: false},
		helpScroll: 0,
		usage: emptyUsage,
		loading: 0,
		spinner: 0,
		showTimings: true,
		effects: [],
	};
}

function start(state: AppState, domains: string[], initial: {domain?: string; node?: string; query?: string} = {}): AppState {
	let next = withEffect({...state, tree: treeReducer(state.tree, {type: 'roots', domains})}, initial.domain === undefined ? {type: 'loadRoots', newest: true} : {type: 'loadRoots'});
	if (initial.domain !== undefined) next = withEffect(next, {type: 'reveal', domain: initial.domain, id: initial.node ?? ''});
	else if (initial.node !== undefined) next = note(next, '--node needs --domain to say which tree it is in', 'error');
	if (initial.query) next = searchReducer(next, {type: 'search/run', text: initial.query});
	return next.frames.available ? withEffect(next, {type: 'framesRefresh'}) : next;
}

function reduce(state: AppState, action: AppAction): AppState {
	switch (action.type) {
		case 'start':
			return start(state, action.domains, action.initial);
		case 'input':
			return state.message ? {...state, message: undefined} : state;
		case 'key':
			return action.key.mouse ? mouseEvent(state, action.key.mouse) : browseReducer(state, action.key);
		case 'resize':
			return {...state, size: action.size};
		case 'tree':
			return {...state, tree: treeReducer(state.tree, action.action)};
		case 'loading':
			return state.loading === action.count ? state : {...state, loading: action.count};
		case 'focus':
			return {...state, focus: action.focus};
		case 'note':
			return note(state, action.text, action.kind);
		case 'detail': {
			const {key, depth, view, error, chars, unfold} = action;
			const same = view !== undefined && state.detail.key === key;
			return {...state, detail: {key, depth, view, error, chars, unfold, scroll: same ? state.detail.scroll : 0}, find: same ? state.find : findFor(state.find, key)};
		}
		case 'frames/status':
			return {...state, frames: {...state.frames, status: action.status, error: undefined}};
		case 'frames/failed':
			return {...state, frames: {...state.frames, error: action.error}};
		case 'spin':
			return {...state, spinner: state.spinner + 1};
		case 'storeChanged':
			return withEffect(state, {type: 'refresh', domain: 'summary'});
		case 'confirm/ask':
			return state.mode === 'browse' ? {...state, mode: 'confirm', confirm: {question: action.question, effect: action.effect}} : state;
		default:
			if (action.type.startsWith('search/')) return searchReducer(state, action as SearchAction);
			if (action.type.startsWith('filter/')) return filterReducer(state, action as FilterAction);
			if (action.type.startsWith('usage/')) return usageReducer(state, action as UsageAction);
			return dialogReducer(state, action as DialogAction);
	}
}

/** The tree pane's height follows the layout (terminal size, open panels). */
function fitTree(state: AppState): AppState {
	const {bodyHeight} = layout(state);
	return bodyHeight === state.tree.height ? state : {...state, tree: treeReducer(state.tree, {type: 'height', height: bodyHeight})};
}

export function appReducer(state: AppState, action: AppAction): AppState {
	const next = reduce(state, action);
	return next === state ? state : fitTree(next);
}
