import {EventEmitter} from 'node:events';
import {Handover} from './external-program.js';
import type {Depth} from '../core/depth.js';
import type {Size} from './app-state.js';
import {AppController} from './controller.js';
import type {MountedApp} from './ink-app.js';
import {readKeys, type KeySource} from './key-reader.js';
import {minimum} from './layout.js';
import {screenModel} from './screen.js';
import {paintScreen} from './screen-paint.js';
import type {Services} from './services.js';
import {useScheme, type Scheme} from './theme.js';

/** What the app writes to: a terminal, or any stream with a size (key playback, recordings, tests). */
export interface ScreenSink {
	write(data: string): unknown;
	columns?: number;
	rows?: number;
	isTTY?: boolean;
	on?(event: 'resize', listener: () => void): unknown;
	off?(event: 'resize', listener: () => void): unknown;
}

export interface RunAppOptions {
	services: Services;
	stdin: KeySource;
	stdout: ScreenSink;
	/** A fixed layout (e.g. for recordings); otherwise the terminal's size, following resizes. */
	size?: Size;
	color?: boolean;
	/** The colour scheme: dark (default) or light backgrounds. */
	theme?: Scheme;
	depth?: Depth;
	initial?: {domain?: string; node?: string; query?: string};
	/** The first bound on a full view's content (`--max-chars`). */
	maxChars?: number;
	/** Show measured times, e.g. a search's (default true): a recording must not depend on the clock. */
	showTimings?: boolean;
	/** Draw on the alternate screen with mouse reporting on, and restore the terminal's own screen and mouse on exit (default: on a TTY). */
	alternateScreen?: boolean;
	/** Ink's frame-rate cap (default 120: a key right after a frame waits at most ~8 ms for its own). */
	maxFps?: number;
	/**
	 * Let `o`/`e` hand the terminal to $PAGER/$EDITOR (default: on a TTY). The program runs with
	 * the terminal's own stdio while the app waits; the environment to read them from is `env`.
	 */
	external?: boolean;
	env?: NodeJS.ProcessEnv;
	/** Called with the controller once the app runs (key playback, tests). */
	onStart?: (controller: AppController) => void;
	/**
	 * Draw the first frame at once, without Ink (screen-paint.ts), and read keys while Ink, React
	 * and yoga load; Ink's first frame then lands on the same cells. For a terminal on the
	 * alternate screen only: a recording must hold Ink's frames alone.
	 */
	paintFirstFrame?: boolean;
	/** Loads Ink and the app's view (default: a plain import; the explorer hides CI variables and `fetch` meanwhile, see load-app.ts). */
	loadView?: () => Promise<typeof import('./ink-app.js')>;
	/** How long after Ink's first frame the search is warmed (services.warmFind; default warmFindAfterMs). */
	warmFindAfterMs?: number;
}

/**
 * The search is warmed this long after Ink's first frame (services.warmFind): never before it (the
 * search thread loads the funnel and node:worker_threads), and late enough for the frames the
 * first keys ask for; a person who opens the query box sooner starts it then (prepareFind).
 */
const warmFindAfterMs = 500;

// The alternate screen comes with mouse reports (1000: presses, releases and the wheel; 1006: in
// SGR encoding, which has no coordinate limit and cannot be mistaken for typed text).
const enterAlternate = '\u001b[?1049h\u001b[H\u001b[?1000h\u001b[?1006h';
const leaveAlternate = '\u001b[?1006l\u001b[?1000l\u001b[?1049l';
const clearScreen = '\u001b[2J\u001b[H';
const showCursor = '\u001b[?25h';
const hideCursor = '\u001b[?25l';

function osc52(text: string): string {
	return `\u001b]52;c;${Buffer.from(text, 'utf8').toString('base64')}\u0007`;
}

/**
 * Ink's view of the screen: writes go to the real sink, the size is the app's. Ink gets no resize
 * events of its own; the app clears and redraws on resize, so nothing of an old layout remains.
 */
class InkScreen extends EventEmitter {
	readonly isTTY = true;
	readonly writable = true;
	/** While a program has the terminal, frames are not written (the app redraws whole after). */
	muted = false;

	constructor(
		private readonly sink: ScreenSink,
		public size: Size,
	) {
		super();
	}

	get columns(): number {
		return this.size.columns;
	}

	get rows(): number {
		return this.size.rows;
	}

	write(data: string, callback?: () => void): boolean {
		if (!this.muted) this.sink.write(data);
		callback?.();
		return true;
	}
}

function sizeOf(sink: ScreenSink): Size {
	return {columns: sink.columns || 80, rows: sink.rows || 24};
}

const effective = (size: Size) => `${Math.max(minimum.columns, size.columns)}x${Math.max(minimum.rows, size.rows)}`;

/**
 * Runs the explorer on any pair of streams until the person quits; resolves with the exit code.
 * Keys are read here (not by Ink), so the same function serves a terminal, a scripted key
 * playback and a test harness.
 */
