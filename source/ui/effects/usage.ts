import {errorText} from '../inert-views.js';
import {loadChart} from '../usage-chart.js';
import type {EffectContext} from './context.js';

/** How many days the usage screen charts. */
export const screenDays = 30;

/** Reads what the usage screen shows (after the frame that says it is reading), and a day's sessions. */
export class Usage {
	constructor(private readonly context: EffectContext) {}

	load(sequence: number): void {
		const {services, dispatch, track} = this.context;
		const usage = services.usage;
		if (!usage) {
			dispatch({type: 'usage/failed', sequence, error: 'this build reads no usage'});
			return;
		}
		void track(
			Promise.all([new Promise((resolve) => setImmediate(resolve)), loadChart()])
				.then(() => usage.screen(screenDays))
				.then(
					(data) => dispatch({type: 'usage/loaded', sequence, data}),
					(error: unknown) => dispatch({type: 'usage/failed', sequence, error: errorText(error)}),
				),
		);
	}

	day(sequence: number, day: string): void {
		const {services, dispatch, track} = this.context;
		const usage = services.usage;
		if (!usage) return;
		void track(
			new Promise((resolve) => setImmediate(resolve))
				.then(() => usage.day(day))
				.then(
					(groups) => dispatch({type: 'usage/day', sequence, day, groups}),
					(error: unknown) => dispatch({type: 'usage/failed', sequence, error: errorText(error)}),
				),
		);
	}
}
