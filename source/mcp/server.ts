import {McpServer} from '@modelcontextprotocol/sdk/server/mcp.js';
import {StdioServerTransport} from '@modelcontextprotocol/sdk/server/stdio.js';
import '../domains/index.js';
import '../search/indexing/register.js';
import {Drillables, type DrillConfig} from '../core/registry.js';
import {registerFindTools} from './find-tools.js';
import {registerFrameTools} from './frame-tools.js';
import {registerWalkTools} from './walk-tools.js';

export const serverInfo = {name: 'drill', version: '0.1.0'};

/** The MCP server: a thin adapter over the same core the CLI and the app use. */
export function createServer(config: DrillConfig): {server: McpServer; close(): void} {
	const drillables = new Drillables(config);
	const server = new McpServer(serverInfo, {
		instructions:
			'drill exposes tree-shaped knowledge: summaries of sessions/pages/documents, a markdown knowledge base, and .drills/ work frames. Use summary_search/find when you have a topic but not a node; use drill_tree/walk when you have a node id; use drill/undrill to open and close scoped work frames.',
	});
	registerWalkTools(server, drillables);
	const search = registerFindTools(server, config);
	registerFrameTools(server, config);
	return {
		server,
		close: () => {
			drillables.close();
			search.close();
		},
	};
}

export async function serveStdio(config: DrillConfig): Promise<void> {
	const {server, close} = createServer(config);
	const transport = new StdioServerTransport();
	await server.connect(transport);
	await new Promise<void>((resolve) => {
		transport.onclose = resolve;
		process.stdin.once('end', resolve);
	});
	close();
}
