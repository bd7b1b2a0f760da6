import {writeFileSync, renameSync} from 'node:fs';
import path from 'node:path';
import {readableExport} from '../act/export/readable.js';
import {DrillError} from '../core/errors.js';
import {inertJson, inertText} from '../core/inert-text.js';
import {defineCommand} from './command.js';
import {printJson, usageError} from './output.js';

const formats = ['jsonl', 'markdown', 'html'] as const;
type Format = (typeof formats)[number];

/** A new file, whole or not at all: written beside its place and renamed into it. */
function writeWhole(file: string, text: string): void {
	const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
	try {
		writeFileSync(temporary, text, {mode: 0o644});
		renameSync(temporary, file);
	} catch (error) {
		throw new DrillError('io_error', `cannot write ${file} (${(error as Error).message})`, 'choose another --out FILE in a writable folder');
	}
}

export const command = defineCommand({
	about: `
  Write what the store holds. Without an ID: every summary item as JSON lines, one item per
  line, in the interchange shape that drill import reads. With an ID and --format markdown or
  html: that session, subtree, document, knowledge unit or drill as a document to read or share:
  the title, the provenance line, the TLDR, then each request as a heading with what answered
  it. Tool calls are folded (one line each in Markdown; <details> with the command, diff or
  output inside in HTML); the model's thinking is left out unless --thinking. The HTML is one
  self-contained file: no scripts, nothing loaded from elsewhere, every string escaped.`,
	usage: ['export [--namespace NS] > items.jsonl', 'export ID --format markdown|html [--out FILE] [--thinking] [--domain DOMAIN]'],
	flags: {
		namespace: {type: 'string', value: 'NS', help: "only this namespace's items (JSON lines)"},
		format: {type: 'string', default: 'jsonl', value: 'jsonl|markdown|html', help: 'jsonl (default: the interchange items), or a readable\ndocument of the node ID'},
		out: {type: 'string', value: 'FILE', help: 'write the document to FILE (default: standard output)'},
		thinking: {type: 'boolean', help: "keep the model's thinking in the document"},
		domain: {type: 'string', default: 'summary', value: 'DOMAIN', help: 'the domain ID is in: summary (default), knowledge or drills'},
	},
	more: `
  Examples
    drill export > everything.jsonl
    drill export conversation_session:k3x9 --format markdown --out session.md
    drill export 'conversation_session:k3x9#n3' --format html --out part.html
    drill export architecture/overview --domain knowledge --format html`,
	async run(cli, context) {
		const format = cli.flags.format as Format;
		if (!(formats as readonly string[]).includes(format)) throw usageError(`--format ${JSON.stringify(cli.flags.format)} is not known`, `use ${formats.join(', ')}`);
		const [id, extra] = cli.input;
		if (format === 'jsonl') {
			if (id !== undefined) throw usageError('the JSON-lines export is of the whole store (or --namespace)', `for one node give --format markdown or html: drill export ${id} --format markdown`);
			const store = context.runtime.store();
			for (const row of store.eachItem(cli.flags.namespace)) {
				const line = `${inertJson(store.record(row))}\n`;
				if (!context.stdout.write(line)) await new Promise((resolve) => context.stdout.once('drain', resolve));
			}
			return 0;
		}
		if (id === undefined) throw usageError(`--format ${format} exports one node: give its ID`, `e.g. drill export conversation_session:k3x9 --format ${format} --out session.${format === 'html' ? 'html' : 'md'}`);
		if (extra !== undefined) throw usageError(`export takes one ID, got also ${JSON.stringify(extra)}`, 'export one node at a time');
		const {text} = readableExport(context.runtime, cli.flags.domain, id, format, {thinking: cli.flags.thinking});
		if (!cli.flags.out) {
			context.stdout.write(text);
			return 0;
		}
		const file = path.resolve(cli.flags.out);
		writeWhole(file, text);
		if (context.json) printJson(context.stdout, {file, format, bytes: Buffer.byteLength(text)});
		else context.stderr.write(`drill: wrote ${inertText(file, {singleLine: true})} (${format}, ${Buffer.byteLength(text).toLocaleString('en-US')} bytes)\n`);
		return 0;
	},
});
