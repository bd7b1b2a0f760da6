import {shownPath} from '../../core/shown-path.js';
import {errorText} from '../inert-views.js';
import {oneLine} from '../text.js';
import type {EffectContext} from './context.js';

/** Runs an agent's command in a folder with the terminal handed over (run-app's Handover); resolves with an error line or undefined. */
export type RunCommand = (argv: readonly string[], cwd: string) => Promise<string | undefined>;

/**
 * `r`, `x` and `D` on the node under the cursor: resume its session in its agent (asked first,
 * the terminal handed over and back as `o` does), export it as Markdown to a new file, forget it
 * (asked first). Failures are one line on the status line, saying what would work.
 */
export class Act {
	constructor(
		private readonly context: EffectContext,
		private readonly options: {run?: RunCommand; folder?: string},
	) {}

	private fail(error: unknown): void {
		this.context.dispatch({type: 'note', text: errorText(error), kind: 'error'});
	}

	ask(what: 'resume' | 'export' | 'forget', domain: string, id: string): void {
		const {services, dispatch} = this.context;
		const act = services.act;
		if (!act) {
			dispatch({type: 'note', text: 'this build cannot resume, export or forget', kind: 'error'});
			return;
		}
		try {
			if (what === 'export') {
				const file = act.exportNode(domain, id, this.options.folder ?? process.cwd());
				dispatch({type: 'note', text: `exported to ${oneLine(shownPath(file, {cwd: process.cwd(), home: process.env.HOME}))}`});
				return;
			}
			if (what === 'resume') {
				if (!this.options.run) {
					dispatch({type: 'note', text: 'r needs a terminal to hand over: drill resume ID --print shows the command', kind: 'error'});
					return;
				}
				const plan = act.resumePlan(domain, id);
				dispatch({type: 'confirm/ask', question: oneLine(`resume in ${plan.name}: ${plan.shell}?`), effect: {type: 'resume', command: plan.command, cwd: plan.cwd, name: plan.name}});
				return;
			}
			const plan = act.forgetPlan(domain, id);
			const source = plan.source ? ` and leave ${plan.source} out of ingest` : '';
			dispatch({type: 'confirm/ask', question: oneLine(`forget ${plan.id} "${plan.title}"${source}?`), effect: {type: 'forget', domain, id}});
		} catch (error) {
			this.fail(error);
		}
	}

	resume(command: string[], cwd: string, name: string): void {
		const run = this.options.run;
		if (!run) return;
		void this.context.track(run(command, cwd).then((error) => this.context.dispatch(error ? {type: 'note', text: oneLine(error), kind: 'error'} : {type: 'note', text: `back from ${oneLine(name)}`})));
	}

	forget(domain: string, id: string): void {
		const {services, dispatch} = this.context;
		try {
			const said = services.act!.forget(domain, id);
			dispatch({type: 'note', text: oneLine(said)});
			dispatch({type: 'storeChanged'});
		} catch (error) {
			this.fail(error);
		}
	}
}
