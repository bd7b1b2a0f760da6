import {PassThrough} from 'node:stream';
import {render} from 'ink';
import {App} from './app.js';
import type {AppController} from './controller.js';

/** The explorer drawn by Ink, and what the runner does with it. */
export interface MountedApp {
	/** Draws the whole screen again (Ink redraws only a frame that differs from its last one): after a program had the terminal. */
	redraw(): void;
	/** Forgets the last frame, so the next one is drawn whole (a resize cleared the screen). */
	clear(): void;
	unmount(): void;
	/** Settles once Ink has unmounted. */
	exited: Promise<unknown>;
}

/**
 * Renders `App` with Ink onto `screen`. Ink, React and yoga load with this module: the runner
 * imports it once the explorer's first frame is on screen (run-app.ts).
 */
export function mountApp(controller: AppController, screen: NodeJS.WriteStream, maxFps: number): MountedApp {
	const app = <App controller={controller} />;
	const instance = render(app, {
		stdout: screen,
		stdin: new PassThrough() as unknown as NodeJS.ReadStream,
		exitOnCtrlC: false,
		patchConsole: false,
		maxFps,
	});
	return {
		redraw() {
			// An empty frame first, then the app again, drawn whole.
			instance.rerender(null);
			instance.rerender(app);
		},
		clear: () => instance.clear(),
		unmount: () => instance.unmount(),
		exited: instance.waitUntilExit().catch(() => undefined),
	};
}
