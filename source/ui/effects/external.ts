import {cleanView, errorText} from '../inert-views.js';
import {oneLine} from '../text.js';
import type {ExternalProgram} from '../app-types.js';
import type {EffectContext} from './context.js';

export type {ExternalProgram};

/**
 * Runs `$PAGER`/`$EDITOR` on a file with the terminal handed over (run-app's Handover); resolves
 * with an error line, or undefined when the program ran.
 */
export type RunExternal = (program: ExternalProgram, file: string, line?: number) => Promise<string | undefined>;

/** What `Y` copies and what `o`/`e` show for a node without a source file: its text at full depth. */
const textBound = 1_000_000;

/** `o`, `e` and `Y`: a node's source file in the pager or the editor, its text to the clipboard. */
export class External {
	constructor(
		private readonly context: EffectContext,
		private readonly options: {run?: RunExternal; copy?: (text: string) => void},
	) {}

	/** The node's text: its title, summary and full content (inert), bounded. */
	private text(domain: string, id: string): string {
		const view = cleanView(this.context.services.walk(domain, id, 'full', {limit: 1, maxChars: textBound}));
		return [view.title, view.summary, view.content].filter(Boolean).join('\n\n') + (view.truncated ? `\n\n… cut at ${textBound} characters\n` : '\n');
	}

	open(program: ExternalProgram, domain: string, id: string): void {
		const {services, dispatch} = this.context;
		if (!this.options.run) {
			dispatch({type: 'note', text: `${program === 'pager' ? 'o' : 'e'} needs a terminal to hand over`, kind: 'error'});
			return;
		}
		let temporary: {file: string; remove(): void} | undefined;
		try {
			const source = services.sourceFile(domain, id);
			temporary = source ? undefined : services.textFile(this.text(domain, id), id);
			const file = source?.file ?? temporary!.file;
			const done = (error: string | undefined) => dispatch(error ? {type: 'note', text: oneLine(error), kind: 'error'} : {type: 'note', text: source ? `back from ${oneLine(file)}` : 'back (the node\'s text was shown: it has no source file)'});
			const removing = temporary;
			// The temporary file goes before the status line says "back": whoever reads it then finds it gone.
			void this.context.track(
				this.options
					.run(program, file, source?.line)
					.finally(() => removing?.remove())
					.then(done),
			);
		} catch (error) {
			temporary?.remove();
			dispatch({type: 'note', text: errorText(error), kind: 'error'});
		}
	}

	copyText(domain: string, id: string): void {
		const {dispatch} = this.context;
		try {
			const text = this.text(domain, id);
			this.options.copy?.(text);
			dispatch({type: 'note', text: `copied the text of ${oneLine(id) || `the ${domain} root`} (${text.length.toLocaleString('en-US')} characters)`});
		} catch (error) {
			dispatch({type: 'note', text: errorText(error), kind: 'error'});
		}
	}
}
