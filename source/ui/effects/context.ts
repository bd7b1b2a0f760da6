import type {AppAction, AppState} from '../app-state.js';
import type {Services} from '../services.js';

/** What an effect module is given: the services, the latest state, and the way to report back. */
export interface EffectContext {
	readonly services: Services;
	getState(): AppState;
	/** Every outcome goes back as an action; after the app is disposed, dispatching does nothing. */
	dispatch(action: AppAction): void;
	/** Counts a promise as work in flight, so that `idle()` waits for it. */
	track<T>(promise: Promise<T>): Promise<T>;
	/** A module's own pending work (a timer, a queue) ended: `idle()` may now resolve. */
	settle(): void;
	disposed(): boolean;
}
