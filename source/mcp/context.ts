import type {FramesConfig} from '../frames/config.js';
import type {Drillables, DrillConfig} from '../core/registry.js';
import {createRuntime, type Runtime, type SummaryStore} from '../runtime.js';
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

	close(): void {
		this.runtime.close();
	}
}
