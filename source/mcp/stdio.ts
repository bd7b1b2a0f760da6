import type {DrillConfig} from '../core/registry.js';
import {createServer} from './server.js';
import {guardParams} from './message-check.js';
import {LineTransport} from './stdio-transport.js';

/** Serves one client over stdin/stdout until stdin ends and every request read has its answer. */
export async function serveStdio(config: DrillConfig): Promise<void> {
	const {server, close} = createServer(config);
	const transport = new LineTransport();
	const closed = new Promise<void>((resolve) => {
		transport.onclose = resolve;
	});
	await server.connect(transport);
	guardParams(transport);
	await closed;
	close();
}
