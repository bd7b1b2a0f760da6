// The search API the CLI, the app and the MCP server use. Writers of items open the store with
// `openIndexedStore`, which keeps the search indexes in step.
export {find, type FindContext} from './funnel/find.js';
export {warmUpSearch} from './funnel/warm-up.js';
export {openIndexedStore} from './indexing/indexer.js';
export type {FindOptions, FindResult} from './types.js';
