import type {Depth} from '../core/depth.js';
import type {TreeView} from '../core/tree-view.js';
import type {FuzzyMatch} from './fuzzy.js';
import type {LineInput} from './line-input.js';
import type {DownRequest, FindMethod, FindResult, FrameStatus, PlanAction, UpRequest} from './services.js';
import type {TreeState} from './tree-state.js';
import type {UsageScreenState} from './usage-types.js';

/**
 * The app's state, as types only: what app-state.ts's reducer keeps and what every part of the
 * app reads. A module of its own, so that the sub-reducers, panes and effects that take an
 * `AppState` do not import the reducer that imports them (see scripts/cycles.mjs).
 */

export interface Size {
	columns: number;
	rows: number;
}

export type Focus = 'tree' | 'detail' | 'results';
export type Mode = 'browse' | 'query' | 'filter' | 'find' | 'dialog' | 'confirm' | 'help' | 'usage';

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
	/** A question waiting for y or n (mode `confirm`), and the work a yes runs. */
	confirm?: {question: string; effect: Effect};
	helpScroll: number;
	/** The usage screen (`$`): cost and tokens per day, by agent and project, the week's rhythm. */
	usage: UsageScreenState;
	/** The last click (a second one on the same cell soon after is a double click). */
	lastClick?: {row: number; column: number; at: number};
	message?: {text: string; kind: 'info' | 'error'};
	/** Nodes whose remaining children are loading in the background. */
	loading: number;
	spinner: number;
	/** Which store is open (the header's right end names it). */
	storeName?: string;
	/** The store holds items pulled from other machines (`b` then offers by machine and by user). */
	pulledItems?: boolean;
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
	/** Search inside one item (its matching messages); the answer comes back as `search/session` or `search/sessionFailed`. */
	| {type: 'sessionFind'; sequence: number; within: string; text: string}
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
	/** `r`, `x`, `D`: work out what resuming or forgetting the node would do and ask (confirm/ask), or export it. */
	| {type: 'act'; what: 'resume' | 'export' | 'forget'; domain: string; id: string}
	/** Run the agent's resume command with the terminal handed over (after a yes). */
	| {type: 'resume'; command: string[]; cwd: string; name: string}
	/** Forget the item of the node (after a yes). */
	| {type: 'forget'; domain: string; id: string}
	/** Read what the usage screen shows (answered by `usage/loaded` or `usage/failed` with this sequence). */
	| {type: 'usageLoad'; sequence: number}
	/** Read the sessions of a day on the usage screen (`usage/day`). */
	| {type: 'usageDay'; sequence: number; day: string}
	| {type: 'quit'; code: number};

/** Find in the detail pane (find-state.ts). */
export interface FindState {
	input: LineInput;
	/** What is highlighted ('' = nothing). */
	pattern: string;
	/** Match the pattern's words anywhere (the funnel's query), not the pattern as typed. */
	words: boolean;
	/** The node a jump highlighted the query's words for: another node's detail drops them. */
	key?: string;
	/** The current match, or -1 before the first n/N (after a jump). */
	index: number;
	/** Where the pane was when the find box opened: Esc goes back there. */
	origin: number;
	/** The pattern before the find box opened: Esc keeps it, Enter on an empty box finds it again. */
	previous: {pattern: string; words: boolean; index: number};
	/** A search inside the item the detail pane shows (session-find.ts). */
	session?: SessionFind;
}

/** Find inside one session: the funnel's matching messages of the item the detail pane showed. */
export interface SessionFind {
	/** The item or node searched. */
	within: string;
	title: string;
	query: string;
	status: 'running' | 'done';
	/** Numbers the session finds: an answer for any but the latest is dropped. */
	sequence: number;
	/** The current match, or -1 before the first n/N. */
	index: number;
	/** The detail pane's key when the find was asked for: another node's answer is dropped. */
	key?: string;
}

/** The `d` (drill down) and `u` (undrill) forms: text fields, choices and buttons. */
export interface Field {
	name: string;
	label: string;
	kind: 'text' | 'choice' | 'button';
	input: LineInput;
	choices?: readonly string[];
	placeholder?: string;
	/** `always`: the form is not sent without it; `action`: every prevention action needs it. The form marks both. */
	required?: 'always' | 'action';
}

export interface DialogState {
	kind: 'down' | 'up';
	title: string;
	fields: Field[];
	focus: number;
	/** Actions entered so far (undrill). */
	plan: PlanAction[];
	error?: string;
	busy: boolean;
	/** What goes into the new frame's context (drill down). */
	context?: string;
}

/** A program the terminal is handed to (`o`, `e`). */
export type ExternalProgram = 'pager' | 'editor';
