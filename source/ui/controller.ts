import type {Depth} from '../core/depth.js';
import {appReducer, initialState, type AppAction, type AppState, type Effect, type Size} from './app-state.js';
import type {EffectContext} from './effects/context.js';
import {Act, type RunCommand} from './effects/act.js';
import {External, type RunExternal} from './effects/external.js';
import {Filter} from './effects/filter.js';
import {Frames} from './effects/frames.js';
import {Usage} from './effects/usage.js';
import {Loader} from './effects/loading.js';
import {Searcher} from './effects/search.js';
import {decodeKeys, type Key} from './keys.js';
import type {Services} from './services.js';

export interface ControllerOptions {
	size: Size;
	color: boolean;
	depth?: Depth;
	/** Where to open: a domain, a node in it, and a query to run. */
	initial?: {domain?: string; node?: string; query?: string};
	/** Writes an OSC 52 clipboard sequence (the app's stdout). */
	copy?: (text: string) => void;
	/** Hands the terminal to the pager or the editor (absent without a terminal: key playback, tests). */
	external?: RunExternal;
	/** Hands the terminal to an agent resuming a session (`r`; absent without a terminal). */
	runCommand?: RunCommand;
	/** Where `x` writes its exports (default: the current folder). */
	exportFolder?: string;
	quit?: (code: number) => void;
	/** Show measured times (default true; recordings turn them off). */
	showTimings?: boolean;
	/** The first bound on a full view's content (--max-chars); more loads as the reader scrolls. */
	maxChars?: number;
	/** Children loaded when a node is opened, and per background step after that. */
	firstPage?: number;
	pageSize?: number;
	/** How often the store is asked whether another process wrote to it (ms; 0: never). */
	storeCheckMs?: number;
}

/** Often enough that what an ingest writes shows within a second or so; the check is one pragma. */
const storeCheckMs = 500;

/** How long a lone ESC waits for the rest of an escape sequence before it counts as the Escape key. */
const escapeMs = 30;

/**
 * Holds the app's state and runs it: raw input is decoded into keys, every key and every outcome
 * of work goes through `appReducer` as an action, and the effects the reducer asks for are handed
 * to their modules in `effects/`. Keys of one chunk are applied in order, synchronously, and
 * listeners hear of the result once per chunk. Nothing reads state captured by an old render,
 * so no key is lost to a stale handler.
 */
export class AppController {
	private state: AppState;
	private readonly listeners = new Set<() => void>();
	private pendingInput = '';
	private escapeTimer: NodeJS.Timeout | undefined;
	private busy = 0;
	private readonly idleWaiters: Array<() => void> = [];
	private disposed = false;
	/** Dispatches in progress: listeners hear once, when the outermost one ends. */
	private nesting = 0;
	private readonly loader: Loader;
	private readonly searcher: Searcher;
	private readonly filter: Filter;
	private readonly frames: Frames;
	private readonly usage: Usage;
	private readonly external: External;
	private readonly act: Act;
	private storeTimer: NodeJS.Timeout | undefined;
	private storeVersion: string | undefined;

	constructor(
		private readonly services: Services,
		private readonly options: ControllerOptions,
	) {
		this.state = {...initialState(options.size, options.color, options.depth ?? 'index', services.frames.available), showTimings: options.showTimings ?? true, ...(services.storeName ? {storeName: services.storeName} : {}), ...(services.hasPulledItems ? {pulledItems: services.hasPulledItems()} : {})};
		const context: EffectContext = {
			services,
			getState: this.getState,
			dispatch: (action) => this.dispatch(action),
			track: (promise) => this.track(promise),
			settle: () => this.settleIdle(),
			disposed: () => this.disposed,
		};
		this.loader = new Loader(context, {first: options.firstPage ?? 500, size: options.pageSize ?? 1000}, options.maxChars);
		this.searcher = new Searcher(context);
		this.filter = new Filter(context);
		this.frames = new Frames(context);
		this.usage = new Usage(context);
		this.external = new External(context, {run: options.external, copy: options.copy});
		this.act = new Act(context, {...(options.runCommand ? {run: options.runCommand} : {}), ...(options.exportFolder ? {folder: options.exportFolder} : {})});
	}

	getState = (): AppState => this.state;

	subscribe = (listener: () => void): (() => void) => {
		this.listeners.add(listener);
		return () => this.listeners.delete(listener);
	};

	/** Applies one action and runs the effects it asked for; listeners hear once the outermost dispatch ends. */
	dispatch(action: AppAction): void {
		this.batch(() => {
			this.state = appReducer(this.state, action);
			this.runEffects();
		});
	}

	private batch(apply: () => void): void {
		if (this.disposed) return;
		this.nesting++;
		try {
			apply();
			// The detail pane follows the selection and depth the actions left.
			if (this.nesting === 1) this.loader.syncDetail();
		} finally {
			this.nesting--;
		}
		if (this.nesting === 0) for (const listener of this.listeners) listener();
	}

