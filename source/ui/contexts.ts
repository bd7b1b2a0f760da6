import type {AppState} from './app-types.js';
import {focusedField} from './dialog-state.js';
import type {KeyContext} from './key-table.js';

/**
 * The key-table contexts active in a state, most specific first. The input reads keys through
 * them and the status line lists their hints, so what the footer offers is what the keys do.
 */
export function contextsFor(state: AppState): KeyContext[] {
	const {mode, focus, dialog} = state;
	if (mode === 'help') return ['help'];
	if (mode === 'usage') return ['usage'];
	if (mode === 'confirm') return ['confirm'];
	if (mode === 'query' || mode === 'filter' || mode === 'find') return ['input'];
	if (mode === 'dialog' && dialog) return focusedField(dialog).kind === 'text' ? ['input', 'dialog'] : ['dialog', 'input'];
	return [focus, 'global'];
}
