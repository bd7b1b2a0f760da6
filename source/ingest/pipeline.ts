import {realpathSync} from 'node:fs';
import {readFile} from 'node:fs/promises';
import path from 'node:path';
import {DrillError} from '../core/errors.js';
import {validateItem, type ItemRecord} from '../store/interchange.js';
import type {SummaryStore} from '../store/summary-store.js';
import '../search/indexing/register.js';
import {openWritableStore} from '../store/writable.js';
import {describedToItem, describeSource, type DescribedSource} from './build-item.js';
import {readChatGptConversation} from './formats/chatgpt.js';
import {claudeSessionId} from './formats/claude-code.js';
import {sniff, type Format, type FormatChoice} from './formats/detect.js';
import {itemIdFor} from './ids.js';
import {hashBytes, hashFile} from './io/hash.js';
import {jsonArrayElements} from './io/json-array.js';
import {readLines} from './io/lines.js';
import {walkSources, type SourceFile} from './io/walk-sources.js';
import type {ChatSettings} from './llm/chat-client.js';
import {LlmDescriber} from './llm/llm-describer.js';
import type {ParsedSource, SourceProblem} from './model.js';
import {Progress} from './progress.js';
import {createExecutor, type Executor} from './work/executor.js';
import {MemoryKeeper} from './work/memory.js';
import {isEmpty, type SourceJob} from './work/source-job.js';

/** Bump when the pipeline's output changes, so unchanged sources are summarized again. */
export const pipelineVersion = 'ingest-1';

export type SummarizerName = 'extractive' | 'llm';

export interface IngestOptions {
	storePath: string;
	/** Overrides the format's namespace (conversation_session, page, document). */
	namespace?: string;
	format?: FormatChoice;
	summarizer?: SummarizerName;
	llm?: ChatSettings;
	cwd?: string;
	/** Where the progress bar goes (only drawn when it is a terminal). */
	progress?: NodeJS.WriteStream;
	/** Hears what did not fail but is worth saying (e.g. LLM calls that fell back to extractive). */
	onNote?: (note: string) => void;
	/** false: summarize in this thread even when worker threads are available. */
	workers?: boolean;
}

export interface IngestFailure {
	path: string;
	line?: number;
	reason: string;
}

export interface IngestReport {
	added: number;
	updated: number;
	skipped: number;
	failed: IngestFailure[];
	items: number;
	nodes: number;
	spans: number;
	seconds: number;
}

const namespaceOf: Record<Format, string> = {
	markdown: 'document',
	text: 'document',
	html: 'page',
	'claude-code': 'conversation_session',
	chatgpt: 'conversation_session',
	'generic-chat': 'conversation_session',
	'summary-json': 'document',
};

/** Broken lines reported per file; past this, one entry says how many more there were. */
const maxProblemsPerFile = 100;
const maxWholeJsonBytes = 256 << 20;

class Ingestion {
	readonly report: IngestReport = {added: 0, updated: 0, skipped: 0, failed: [], items: 0, nodes: 0, spans: 0, seconds: 0};
	private readonly llm: LlmDescriber | undefined;
	private readonly summarizerTag: string;
	private progress: Progress | undefined;
	private readonly executor: Executor;

	constructor(
		private readonly store: SummaryStore,
		private readonly options: IngestOptions,
	) {
		this.llm = options.summarizer === 'llm' && options.llm ? new LlmDescriber(options.llm) : undefined;
		this.summarizerTag = this.llm ? `llm:${options.llm!.model}` : 'extractive';
		const llm = this.llm;
		this.executor = createExecutor(
			{onBytes: (bytes) => this.progress?.read(bytes), ...(llm ? {rewrite: (described: DescribedSource, job: SourceJob) => this.rewrite(described, job.path)} : {})},
			Boolean(llm) || options.workers === false,
		);
	}

	private shown(file: string): string {
		const relative = path.relative(this.options.cwd ?? process.cwd(), file);
		return relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : file;
	}

	private fail(file: string, reason: string, line?: number): void {
		this.report.failed.push({path: this.shown(file), ...(line ? {line} : {}), reason});
	}