	private runEffects(): void {
		while (this.state.effects.length > 0) {
			const effects = this.state.effects;
			this.state = {...this.state, effects: []};
			for (const effect of effects) this.run(effect);
		}
	}

	private run(effect: Effect): void {
		switch (effect.type) {
			case 'loadRoots':
				return this.loader.loadRoots(effect.newest);
			case 'expand':
				return this.loader.expand(effect.key);
			case 'loadRest':
				return this.loader.loadRest(effect.key);
			case 'reload':
				return this.loader.reload(effect.domain);
			case 'detailMore':
				return this.loader.more(effect.key, effect.depth, effect.chars);
			case 'refresh':
				return this.loader.refresh(effect.domain);
			case 'reveal':
				return this.loader.reveal(effect.domain, effect.id, effect.focusTree);
			case 'search':
				return this.searcher.run(effect);
			case 'searchCancel':
				return this.searcher.cancel();
			case 'sessionFind':
				return this.searcher.within(effect);
			case 'searchPrepare':
				return this.searcher.prepare();
			case 'filter':
				return this.filter.schedule(effect);
			case 'filterCancel':
				return this.filter.cancel();
			case 'framesRefresh':
				return this.frames.refresh();
			case 'framesDown':
				return this.frames.down(effect.request);
			case 'framesUp':
				return this.frames.up(effect.request);
			case 'copy':
				return this.options.copy?.(effect.text);
			case 'copyText':
				return this.external.copyText(effect.domain, effect.id);
			case 'external':
				return this.external.open(effect.program, effect.domain, effect.id);
			case 'act':
				return this.act.ask(effect.what, effect.domain, effect.id);
			case 'resume':
				return this.act.resume(effect.command, effect.cwd, effect.name);
			case 'forget':
				return this.act.forget(effect.domain, effect.id);
			case 'usageLoad':
				return this.usage.load(effect.sequence);
			case 'usageDay':
				return this.usage.day(effect.sequence, effect.day);
			case 'quit':
				return this.options.quit?.(effect.code);
		}
	}

	private get quiet(): boolean {
		return this.busy === 0 && !this.searcher.pending() && !this.filter.pending() && !this.loader.pending();
	}

	/** Resolves once no search, filter, frames request or background load is running (for tests and playback). */
	idle(): Promise<void> {
		if (this.quiet) return Promise.resolve();
		return new Promise((resolve) => this.idleWaiters.push(resolve));
	}

	private track<T>(promise: Promise<T>): Promise<T> {
		this.busy++;
		return promise.finally(() => {
			this.busy--;
			this.settleIdle();
		});
	}

	private settleIdle(): void {
		if (this.quiet) for (const resolve of this.idleWaiters.splice(0)) resolve();
	}

	/** Lists the domains, opens at the requested place, runs the requested query, reads the frames. */
	start(): void {
		this.dispatch({type: 'start', domains: this.services.availableDomains(), initial: this.options.initial});
		this.followStore();
	}

	/**
	 * Asks the store now and then (off the key path: a timer, one cheap pragma) whether another
	 * process committed to it; when one did, the tree reads what it shows again.
	 */
	private followStore(): void {
		const every = this.options.storeCheckMs ?? storeCheckMs;
		const version = this.services.storeVersion;
		if (!version || every <= 0) return;
		this.storeVersion = version();
		this.storeTimer = setInterval(() => {
			const now = version();
			if (now === undefined || now === this.storeVersion) return;
			this.storeVersion = now;
			this.dispatch({type: 'storeChanged'});
		}, every);
		this.storeTimer.unref();
	}

	dispose(): void {
		this.disposed = true;
		clearInterval(this.storeTimer);
		this.searcher.dispose();
		this.filter.dispose();
		clearTimeout(this.escapeTimer);
		this.listeners.clear();
		for (const resolve of this.idleWaiters.splice(0)) resolve();
	}

	resize(size: Size): void {
		if (size.columns === this.state.size.columns && size.rows === this.state.size.rows) return;
		this.dispatch({type: 'resize', size});
	}

	/** Raw terminal input: any number of keys, possibly ending in half an escape sequence. */
	input(raw: string): void {
		clearTimeout(this.escapeTimer);
		const {keys, rest} = decodeKeys(this.pendingInput + raw);
		this.pendingInput = rest;
		// A lone ESC is the Escape key unless the rest of a sequence follows at once.
		if (rest) this.escapeTimer = setTimeout(() => this.flushEscape(), escapeMs);
		this.keys(keys);
	}

	private flushEscape(): void {
		const rest = this.pendingInput;
		this.pendingInput = '';
		if (rest === '\u001b') this.keys([{name: 'escape'}]);
	}

	/** Applies keys in order; listeners hear once, after the last. */
	keys(keys: Key[]): void {
		if (keys.length === 0) return;
		this.batch(() => {
			this.dispatch({type: 'input'});
			for (const key of keys) this.dispatch({type: 'key', key: key.mouse ? {...key, mouse: {...key.mouse, at: performance.now()}} : key});
		});
	}
}
