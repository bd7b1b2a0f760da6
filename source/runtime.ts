/**
 * The one place the parts are wired together. The CLI, the app, the MCP server and the benches
 * start from `createRuntime(config)` and hold the runtime, never a store of their own: it
 * registers the domains, opens the summary store once for reading (shared by the summary domain
 * and search), and opens it for writing with the search indexer attached. What writes items
 * (ingest, closing a drill) is handed that writer (`openWritableStore`, `framesConfig`) instead
 * of attaching the indexer itself; the app and the MCP server reach the store only through here.
 */
import {DomainRegistry, Drillables, type DrillConfig} from './core/registry.js';
import {registerDomains} from './domains/index.js';
import type {FindContext, FindOptions, FindResult} from './search/index.js';
// The indexer's own module, not the search API's barrel: the barrel (the funnel) is loaded on the
// first search, so the explorer's first frame does not wait for it.
import {openIndexedStore} from './search/indexing/indexer.js';
import type {FramesConfig} from './frames/config.js';
import type {TurnOptions} from './store/busy.js';
import type {IndexerHooks} from './store/indexer-hooks.js';
import {storeStats, type StoreStats} from './store/store-stats.js';
import {SummaryStore} from './store/summary-store.js';
import {usageReads, type UsageRuntime} from './usage-runtime.js';

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

export function createRuntime(config: DrillConfig): Runtime {
	let readStore: SummaryStore | undefined;
	const store = () => (readStore ??= SummaryStore.open(config.storePath));
	const registry = new DomainRegistry();
	registerDomains(registry, {summary: store});
	const domains = new Drillables(config, registry);
	return {
		config,
		domains,
		store,
		openWritableStore: (turns, hooks) => openIndexedStore(config.storePath, turns, hooks),
		framesConfig: (extra = {}) => ({...config, ...extra, openStore: () => openIndexedStore(config.storePath)}),
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
