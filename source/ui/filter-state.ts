import type {AppState} from './app-types.js';
import type {FuzzyMatch} from './fuzzy.js';
import type {Command} from './key-table.js';
import type {Key} from './keys.js';
import {editInput, emptyInput, insertText} from './line-input.js';
import {note, withEffect} from './state-updates.js';
import {reveal} from './tree-state.js';

/** The fuzzy filter over the loaded names: the filter sub-reducer. */
export type FilterAction =
	/** Filter run `sequence` has searched this share of the names. */
	| {type: 'filter/progress'; sequence: number; progress: number}
	/** Filter run `sequence` answered, best match first, after looking at `searched` names. */
	| {type: 'filter/done'; sequence: number; matches: FuzzyMatch[]; searched: number};

/** Selects match `index` in the tree, opening its loaded ancestors. */
export function showMatch(state: AppState, index: number): AppState {
	const match = state.filter.matches[index];
	if (!match) return state;
	return {...state, filter: {...state.filter, index}, tree: reveal(state.tree, match.key), focus: 'tree'};
}

/** n / N: the next or previous match, round the list. */
export function stepMatch(state: AppState, step: number): AppState {
	const count = state.filter.matches.length;
	if (count === 0) return note(state, 'no filter matches (f to filter)');
	return showMatch(state, (state.filter.index + step + count) % count);
}

export function filterReducer(state: AppState, action: FilterAction): AppState {
	const {filter} = state;
	if (action.sequence !== filter.sequence) return state;
	if (action.type === 'filter/progress') return {...state, filter: {...filter, progress: action.progress}};
	const {matches, searched} = action;
	const next: AppState = {...state, filter: {...filter, status: 'done', matches, highlight: new Map(matches.map((match) => [match.key, match.ranges])), index: 0, searched, jumpWhenDone: false}};
	return filter.jumpWhenDone ? showMatch(next, 0) : next;
}

function cleared(state: AppState): AppState {
	return withEffect({...state, filter: {...state.filter, status: 'idle', matches: [], highlight: new Map(), index: 0, jumpWhenDone: false, sequence: state.filter.sequence + 1}}, {type: 'filterCancel'});
}

/** A key while the filter box has the focus: edit (each change starts a new filter run), accept, or clear. */
export function filterKey(state: AppState, key: Key, command: Command | undefined): AppState {
	const {filter} = state;
	if (command === 'submit') {
		const browsing: AppState = {...state, mode: 'browse', focus: 'tree'};
		if (filter.status === 'searching') return {...browsing, filter: {...filter, jumpWhenDone: true}};
		if (filter.matches.length > 0) return showMatch(browsing, 0);
		const text = filter.input.value.trim();
		return text ? note(browsing, `no loaded name matches ${JSON.stringify(text)}`, 'error') : browsing;
	}
	if (command === 'cancel') return cleared({...state, mode: 'browse', filter: {...filter, input: emptyInput}});
	const input = !command && key.text !== undefined ? insertText(filter.input, key.text) : command ? editInput(filter.input, command) : filter.input;
	if (input === filter.input) return state;
	const text = input.value.trim();
	if (!text) return cleared({...state, filter: {...filter, input}});
	const sequence = filter.sequence + 1;
	return withEffect({...state, filter: {...filter, input, status: 'searching', progress: 0, sequence}}, {type: 'filter', sequence, text});
}
