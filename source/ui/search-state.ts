import type {AppState, Focus, ResultRow} from './app-types.js';
import {note, withEffect} from './state-updates.js';
import type {Command} from './key-table.js';
import type {Key} from './keys.js';
import {findWords} from './find-state.js';
import {sessionFailed, sessionFound} from './session-find.js';
import {editInput, insertText} from './line-input.js';
import {resultRows} from './query-results.js';
import {findMethods, type FindResult} from './services.js';
import {oneLine} from './text.js';
import {nodeKey, selectedNode} from './tree-state.js';

/** The query box and its results: the search sub-reducer. */
export type SearchAction =
	/** Run the funnel for this text (Enter in the query box, --query, a new method or scope). */
	| {type: 'search/run'; text: string}
	/** The funnel answered search `sequence` (its text already inert). */
	| {type: 'search/done'; sequence: number; result: FindResult}
	| {type: 'search/failed'; sequence: number; error: string}
	/** The funnel answered a search inside one session (`sessionFind`). */
	| {type: 'search/session'; sequence: number; result: FindResult}
	| {type: 'search/sessionFailed'; sequence: number; error: string};

/** How long typing must pause before the query box searches what it holds. */
export const liveSearchMs = 80;

/**
 * Asks for a search of `text` (after `delayMs`, while typing). A newer search replaces this one:
 * its answer will be dropped and its work aborted. With `same`, a search of this text already
 * asked for is kept (Enter on what typing already searched) instead of starting over.
 */
function request(state: AppState, text: string, delayMs = 0, same = false): AppState {
	const keep = same && text === state.query.submitted && state.query.status === 'running';
	const sequence = keep ? state.query.sequence : state.query.sequence + 1;
	const {method, scope} = state.query;
	const query = {...state.query, submitted: text, status: 'running' as const, error: undefined, open: true, sequence};
	return withEffect({...state, query}, {type: 'search', sequence, text, method, scope, ...(delayMs ? {delayMs} : {})});
}

const run = (state: AppState, text: string) => request(state, text);

/** The box was emptied while a search waited or ran: it is dropped and the last answer stays. */
function dropLive(state: AppState): AppState {
	const {query} = state;
	if (query.status !== 'running') return state;
	const status = query.result ? ('done' as const) : ('idle' as const);
	return withEffect({...state, query: {...query, status, submitted: query.result?.query, sequence: query.sequence + 1}}, {type: 'searchCancel'});
}

/** Leaves the results for the tree when there is nothing left to select in them. */
function leaveEmptyResults(state: AppState): Focus {
	return state.focus === 'results' && state.query.rows.length === 0 ? 'tree' : state.focus;
}

export function searchReducer(state: AppState, action: SearchAction): AppState {
	switch (action.type) {
		case 'search/run':
			return run(state, action.text);
		case 'search/done': {
			if (action.sequence !== state.query.sequence) return state;
			const next = {...state, query: {...state.query, status: 'done' as const, result: action.result, rows: resultRows(action.result), selected: 0}};
			return {...next, focus: leaveEmptyResults(next)};
		}
		case 'search/failed': {
			if (action.sequence !== state.query.sequence) return state;
			const next = {...state, query: {...state.query, status: 'failed' as const, error: action.error, rows: [], selected: 0, result: undefined}};
			return {...next, focus: leaveEmptyResults(next)};
		}
		case 'search/session':
			return sessionFound(state, action.sequence, action.result);
		case 'search/sessionFailed':
			return sessionFailed(state, action.sequence, action.error);
	}
}

/**
 * A key while the query box has the focus: edits search as you type (once typing pauses), Enter
 * shows the results of what was typed (searching it now if it was not yet), Esc leaves the box.
 */
export function queryKey(state: AppState, key: Key, command: Command | undefined): AppState {
	const {query} = state;
	if (command === 'submit') {
		const text = query.input.value.trim();
		if (!text) return {...state, mode: 'browse', query: {...query, open: query.status !== 'idle'}};
		const browsing: AppState = {...state, mode: 'browse', focus: 'results'};
		if (text === query.submitted && query.status === 'done') return {...browsing, focus: leaveEmptyResults(browsing)};
		return request(browsing, text, 0, true);
	}
	if (command === 'cancel') return {...state, mode: 'browse', query: {...query, open: query.status !== 'idle'}};
	const input = !command && key.text !== undefined ? insertText(query.input, key.text) : command ? editInput(query.input, command) : query.input;
	if (input === query.input) return state;
	const edited: AppState = {...state, query: {...query, input}};
	const text = input.value.trim();
	if (!text) return dropLive(edited);
	if (text === query.submitted && query.status !== 'failed' && query.status !== 'idle') return edited;
	return request(edited, text, liveSearchMs);
}

export function cycleMethod(state: AppState): AppState {
	const method = findMethods[(findMethods.indexOf(state.query.method) + 1) % findMethods.length]!;
	const next = note({...state, query: {...state.query, method}}, `search method: ${method}`);
	return next.query.submitted ? run(next, next.query.submitted) : next;
}

/** Scopes the search to the namespace under the cursor, or (again, or elsewhere) to all of them. */
export function setScope(state: AppState): AppState {
	const node = selectedNode(state.tree);
	const namespace = node?.domain === 'summary' && node.id !== '' ? node.id.split(':')[0] : undefined;
	const scope = namespace && namespace !== state.query.scope ? namespace : undefined;
	const next = note({...state, query: {...state.query, scope}}, scope ? `search scope: ${oneLine(scope)}` : 'search scope: all namespaces');
	return next.query.submitted ? run(next, next.query.submitted) : next;
}

/** The row a move from `at` lands on: hits step over the spans under them; spans step within their hit. */
function step(rows: readonly ResultRow[], at: number, by: 1 | -1): number {
	if (rows[at]?.kind === 'span') {
		const next = at + by;
		// Above the first span is its hit; below the last, the next hit.
		return next >= 0 && next < rows.length ? next : at;
	}
	for (let next = at + by; next >= 0 && next < rows.length; next += by) if (rows[next]!.kind === 'hit') return next;
	return at;
}

/** The hit a row belongs to (a hit is its own). */
function hitOf(rows: readonly ResultRow[], at: number): number {
	let hit = Math.min(at, rows.length - 1);
	while (hit > 0 && rows[hit]!.kind === 'span') hit--;
	return Math.max(0, hit);
}

function jump(state: AppState): AppState {
	const row = state.query.rows[state.query.selected];
	// The detail pane then highlights the query's words (n/N step through them).
	return row ? findWords(withEffect(state, {type: 'reveal', domain: row.domain, id: row.target, focusTree: true}), state.query.submitted, nodeKey(row.domain, row.target)) : state;
}

/** Keys on the results list: j/k move between hits, l/→ goes into a hit's drilled spans, h/← back out. */
export function resultsCommand(state: AppState, command: Command): AppState {
	const {query} = state;
	const select = (selected: number): AppState => (selected === query.selected ? state : {...state, query: {...query, selected}});
	switch (command) {
		case 'cursorDown':
			return select(step(query.rows, query.selected, 1));
		case 'cursorUp':
			return select(step(query.rows, query.selected, -1));
		case 'open':
			if (query.rows[query.selected]?.kind === 'hit' && query.rows[query.selected + 1]?.kind === 'span') return select(query.selected + 1);
			return jump(state);
		case 'close':
			return select(hitOf(query.rows, query.selected));
		case 'jump':
			return jump(state);
		case 'closePanel':
			return {...state, focus: 'tree', query: {...query, open: false}};
		default:
			return state;
	}
}
