// The search API the CLI, the app and the MCP server use. Writers of items open the store with
// `openIndexedStore`, which keeps the search indexes in step.
export {find, summarySearch, type FindContext} from './funnel/find.js';
export {openIndexedStore} from './indexing/indexer.js';
export {reindex, type ReindexOptions, type ReindexReport} from './indexing/reindex.js';
export {searchStatus, type SearchStatus} from './indexing/search-status.js';
export type {Embedder, EmbedderSpec, EmbedderKind} from './semantic/embedder.js';
export {findDefaults, type CandidateItem, type DrilledItem, type DrilledSpan, type FindOptions, type FindResult, type FindSource, type Method, type Stage1Hit} from './types.js';