	private reportProblems(file: string, problems: SourceProblem[]): void {
		for (const problem of problems.slice(0, maxProblemsPerFile)) this.fail(file, problem.reason, problem.line);
		if (problems.length > maxProblemsPerFile) this.fail(file, `and ${problems.length - maxProblemsPerFile} more problems like these`);
	}

	private salt(format: Format, namespace: string): string {
		return `${pipelineVersion}|${format}|${namespace}|${this.summarizerTag}`;
	}

	private async describeAndSave(parsed: ParsedSource, file: SourceFile, format: Format, identity: {namespace: string; itemId: string; uri: string; hash: string}): Promise<void> {
		const described = describeSource(parsed);
		await this.rewrite(described, file.path);
		const item = describedToItem(described, parsed, {
			namespace: identity.namespace,
			itemId: identity.itemId,
			source: {uri: identity.uri, kind: format},
			contentHash: identity.hash,
			fallbackDate: file.mtime.toISOString(),
		});
		this.save(validateItem(item, this.shown(file.path)));
	}

	/** The LLM pass, when asked for: failures keep the extractive text and are noted. */
	private async rewrite(described: DescribedSource, file: string): Promise<void> {
		if (!this.llm) return;
		const outcome = await this.llm.rewrite(described);
		if (outcome.failed > 0) {
			this.options.onNote?.(`${this.shown(file)}: the LLM summarizer failed for ${outcome.failed} of ${outcome.nodes} nodes (${outcome.reason}); those keep the extractive summary`);
		}
	}

	/** One item in one transaction: a kill loses at most this one. */
	private save(item: ItemRecord): void {
		const outcome = this.store.writeItem(item);
		this.report[outcome]++;
		this.report.items++;
		this.report.nodes += item.nodes.length;
		this.report.spans += item.spans.length;
		this.memory.written(item.spans.reduce((sum, span) => sum + span.text.length, 0));
	}

	private readonly memory = new MemoryKeeper();

	private isUnchanged(namespace: string, itemId: string, hash: string): boolean {
		if (this.store.contentHash(namespace, itemId) !== hash) return false;
		this.report.skipped++;
		return true;
	}

	/** One item per file: markdown, text, HTML, Claude Code and generic chat. */
	private async single(file: SourceFile, format: Format, head: string): Promise<void> {
		const namespace = this.options.namespace ?? namespaceOf[format];
		const real = realPath(file.path);
		const session = format === 'claude-code' ? claudeSessionId(head) : undefined;
		const itemId = session ? itemIdFor('claude-code', session) : itemIdFor('file', real);
		const hash = await hashFile(file.path, this.salt(format, namespace));
		if (this.isUnchanged(namespace, itemId, hash)) {
			this.progress?.read(file.size);
			return;
		}
		const job: SourceJob = {path: file.path, shown: this.shown(file.path), size: file.size, mtime: file.mtime.toISOString(), format, namespace, itemId, uri: real, hash};
		await this.executor.submit(job, (result) => {
			this.reportProblems(file.path, result.problems);
			if (result.failure) this.fail(file.path, result.failure.reason, result.failure.line);
			try {
				if (result.item) this.save(result.item);
			} catch (error) {
				this.fileError(file.path, error);
			}
		});
	}

