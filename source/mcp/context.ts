import type {FramesConfig} from '../frames/config.js';
import type {Drillables, DrillConfig} from '../core/registry.js';
import {createRuntime, type Runtime, type SummaryStore} from '../runtime.js';
import {warmsAtStart, warmStoreBytes} from '../core/warm-start.js';
import {mcpHints} from './hints.js';

/**
 * What the tools share for the life of the server: the domains (each opened once), one read
 * connection to the summary store for find and status (opened on first use, so a store created
 * after the server started is found), and the frames' settings with hints in MCP words.
 */
export class McpContext {
	/** The runtime the server holds: the registered domains and the shared read store. */
	readonly runtime: Runtime;
	readonly drillables: Drillables;

	/** `confineFiles`: context and evidence files must lie under the drills root (HTTP clients). */
	constructor(
		readonly config: DrillConfig,
		private readonly options: {confineFiles?: boolean} = {},
	) {
		this.runtime = createRuntime(config);
		this.drillables = this.runtime.domains;
	}

	store(): SummaryStore {
		return this.runtime.store();
	}

	frames(): FramesConfig {
		return this.runtime.framesConfig({hints: mcpHints, confineFiles: this.options.confineFiles});
	}

	private warming: {timer: NodeJS.Timeout; done: Promise<string | undefined>} | undefined;
	private closed = false;

	/**
	 * Searches the store once, `delayMs` after the server starts, when it is large enough for a cold
	 * first search to be felt (core/warm-start.ts): the client's first find then costs what a later
	 * one does. It runs on this thread, so a call that comes meanwhile waits for its synchronous
	 * steps. Resolves to the query used, or undefined when it did not search (a small or missing
	 * store, closed first); never rejects. Called once; later calls give the first one's promise.
	 */
	warmSearchSoon(delayMs = 1000, threshold = warmStoreBytes): Promise<string | undefined> {
		if (this.warming) return this.warming.done;
		let settle: (query: string | undefined) => void = () => {};
		const done = new Promise<string | undefined>((resolve) => {
			settle = resolve;
		});
		const timer = setTimeout(() => {
			if (this.closed || !warmsAtStart(this.config.storePath, threshold)) return settle(undefined);
			void import('../search/index.js')
				.then(({warmUpSearch}) => (this.closed ? undefined : warmUpSearch(this.store())))
				.then(settle, () => settle(undefined));
		}, delayMs);
		timer.unref();
		this.warming = {timer, done};
		return done;
	}

	close(): void {
		this.closed = true;
		if (this.warming) clearTimeout(this.warming.timer);
		this.runtime.close();
	}
}
