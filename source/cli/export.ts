import {inertJson} from '../core/inert-text.js';
import {defineCommand} from './command.js';

export const command = defineCommand({
	about: `
  Write the store's summary items as JSON lines, one item per line, in the interchange shape
  that drill import reads.`,
	usage: ['export [--namespace NS] > items.jsonl'],
	flags: {namespace: {type: 'string', value: 'NS', help: "only this namespace's items"}},
	async run(cli, context) {
		const store = context.runtime.store();
		for (const row of store.eachItem(cli.flags.namespace)) {
			const line = `${inertJson(store.record(row))}\n`;
			if (!context.stdout.write(line)) await new Promise((resolve) => context.stdout.once('drain', resolve));
		}
		return 0;
	},
});
