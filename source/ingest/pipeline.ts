import {statSync} from 'node:fs';
import {realPath} from './io/real-path.js';
import path from 'node:path';
import {DrillError} from '../core/errors.js';
import {fileOfSourceUri} from '../core/source-uri.js';
import {validateItem, type ItemRecord} from '../store/interchange.js';
import type {TurnOptions} from '../store/busy.js';
import type {IndexerHooks} from '../store/indexer-hooks.js';
import type {SummaryStore} from '../store/summary-store.js';
import {describedToItem, describeSource, type DescribedSource} from './build-item.js';
import {agentSessionIds} from './formats/agent-readers.js';
import {conversationFormats, multiItemFormats, namespaceOf, type Format, type FormatChoice} from './formats/catalog.js';
import {claudeAgentSessionId} from './formats/claude-agent.js';
import {claudeSessionId} from './formats/claude-code.js';
import {allSubagentFiles, type SubagentFile, type SubagentLayout} from './formats/subagent-layout.js';
import {subagentLayouts} from './formats/subagent-layouts.js';
import {codexSessionId} from './formats/codex.js';
import {codexRolloutThread, codexThreadName} from './formats/codex-thread-names.js';
import {isJsonDocumentStart, sniff} from './formats/detect.js';
import {geminiChatSessionId} from './formats/gemini-chat.js';
import {geminiStreamSessionId} from './formats/gemini-stream.js';
import {ForgottenSources} from './forgotten.js';
import {itemIdFor} from './ids.js';
import {hashBytes, hashFile} from './io/hash.js';
import {walkSources, type SourceFile} from './io/walk-sources.js';
import {ItemSink, type Placement} from './item-sink.js';
import type {ChatSettings} from './llm/chat-client.js';
import {LlmDescriber} from './llm/llm-describer.js';
import type {AgentName} from './llm/agent-cli.js';
import type {SessionSummarizer} from './llm/session-summarizer.js';
import {agentSummarizer, llmNotice, summarizedBy, summarizeSessions} from './summarize-sessions.js';
import type {SourceProblem} from './model.js';
import {fileRecords, type FileRecord} from './multi-item.js';
import {Progress} from './progress.js';
import {distinguishSiblings} from './siblings.js';
import {dropSharedSentences} from './shared-sentences.js';
import {redactItem, redactSource} from './secrets/redact-source.js';
import {emptyReport, type IngestReport} from './report.js';
import {fallbackDateOf} from './file-date.js';
import {createExecutor, type Executor} from './work/executor.js';
import {isEmpty, type SourceJob, type SubagentTranscript} from './work/source-job.js';

export type {IngestReport} from './report.js';

/** Bump when the pipeline's output changes, so unchanged sources are summarized again. */
export const pipelineVersion = 'ingest-10';

export type SummarizerName = 'extractive' | 'llm' | AgentName;

export interface IngestOptions {
	storePath: string;
	/**
	 * Opens that store for writing with its search indexes kept in step: what the runtime hands
	 * over (`runtime.openWritableStore`), so ingest never attaches the indexer itself.
	 */
	openStore: (turns: TurnOptions, hooks: IndexerHooks) => SummaryStore;
	/** Overrides the format's namespace (conversation_session, page, document). */
	namespace?: string;
	format?: FormatChoice;
	summarizer?: SummarizerName;
	llm?: ChatSettings;
	/** How long an agent summarizer (`claude -p`, `codex exec`, `gemini -p`) may take for one session. */
	agentTimeoutMs?: number;
	cwd?: string;
	/** Where the progress bar goes (only drawn when it is a terminal). */
	progress?: NodeJS.WriteStream;
	/** Hears what did not fail but is worth saying (e.g. LLM calls that fell back to extractive). */
	onNote?: (note: string) => void;
	/** false: summarize in this thread even when worker threads are available. */
	workers?: boolean;
	/** A session file that now holds only the start of its item (cut in place) keeps the longer item (`drill ingest --watch`). */
	keepLonger?: boolean;
	/** Stops the run after the file in flight (what was written stays written). */
	signal?: AbortSignal;
	/**
	 * Files given that were found in a folder (`--watch` and `--agents` list them): one that is no
	 * source (binary, JSON of another kind) is skipped and counted, as in a folder walk.
	 */
	foundInFolder?: (file: string) => boolean;
	/** Write secrets as they are (`--keep-secrets`); by default they are redacted before anything is written. */
	keepSecrets?: boolean;
	/** Hears each file of a folder left out as no source (counted in `skipped_files`), or read with another, with why. */
	onSkippedFile?: (file: string, reason: string) => void;
}