	/** A ChatGPT export: one item per conversation, read one conversation at a time. */
	private async chatgpt(file: SourceFile, head: string): Promise<void> {
		const namespace = this.options.namespace ?? namespaceOf.chatgpt;
		const real = realPath(file.path);
		const salt = this.salt('chatgpt', namespace);
		const problems: SourceProblem[] = [];
		const one = async (value: unknown, bytes: Buffer | string, index: number, line?: number) => {
			this.memory.collectIfDue();
			const where = line ? `conversation ${index} (line ${line})` : `conversation ${index}`;
			const conversation = readChatGptConversation(value, where, problems);
			if (!conversation) return;
			if (isEmpty(conversation.source)) {
				problems.push({...(line ? {line} : {}), reason: `${where} has no messages`});
				return;
			}
			const itemId = itemIdFor('chatgpt', conversation.id ?? `${real}#${index}`);
			const hash = hashBytes(bytes, salt);
			if (this.isUnchanged(namespace, itemId, hash)) return;
			try {
				await this.describeAndSave(conversation.source, file, 'chatgpt', {namespace, itemId, uri: conversation.id ? `${real}#${conversation.id}` : `${real}#${index}`, hash});
			} catch (error) {
				// One conversation that cannot be summarized costs only itself; a store failure stops the run.
				if (error instanceof DrillError && error.code.startsWith('store_')) throw error;
				problems.push({...(line ? {line} : {}), reason: `${where} could not be summarized (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`});
			}
		};
		if (head.trimStart().startsWith('[')) {
			for await (const element of jsonArrayElements(file.path, (bytes) => this.progress?.read(bytes), (problem) => problems.push(problem))) {
				let value: unknown;
				try {
					value = JSON.parse(element.bytes.toString('utf8'));
				} catch (error) {
					problems.push({line: element.line, reason: `conversation ${element.index} (line ${element.line}) is not valid JSON (${(error as Error).message})`});
					continue;
				}
				await one(value, element.bytes, element.index, element.line);
			}
		} else {
			const text = await this.wholeJson(file);
			if (text === undefined) return;
			let value: unknown;
			try {
				value = JSON.parse(text);
			} catch (error) {
				this.fail(file.path, `is not valid JSON (${(error as Error).message})`);
				return;
			}
			await one(value, text, 0);
		}
		this.reportProblems(file.path, problems);
	}

	private async wholeJson(file: SourceFile): Promise<string | undefined> {
		if (file.size > maxWholeJsonBytes) {
			this.fail(file.path, `is one JSON object of ${(file.size / 1e6).toFixed(0)} MB; only a JSON array or JSON lines are read past ${maxWholeJsonBytes >> 20} MB`);
			return undefined;
		}
		const text = await readFile(file.path, 'utf8');
		this.progress?.read(file.size);
		return text;
	}

	/** Summary interchange items, as `drill import` reads them, but incremental like the rest. */
	private async summaryJson(file: SourceFile, head: string): Promise<void> {
		const salt = this.salt('summary-json', this.options.namespace ?? '');
		const problems: SourceProblem[] = [];
		const one = (value: unknown, bytes: Buffer | string, label: string, line?: number) => {
			let item: ItemRecord;
			try {
				const record = value as Record<string, unknown>;
				item = validateItem(this.options.namespace && typeof record === 'object' && record !== null ? {...record, namespace: this.options.namespace} : value, label);
			} catch (error) {
				if (!(error instanceof DrillError)) throw error;
				problems.push({...(line ? {line} : {}), reason: error.line});
				return;
			}
			const hash = hashBytes(bytes, salt);
			if (this.isUnchanged(item.namespace, item.item_id, hash)) return;
			this.save({...item, content_hash: hash, source: {...item.source, uri: item.source?.uri ?? realPath(file.path), kind: item.source?.kind ?? 'summary-json'}});
		};
		const start = head.trimStart()[0];
		if (start === '[') {
			for await (const element of jsonArrayElements(file.path, (bytes) => this.progress?.read(bytes), (problem) => problems.push(problem))) {
				try {
					one(JSON.parse(element.bytes.toString('utf8')), element.bytes, `item [${element.index}]`, element.line);
				} catch (error) {
					if (!(error instanceof SyntaxError)) throw error;
					problems.push({line: element.line, reason: `item [${element.index}] (line ${element.line}) is not valid JSON (${error.message})`});
				}
			}
		} else {
			let firstLineFailed = false;
			let sawLine = false;
			for await (const batch of readLines(file.path, (bytes) => this.progress?.read(bytes))) {
				for (const line of batch) {
					if (line.problem) {
						problems.push({line: line.number, reason: `line ${line.number} ${line.problem}`});
						continue;
					}
					if (line.text.trim() === '') continue;
					try {
						one(JSON.parse(line.text), line.text, `line ${line.number}`, line.number);
					} catch (error) {
						if (!(error instanceof SyntaxError)) throw error;
						if (!sawLine) firstLineFailed = true;
						problems.push({line: line.number, reason: `line ${line.number} is not valid JSON (${error.message})`});
					}
					sawLine = true;
				}
				if (firstLineFailed) break;
			}
			if (firstLineFailed) {
				// Not JSON lines: one pretty-printed item.
				problems.length = 0;
				const text = await this.wholeJson(file);
				if (text === undefined) return;
				try {
					one(JSON.parse(text), text, 'item');
				} catch (error) {
					if (!(error instanceof SyntaxError)) throw error;
					this.fail(file.path, `is not valid JSON (${error.message})`);
					return;
				}
			}
		}
		this.reportProblems(file.path, problems);
	}

