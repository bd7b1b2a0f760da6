import {DrillError} from '../core/errors.js';
import {parseItems} from '../store/interchange.js';
import {defineCommand} from './command.js';
import {printJson, usageError} from './output.js';
import {readInput} from './read-input.js';

export const command = defineCommand({
	about: `
  Load summary items in the interchange shape into the store. The input holds one item object,
  an array of items, or JSON lines of items; an item that is already there is replaced.
  Items that fail validation are reported and skipped; the rest are imported.`,
	usage: ['import FILE.json|-'],
	flags: {},
	more: `
  Item shape
    {"namespace", "item_id", "title", "generated_at", "source": {"uri", "kind"}, "tldr",
     "nodes": [{"ordinal", "parent", "title", "summary", "keywords", "spans": [seq…]}],
     "spans": [{"seq", "role", "text"}]}`,
	async run(cli, context) {
		const [file, extra] = cli.input;
		if (!file) throw usageError('import needs a FILE (or - for standard input)', 'e.g. drill import fixtures/summaries.json');
		if (extra) throw usageError(`import takes one FILE, got also ${JSON.stringify(extra)}`, 'import files one at a time, or concatenate them as JSON lines');
		const started = performance.now();
		const parsed = parseItems(await readInput(file));
		const store = context.runtime.openWritableStore();
		const report = {added: 0, updated: 0, failed: parsed.failed, items: 0, nodes: 0, spans: 0, store: context.runtime.config.storePath, seconds: 0};
		try {
			for (const item of parsed.items) {
				const outcome = store.writeItem(item);
				report[outcome]++;
				report.items++;
				report.nodes += item.nodes.length;
				report.spans += item.spans.length;
			}
		} finally {
			store.close();
		}
		report.seconds = Number(((performance.now() - started) / 1000).toFixed(3));
		if (context.json) printJson(context.stdout, report);
		else {
			context.stdout.write(`imported ${report.items} item${report.items === 1 ? '' : 's'} (${report.added} added, ${report.updated} updated; ${report.nodes} nodes, ${report.spans} spans) into ${report.store}\n`);
			for (const failure of report.failed) context.stderr.write(`drill: skipped ${failure.reason}\n`);
		}
		if (report.items === 0 && report.failed.length > 0) {
			if (context.json) return 1;
			throw new DrillError('bad_input', `no item of ${file} could be imported`, 'fix the items reported above');
		}
		return report.failed.length > 0 ? 1 : 0;
	},
});
