/**
 * The usage reads on their own: what `drill usage` needs (the store opened for reading and the
 * usage report), without the domains, the search indexer and the frames the whole runtime
 * (runtime.ts) wires together. A command that reads only usage (`reads: 'usage'` in its module)
 * starts from this one, so `drill usage` loads a fraction of the code; the whole runtime holds the
 * same reads over its own read store.
 */
import type {DrillConfig} from './core/registry.js';
import type {ReportOptions, UsageBlock, UsageFilter, UsageReport} from './core/usage-report.js';
import {SummaryStore} from './store/summary-store.js';
import {latestUsageHour, usageActivity, usageBlocks, usageReport} from './store/usage-report.js';

/** Usage added up from the store's usage rows (store/usage-report.ts). */
export interface UsageReads {
	/** Tokens and cost added up by a period or a dimension (`drill usage`, the MCP tool, the usage screen). */
	usage(options: ReportOptions): UsageReport;
	/** Usage in Claude's 5-hour blocks (`drill usage --blocks`). */
	usageBlocks(filter: UsageFilter, now?: Date): UsageBlock[];
	/** Sessions at work per weekday and hour (`[weekday][hour]`, Sunday 0): the usage screen's heatmap. */
	usageActivity(filter: UsageFilter): number[][];
	/** The last UTC hour any session used tokens (`YYYY-MM-DDTHH`), if any did. */
	usageLatest(): string | undefined;
}

/** The usage reads over a store opened on first use. */
export function usageReads(store: () => SummaryStore): UsageReads {
	return {
		usage: (options) => usageReport(store(), options),
		usageBlocks: (filter, now) => usageBlocks(store(), filter, now),
		usageActivity: (filter) => usageActivity(store(), filter),
		usageLatest: () => latestUsageHour(store()),
	};
}

/** What a usage-only command is handed: the config, the usage reads, and `close`. */
export interface UsageRuntime extends UsageReads {
	readonly config: DrillConfig;
	/** Closes the read store. */
	close(): void;
}

export function createUsageRuntime(config: DrillConfig): UsageRuntime {
	let readStore: SummaryStore | undefined;
	const store = () => (readStore ??= SummaryStore.open(config.storePath));
	return {
		config,
		...usageReads(store),
		close() {
			readStore?.close();
			readStore = undefined;
		},
	};
}
