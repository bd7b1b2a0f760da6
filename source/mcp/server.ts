import {McpServer} from '@modelcontextprotocol/sdk/server/mcp.js';
import type {DrillConfig} from '../core/registry.js';
import {McpContext} from './context.js';
import {findTools} from './find-tools.js';
import {frameTools} from './frame-tools.js';
import {serverInstructions} from './instructions.js';
import {readTool} from './read-tool.js';
import {registerResources} from './resources.js';
import {McpSession} from './session.js';
import {storeStatusTool} from './status-tool.js';
import {usageTool} from './usage-tool.js';
import {ToolTable} from './tool-table.js';
import {walkTools} from './walk-tools.js';

export const serverInfo = {name: 'drill', version: '0.1.0'};

/** One MCP server (one session) on a shared context: a thin adapter over the same core the CLI and the app use. */
export function createMcpServer(context: McpContext, instructions = serverInstructions(context)): {server: McpServer; session: McpSession} {
	const server = new McpServer(serverInfo, {instructions});
	const session = new McpSession();
	const tools = new ToolTable(session);
	tools.add(...walkTools(context), readTool(context), ...findTools(context), storeStatusTool(context), usageTool(context), ...frameTools(context));
	tools.install(server.server);
	registerResources(server, context);
	return {server, session};
}

/** A server with a context of its own (closed with it). */
export function createServer(config: DrillConfig): {server: McpServer; session: McpSession; context: McpContext; close(): void} {
	const context = new McpContext(config);
	return {...createMcpServer(context), context, close: () => context.close()};
}
