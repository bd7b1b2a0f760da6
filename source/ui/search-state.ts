import type {AppState, Focus} from './app-state.js';
import {note, withEffect} from './state-updates.js';
import type {Command} from './key-table.js';
import type {Key} from './keys.js';
import {editInput, insertText} from './line-input.js';
import {resultRows} from './query-results.js';
import {findMethods, type FindResult} from './services.js';
import {oneLine} from './text.js';
import {selectedNode} from './tree-state.js';

/** The query box and its results: the search sub-reducer. */
export type SearchAction =
	/** Run the funnel for this text (Enter in the query box, --query, a new method or scope). */
	| {type: 'search/run'; text: string}
	/** The funnel answered search `sequence` (its text already inert). */
	| {type: 'search/done'; sequence: number; result: FindResult}
	| {type: 'search/failed'; sequence: number; error: string};

/** A newer search replaces this one: its answer will be dropped and its work aborted. */
function run(state: AppState, text: string): AppState {
	const sequence = state.query.sequence + 1;
	const {method, scope} = state.query;
	const query = {...state.query, submitted: text, status: 'running' as const, error: undefined, open: true, sequence};
	return withEffect({...state, query}, {type: 'search', sequence, text, method, scope});
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
			const next = {...state, query: {...state.query, status: 'failed' as const, error: action.error, rows: [], result: undefined}};
			return {...next, focus: leaveEmptyResults(next)};
		}
	}
}

/** A key while the query box has the focus: edit, run (Enter) or leave (Esc). */
export function queryKey(state: AppState, key: Key, command: Command | undefined): AppState {
	const {query} = state;
	if (command === 'submit') {
		const text = query.input.value.trim();
		if (!text) return {...state, mode: 'browse', query: {...query, open: query.status !== 'idle'}};
		return run({...state, mode: 'browse', focus: 'results'}, text);
	}
	if (command === 'cancel') return {...state, mode: 'browse', query: {...query, open: query.status !== 'idle'}};
	const input = !command && key.text !== undefined ? insertText(query.input, key.text) : command ? editInput(query.input, command) : query.input;
	return input === query.input ? state : {...state, query: {...query, input}};
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

/** Keys on the results list. */
export function resultsCommand(state: AppState, command: Command): AppState {
	const {query} = state;
	switch (command) {
		case 'cursorDown':
		case 'cursorUp': {
			const selected = Math.max(0, Math.min(query.rows.length - 1, query.selected + (command === 'cursorDown' ? 1 : -1)));
			return {...state, query: {...query, selected}};
		}
		case 'jump': {
			const row = query.rows[query.selected];
			return row ? withEffect(state, {type: 'reveal', domain: row.domain, id: row.target, focusTree: true}) : state;
		}
		case 'closePanel':
			return {...state, focus: 'tree', query: {...query, open: false}};
		default:
			return state;
	}
}
