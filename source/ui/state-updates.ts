import type {AppState, Effect} from './app-types.js';

/** Asks for work: the effect runs once the reducer has returned (see `Effect`). */
export function withEffect(state: AppState, effect: Effect): AppState {
	return {...state, effects: [...state.effects, effect]};
}

/** A message on the status line, until the next key. */
export function note(state: AppState, text: string, kind: 'info' | 'error' = 'info'): AppState {
	return {...state, message: {text, kind}};
}
