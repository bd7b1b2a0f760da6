/**
 * The funnel on a thread of its own: `createServices` starts this file in a worker when the app
 * runs from the build, so a search never holds up a key. It opens its own connection to the
 * store and answers one request at a time (see search-client.ts).
 */
import {parentPort, workerData} from 'node:worker_threads';
import {DrillError} from '../core/errors.js';
import {find} from '../search/funnel/find.js';
import {SummaryStore} from '../store/summary-store.js';
import type {SearchReply, SearchRequest, SearchSetup} from './search-client.js';

const {storePath, knowledgeDir} = workerData as SearchSetup;
let store: SummaryStore | undefined;

// The store opens as readers do (not for writing): the funnel only reads, though it keeps a
// temporary vocabulary table of its own, so SQLite's query_only cannot be set on this connection.
const open = (): SummaryStore => (store ??= SummaryStore.open(storePath));

parentPort!.on('message', (request: SearchRequest) => {
	void (async () => {
		let reply: SearchReply;
		try {
			const result = await find({query: request.query, method: request.method, scope: request.scope, highlight: {open: '', close: ''}}, {store: open(), knowledgeDir});
			reply = {id: request.id, result};
		} catch (error) {
			const drill = error instanceof DrillError ? error : new DrillError('io_error', `search failed: ${error instanceof Error ? error.message : String(error)}`);
			reply = {id: request.id, error: drill.toJSON()};
		}
		parentPort!.postMessage(reply);
	})();
});
