import type {Depth} from '../core/depth.js';
import type {TreeView} from '../core/tree-view.js';
import type {DialogState} from './dialog-state.js';
import type {FuzzyMatch} from './fuzzy.js';
import {emptyInput, type LineInput} from './line-input.js';
import type {FindMethod, FindResult, FrameStatus} from './services.js';
import {emptyTree, type TreeState} from './tree-state.js';

export interface Size {
	columns: number;
	rows: number;
}

export type Focus = 'tree' | 'detail' | 'results';
export type Mode = 'browse' | 'query' | 'filter' | 'dialog' | 'help';

export interface DetailState {
	key?: string;
	depth?: Depth;
	/** The walked view, every text in it already made inert. */
	view?: TreeView;
	error?: string;
	scroll: number;
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
	result?: FindResult;
	rows: ResultRow[];
	selected: number;
	error?: string;
	/** Whether the results panel is shown. */
	open: boolean;
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
	focus: Focus;
	mode: Mode;
	detail: DetailState;
	query: QueryState;
	filter: FilterState;
	frames: FramesState;
	dialog?: DialogState;
	helpScroll: number;
	message?: {text: string; kind: 'info' | 'error'};
	/** Nodes whose remaining children are loading in the background. */
	loading: number;
	spinner: number;
}

export function initialState(size: Size, color: boolean, depth: Depth, framesAvailable: boolean): AppState {
	return {
		size,
		color,
		tree: emptyTree,
		depth,
		focus: 'tree',
		mode: 'browse',
		detail: {scroll: 0},
		query: {input: emptyInput, method: 'keyword,semantic', status: 'idle', rows: [], selected: 0, open: false},
		filter: {input: emptyInput, status: 'idle', matches: [], highlight: new Map(), index: 0, progress: 0, searched: 0},
		frames: {available: framesAvailable, expanded: false},
		helpScroll: 0,
		loading: 0,
		spinner: 0,
	};
}
