import {readFile} from 'node:fs/promises';
import path from 'node:path';
import {validateItem, type ItemRecord} from '../../store/interchange.js';
import {describedToItem, describeSource, type DescribedSource} from '../build-item.js';
import {forgetIndexTerms} from '../../text/shared-terms.js';
import {agentDocumentReaders, agentLineReaders} from '../formats/agent-readers.js';
import {conversationFormats, type Format} from '../formats/catalog.js';
import {ClaudeAgentReader} from '../formats/claude-agent.js';
import {ClaudeCodeReader} from '../formats/claude-code.js';
import {CodexReader} from '../formats/codex.js';
import {GeminiChatReader} from '../formats/gemini-chat.js';
import {GeminiStreamReader} from '../formats/gemini-stream.js';
import {GenericChatReader} from '../formats/generic-chat.js';
import {maxHtmlBytes, readHtml} from '../formats/html.js';
import {MarkdownReader} from '../formats/markdown.js';
import {markupRole} from '../formats/markup-lines.js';
import {TextReader} from '../formats/plain-text.js';
import {wholeJson} from '../io/json-records.js';
import {readLines} from '../io/lines.js';
import type {ParsedSource, SourceProblem} from '../model.js';
import {redactSource} from '../secrets/redact-source.js';
import {fallbackDateOf} from '../file-date.js';
import {isWarmup} from '../formats/session-facts.js';
import {isCompactionHelper} from '../formats/claude-subagents.js';
import {summarizerMarker} from '../llm/agent-cli.js';
import {collectGarbage, tightHeap, tightHeapBytes} from './memory.js';

/**
 * Summarizing one file that is one item (markdown, text, HTML, and the session logs that hold one
 * session): the CPU-heavy part of ingest, with no store access, so it can run on a worker thread.
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
	/** The file is one JSON document (a saved Gemini chat), not JSON lines. */
	document?: boolean;
	/** The file's bytes, when they were already read whole (a small file): it is not read again. */
	bytes?: Uint8Array;
	/** Secrets stay in (`drill ingest --keep-secrets`); otherwise they are redacted before the item is built. */
	keepSecrets?: boolean;
	/** The session key the item id was made of (a subagent's is `<parent>/<agent>`). */
	itemKey?: string;
	/** A session's subagents' transcripts: read into its tree (`formats/subagent-layouts.ts`). */
	subagentFiles?: SubagentTranscript[];
	/** The store's indexer will read the item's term counts: a worker counts them where it built the item. */
	countTerms?: true;
}

/** A subagent's transcript, and those of the subagents it started. */
export interface SubagentTranscript {
	path: string;
	children?: SubagentTranscript[];
}

export interface JobResult {
	item?: ItemRecord;
	problems: SourceProblem[];
	/** Records of a kind the reader does not use. */
	skipped?: number;
	/** Why no item came of the file. */
	failure?: {reason: string; line?: number};
	/** Subagents put in the session's tree, and warm-ups left out (a warm-up's own file gives no item). */
	subagents?: number;
	warmups?: number;
	/** A session log with no request and no answer: no item, counted. */
	emptySession?: true;
	/** A session of drill's own summarizer call (its request begins with the summarizer's marker): no item, counted. */
	summarizerSession?: true;
	/** Milliseconds the job spent reading and parsing its file (the rest of its time summarized it). */
	readMs?: number;
}

export interface JobHooks {
	onBytes?: (bytes: number) => void;
	/** Runs on the described tree before it becomes an item (the LLM summarizer). */
	rewrite?: (described: DescribedSource, job: SourceJob) => Promise<void>;
}

/** The session logs whose files may hold no session at all (see `isEmptySession`). */
const sessionLogFormats = new Set<Format>(['claude-code', 'codex', 'gemini-chat', 'qwen-code', 'amp', 'pi', 'copilot-cli', 'hermes', 'vibe', 'deepseek-tui', 'openhands', 'trae-agent', 'kimi-cli', 'droid', 'grok-build', 'antigravity', 'kiro-cli']);

/** A session with no request of the person's and nothing the agent said or did: only context, metadata or nothing. */
export function isEmptySession(parsed: ParsedSource): boolean {
	const provenance = parsed.facts.provenance;
	if (parsed.flavor !== 'conversation' || (provenance?.turns ?? 0) > 0 || (provenance?.tool_calls ?? 0) > 0 || (parsed.subagents?.length ?? 0) > 0) return false;
	const said = (section: ParsedSource['root']): boolean => section.units.some((unit) => unit.blocks.some((block) => block.role !== 'system' && block.text.trim() !== '')) || section.children.some(said);
	return !said(parsed.root);
}

/** A session drill's own summarizer started (`claude -p`, `codex exec`, `gemini -p` may log their runs): its first request carries the marker. */
export function isSummarizerCall(parsed: ParsedSource): boolean {
	const first = (section: ParsedSource['root']): string | undefined => {
		for (const unit of section.units) for (const block of unit.blocks) if (block.role === 'user' && block.kind === 'prose') return block.text;
		for (const child of section.children) {
			const found = first(child);
			if (found !== undefined) return found;
		}
		return undefined;
	};
	return first(parsed.root)?.slice(0, 2000).includes(summarizerMarker) ?? false;
}

