/**
 * The runtime's parts wired together over a store writer that is handed in (`runtimeOver`): the
 * CLI, the MCP server, the benches and the tests take the runtime from runtime.ts, which hands it
 * the search indexer's writer; the explorer on a terminal hands it a writer loaded after its
 * first frame (cli/start-explorer.ts), so that the indexer and the search code it brings are not
 * read, nor compiled, before the first screen is drawn. See runtime.ts for what the runtime is.
 */
import {DomainRegistry, Drillables, type DrillConfig} from './core/registry.js';
import {registerDomains} from './domains/index.js';
import type {FindContext, FindOptions, FindResult} from './search/index.js';
import type {FramesConfig} from './frames/config.js';
import type {TurnOptions} from './store/busy.js';
import type {IndexerHooks} from './store/indexer-hooks.js';
import {storeStats, type StoreStats} from './store/store-stats.js';
import {SummaryStore} from './store/summary-store.js';
import {usageReads, type UsageRuntime} from './usage-runtime.js';

/** Opens the summary store for writing with the search indexes kept in step (search/indexing/indexer.ts's `openIndexedStore`). */
export type StoreWriter = (file: string, turns?: TurnOptions, hooks?: IndexerHooks) => SummaryStore;

export type {SummaryStore};

/** Everything a usage-only command gets (usage-runtime.ts), and the rest. */
export interface Runtime extends UsageRuntime {
	/** The registered domains bound to the config: `walk`, `drillTree`, `availableDomains`. */
	readonly domains: Drillables;
	/** The summary store for reading: opened on first use, kept until `close`. */
	store(): SummaryStore;
	/** The summary store opened for writing, with the search indexes kept in step; the caller closes it. */
	openWritableStore(turns?: TurnOptions, hooks?: IndexerHooks): SummaryStore;
	/** The frames' settings for this config, with the writer closed drills are indexed through. */
	framesConfig(extra?: Omit<FramesConfig, 'drillsRoot' | 'storePath' | 'knowledgeDir' | 'openStore'>): DrillConfig & FramesConfig;
	/** What the store holds, per namespace (the read store). */
	storeStats(): StoreStats;
	/** Whether the store holds items pulled from other machines (false without a store). */
	hasPulledItems(): boolean;
	/** The search funnel over this runtime's store or knowledge folder (`extra` adds to the find context). */
	find(options: FindOptions, extra?: Omit<FindContext, 'store' | 'storePath' | 'knowledgeDir'>): Promise<FindResult>;
	/** Closes the domains and the read store. */
	close(): void;
}

/** The runtime over `writer` (asked for on each write: it may be loaded after the runtime is made). */
export function runtimeOver(config: DrillConfig, writer: () => StoreWriter): Runtime {
	let readStore: SummaryStore | undefined;
	const store = () => (readStore ??= SummaryStore.open(config.storePath));
	const registry = new DomainRegistry();
	registerDomains(registry, {summary: store});
	const domains = new Drillables(config, registry);
	return {
		config,
		domains,
		store,
		openWritableStore: (turns, hooks) => writer()(config.storePath, turns, hooks),
		framesConfig: (extra = {}) => ({...config, ...extra, openStore: () => writer()(config.storePath)}),
		storeStats: () => storeStats(store()),
		...usageReads(store),
		hasPulledItems() {
			try {
				return store().one<{one: number}>("SELECT 1 AS one FROM item_groups WHERE key = 'machine' AND value <> '' LIMIT 1") !== undefined;
			} catch {
				return false;
			}
		},
		async find(options, extra = {}) {
			const {find} = await import('./search/index.js');
			// The knowledge folder needs no store: a missing one must not fail that search.
			if (options.source === 'knowledge') return find(options, {...extra, knowledgeDir: config.knowledgeDir});
			// Closed drills: this drills root's own, the ones walk('drills', id) opens, even in a shared store.
			const drills = options.source === 'drill' && extra.drillsProject === undefined ? {drillsProject: (await import('./frames/config.js')).drillsProject(config.drillsRoot)} : {};
			return find(options, {...extra, ...drills, store: store(), knowledgeDir: config.knowledgeDir});
		},
		close() {
			domains.close();
			readStore?.close();
			readStore = undefined;
		},
	};
}
