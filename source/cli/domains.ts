import {defineCommand} from './command.js';
import {printJson} from './output.js';

export const command = defineCommand({
	about: `
  List the registered domains (the MCP tool available_domains).`,
	usage: ['domains [--json]'],
	flags: {},
	run(_cli, context) {
		const domains = context.runtime.domains.availableDomains();
		if (context.json) printJson(context.stdout, {domains});
		else context.stdout.write(`${domains.join('\n')}\n`);
		return 0;
	},
});
