import {EventEmitter} from 'node:events';
import {PassThrough} from 'node:stream';
import type {Depth} from '../../source/core/depth.js';
import type {AppController} from '../../source/ui/controller.js';
import {loadRunApp} from '../../source/ui/load-app.js';
import type {Services} from '../../source/ui/services.js';
import {XtermScreen} from '../helpers/xterm-screen.js';

/** A terminal's output side: a size, resize events, and bytes that go into a headless xterm. */
class FakeTerminal extends EventEmitter {
	readonly isTTY = true;

	constructor(
		public columns: number,
		public rows: number,
		private readonly screen: XtermScreen,
	) {
		super();
	}

	write(data: string): boolean {
		this.screen.feed(data);
		return true;
	}
}

export interface RenderedApp {
	screen: XtermScreen;
	controller: AppController;
	/** Writes raw input, as a terminal would deliver it (one chunk). */
	press(data: string): void;
	resize(columns: number, rows: number): void;
	/** Presses ctrl-c (quit, in every mode) and resolves with the app's exit code. */
	quit(): Promise<number>;
	exited: Promise<number>;
}

// Loaded as the CLI loads it: Ink must not think it runs in CI even when the tests do.
const {runApp} = await loadRunApp();

/** Runs the app in-process on a fake terminal of the given size, read through a headless xterm. */
export async function renderApp(services: Services, options: {columns?: number; rows?: number; color?: boolean; depth?: Depth; maxChars?: number; initial?: {domain?: string; node?: string; query?: string}; warmFindAfterMs?: number} = {}): Promise<RenderedApp> {
	const columns = options.columns ?? 100;
	const rows = options.rows ?? 30;
	const screen = new XtermScreen(columns, rows, {convertEol: true});
	const stdout = new FakeTerminal(columns, rows, screen);
	const stdin = new PassThrough();
	let controller: AppController | undefined;
	const exited = runApp({services, stdin, stdout, color: options.color ?? true, depth: options.depth, maxChars: options.maxChars, initial: options.initial, warmFindAfterMs: options.warmFindAfterMs, onStart: (started) => (controller = started)});
	await screen.waitFor('help');
	return {
		screen,
		controller: controller!,
		press: (data) => stdin.write(data),
		resize(newColumns, newRows) {
			screen.resize(newColumns, newRows);
			stdout.columns = newColumns;
			stdout.rows = newRows;
			stdout.emit('resize');
		},
		async quit() {
			stdin.write('\u0003');
			const code = await exited;
			screen.dispose();
			return code;
		},
		exited,
	};
}
