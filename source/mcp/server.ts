import {McpServer} from '@modelcontextprotocol/sdk/server/mcp.js';
import {StdioServerTransport} from '@modelcontextprotocol/sdk/server/stdio.js';
import type {Runtime} from '../runtime.js';
import {version} from '../version.js';
import {registerFindTools} from './find-tools.js';
import {registerFrameTools} from './frame-tools.js';
import {registerWalkTools} from './walk-tools.js';

export const serverInfo = {name: 'drill', version};

/** The MCP server: a thin adapter over the same core the CLI and the app use. */
export function createServer(runtime: Runtime): {server: McpServer; close(): void} {
	const server = new McpServer(serverInfo, {
		instructions:
			'drill exposes tree-shaped knowledge: summaries of sessions/pages/documents, a markdown knowledge base, and .drills/ work frames. Use summary_search/find when you have a topic but not a node; use drill_tree/walk when you have a node id; use drill/undrill to open and close scoped work frames.',
	});
	registerWalkTools(server, runtime.domains);
	registerFindTools(server, runtime);
	registerFrameTools(server, runtime.config);
	return {server, close: () => runtime.close()};
}

export async function serveStdio(runtime: Runtime): Promise<void> {
	const {server, close} = createServer(runtime);
	const transport = new StdioServerTransport();
	await server.connect(transport);
	await new Promise<void>((resolve) => {
		transport.onclose = resolve;
		process.stdin.once('end', resolve);
	});
	close();
}
