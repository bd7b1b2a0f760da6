import {Client} from '@modelcontextprotocol/sdk/client/index.js';
import {StdioClientTransport} from '@modelcontextprotocol/sdk/client/stdio.js';
import {cliPath} from './cli.js';

/** Spawns the built `drill mcp` and connects the SDK's own client to it over stdio. */
export async function connectDrillMcp(args: string[], cwd: string): Promise<Client> {
	const transport = new StdioClientTransport({
		command: process.execPath,
		args: [cliPath, 'mcp', ...args],
		cwd,
		env: {PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? cwd, NO_COLOR: '1'},
		stderr: 'pipe',
	});
	const client = new Client({name: 'drill-test', version: '1.0.0'});
	await client.connect(transport);
	return client;
}
