import {DrillError} from '../core/errors.js';
import {inertText} from '../core/inert-text.js';
import {redactItem} from '../ingest/secrets/redact-source.js';
import {readItems, type ItemFailure} from '../store/interchange-stream.js';
import type {SummaryStore} from '../store/summary-store.js';
import {defineCommand} from './command.js';
import {printJson, usageError} from './output.js';
import {inputChunks} from './read-input.js';

/** Problems shown on standard error (the rest are counted), and kept for --json. */
const shownProblems = 20;
const keptProblems = 1000;

export const command = defineCommand({
	about: `
  Load summary items in the interchange shape into the store. The input holds one item object,
  an array of items, or JSON lines of items; an item that is already there is replaced.
  Items that fail validation are reported and skipped; the rest are imported. JSON lines are
  read and written a line at a time, so an input of any size takes little memory; one object or
  an array is read whole (up to 256 MB).`,
	usage: ['import FILE.json|-'],
	flags: {keepSecrets: {type: 'boolean', help: 'write secrets as they are (by default API keys, tokens, private\nkeys and passwords become [redacted:kind], as at ingest)'}},
	more: `
  Item shape
    {"namespace", "item_id", "title", "generated_at", "source": {"uri", "kind"}, "tldr",
     "nodes": [{"ordinal", "parent", "title", "summary", "keywords", "spans": [seq…]}],
     "spans": [{"seq", "role", "text"}]}

  Problems are listed first (the first ${shownProblems}, then how many more), then one summary line.
  With --json it prints {added, updated, failed: [{line?, index?, reason}] (the first ${keptProblems}),
  failed_count, items, nodes, spans, redactions, store, seconds}. Exit status: 0 when every item was imported.`,
	async run(cli, context) {
		const [file, extra] = cli.input;
		if (!file) throw usageError('import needs a FILE (or - for standard input)', 'e.g. drill import fixtures/summaries.json');
		if (extra) throw usageError(`import takes one FILE, got also ${JSON.stringify(extra)}`, 'import files one at a time, or concatenate them as JSON lines');
		const started = performance.now();
		const report = {added: 0, updated: 0, failed: [] as ItemFailure[], failed_count: 0, items: 0, nodes: 0, spans: 0, redactions: 0, store: context.runtime.config.storePath, seconds: 0};
		const problem = (failure: ItemFailure) => {
			report.failed_count++;
			if (report.failed.length < keptProblems) report.failed.push(failure);
			if (!context.json && report.failed_count <= shownProblems) context.stderr.write(`drill: skipped ${inertText(failure.reason, {singleLine: true})}\n`);
		};
		let store: SummaryStore | undefined;
		try {
			for await (const entry of readItems(inputChunks(file))) {
				if ('failure' in entry) {
					problem(entry.failure);
					continue;
				}
				store ??= context.runtime.openWritableStore();
				const item = cli.flags.keepSecrets ? entry.item : redactItem(entry.item).item;
				report.redactions += item.source?.redactions && item !== entry.item ? item.source.redactions - (entry.item.source?.redactions ?? 0) : 0;
				report[store.writeItem(item)]++;
				report.items++;
				report.nodes += entry.item.nodes.length;
				report.spans += entry.item.spans.length;
			}
			// An input with no items and nothing wrong (`[]`) makes an empty store, as asked; one whose every item failed makes none.
			if (report.failed_count === 0) store ??= context.runtime.openWritableStore();
		} finally {
			store?.close();
		}
		report.seconds = Number(((performance.now() - started) / 1000).toFixed(3));
		if (context.json) printJson(context.stdout, report);
		else {
			const hidden = report.failed_count - shownProblems;
			if (hidden > 0) context.stderr.write(`drill: … and ${hidden} more problem${hidden === 1 ? '' : 's'} (drill import --json lists the first ${keptProblems})\n`);
			context.stdout.write(`imported ${report.items} item${report.items === 1 ? '' : 's'} (${report.added} added, ${report.updated} updated; ${report.nodes} nodes, ${report.spans} spans) into ${report.store}\n`);
		}
		if (report.items === 0 && report.failed_count > 0) {
			if (context.json) return 1;
			throw new DrillError('bad_input', `no item of ${file === '-' ? 'standard input' : file} could be imported`, 'fix the items reported above');
		}
		return report.failed_count > 0 ? 1 : 0;
	},
});
