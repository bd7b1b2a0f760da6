import {defineCommand} from './command.js';
import {printJson} from './output.js';

export const command = defineCommand({
	name: 'domains',
	help: `
  List the registered domains (the seed's available_domains).

  Usage
    drill domains [--json]`,
	flags: {},
	run(_cli, context) {
		const domains = context.runtime.domains.availableDomains();
		if (context.json) printJson(context.stdout, {domains});
		else context.stdout.write(`${domains.join('\n')}\n`);
		return 0;
	},
});
