import {inertText} from '../core/inert-text.js';
import {summaryNodeId} from '../core/summary-node-id.js';
import {forget, forgettableSource, itemsFromSource, type ForgottenItem} from '../store/forgotten.js';
import {itemOfNode} from '../store/item-of-node.js';
import {defineCommand} from './command.js';
import {printJson, usageError} from './output.js';
import {realPath} from '../ingest/io/real-path.js';


export const command = defineCommand({
	about: `
  Remove items from the store and from the search index: the items named (a node id inside an
  item names the item), or with --source everything that came from a file or a folder. Nothing
  else in the store changes. The sources are remembered: ingest, --watch and --agents leave them
  out until drill ingest --include-forgotten PATH takes them back.`,
	usage: ['forget ID… [options]', 'forget --source PATH… [options]'],
	flags: {
		source: {type: 'string', multiple: true, value: 'PATH', help: 'everything that came from this file or folder (repeatable)'},
		dryRun: {type: 'boolean', help: 'say what would be forgotten, and forget nothing'},
	},
	more: `
  With --json it prints {forgotten: [{id, title, source}], sources: [PATH…], dry_run}.

  Examples
    drill forget conversation_session:k3x9
    drill forget --source ~/.claude/projects/-home-me-secret-project
    drill forget --source old-notes/ --dry-run`,
	run(cli, context) {
		const sources = cli.flags.source.map(realPath);
		if (cli.input.length === 0 && sources.length === 0) throw usageError('forget needs an ID or --source PATH', 'e.g. drill forget conversation_session:k3x9, or drill forget --source ~/old-sessions');
		const store = context.runtime.openWritableStore();
		try {
			const items = new Map<string, ForgottenItem>();
			const remembered = new Set<string>(sources);
			for (const id of cli.input) {
				const {row} = itemOfNode(store, id);
				items.set(summaryNodeId(row.namespace, row.item_id), {namespace: row.namespace, item_id: row.item_id, title: row.title, source_uri: row.source_uri});
				// The file it came from (or its conversation), so that no ingest brings it back.
				const source = forgettableSource(row.source_uri);
				if (source) remembered.add(source);
			}
			for (const source of sources) for (const item of itemsFromSource(store, source)) items.set(summaryNodeId(item.namespace, item.item_id), item);
			const list = [...items.entries()];
			const outcome = cli.flags.dryRun ? undefined : forget(store, list.map(([, item]) => item), [...remembered]);
			// Another program reading the store holds frames of the -wal that still have the forgotten text.
			if (outcome && !outcome.walEmptied) context.stderr.write('drill: the store\'s -wal still holds the forgotten text while another program reads the store; once that program has closed the store, run the same drill forget again to empty it\n');
			const answer = {forgotten: list.map(([id, item]) => ({id, title: item.title, ...(item.source_uri ? {source: item.source_uri} : {})})), sources: [...remembered], dry_run: Boolean(cli.flags.dryRun)};
			if (context.json) printJson(context.stdout, answer);
			else {
				const verb = cli.flags.dryRun ? 'would forget' : 'forgot';
				for (const entry of answer.forgotten) context.stdout.write(`${verb} ${inertText(entry.id, {singleLine: true})}  ${inertText(entry.title, {singleLine: true})}\n`);
				context.stdout.write(`${verb} ${list.length} item${list.length === 1 ? '' : 's'}`);
				if (answer.sources.length > 0) context.stdout.write(`; ingest leaves out ${answer.sources.map((source) => inertText(source, {singleLine: true})).join(', ')} until drill ingest --include-forgotten PATH`);
				context.stdout.write('\n');
			}
			return 0;
		} finally {
			store.close();
		}
	},
});
