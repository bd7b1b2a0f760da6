import type {Effect} from '../app-state.js';
import {cleanResult, errorText} from '../inert-views.js';
import type {EffectContext} from './context.js';

const spinnerMs = 90;
type SearchEffect = Extract<Effect, {type: 'search'}>;
type SessionEffect = Extract<Effect, {type: 'sessionFind'}>;

/**
 * Runs the funnel. A search asked for while typing waits until typing pauses; a newer search
 * replaces a waiting one and aborts a running one, and the reducer drops any stale answer.
 */
export class Searcher {
	private abort: AbortController | undefined;
	private timer: NodeJS.Timeout | undefined;
	/** The sequence of the search last started. */
	private started = 0;
	private spinner: NodeJS.Timeout | undefined;

	constructor(private readonly context: EffectContext) {}

	run(effect: SearchEffect): void {
		if (effect.sequence === this.started) return;
		this.drop();
		this.spin();
		if (!effect.delayMs) return this.start(effect);
		this.timer = setTimeout(() => {
			this.timer = undefined;
			this.start(effect);
			this.context.settle();
		}, effect.delayMs);
	}

	private start({sequence, text, method, scope}: SearchEffect): void {
		const {services, dispatch, track} = this.context;
		this.started = sequence;
		const abort = new AbortController();
		this.abort = abort;
		void track(
			services.find(text, {method, scope, signal: abort.signal}).then(
				(result) => dispatch({type: 'search/done', sequence, result: cleanResult(result)}),
				(error: unknown) => dispatch({type: 'search/failed', sequence, error: errorText(error)}),
			),
		);
	}

	/** A search inside one item: every matching message, the method the query box uses. */
	within({sequence, within, text}: SessionEffect): void {
		const {services, dispatch, track, getState} = this.context;
		void track(
			services.find(text, {method: getState().query.method, within}).then(
				(result) => dispatch({type: 'search/session', sequence, result: cleanResult(result)}),
				(error: unknown) => dispatch({type: 'search/sessionFailed', sequence, error: errorText(error)}),
			),
		);
	}

	/** Drops the search waiting to start and aborts the one running. */
	cancel(): void {
		this.drop();
		this.context.settle();
	}

	private drop(): void {
		clearTimeout(this.timer);
		this.timer = undefined;
		this.abort?.abort();
		this.abort = undefined;
	}

	prepare(): void {
		this.context.services.prepareFind?.();
	}

	pending(): boolean {
		return this.timer !== undefined;
	}

	/** Ticks the spinner while a search waits or runs. */
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
		clearTimeout(this.timer);
		this.abort?.abort();
		clearInterval(this.spinner);
	}
}
