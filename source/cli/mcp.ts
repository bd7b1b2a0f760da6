import {defineCommand} from './command.js';

export const command = defineCommand({
	about: `
  Serve drill to agents over the Model Context Protocol (stdio). Tools: drill_tree and walk,
  available_domains, summary_search and find, drill and undrill, drill_status.`,
	usage: ['mcp [--store PATH] [--knowledge DIR] [--drills DIR]'],
	flags: {},
	more: `
  Register it with an MCP client, e.g.
    {"mcpServers": {"drill": {"command": "drill", "args": ["mcp", "--store", "/path/to/store.db"]}}}`,
	async run(_cli, context) {
		const {serveStdio} = await import('../mcp/server.js');
		await serveStdio(context.runtime);
		return 0;
	},
});
