import type {Effect} from '../app-state.js';
import {cleanResult, errorText} from '../inert-views.js';
import type {EffectContext} from './context.js';

const spinnerMs = 90;

/** Runs the funnel. A newer search aborts the one in flight; the reducer drops any stale answer. */
export class Searcher {
	private abort: AbortController | undefined;
	private spinner: NodeJS.Timeout | undefined;

	constructor(private readonly context: EffectContext) {}

	run({sequence, text, method, scope}: Extract<Effect, {type: 'search'}>): void {
		const {services, dispatch, track} = this.context;
		this.abort?.abort();
		const abort = new AbortController();
		this.abort = abort;
		this.spin();
		void track(
			services.find(text, {method, scope, signal: abort.signal}).then(
				(result) => dispatch({type: 'search/done', sequence, result: cleanResult(result)}),
				(error: unknown) => dispatch({type: 'search/failed', sequence, error: errorText(error)}),
			),
		);
	}

	/** Ticks the spinner while a search runs. */
	private spin(): void {
		if (this.spinner) return;
		this.spinner = setInterval(() => {
			if (this.context.getState().query.status !== 'running' || this.context.disposed()) {
				clearInterval(this.spinner);
				this.spinner = undefined;
				return;
			}
			this.context.dispatch({type: 'spin'});
		}, spinnerMs);
		this.spinner.unref?.();
	}

	dispose(): void {
		this.abort?.abort();
		clearInterval(this.spinner);
	}
}
