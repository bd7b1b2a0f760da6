import {homedir} from 'node:os';
import {defineCommand} from './command.js';
import {printJson, usageError} from './output.js';
import {renderView} from './render-view.js';

export const command = defineCommand({
	about: `
  Walk one node of a domain at a depth (the MCP tools walk and drill_tree).`,
	usage: ['walk DOMAIN [NODE_ID] [options]'],
	flags: {
		depth: {type: 'string', short: 'd', default: 'index', value: 'index|summary|full', help: 'how much to show (default: index)'},
		limit: {type: 'number', value: 'N', help: 'children per page (default 100)'},
		offset: {type: 'number', value: 'N', help: 'first child to show (default 0)'},
		maxChars: {type: 'number', value: 'N', help: 'bound on full content (default 20000)'},
		unfold: {type: 'boolean', help: 'at full depth, long tool calls and outputs whole\n(otherwise more than 80 lines show as the first 50 and the last 20)'},
		groupBy: {
			type: 'string',
			value: 'KEY',
			help: [
				'a summary namespace grouped by KEY (the view of NAMESPACE#KEY):',
				'  project   the session\'s project (working directory or repo)',
				'  agent     claude-code, codex, gemini-cli, aider, …',
				'  day       the UTC day of generated_at, newest first',
				'  folder    source folders below the namespace\'s common one',
				'            (folder › subfolder › page)',
				'  machine   the machine a pulled item lives on (drill pull)',
				'  user      the user who pushed it; this machine\'s own items',
				'            are the group (this machine)',
			].join('\n'),
		},
	},
	more: `
  Depths
    index     the node and its children's names (default, cheapest)
    summary   the node and each child's summary text
    full      everything: the node's content and its subtree, up to --max-chars

  Node ids
    summary    ''  ·  NAMESPACE  ·  NAMESPACE:ITEM  ·  NAMESPACE:ITEM#nORDINAL
               groups: NAMESPACE#KEY (the groups)  ·  NAMESPACE#KEY=VALUE (one group's items)
    knowledge  ''  ·  a unit path without extension, e.g. architecture/summarization-framework
    drills     ''  ·  a drill's 6-hex short sha, e.g. a1b2c3

  Examples
    drill walk summary ''
    drill walk summary conversation_session:k3x9 --depth summary
    drill walk summary 'conversation_session:k3x9#n2' --depth full --json
    drill walk summary 'conversation_session:k3x9#n2' --depth full --unfold
    drill walk summary conversation_session --group-by project
    drill walk summary 'conversation_session#day=2026-11-28' --depth summary
    drill walk summary 'document#folder=guides/setup'
    drill walk knowledge architecture`,
	run(cli, context) {
		const [domain, nodeId = '', extra] = cli.input;
		if (domain === undefined) throw usageError('walk needs a DOMAIN', `registered: ${context.runtime.domains.availableDomains().join(', ')}; e.g. drill walk summary ''`);
		if (extra !== undefined) throw usageError(`walk takes DOMAIN and one NODE_ID, got an extra ${JSON.stringify(extra)}`, 'quote a node id that has spaces or #');
		const view = context.runtime.domains.walk(domain, nodeId, cli.flags.depth, {limit: cli.flags.limit, offset: cli.flags.offset, maxChars: cli.flags.maxChars, groupBy: cli.flags.groupBy, unfold: cli.flags.unfold});
		if (context.json) printJson(context.stdout, view);
		else context.stdout.write(renderView(view, {color: context.color && Boolean(context.stdout.isTTY), width: context.stdout.columns, home: homedir()}));
		return 0;
	},
});