/** No text to read: front matter alone is something (a Hugo `_index.md` is a page with a title). */
export function isEmpty(parsed: ParsedSource): boolean {
	const empty = (section: ParsedSource['root']): boolean => section.units.every((unit) => unit.blocks.every((block) => block.text.trim() === '')) && section.children.every(empty);
	return empty(parsed.root);
}

/** Only front matter: the item is named by it, else by its file (a folder's index by the folder). */
function onlyFrontMatter(parsed: ParsedSource, file: string): void {
	const blocks = [parsed.root, ...parsed.root.children].flatMap((section) => section.units.flatMap((unit) => unit.blocks));
	if (parsed.root.children.length > 0 || !blocks.every((block) => block.role === 'front_matter' || block.role === markupRole || block.text.trim() === '')) return;
	if (!parsed.facts.title) {
		const name = path.basename(file, path.extname(file));
		parsed.facts.title = /^_?index$/iu.test(name) ? path.basename(path.dirname(file)) : name;
	}
	parsed.facts.tldr ??= parsed.facts.title;
}

interface LineReader {
	push(text: string, line: number): void;
	finish(): ParsedSource;
}

const lineReaders: Partial<Record<Format, (problems: SourceProblem[], file: string) => LineReader>> = {
	markdown: (problems) => new MarkdownReader(problems),
	text: () => new TextReader(),
	'claude-code': (problems, file) => new ClaudeCodeReader(problems, undefined, undefined, file),
	codex: (problems, file) => new CodexReader(problems, undefined, file),
	'gemini-cli': (problems) => new GeminiStreamReader(problems),
	'gemini-chat': (problems, file) => new GeminiChatReader(problems, undefined, file),
	'claude-agent': (problems) => new ClaudeAgentReader(problems),
	'generic-chat': (problems) => new GenericChatReader(problems),
};

/** How a subagent's transcript is read: a Claude Code one as the sidechain it is, a Codex one as the rollout it is. */
const subagentReaders: Partial<Record<Format, (problems: SourceProblem[]) => LineReader>> = {
	'claude-code': (problems) => new ClaudeCodeReader(problems, 1, true),
	codex: (problems) => new CodexReader(problems),
};

/** A subagent's transcript, with its own subagents in it; its broken lines are named by its file. */
async function readSubagent(format: Format, transcript: SubagentTranscript, problems: SourceProblem[], hooks: JobHooks): Promise<ParsedSource> {
	const own: SourceProblem[] = [];
	const reader = subagentReaders[format]!(own);
	for await (const batch of readLines(transcript.path, hooks.onBytes)) {
		for (const line of batch) {
			if (line.problem) own.push({line: line.number, reason: `line ${line.number} ${line.problem}`});
			else reader.push(line.text, line.number);
		}
	}
	for (const problem of own) problems.push({reason: `${path.basename(transcript.path)}: ${problem.reason}`});
	const parsed = reader.finish();
	await readSubagents(format, transcript.children ?? [], parsed, problems, hooks);
	return parsed;
}

/** Reads each transcript into the session's `subagents`; one that cannot be read costs only itself. */
async function readSubagents(format: Format, transcripts: readonly SubagentTranscript[], into: ParsedSource, problems: SourceProblem[], hooks: JobHooks): Promise<void> {
	for (const transcript of transcripts) {
		try {
			const sub = await readSubagent(format, transcript, problems, hooks);
			// A thread just spawned (its metadata and environment written, not yet its request) is nothing yet.
			if (!isEmpty(sub) && !isEmptySession(sub)) (into.subagents ??= []).push(sub);
		} catch (error) {
			problems.push({reason: `${path.basename(transcript.path)}: the subagent's transcript could not be read (${(error as Error).message.split('\n')[0]})`});
		}
	}
}

