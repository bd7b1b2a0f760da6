import type {Depth} from '../core/depth.js';
import type {TreeView} from '../core/tree-view.js';
import {browseReducer} from './browse-reducer.js';
import {dialogReducer, type DialogAction, type DialogState} from './dialog-state.js';
import {filterReducer, type FilterAction} from './filter-state.js';
import {emptyFind, findFor, type FindState} from './find-state.js';
import type {FuzzyMatch} from './fuzzy.js';
import type {ExternalProgram} from './effects/external.js';
import type {Key} from './keys.js';
import {layout} from './layout.js';
import {mouseEvent} from './mouse-state.js';
import {emptyInput, type LineInput} from './line-input.js';
import {searchReducer, type SearchAction} from './search-state.js';
import {note, withEffect} from './state-updates.js';
import type {DownRequest, FindMethod, FindResult, FrameStatus, UpRequest} from './services.js';
import {emptyTree, treeReducer, type TreeAction, type TreeState} from './tree-state.js';

/**
 * The app's whole state, and the one reducer every change goes through.
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

export interface Size {
	columns: number;
	rows: number;
}

export type Focus = 'tree' | 'detail' | 'results';
export type Mode = 'browse' | 'query' | 'filter' | 'find' | 'dialog' | 'help';

export interface DetailState {
	key?: string;
	depth?: Depth;
	/** The walked view, every text in it already made inert. */
	view?: TreeView;
	error?: string;
	scroll: number;
	/** The bound on the full content the view was walked with (it grows as the reader scrolls on). */
	chars?: number;
	/** The next chunk of a cut full view is loading. */
	more?: boolean;
	/** Whether the view was walked with long tool outputs whole. */
	unfold?: boolean;
}

/** One selectable row of the search results: a stage-1 hit, or a drilled span under its item. */
export interface ResultRow {
	kind: 'hit' | 'span';
	/** The domain and node the row jumps to. */
	domain: string;
	target: string;
	title: string;
	snippet: string;
	note: string;
}

export interface QueryState {
	input: LineInput;
	method: FindMethod;
	scope?: string;
	status: 'idle' | 'running' | 'done' | 'failed';
	/** The query the shown results (or the running search) are for. */
	submitted?: string;
	/** The text the box reopened with (`/` keeps the last query): while it is unchanged, the bar says ctrl-u clears it. */
	reopened?: string;
	result?: FindResult;
	rows: ResultRow[];
	selected: number;
	error?: string;
	/** Whether the results panel is shown. */
	open: boolean;
	/** Numbers the searches: an answer for any but the latest is dropped. */
	sequence: number;
}

export interface FilterState {
	input: LineInput;
	status: 'idle' | 'searching' | 'done';
	matches: FuzzyMatch[];
	/** Matched character ranges by node key, for highlighting. */
	highlight: Map<string, Array<[number, number]>>;
	index: number;
	progress: number;
	/** How many names the last search looked at. */
	searched: number;
	/** Numbers the filter runs: progress and answers of any but the latest are dropped. */
	sequence: number;
	/** Enter was pressed before the answer came: jump to the best match when it does. */
	jumpWhenDone: boolean;
}

export interface FramesState {
	available: boolean;
	status?: FrameStatus;
	error?: string;
	expanded: boolean;
}

export interface AppState {
	size: Size;
	color: boolean;
	tree: TreeState;
	depth: Depth;
	/** Long tool outputs at depth full shown whole (`z`), not folded to their head and tail. */
	unfold: boolean;
	focus: Focus;
	mode: Mode;
	detail: DetailState;
	query: QueryState;
	filter: FilterState;
	/** Find in the detail pane (less-style `/`, n/N). */
	find: FindState;
	frames: FramesState;
	dialog?: DialogState;
	helpScroll: number;
	/** The last click (a second one on the same cell soon after is a double click). */
	lastClick?: {row: number; column: number; at: number};
	message?: {text: string; kind: 'info' | 'error'};
	/** Nodes whose remaining children are loading in the background. */
	loading: number;
	spinner: number;
	/** Measured times (a search's) are shown; recordings turn them off, so that they do not depend on the clock. */
	showTimings: boolean;
	/** Work the last actions asked for; the controller takes these and runs them in order. */
	effects: readonly Effect[];
}

/**
 * Work with the outside world, asked for by the reducer and run by a module in `effects/`
 * (loading.ts, search.ts, filter.ts, frames.ts; `copy` and `quit` by the controller).
 */
export type Effect =
	/**
	 * Load the first page of every domain's root, then select the summary domain's newest item
	 * (`newest`: no place was asked for), or the summary root of an empty store, or else the first
	 * domain that could be read.
	 */
	| {type: 'loadRoots'; newest?: boolean}
	/** Load a node's first page of children if it has none yet, then expand it. */
	| {type: 'expand'; key: string}
	/** Load a wide node's remaining children in the background, a page at a time. */
	| {type: 'loadRest'; key: string}
	/** Read a domain's top level again (its content changed: a drill was opened or closed), and the detail pane with it. */
	| {type: 'reload'; domain: string}
	/** Walk the detail pane's node again with a larger bound on its full content (the reader scrolled near the end of what was cut). */
	| {type: 'detailMore'; key: string; depth: Depth; chars: number}
	/** Read every loaded node of a domain again (the store changed under the app), keeping what is open and the cursor. */
	| {type: 'refresh'; domain: string}
	/** Open the tree down to a node (loading what is needed) and select it; focus the tree after. */
	| {type: 'reveal'; domain: string; id: string; focusTree?: boolean}
	/**
	 * Run the funnel, after `delayMs` without another search asked for (typing), or at once; the
	 * answer comes back as `search/done` or `search/failed` with this sequence. A search with the
	 * sequence of the one already started is that one (Enter after typing): nothing new starts.
	 */
	| {type: 'search'; sequence: number; text: string; method: FindMethod; scope?: string; delayMs?: number}
	/** Drop the search waiting to start or running (the query box was emptied). */
	| {type: 'searchCancel'}
	/** Get the search ready: the query box opened. */
	| {type: 'searchPrepare'}
	/** Fuzzy-match the loaded names (debounced); the answer comes back as `filter/done`. */
	| {type: 'filter'; sequence: number; text: string}
	| {type: 'filterCancel'}
	| {type: 'framesRefresh'}
	| {type: 'framesDown'; request: DownRequest}
	| {type: 'framesUp'; request: UpRequest}
	/** Write the text to the clipboard (OSC 52). */
	| {type: 'copy'; text: string}
	/** Copy a node's text (full depth) to the clipboard. */
	| {type: 'copyText'; domain: string; id: string}
	/** Show a node's source (or its text) in the pager or the editor, the terminal handed over meanwhile. */
	| {type: 'external'; program: ExternalProgram; domain: string; id: string}
	| {type: 'quit'; code: number};

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
	| SearchAction
	| FilterAction
	| DialogAction;

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
		default:
			if (action.type.startsWith('search/')) return searchReducer(state, action as SearchAction);
			if (action.type.startsWith('filter/')) return filterReducer(state, action as FilterAction);
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
