/**
 * The funnel on a thread of its own: `createServices` starts this file in a worker when the app
 * runs from the build, so a search never holds up a key. It holds a runtime of its own (and so
 * its own connection to the store) and answers one request at a time (see search-client.ts).
 */
import {parentPort, workerData} from 'node:worker_threads';
import {toDrillError} from '../core/errors.js';
import {createRuntime} from '../runtime.js';
import {warmUpSearch} from '../search/index.js';
import type {SearchReply, SearchRequest, SearchSetup} from './search-client.js';
import {withinOptions} from './find-options.js';

const runtime = createRuntime(workerData as SearchSetup);

/**
 * The thread starts when the query box opens (or on a first search): while the person types, the
 * first search's cold costs are paid (see warmUpSearch), a turn of the event loop after the start.
 */
const warmUpDelayMs = 0;
let warmUp: NodeJS.Timeout | undefined = setTimeout(() => {
	warmUp = undefined;
	void (async () => {
		try {
			await warmUpSearch(runtime.store());
		} catch {
			// No store yet (or a damaged one): the person's first search says so.
		}
	})();
}, warmUpDelayMs);

parentPort!.on('message', (request: SearchRequest) => {
	// A search asked for before the warm-up is the warm-up.
	clearTimeout(warmUp);
	warmUp = undefined;
	void (async () => {
		let reply: SearchReply;
		try {
			const result = await runtime.find({query: request.query, method: request.method, scope: request.scope, ...withinOptions(request.within), highlight: {open: '', close: ''}});
			reply = {id: request.id, result};
		} catch (error) {
			reply = {id: request.id, error: toDrillError(error, 'search again; if it fails again, please report the query').toJSON()};
		}
		parentPort!.postMessage(reply);
	})();
});