async function parse(job: SourceJob, problems: SourceProblem[], hooks: JobHooks): Promise<ParsedSource | {reason: string; line?: number}> {
	const {format} = job;
	if (format === 'html') {
		if (job.size > maxHtmlBytes) return {reason: `the page is ${(job.size / 1e6).toFixed(1)} MB, more than the ${maxHtmlBytes >> 20} MB an HTML page may have; save its text as .txt or .md instead`};
		const bytes = job.bytes ?? (await readFile(job.path));
		hooks.onBytes?.(bytes.length);
		return readHtml(new TextDecoder('utf-8').decode(bytes), problems);
	}
	if (format === 'gemini-chat' && job.document) {
		const whole = await wholeJson(job.path, job.size, problems);
		hooks.onBytes?.(job.size);
		if ('problem' in whole) return {reason: whole.problem};
		const reader = new GeminiChatReader(problems, undefined, job.path);
		reader.value(whole.value);
		return reader.finish();
	}
	const agentDocument = agentDocumentReaders[format];
	if (agentDocument) {
		const parsed = await agentDocument(job.path, job.size, problems);
		hooks.onBytes?.(job.size);
		return parsed;
	}
	const make = lineReaders[format];
	const agentLines = agentLineReaders[format];
	if (!make && !agentLines) return {reason: `is ${format}, which holds many items and is not read as one`};
	const reader = agentLines ? agentLines(problems, job.path) : make!(problems, job.path);
	const jsonLines = conversationFormats.has(format);
	// Lines a CLI printed before a log's first JSON line ("Loaded cached credentials."): not records.
	let preamble = 0;
	let started = !jsonLines;
	for await (const batch of readLines(job.bytes ?? job.path, hooks.onBytes, job.size)) {
		for (const line of batch) {
			if (!started && !line.problem) {
				if (/^\s*[{[]/u.test(line.text)) started = true;
				else {
					if (line.text.trim() !== '') preamble++;
					continue;
				}
			}
			if (line.problem) {
				// One bad line of a transcript costs that line; in a document it means the wrong encoding.
				if (!jsonLines) return {reason: `line ${line.number} ${line.problem}${line.fix ? `; ${line.fix}` : ''}`, line: line.number};
				problems.push({line: line.number, reason: `line ${line.number} ${line.problem}`});
				continue;
			}
			reader.push(line.text, line.number);
		}
	}
	const parsed = reader.finish();
	if (preamble > 0) parsed.skipped = (parsed.skipped ?? 0) + preamble;
	await readSubagents(format, job.subagentFiles ?? [], parsed, problems, hooks);
	return parsed;
}

export async function runSourceJob(job: SourceJob, hooks: JobHooks = {}): Promise<JobResult> {
	const problems: SourceProblem[] = [];
	const reading = performance.now();
	const parsed = await parse(job, problems, hooks);
	const readMs = performance.now() - reading;
	if ('reason' in parsed) return {problems, failure: parsed, readMs};
	// A big source is described with the heap kept near its live size, from a collection of what reading left.
	const loosen = job.size >= tightHeapBytes ? tightHeap() : undefined;
	if (loosen) collectGarbage();
	try {
		return await describeJob(job, parsed, problems, hooks, readMs);
	} finally {
		loosen?.();
	}
}

async function describeJob(job: SourceJob, parsed: ParsedSource, problems: SourceProblem[], hooks: JobHooks, readMs: number): Promise<JobResult> {
	const skipped = parsed.skipped ?? 0;
	// A session or subagent that only warmed up, or Claude Code's own compaction helper (`agent-acompact-*`,
	// the session summarized again): no item, counted.
	if (job.format === 'claude-code' && (isWarmup(parsed) || isCompactionHelper(job.itemKey))) return {problems, skipped, warmups: 1};
	// A rollout Codex opened and left (its metadata and environment only), a Claude Code file of summaries and snapshots: no session.
	if (sessionLogFormats.has(job.format) && isEmptySession(parsed)) return {problems, skipped, emptySession: true};
	if (conversationFormats.has(job.format) && isSummarizerCall(parsed)) return {problems, skipped, summarizerSession: true};
	if (isEmpty(parsed)) {
		const conversation = conversationFormats.has(job.format);
		// Not one line could be decoded: the whole log is in another encoding, said once for the file.
		const undecoded = problems.filter((problem) => /^line \d+ is not valid UTF-8/u.test(problem.reason));
		if (conversation && undecoded.length > 0) {
			const kept = problems.filter((problem) => !undecoded.includes(problem));
			return {problems: kept, skipped, failure: {reason: `is not valid UTF-8 (line ${undecoded[0]!.line}); convert the file to UTF-8 (e.g. iconv -f LATIN1 -t UTF-8)`}};
		}
		const headings = parsed.root.children.length > 0;
		const reason = conversation ? 'holds no conversation messages that could be read' : headings ? 'holds only headings, no text under them' : 'holds no text';
		return {problems, skipped, failure: {reason}};
	}
	if (job.format === 'markdown') onlyFrontMatter(parsed, job.path);
	if (!job.keepSecrets) redactSource(parsed);
	// The index terms the summarizer takes for the spans' counts are this source's (text/shared-terms.ts): a document's.
	forgetIndexTerms(parsed.flavor === 'document');
	const described = describeSource(parsed);
	await hooks.rewrite?.(described, job);
	const item = describedToItem(described, parsed, {
		namespace: job.namespace,
		itemId: job.itemId,
		source: {uri: job.uri, kind: job.format},
		contentHash: job.hash,
		...fallbackDateOf(job.path, job.mtime),
	});
	const subagents = item.source?.subagents ?? 0;
	return {item: validateItem(item, job.shown), problems, skipped, readMs, ...(subagents > 0 ? {subagents} : {}), ...(described.warmups ? {warmups: described.warmups} : {})};
}
