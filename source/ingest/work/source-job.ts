import {readFile} from 'node:fs/promises';
import {validateItem, type ItemRecord} from '../../store/interchange.js';
import {describedToItem, describeSource, type DescribedSource} from '../build-item.js';
import {ClaudeCodeReader} from '../formats/claude-code.js';
import type {Format} from '../formats/detect.js';
import {GenericChatReader} from '../formats/generic-chat.js';
import {maxHtmlBytes, readHtml} from '../formats/html.js';
import {MarkdownReader} from '../formats/markdown.js';
import {TextReader} from '../formats/plain-text.js';
import {readLines} from '../io/lines.js';
import type {ParsedSource, SourceProblem} from '../model.js';

/**
 * Summarizing one file that is one item (markdown, text, HTML, Claude Code, generic chat): the
 * CPU-heavy part of ingest, with no store access, so it can run on a worker thread.
 */
export interface SourceJob {
	path: string;
	/** How the file is named in reports. */
	shown: string;
	size: number;
	mtime: string;
	format: Format;
	namespace: string;
	itemId: string;
	uri: string;
	hash: string;
}

export interface JobResult {
	item?: ItemRecord;
	problems: SourceProblem[];
	/** Why no item came of the file. */
	failure?: {reason: string; line?: number};
}

export interface JobHooks {
	onBytes?: (bytes: number) => void;
	/** Runs on the described tree before it becomes an item (the LLM summarizer). */
	rewrite?: (described: DescribedSource, job: SourceJob) => Promise<void>;
}

export function isEmpty(parsed: ParsedSource): boolean {
	const empty = (section: ParsedSource['root']): boolean =>
		section.units.every((unit) => unit.blocks.every((block) => block.text.trim() === '' || block.role === 'front_matter')) && section.children.every(empty);
	return empty(parsed.root);
}

async function parse(job: SourceJob, problems: SourceProblem[], hooks: JobHooks): Promise<ParsedSource | {reason: string; line?: number}> {
	const {format} = job;
	if (format === 'html') {
		if (job.size > maxHtmlBytes) return {reason: `the page is ${(job.size / 1e6).toFixed(1)} MB, more than the ${maxHtmlBytes >> 20} MB an HTML page may have; save its text as .txt or .md instead`};
		const bytes = await readFile(job.path);
		hooks.onBytes?.(bytes.length);
		return readHtml(new TextDecoder('utf-8').decode(bytes), problems);
	}
	const reader = format === 'markdown' ? new MarkdownReader(problems) : format === 'claude-code' ? new ClaudeCodeReader(problems) : format === 'generic-chat' ? new GenericChatReader(problems) : new TextReader();
	const jsonLines = format === 'claude-code' || format === 'generic-chat';
	for await (const batch of readLines(job.path, hooks.onBytes)) {
		for (const line of batch) {
			if (line.problem) {
				// One bad line of a transcript costs that line; in a document it means the wrong encoding.
				if (!jsonLines) return {reason: `line ${line.number} ${line.problem}${line.fix ? `; ${line.fix}` : ''}`, line: line.number};
				problems.push({line: line.number, reason: `line ${line.number} ${line.problem}`});
				continue;
			}
			reader.push(line.text, line.number);
		}
	}
	return reader.finish();
}

export async function runSourceJob(job: SourceJob, hooks: JobHooks = {}): Promise<JobResult> {
	const problems: SourceProblem[] = [];
	const parsed = await parse(job, problems, hooks);
	if ('reason' in parsed) return {problems, failure: parsed};
	if (isEmpty(parsed)) {
		const conversation = job.format === 'claude-code' || job.format === 'generic-chat';
		const headings = parsed.root.children.length > 0;
		const frontMatter = parsed.root.units.length > 0;
		const reason = conversation
			? 'holds no conversation messages that could be read'
			: headings
				? 'holds only headings, no text under them'
				: frontMatter
					? 'holds only front matter, no text'
					: 'holds no text';
		return {problems, failure: {reason}};
	}
	const described = describeSource(parsed);
	await hooks.rewrite?.(described, job);
	const item = describedToItem(described, parsed, {
		namespace: job.namespace,
		itemId: job.itemId,
		source: {uri: job.uri, kind: job.format},
		contentHash: job.hash,
		fallbackDate: job.mtime,
	});
	return {item: validateItem(item, job.shown), problems};
}