/** Session logs name their session: the item keeps that id wherever the file is. */
const sessionIdOf: Partial<Record<Format, (head: string, file: string) => string | undefined>> = {
	'claude-code': claudeSessionId,
	codex: codexSessionId,
	'gemini-cli': geminiStreamSessionId,
	'gemini-chat': geminiChatSessionId,
	'claude-agent': claudeAgentSessionId,
	...agentSessionIds,
};

/** A file this big is summarized with no batch of writes open (see SummaryStore.batchCommits). */
const bigFileBytes = 1 << 20;

/** Broken lines reported per file; past this, one entry says how many more there were. */
const maxProblemsPerFile = 100;

/** A store failure stops the run; anything else is the problem of the file or record at hand. */
function isFatal(error: unknown): error is DrillError {
	return error instanceof DrillError && error.category === 'store';
}

function messageOf(error: unknown): string {
	const message = error instanceof DrillError ? error.line : error instanceof Error ? error.message : String(error);
	return (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'disappeared while being read' : message.split('\n')[0]!;
}

class Ingestion {
	readonly report: IngestReport = emptyReport();
	private readonly llm: LlmDescriber | undefined;
	/** `--summarizer claude|codex|gemini`: the sessions of the run, summarized by that agent once they are written. */
	private readonly sessions: SessionSummarizer | undefined;
	private readonly summarizerTag: string;
	private progress: Progress | undefined;
	private readonly executor: Executor;
	private readonly sink: ItemSink;
	private fatal: DrillError | undefined;
	private readonly forgotten: ForgottenSources;
	/** Where each agent keeps its subagents' transcripts (with what they read in this run). */
	private readonly layouts = subagentLayouts();
	/** Session files already read in this run as items (with their subagents). */
	private readonly sessionsDone = new Set<string>();
	/** Subagents' transcripts met before the end of the run: read last, once every session they may belong to is in the store. */
	private readonly later: Array<{file: SourceFile; format: Format; head: string; bytes?: Buffer}> = [];
	/** Sessions this run wrote, by namespace: sessions with the same title are told apart at the end (documents keep theirs). */
	private readonly written = new Map<string, Set<string>>();

	private wrote(namespace: string, itemId: string): void {
		const ids = this.written.get(namespace);
		if (ids) ids.add(itemId);
		else this.written.set(namespace, new Set([itemId]));
	}

	constructor(
		private readonly store: SummaryStore,
		private readonly options: IngestOptions,
	) {
		this.llm = options.summarizer === 'llm' && options.llm ? new LlmDescriber(options.llm, {get: (key) => store.llmAnswer(key), set: (key, answer) => store.saveLlmAnswer(key, answer)}) : undefined;
		this.sessions = agentSummarizer(store, options);
		this.summarizerTag = this.llm ? `llm:${options.llm!.model}` : 'extractive';
		this.forgotten = new ForgottenSources(store);
		if (options.keepSecrets) this.report.keep_secrets = true;
		this.sink = new ItemSink(store, this.report, (file) => this.shown(file), {sessionIds: sessionIdOf, ...(options.keepLonger ? {keepLonger: true} : {})});
		const rewrites = Boolean(this.llm || this.sessions);
		this.executor = createExecutor(
			{onBytes: (bytes) => this.progress?.read(bytes), ...(rewrites ? {rewrite: (described: DescribedSource, job: SourceJob) => this.rewrite(described, job.path, job.namespace, job.itemId)} : {})},
			rewrites || options.workers === false,
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
		return `${pipelineVersion}|${format}|${namespace}|${this.summarizerTag}${this.options.keepSecrets ? '|keep-secrets' : ''}`;
	}

	/** The LLM pass, when asked for: failures keep the extractive text and are noted. An agent summarizer gathers the session. */
	private async rewrite(described: DescribedSource, file: string, namespace: string, itemId: string): Promise<void> {
		this.sessions?.gather(described, namespace, itemId, this.shown(file));
		if (!this.llm) return;
		const outcome = await this.llm.rewrite(described);
		if (outcome.failed > 0) {
			this.options.onNote?.(`${this.shown(file)}: the LLM summarizer failed for ${outcome.failed} of ${outcome.nodes} nodes (${outcome.reason}); those keep the extractive summary`);
		}
	}

	/** An item of an earlier file whose search rows could not be built: that file's problem, stated. */
	indexFailed(item: ItemRecord, error: unknown): void {
		const file = fileOfSourceUri(item.source?.uri, item.source?.kind) ?? `${item.namespace}:${item.item_id}`;
		this.fail(file, `the item ${item.namespace}:${item.item_id} is stored, but its search rows could not be built (${messageOf(error)}); find does not see it`);
	}

	/** A store failure is kept to stop the run; anything else is this file's problem only. */
	/** The indexers' last batch: a full disk here stops the run like one met while writing an item. */
	private flushPending(): void {
		try {
			this.store.endBulkWrites();
			this.sink.collectIfDue();
		} catch (error) {
			if (!isFatal(error)) throw error;
			this.fatal ??= error;
		}
	}

	/**
	 * Items of the namespaces written that share a title are told apart (siblings.ts), and a
	 * sentence their TLDRs share is dropped (shared-sentences.ts); a store failure stops the run.
	 */
	private distinguish(): void {
		try {
			// What a run killed during its pass had to do is done now (it left a note of it).
			for (const row of this.store.all<{key: string; value: string}>("SELECT key, value FROM meta WHERE key LIKE 'sibling_pass_pending:%' AND value <> ''")) {
				const namespace = row.key.slice('sibling_pass_pending:'.length);
				for (const id of JSON.parse(row.value) as string[]) this.wrote(namespace, id);
			}
			if (this.written.size === 0) return;
			this.store.write(() => {
				for (const [namespace, ids] of this.written) this.store.setMeta(`sibling_pass_pending:${namespace}`, JSON.stringify([...ids]));
			});
			// The items rewritten are committed in batches, as the run's were (then the store is indexed whole).
			this.store.batchCommits();
			distinguishSiblings(this.store, this.written);
			dropSharedSentences(this.store, this.written.keys());
			for (const namespace of this.written.keys()) this.store.setMeta(`sibling_pass_pending:${namespace}`, '');
			this.store.endBulkWrites();
		} catch (error) {
			if (isFatal(error)) this.fatal ??= error;
			// The items stay as written, each with its own title.
			else this.options.onNote?.(`the items written could not be compared with their siblings (same titles, shared TLDR sentences: ${messageOf(error)})`);
		}
	}

	private fileError(file: string, error: unknown): void {
		if (isFatal(error)) this.fatal ??= error;
		else this.fail(file, messageOf(error));
	}

	/** One item per file: documents, pages and the session logs that hold one session. */
	private async single(file: SourceFile, format: Format, head: string, bytes?: Buffer, last = false): Promise<void> {
		const namespace = this.options.namespace ?? namespaceOf[format];
		const real = realPath(file.path);
		const session = sessionIdOf[format]?.(head, real);
		const itemId = session ? itemIdFor(format, session) : itemIdFor('file', real);
		const layout = this.layouts[format];
		const parentSession = layout && session ? layout.parentOf(head, session) : undefined;
		if (parentSession && !last) {
			this.later.push({file, format, head, ...(bytes ? {bytes} : {})});
			return;
		}
		let hash = bytes ? hashBytes(bytes, this.salt(format, namespace)) : await hashFile(file.path, this.salt(format, namespace));
		// A Codex thread's name lives in its home's session_index.jsonl: renaming it changes the item.
		const threadName = format === 'codex' && session ? codexThreadName(real, session) : undefined;
		if (threadName) hash = hashBytes(`${hash}\n${threadName}`, 'thread-name');
		let subagents: SubagentFile[] = [];
		if (layout && session) {
			if (parentSession && (await this.underParent(layout, format, real, parentSession, namespace, itemId))) {
				this.options.onSkippedFile?.(file.path, "is a subagent's transcript, read with its parent session (a node of its tree)");
				return;
			}
			this.sessionsDone.add(real);
			subagents = layout.filesOf(real, session);
			// The session's item is built from its subagents' transcripts too: any of them changing changes it.
			if (subagents.length > 0) {
				const subHashes = await Promise.all(allSubagentFiles(subagents).map((sub) => hashFile(sub.path, '')));
				hash = hashBytes([hash, ...subHashes].join('\n'), 'subagents');
			}
		}
		const placement: Placement = {namespace, itemId, uri: real, hash, file: real, ...(session ? {copyKey: {format, key: session}} : {})};
		const stat = {path: real, size: file.size, mtimeMs: file.mtime.getTime(), runKey: this.runKey(file.path), namespace, itemId, contentHash: hash};
		if (!this.toSummarize(format, namespace, itemId) && this.sink.isUnchanged(namespace, itemId, hash, placement)) {
			this.store.recordStat(stat);
			this.progress?.read(file.size);
			return;
		}
		const job: SourceJob = {path: file.path, shown: this.shown(file.path), size: file.size, mtime: file.mtime.toISOString(), format, namespace, itemId, uri: real, hash, ...(format === 'gemini-chat' && isJsonDocumentStart(head) ? {document: true} : {}), ...(bytes ? {bytes} : {}), ...(this.options.keepSecrets ? {keepSecrets: true} : {}), ...(session ? {itemKey: session} : {}), ...(subagents.length > 0 ? {subagentFiles: subagents.map(transcriptOf)} : {})};
		await this.executor.submit(job, (result) => {
			this.reportProblems(file.path, result.problems);
			this.report.skipped_records += result.skipped ?? 0;
			this.report.subagents += result.subagents ?? 0;
			this.report.warmups += result.warmups ?? 0;
			if (result.emptySession) this.report.empty_sessions++;
			if (result.summarizerSession) this.report.summarizer_sessions = (this.report.summarizer_sessions ?? 0) + 1;
			if (result.failure) this.fail(file.path, result.failure.reason, result.failure.line);
			try {
				if (result.item) {
					this.sink.save(result.item, placement);
					if (conversationFormats.has(format)) this.wrote(namespace, itemId);
					// A subagent read into its session's tree is no item of its own any more.
					for (const sub of allSubagentFiles(subagents)) this.store.deleteItem(namespace, itemIdFor(format, sub.key));
					this.store.recordStat(stat);
				}
			} catch (error) {
				this.fileError(file.path, error);
			}
		});
	}

	/**
	 * A subagent's own transcript whose parent session is in the store (or read in this run): the
	 * parent's item is read again with it in its tree (unless this run already did), and any item
	 * the subagent had of its own goes. A parent that is itself a subagent (a Codex thread spawned
	 * by a spawned thread) is followed up to the session whose tree holds them all. False: no
	 * parent is ingested, so it stays an item of its own that names its parent
	 * (`source.parent_session`).
	 */
	private async underParent(layout: SubagentLayout, format: Format, real: string, parentSession: string, namespace: string, ownId: string, depth = 0): Promise<boolean> {
		const stored = this.store.item(namespace, itemIdFor(format, parentSession));
		const candidates = [fileOfSourceUri(stored?.source_uri, stored?.source_kind), ...layout.parentFilesOf(real, parentSession)].filter((file): file is string => Boolean(file));
		for (const candidate of candidates) {
			const parent = realPath(candidate);
			// A session drill forget removed is not brought back by its subagent.
			if (this.forgotten.has(parent)) {
				this.report.forgotten++;
				return true;
			}
			if (!allSubagentFiles(layout.filesOf(parent, parentSession)).some((sub) => realPath(sub.path) === real)) continue;
			if (!this.sessionsDone.has(parent)) {
				let stat;
				try {
					stat = statSync(parent);
				} catch {
					continue;
				}
				const sniffed = await sniff(parent, stat.size, format);
				if (!sniffed.format) continue;
				const grandparent = depth < maxSubagentDepth ? layout.parentOf(sniffed.head, parentSession) : undefined;
				const placed = grandparent !== undefined && (await this.underParent(layout, format, parent, grandparent, namespace, itemIdFor(format, parentSession), depth + 1));
				if (!placed) {
					if (!stored) continue;
					await this.single({path: parent, size: stat.size, mtime: stat.mtime}, sniffed.format, sniffed.head, sniffed.bytes, true);
				}
			}
			this.store.deleteItem(namespace, ownId);
			return true;
		}
		return false;
	}

	/** A file of many items (conversations, sessions, interchange items), read and written one at a time. */
	private async multi(file: SourceFile, format: Format, head: string): Promise<void> {
		const namespace = this.options.namespace ?? namespaceOf[format];
		const real = realPath(file.path);
		const problems: SourceProblem[] = [];
		const records = fileRecords(format, {
			file: file.path,
			real,
			size: file.size,
			head,
			salt: this.salt(format, this.options.namespace ?? (format === 'summary-json' ? '' : namespace)),
			...(this.options.namespace ? {namespace: this.options.namespace} : {}),
			problems,
			onBytes: (bytes) => this.progress?.read(bytes),
			onSkipped: () => this.report.skipped_records++,
		});
		for await (const record of records) {
			this.sink.collectIfDue();
			try {
				await this.record(record, format, namespace, file);
			} catch (error) {
				// One record that cannot be summarized costs only itself; a store failure stops the run.
				if (isFatal(error)) throw error;
				const where = record.kind === 'source' ? record.where : `the item ${record.item.item_id}`;
				problems.push({...(record.line ? {line: record.line} : {}), reason: `${where} could not be ingested (${messageOf(error)})`});
			}
		}
		this.reportProblems(file.path, problems);
	}

	private async record(record: FileRecord, format: Format, namespace: string, file: SourceFile): Promise<void> {
		if (record.kind === 'item') {
			if (!this.sink.isUnchanged(record.item.namespace, record.item.item_id, record.hash)) {
				// An interchange item is the writer's own summary: its title and TLDR stay as written.
				this.sink.save(this.options.keepSecrets ? record.item : redactItem(record.item).item);
			}
			return;
		}
		if (this.forgotten.has(record.uri)) {
			this.report.forgotten++;
			return;
		}
		const placement: Placement = {namespace, itemId: record.itemId, uri: record.uri, hash: record.hash, file: realPath(file.path), ...(record.copyKey ? {copyKey: {format, key: record.copyKey}} : {})};
		if (!this.toSummarize(format, namespace, record.itemId) && this.sink.isUnchanged(namespace, record.itemId, record.hash, placement)) return;
		// Read only now: a store's session is read only when its hash says it changed.
		this.report.skipped_records += record.parsed.skipped ?? 0;
		if (isEmpty(record.parsed)) {
			this.report.skipped_records++;
			return;
		}
		if (!this.options.keepSecrets) redactSource(record.parsed);
		const described = describeSource(record.parsed);
		await this.rewrite(described, file.path, namespace, record.itemId);
		const item = describedToItem(described, record.parsed, {namespace, itemId: record.itemId, source: {uri: record.uri, kind: format}, contentHash: record.hash, ...fallbackDateOf(file.path, file.mtime.toISOString())});
		this.sink.save(validateItem(item, this.shown(file.path)), placement);
		if (conversationFormats.has(format)) this.wrote(namespace, record.itemId);
	}

	/**
	 * What an item depends on besides its file's bytes and format (see source-stats.ts): a Codex
	 * rollout's thread name too; an agent summarizer reads its sessions again.
	 */
	private runKey(file?: string): string {
		const thread = file ? codexRolloutThread(file) : undefined;
		const name = thread ? codexThreadName(file!, thread) : undefined;
		return `${pipelineVersion}|${this.options.format ?? 'auto'}|${this.options.namespace ?? ''}|${this.summarizerTag}${this.sessions ? `|agent:${this.sessions.agent}` : ''}${this.options.keepSecrets ? '|keep-secrets' : ''}${name ? `|${hashBytes(name, 'thread-name').slice(0, 16)}` : ''}`;
	}

	/** A session an agent summarizer was asked for and has not summarized yet: read again, though unchanged. */
	private toSummarize(format: Format, namespace: string, itemId: string): boolean {
		return this.sessions !== undefined && conversationFormats.has(format) && summarizedBy(this.store, namespace, itemId) !== this.sessions.agent;
	}

	async file(file: SourceFile): Promise<void> {
		// A file of one item whose size and mtime are what the store holds it from: skipped on a stat, unread.
		if (this.store.unchangedByStat({path: realPath(file.path), size: file.size, mtimeMs: file.mtime.getTime(), runKey: this.runKey(file.path)})) {
			this.report.skipped++;
			this.progress?.read(file.size);
			return;
		}
		this.sink.collectIfDue();
		// A batch is not kept open while a big file is summarized: another writer waits at most one batch.
		if (file.size >= bigFileBytes) this.store.commitBatch();
		else this.store.commitIfDue();
		this.progress?.file(this.shown(file.path));
		const sniffed = await sniff(file.path, file.size, this.options.format ?? 'auto');
		if (file.inFolder && sniffed.notASource) {
			// A folder's images, site configuration JSON, empty placeholders: not what was asked for.
			this.report.skipped_files++;
			this.options.onSkippedFile?.(file.path, sniffed.problem ?? 'is no source');
			this.progress?.read(file.size);
			return;
		}
		if (sniffed.problem || !sniffed.format) {
			this.fail(file.path, `the file ${sniffed.problem ?? 'has an unknown format'}`);
			this.progress?.read(file.size);
			return;
		}
		if (multiItemFormats.has(sniffed.format)) await this.multi(file, sniffed.format, sniffed.head);
		else await this.single(file, sniffed.format, sniffed.head, sniffed.bytes);
	}

	async run(inputs: readonly string[]): Promise<IngestReport> {
		const started = performance.now();
		const walked = await walkSources(inputs, this.options.cwd, this.options.onSkippedFile);
		const {problems, skipped} = walked;
		// The store itself, when it lies in a folder being ingested, is no source (nor its WAL).
		const cwd = this.options.cwd ?? process.cwd();
		const own = new Set(['', '-wal', '-shm', '-journal'].map((suffix) => path.resolve(cwd, this.options.storePath) + suffix));
		const files = this.forgotten.keep(walked.files.filter((file) => !own.has(path.resolve(cwd, file.path))), this.report);
		if (this.options.foundInFolder) for (const file of files) if (this.options.foundInFolder(file.path)) file.inFolder = true;
		this.report.skipped_files += skipped;
		for (const problem of problems) this.fail(problem.path, problem.reason);
		const totalBytes = files.reduce((sum, file) => sum + file.size, 0);
		if (this.llm && files.length > 0) this.options.onNote?.(llmNotice(this.options.llm!, files.length, totalBytes));
		if (this.options.progress) this.progress = new Progress(this.options.progress, files.length, totalBytes);
		try {
			for (const [index, file] of files.entries()) {
				try {
					// The last file's items leave the store fully indexed when they commit (nothing waits for the close).
					if (index === files.length - 1) this.store.endBulkWrites();
					await this.file(file);
				} catch (error) {
					this.fileError(file.path, error);
				}
				this.progress?.fileDone();
				if (this.fatal || this.options.signal?.aborted) break;
			}
			await this.executor.drain();
			// Subagents last: the sessions they belong to are read by now.
			for (const {file, format, head, bytes} of this.later.splice(0)) {
				if (this.fatal || this.options.signal?.aborted) break;
				try {
					await this.single(file, format, head, bytes, true);
				} catch (error) {
					this.fileError(file.path, error);
				}
			}
			await this.executor.drain();
			this.flushPending();
			if (this.sessions && !this.fatal && !this.options.signal?.aborted) this.fatal = await summarizeSessions(this.store, this.sessions, this.report, (line) => this.options.onNote?.(line));
			if (!this.fatal) this.distinguish();
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

/** How far up a chain of subagents' parents is followed (a loop of parents ends there). */
const maxSubagentDepth = 16;

/** A subagent's transcript as a job reads it: its file, and its own subagents'. */
function transcriptOf(file: SubagentFile): SubagentTranscript {
	return {path: file.path, ...(file.children?.length ? {children: file.children.map(transcriptOf)} : {})};
}

/**
 * Ingests files and folders into the summary store: each source becomes an item (a file of
 * many conversations or sessions, one per each), written in its own transaction; unchanged
 * sources are skipped.
 */
export async function ingest(inputs: readonly string[], options: IngestOptions): Promise<IngestReport> {
	let ingestion: Ingestion | undefined;
	const store = options.openStore(options.onNote ? {onWait: options.onNote} : {}, {onIndexFailure: (item, error) => ingestion?.indexFailed(item, error)});
	store.useBulkWrites();
	store.batchCommits();
	try {
		ingestion = new Ingestion(store, options);
		return await ingestion.run(inputs);
	} finally {
		store.close();
	}
}
