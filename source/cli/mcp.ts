import {defineCommand} from './command.js';

export const command = defineCommand({
	about: `
  Serve drill to agents over the Model Context Protocol: on stdin/stdout (default), or over
  Streamable HTTP with --http. Tools: walk and drill_tree, read_nodes, available_domains, find and
  summary_search, store_status, drill and undrill, drill_status; resources drill://{domain}/{node_id}.`,
	usage: ['mcp [--store PATH] [--knowledge DIR] [--drills DIR]', 'mcp --http [HOST:]PORT [--allow-remote]'],
	flags: {
		http: {type: 'string', value: '[HOST:]PORT', help: 'serve Streamable HTTP at http://HOST:PORT/mcp instead of stdio; HOST is\n127.0.0.1 when left out, and port 0 picks a free one (the address is\nprinted on stderr)'},
		allowRemote: {type: 'boolean', help: 'let --http listen on an address other than loopback; there is no\nauthentication, so anyone who reaches it can read and write your store\nand frames'},
	},
	more: `
  Limits: one message is at most 8 MiB (a longer one is answered with an error and skipped);
  a query or node id at most 4,096 characters; findings and payloads 256 KiB each.

  Register it with an MCP client, e.g.
    {"mcpServers": {"drill": {"command": "drill", "args": ["mcp", "--store", "/path/to/store.db"]}}}`,
	async run(cli, context) {
		if (cli.flags.http !== undefined) {
			const {serveHttp, parseHttpAddress} = await import('../mcp/http.js');
			await serveHttp(context.runtime.config, parseHttpAddress(cli.flags.http), {allowRemote: cli.flags.allowRemote});
			return 0;
		}
		const {serveStdio} = await import('../mcp/stdio.js');
		await serveStdio(context.runtime.config);
		return 0;
	},
});
