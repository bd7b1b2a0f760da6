import type {Client} from '@modelcontextprotocol/sdk/client/index.js';
import {WireClient} from '../../bench/mcp/wire.js';
import {cliPath} from './cli.js';
import {connectDrillMcp} from './mcp-client.js';

/** A tool answer as both clients see it. */
export interface ToolAnswer {
	isError?: boolean;
	structuredContent?: Record<string, any>;
	content: Array<{type: string; text: string}>;
	_meta?: Record<string, any>;
}

/**
 * One way of talking to `drill mcp` over stdio: the official TypeScript SDK's client, or a raw
 * JSON-RPC client that writes lines itself (and so sees exactly what goes over the wire). Tests
 * of agent-facing behaviour run against both.
 */
export interface McpTestClient {
	kind: 'sdk' | 'wire';
	call(name: string, args?: Record<string, unknown>): Promise<ToolAnswer>;
	listTools(): Promise<Array<{name: string; description?: string; inputSchema: any; outputSchema?: any; annotations?: any}>>;
	/** The text of a resource; a protocol error rejects with its message as the client shows it. */
	readResource(uri: string): Promise<string>;
	close(): Promise<void>;
	/** The SDK client (kind 'sdk') or the wire client (kind 'wire'). */
	sdk?: Client;
	wire?: WireClient;
}

export const clientKinds = ['sdk', 'wire'] as const;

export async function connectClient(kind: 'sdk' | 'wire', args: string[], cwd: string): Promise<McpTestClient> {
	if (kind === 'sdk') {
		const sdk = await connectDrillMcp(args, cwd);
		return {
			kind,
			sdk,
			call: async (name, callArgs = {}) => (await sdk.callTool({name, arguments: callArgs})) as ToolAnswer,
			listTools: async () => (await sdk.listTools()).tools as never,
			readResource: async (uri) => ((await sdk.readResource({uri})).contents[0] as {text: string}).text,
			close: () => sdk.close(),
		};
	}
	const wire = new WireClient(process.execPath, [cliPath, 'mcp', ...args], {cwd, env: {PATH: process.env.PATH ?? '', HOME: cwd, NO_COLOR: '1'}});
	const initialized = await wire.initialize();
	if (!initialized.message.result) throw new Error(`initialize failed: ${JSON.stringify(initialized.message)}`);
	const result = (answer: Awaited<ReturnType<WireClient['request']>>) => {
		if (answer.message.error) throw new Error(answer.message.error.message);
		return answer.message.result;
	};
	return {
		kind,
		wire,
		call: async (name, callArgs = {}) => result(await wire.callTool(name, callArgs)) as ToolAnswer,
		listTools: async () => result(await wire.request('tools/list')).tools,
		readResource: async (uri) => result(await wire.request('resources/read', {uri})).contents[0].text,
		close: async () => void (await wire.close()),
	};
}

/** The text of an answer, every part joined. */
export const answerText = (answer: ToolAnswer) => answer.content.map((part) => part.text).join('\n');

/** The size of an answer as it travels (the JSON of the result), which max_bytes bounds. */
export const answerSize = (answer: ToolAnswer) => Buffer.byteLength(JSON.stringify(answer));
