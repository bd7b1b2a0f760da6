import {defineCommand} from './command.js';

export const command = defineCommand({
	name: 'mcp',
	help: `
  Serve drill to agents over the Model Context Protocol (stdio). Tools: drill_tree and walk,
  available_domains, summary_search and find, drill and undrill, drill_status.

  Usage
    drill mcp [--store PATH] [--knowledge DIR] [--drills DIR]

  Register it with an MCP client, e.g.
    {"mcpServers": {"drill": {"command": "drill", "args": ["mcp", "--store", "/path/to/store.db"]}}}`,
	flags: {},
	async run(_cli, context) {
		const {serveStdio} = await import('../mcp/server.js');
		await serveStdio(context.runtime);
		return 0;
	},
});
