import type {DrillConfig} from '../core/registry.js';
import {guardTransport} from './message-check.js';
import {createServer} from './server.js';
import {LineTransport} from './stdio-transport.js';

/** Serves one client over stdin/stdout until stdin ends, every request read has its answer and every call has finished. */
export async function serveStdio(config: DrillConfig): Promise<void> {
	const {server, session, context, close} = createServer(config);
	const transport = new LineTransport();
	const closed = new Promise<void>((resolve) => {
		transport.onclose = resolve;
	});
	await server.connect(transport);
	guardTransport(transport, session);
	void context.warmSearchSoon();
	await closed;
	// A call whose answer was cancelled is still running: a write finishes before the server exits.
	await session.settled();
	close();
}
