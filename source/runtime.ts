/**
 * The one place the parts are wired together. The CLI, the app, the MCP server and the benches
 * start from `createRuntime(config)` and hold the runtime, never a store of their own: it
 * registers the domains, opens the summary store once for reading (shared by the summary domain
 * and search), and opens it for writing with the search indexer attached. What writes items
 * (ingest, closing a drill) is handed that writer (`openWritableStore`, `framesConfig`) instead
 * of attaching the indexer itself; the app and the MCP server reach the store only through here.
 * (The explorer on a terminal makes the same runtime with its writer loaded later: runtime-parts.ts.)
 */
import type {DrillConfig} from './core/registry.js';
// The indexer's own module, not the search API's barrel: the barrel (the funnel) is loaded on the
// first search.
import {openIndexedStore} from './search/indexing/indexer.js';
import {runtimeOver, type Runtime} from './runtime-parts.js';

export type {Runtime, SummaryStore} from './runtime-parts.js';

export function createRuntime(config: DrillConfig): Runtime {
	return runtimeOver(config, () => openIndexedStore);
}
