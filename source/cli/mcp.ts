import {defineCommand} from './command.js';

export const command = defineCommand({
	name: 'mcp',
	help: `
  Serve drill to agents over the Model Context Protocol: on stdin/stdout (default), or over
  Streamable HTTP with --http. Tools: walk and drill_tree, read_nodes, available_domains, find and
  summary_search, store_status, drill and undrill, drill_status; resources drill://{domain}/{node_id}.

  Usage
    drill mcp [--store PATH] [--knowledge DIR] [--drills DIR]
    drill mcp --http [HOST:]PORT [--allow-remote]

  Options
    --http [HOST:]PORT   serve Streamable HTTP at http://HOST:PORT/mcp instead of stdio; HOST is
                         127.0.0.1 when left out, and port 0 picks a free one (the address is
                         printed on stderr)
    --allow-remote       let --http listen on an address other than loopback; there is no
                         authentication, so anyone who reaches it can read and write your store
                         and frames

  Limits: one message is at most 8 MiB (a longer one is answered with an error and skipped);
  a query or node id at most 4,096 characters; findings and payloads 256 KiB each.

  Register it with an MCP client, e.g.
    {"mcpServers": {"drill": {"command": "drill", "args": ["mcp", "--store", "/path/to/store.db"]}}}`,
	flags: {
		http: {type: 'string'},
		allowRemote: {type: 'boolean', default: false},
	},
	async run(cli, context) {
		if (cli.flags.http !== undefined) {
			const {serveHttp, parseHttpAddress} = await import('../mcp/http.js');
			await serveHttp(context.config, parseHttpAddress(cli.flags.http), {allowRemote: cli.flags.allowRemote});
			return 0;
		}
		const {serveStdio} = await import('../mcp/stdio.js');
		await serveStdio(context.config);
		return 0;
	},
});
