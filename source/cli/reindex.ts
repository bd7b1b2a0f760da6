import {reindex, retrainStoreLsa} from '../search/indexing/reindex.js';
import {defineCommand} from './command.js';
import {embedderFlags, embedderSpec} from './embedder-flags.js';
import {cleanStore} from '../ingest/secrets/clean-store.js';
import {printJson, usageError} from './output.js';

export const command = defineCommand({
	about: `
  Bring the search indexes up to date: index items that were written without them, and rebuild
  the semantic index. With LSA (the default, offline, trained on the store itself) the model is
  retrained and every node re-embedded; with a model embedder, the nodes it has not embedded yet
  are embedded (all of them when the embedder changes).`,
	usage: ['reindex [options]'],
	flags: {...embedderFlags},
	more: `
  Examples
    drill reindex
    drill reindex --embedder openai --embed-url http://127.0.0.1:11434/v1 --embed-model nomic-embed-text`,
	async run(cli, context) {
		if (cli.input.length > 0) throw usageError(`reindex takes no arguments, got ${JSON.stringify(cli.input[0])}`, 'see drill reindex --help');
		const spec = embedderSpec(cli.flags);
		const progress = !context.json && context.stderr.isTTY;
		const store = context.runtime.openWritableStore();
		try {
			// Items written before ingest redacted secrets are cleaned first, so the new indexes never hold one.
			const secrets = cleanStore(store, retrainStoreLsa);
			const report = await reindex(store, {
				...(spec ? {spec} : {}),
				onProgress: progress ? (phase, done, total) => context.stderr.write(`\r\u001b[2K${phase} ${done}/${total}`) : undefined,
			});
			if (progress) context.stderr.write('\r\u001b[2K');
			const seconds = Number(report.seconds.toFixed(2));
			if (context.json) printJson(context.stdout, {...report, seconds, store: context.runtime.config.storePath, secrets});
			else if (secrets.items > 0) context.stdout.write(`redacted ${secrets.redactions} secret${secrets.redactions === 1 ? '' : 's'} in ${secrets.items} item${secrets.items === 1 ? '' : 's'} written before redaction\n`);
			if (!context.json) context.stdout.write(`reindexed ${report.items} item${report.items === 1 ? '' : 's'} (${report.nodes} nodes embedded) with ${report.embedder} (${report.dimension} dimensions) in ${seconds} s\n`);
			return 0;
		} finally {
			store.close();
		}
	},
});