	/** A store failure stops the run; anything else is this file's problem only. */
	private fileError(file: string, error: unknown): void {
		if (error instanceof DrillError && error.code.startsWith('store_')) {
			this.fatal ??= error;
			return;
		}
		const message = error instanceof DrillError ? error.line : error instanceof Error ? error.message : String(error);
		this.fail(file, (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'disappeared while being read' : message.split('\n')[0]!);
	}

	private fatal: DrillError | undefined;

	async file(file: SourceFile): Promise<void> {
		this.memory.collectIfDue();
		this.progress?.file(this.shown(file.path));
		const sniffed = await sniff(file.path, file.size, this.options.format ?? 'auto');
		if (sniffed.problem || !sniffed.format) {
			this.fail(file.path, `the file ${sniffed.problem ?? 'has an unknown format'}`);
			this.progress?.read(file.size);
			return;
		}
		if (sniffed.format === 'chatgpt') await this.chatgpt(file, sniffed.head);
		else if (sniffed.format === 'summary-json') await this.summaryJson(file, sniffed.head);
		else await this.single(file, sniffed.format, sniffed.head);
	}

	async run(inputs: readonly string[]): Promise<IngestReport> {
		const started = performance.now();
		const {files, problems} = await walkSources(inputs, this.options.cwd);
		for (const problem of problems) this.fail(problem.path, problem.reason);
		const totalBytes = files.reduce((sum, file) => sum + file.size, 0);
		if (this.options.progress) this.progress = new Progress(this.options.progress, files.length, totalBytes);
		try {
			for (const file of files) {
				try {
					await this.file(file);
				} catch (error) {
					this.fileError(file.path, error);
				}
				this.progress?.fileDone();
				if (this.fatal) break;
			}
			await this.executor.drain();
			this.memory.collectIfDue();
		} finally {
			await this.executor.close();
			this.progress?.done();
		}
		if (this.fatal) {
			// What is in the store stays there: say exactly what, so a rerun is not guesswork.
			const {added, updated, items, nodes, spans} = this.report;
			this.fatal.details = {...this.fatal.details, committed: {added, updated, items, nodes, spans}};
			throw this.fatal;
		}
		// Files summarized in parallel finish in any order: report in a stable one.
		this.report.failed.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : (a.line ?? 0) - (b.line ?? 0)));
		this.report.seconds = Number(((performance.now() - started) / 1000).toFixed(3));
		return this.report;
	}
}

function realPath(file: string): string {
	try {
		return realpathSync(file);
	} catch {
		return path.resolve(file);
	}
}

/**
 * Ingests files and folders into the summary store: each source becomes an item (a ChatGPT
 * export, one per conversation), written in its own transaction; unchanged sources are skipped.
 */
export async function ingest(inputs: readonly string[], options: IngestOptions): Promise<IngestReport> {
	const store = openWritableStore(options.storePath, options.onNote ? {onWait: options.onNote} : {});
	// A bigger page cache keeps FTS5's segment merges of a large item in memory (measured: ~1.5x faster writes).
	store.db.pragma('cache_size = -16000');
	try {
		return await new Ingestion(store, options).run(inputs);
	} finally {
		store.close();
	}
}
