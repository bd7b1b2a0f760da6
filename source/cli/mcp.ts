import {defineCommand} from './command.js';
import {usageError} from './output.js';

export const command = defineCommand({
	about: `
  Serve drill to agents over the Model Context Protocol: on stdin/stdout (default), or over
  Streamable HTTP with --http. Tools: walk and drill_tree, read_nodes, available_domains, find and
  summary_search, store_status, drill and undrill, drill_status, retrospect; resources
  drill://{domain}/{node_id}.`,
	usage: ['mcp [--store PATH] [--knowledge DIR] [--drills DIR]', 'mcp --http [HOST:]PORT [--max-sessions N] [--session-idle SECONDS] [--allow-remote]'],
	flags: {
		http: {type: 'string', value: '[HOST:]PORT', help: 'serve Streamable HTTP at http://HOST:PORT/mcp instead of stdio; HOST is\n127.0.0.1 when left out, and port 0 picks a free one (the address is\nprinted on stderr)'},
		maxSessions: {type: 'number', value: 'N', help: 'with --http: the most sessions kept at once (default 64); past it a new\nclient is refused with 503 until one ends, and no open session is closed\nto make room'},
		sessionIdle: {type: 'number', value: 'SECONDS', help: 'with --http: close a session after this long without a request (default\n1800, 30 minutes)'},
		allowRemote: {type: 'boolean', help: 'let --http listen on an address other than loopback; there is no\nauthentication, so anyone who reaches it can read and write your store\nand frames'},
	},
	more: `
  Limits: one message is at most 8 MiB (a longer one is answered with an error and skipped);
  a query or node id at most 4,096 characters; findings and payloads 256 KiB each.

  Register it with an MCP client, e.g.
    {"mcpServers": {"drill": {"command": "drill", "args": ["mcp", "--store", "/path/to/store.db"]}}}`,
	async run(cli, context) {
		const {maxSessions, sessionIdle} = cli.flags;
		if (cli.flags.http === undefined && (maxSessions !== undefined || sessionIdle !== undefined)) throw usageError(`${maxSessions !== undefined ? '--max-sessions' : '--session-idle'} applies to --http only`, 'add --http [HOST:]PORT, or leave it out');
		if (maxSessions !== undefined && (!Number.isInteger(maxSessions) || maxSessions < 1 || maxSessions > 10_000)) throw usageError(`--max-sessions must be a whole number from 1 to 10000, got ${maxSessions}`, 'e.g. --max-sessions 64');
		if (sessionIdle !== undefined && (!(sessionIdle > 0) || sessionIdle > 7 * 24 * 3600)) throw usageError(`--session-idle must be a number of seconds from 0 to 604800 (a week), got ${sessionIdle}`, 'e.g. --session-idle 1800');
		if (cli.flags.http !== undefined) {
			const {serveHttp, parseHttpAddress} = await import('../mcp/http.js');
			await serveHttp(context.runtime.config, parseHttpAddress(cli.flags.http), {allowRemote: cli.flags.allowRemote, maxSessions, ...(sessionIdle === undefined ? {} : {sessionIdleMs: Math.round(sessionIdle * 1000)})});
			return 0;
		}
		const {serveStdio} = await import('../mcp/stdio.js');
		await serveStdio(context.runtime.config);
		return 0;
	},
});
