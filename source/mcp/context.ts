import type {FramesConfig} from '../frames/config.js';
import {Drillables, type DrillConfig} from '../core/registry.js';
import {SummaryStore} from '../store/summary-store.js';
import {mcpHints} from './hints.js';

/**
 * What the tools share for the life of the server: the domains (each opened once), one read
 * connection to the summary store for find and status (opened on first use, so a store created
 * after the server started is found), and the frames' settings with hints in MCP words.
 */
export class McpContext {
	readonly drillables: Drillables;
	private summaryStore: SummaryStore | undefined;

	constructor(readonly config: DrillConfig) {
		this.drillables = new Drillables(config);
	}

	store(): SummaryStore {
		this.summaryStore ??= SummaryStore.open(this.config.storePath);
		return this.summaryStore;
	}

	frames(): FramesConfig {
		return {...this.config, hints: mcpHints};
	}

	close(): void {
		this.drillables.close();
		this.summaryStore?.close();
		this.summaryStore = undefined;
	}
}
