// The search API the CLI, the app and the MCP server use. Importing it does not register the
// indexer; writers import './indexing/register.js' for that.
export {find, summarySearch, type FindContext} from './funnel/find.js';
export {reindex, type ReindexOptions, type ReindexReport} from './indexing/reindex.js';
export {searchStatus, type SearchStatus} from './indexing/search-status.js';
export type {Embedder, EmbedderSpec, EmbedderKind} from './semantic/embedder.js';
export {findDefaults, type CandidateItem, type DrilledItem, type DrilledSpan, type FindOptions, type FindResult, type FindSource, type Method, type Stage1Hit} from './types.js';