export async function runApp(options: RunAppOptions): Promise<number> {
	const {services, stdin, stdout} = options;
	useScheme(options.theme ?? 'dark');
	const alternate = options.alternateScreen ?? Boolean(stdout.isTTY);
	const screen = new InkScreen(stdout, options.size ?? sizeOf(stdout));
	let finish: (code: number) => void = () => {};
	const finished = new Promise<number>((resolve) => {
		finish = resolve;
	});
	let handover: Handover | undefined;
	const external = options.external ?? Boolean(stdout.isTTY && stdin.isTTY);
	const controller = new AppController(services, {
		size: screen.size,
		color: options.color ?? true,
		depth: options.depth,
		initial: options.initial,
		maxChars: options.maxChars,
		showTimings: options.showTimings,
		copy: (text) => stdout.write(osc52(text)),
		external: external ? (program, file, line) => handover!.run(program, file, line) : undefined,
		runCommand: external ? (argv, cwd) => handover!.runCommand(argv, cwd) : undefined,
		quit: (code) => finish(code),
	});
	if (alternate) stdout.write(enterAlternate);
	let restored = false;
	let stopKeys = () => {};
	const restore = () => {
		if (restored) return;
		restored = true;
		stopKeys();
		if (alternate) stdout.write(leaveAlternate);
	};
	// A crash or a signal must not leave the terminal in raw mode on the alternate screen: signals
	// end the app the way q does, and a crash still gives the terminal back on exit.
	process.once('exit', restore);
	const signals = {SIGTERM: 143, SIGHUP: 129, SIGINT: 130} as const;
	// While a program has the terminal, ctrl-c is its own (less stops a search with it): not the app's.
	const onSignal = Object.fromEntries(Object.entries(signals).map(([signal, code]) => [signal, () => (signal === 'SIGINT' && handover?.active ? undefined : finish(code))])) as Record<keyof typeof signals, () => void>;
	// `on`, not `once`: Ink's signal-exit re-raises a signal that no other listener is left to handle.
	for (const signal of Object.keys(signals) as Array<keyof typeof signals>) process.on(signal, onSignal[signal]);
	controller.start();
	let mounted: MountedApp | undefined;
	const paintFirst = Boolean(options.paintFirstFrame && alternate);
	const listen = () => {
		stopKeys = readKeys(stdin, (raw) => controller.input(raw));
	};
	handover = new Handover(
		{
			// The terminal goes back to how the program expects it: cooked mode, its own screen, a cursor.
			leave: () => {
				stopKeys();
				screen.muted = true;
				stdout.write(`${alternate ? leaveAlternate : ''}${showCursor}`);
			},
			back: () => {
				if (restored) return;
				screen.muted = false;
				stdout.write(`${alternate ? enterAlternate : clearScreen}${hideCursor}`);
				// The screen is blank now, but Ink redraws only a frame that differs from its last one.
				mounted?.redraw();
				listen();
			},
		},
		options.env ?? process.env,
	);
	const onResize = () => {
		const size = sizeOf(stdout);
		if (effective(size) === effective(screen.size)) return;
		if (!screen.muted) {
			stdout.write(clearScreen);
			mounted?.clear();
		}
		screen.size = size;
		controller.resize(size);
		// Before Ink is there, the first frame is drawn again at the new size.
		if (!mounted && paintFirst && !screen.muted) stdout.write(paintScreen(screenModel(controller.getState())));
	};
	if (paintFirst) {
		// Keys typed from here on are the app's (raw mode: not echoed); their frames wait for Ink.
		stdout.write(paintScreen(screenModel(controller.getState())));
		listen();
	}
	// Resizes are followed from the first frame on: Ink may still be loading.
	if (!options.size) stdout.on?.('resize', onResize);
	try {
		const {mountApp} = await (options.loadView ?? (() => import('./ink-app.js')))();
		mounted = mountApp(controller, screen as unknown as NodeJS.WriteStream, options.maxFps ?? 120);
	} catch (error) {
		// Ink never drew: the cursor the first frame hid is shown again, the terminal given back.
		if (paintFirst) stdout.write(showCursor);
		stdout.off?.('resize', onResize);
		restore();
		process.off('exit', restore);
		for (const signal of Object.keys(signals) as Array<keyof typeof signals>) process.off(signal, onSignal[signal]);
		controller.dispose();
		throw error;
	}
	if (!paintFirst) listen();
	options.onStart?.(controller);
	const warming = setTimeout(() => services.warmFind?.(), options.warmFindAfterMs ?? warmFindAfterMs);
	warming.unref?.();
	try {
		return await finished;
	} finally {
		clearTimeout(warming);
		stdout.off?.('resize', onResize);
		stopKeys();
		mounted!.unmount();
		await mounted!.exited;
		controller.dispose();
		restore();
		process.off('exit', restore);
		for (const signal of Object.keys(signals) as Array<keyof typeof signals>) process.off(signal, onSignal[signal]);
	}
}
