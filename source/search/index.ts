// The search API the CLI, the app and the MCP server use. Importing it does not register the
// indexer; writers import './register.js' for that.
export {find, summarySearch, type FindContext} from './find.js';
export {reindex, type ReindexOptions, type ReindexReport} from './reindex.js';
export {searchStatus, type SearchStatus} from './search-status.js';
export type {Embedder, EmbedderSpec, EmbedderKind} from './embedder.js';
export {findDefaults, type CandidateItem, type DrilledItem, type DrilledSpan, type FindOptions, type FindResult, type FindSource, type Method, type Stage1Hit} from './types.js';
