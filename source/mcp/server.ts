import {McpServer} from '@modelcontextprotocol/sdk/server/mcp.js';
import type {DrillConfig} from '../core/registry.js';
import {McpContext} from './context.js';
import {registerFindTools} from './find-tools.js';
import {registerFrameTools} from './frame-tools.js';
import {serverInstructions} from './instructions.js';
import {registerReadTool} from './read-tool.js';
import {registerResources} from './resources.js';
import {registerStatusTool} from './status-tool.js';
import {answerToolListCompactly, recordTools} from './tool-list.js';
import {registerWalkTools} from './walk-tools.js';

export const serverInfo = {name: 'drill', version: '0.1.0'};

/** One MCP server on a shared context: a thin adapter over the same core the CLI and the app use. */
export function createMcpServer(context: McpContext, instructions = serverInstructions(context)): McpServer {
	const server = new McpServer(serverInfo, {instructions});
	const tools = recordTools(server);
	registerWalkTools(server, context);
	registerReadTool(server, context);
	registerFindTools(server, context);
	registerStatusTool(server, context);
	registerFrameTools(server, context);
	registerResources(server, context);
	answerToolListCompactly(server, tools);
	return server;
}

/** A server with a context of its own (closed with it). */
export function createServer(config: DrillConfig): {server: McpServer; context: McpContext; close(): void} {
	const context = new McpContext(config);
	return {server: createMcpServer(context), context, close: () => context.close()};
}
