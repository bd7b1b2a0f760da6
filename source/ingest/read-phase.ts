import {statSync} from 'node:fs';
import path from 'node:path';
import {fileOfSourceUri} from '../core/source-uri.js';
import {validateItem} from '../store/interchange.js';
import {describedToItem, describeSource} from './build-item.js';
import {fallbackDateOf} from './file-date.js';
import {agentSessionIds} from './formats/agent-readers.js';
import {conversationFormats, multiItemFormats, namespaceOf, storeFormats, type Format} from './formats/catalog.js';
import {claudeAgentSessionId} from './formats/claude-agent.js';
import {claudeSessionId} from './formats/claude-code.js';
import {codexSessionId} from './formats/codex.js';
import {codexRolloutThread, codexThreadName} from './formats/codex-thread-names.js';
import {isJsonDocumentStart, sniff} from './formats/detect.js';
import {geminiChatSessionId} from './formats/gemini-chat.js';
import {geminiStreamSessionId} from './formats/gemini-stream.js';
import {allSubagentFiles, type SubagentFile, type SubagentLayout} from './formats/subagent-layout.js';
import {subagentLayouts} from './formats/subagent-layouts.js';
import {ForgottenSources} from './forgotten.js';
import {itemIdFor} from './ids.js';
import type {IndexPhase} from './index-phase.js';
import {pipelineVersion} from './ingest-options.js';
import {isFatal, messageOf, type IngestRun} from './ingest-run.js';
import {hashBytes, hashFile} from './io/hash.js';
import {realPath} from './io/real-path.js';
import {walkSources, type SourceFile} from './io/walk-sources.js';
import type {Placement} from './item-sink.js';
import type {SourceProblem} from './model.js';
import {databaseStat, itemsDigest, unchangedDatabase} from './store-stat.js';
import {fileRecords, type FileRecord} from './multi-item.js';
import {redactItem, redactSource} from './secrets/redact-source.js';
import type {SummarizePhase} from './summarize-phase.js';
import {tightHeap, tightHeapBytes} from './work/memory.js';
import {isEmpty, type SourceJob, type SubagentTranscript} from './work/source-job.js';

/** Session logs name their session: the item keeps that id wherever the file is. */
export const sessionIdOf: Partial<Record<Format, (head: string, file: string) => string | undefined>> = {
	'claude-code': claudeSessionId,
	codex: codexSessionId,
	'gemini-cli': geminiStreamSessionId,
	'gemini-chat': geminiChatSessionId,
	'claude-agent': claudeAgentSessionId,
	...agentSessionIds,
};

/** A file this big is summarized with no batch of writes open (see SummaryStore.batchCommits). */
const bigFileBytes = 1 << 20;

/** How far up a chain of subagents' parents is followed (a loop of parents ends there). */
const maxSubagentDepth = 16;

/** A subagent's transcript as a job reads it: its file, and its own subagents'. */
function transcriptOf(file: SubagentFile): SubagentTranscript {
	return {path: file.path, ...(file.children?.length ? {children: file.children.map(transcriptOf)} : {})};
}

/**
 * The read phase: the files given are walked, each is sniffed for its format, hashed and skipped
 * when unchanged; the rest are read into sources and handed to the summarize phase (one item per
 * file) or read record by record (a file of many items).
 */
export class ReadPhase {
	private readonly forgotten: ForgottenSources;
	/** Where each agent keeps its subagents' transcripts (with what they read in this run). */
	private readonly layouts = subagentLayouts();
	/** Session files already read in this run as items (with their subagents). */
	private readonly sessionsDone = new Set<string>();
	/** Subagents' transcripts met before the end of the run: read last, once every session they may belong to is in the store. */
	private readonly later: Array<{file: SourceFile; format: Format; head: string; bytes?: Buffer}> = [];
	/** Sources read and summarized so far (not skipped as unchanged): what an ETA's rate is of. */
	worked = 0;

	constructor(
		private readonly run: IngestRun,
		private readonly summarize: SummarizePhase,
		private readonly index: IndexPhase,
	) {
		this.forgotten = new ForgottenSources(run.store);
	}

	/** The files to read: the inputs walked, less the store itself and what `drill forget` removed. */
	async sources(inputs: readonly string[]): Promise<SourceFile[]> {
		const {run} = this;
		const {options} = run;
		const walked = await walkSources(inputs, options.cwd, options.onSkippedFile);
		const {problems, skipped} = walked;
		// The store itself, when it lies in a folder being ingested, is no source (nor its WAL).
		const cwd = options.cwd ?? process.cwd();
		const own = new Set(['', '-wal', '-shm', '-journal'].map((suffix) => path.resolve(cwd, options.storePath) + suffix));
		const files = this.forgotten.keep(walked.files.filter((file) => !own.has(path.resolve(cwd, file.path))), run.report);
		if (options.foundInFolder) for (const file of files) if (options.foundInFolder(file.path)) file.inFolder = true;
		run.report.skipped_files += skipped;
		for (const problem of problems) run.fail(problem.path, problem.reason);
		return files;
	}

	private salt(format: Format, namespace: string): string {
		return `${pipelineVersion}|${format}|${namespace}|${this.summarize.tag}${this.run.options.keepSecrets ? '|keep-secrets' : ''}`;
	}

	/** One item per file: documents, pages and the session logs that hold one session. */
	private async single(file: SourceFile, format: Format, head: string, bytes?: Buffer, last = false): Promise<void> {
		const {run} = this;
		const {store, options} = run;
		const {sink} = this.index;
		const namespace = options.namespace ?? namespaceOf[format];
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
				options.onSkippedFile?.(file.path, "is a subagent's transcript, read with its parent session (a node of its tree)");
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
		if (!this.summarize.toSummarize(format, namespace, itemId) && sink.isUnchanged(namespace, itemId, hash, placement)) {
			store.recordStat(stat);
			run.progress?.read(file.size);
			return;
		}
		const job: SourceJob = {path: file.path, shown: run.shown(file.path), size: file.size, mtime: file.mtime.toISOString(), format, namespace, itemId, uri: real, hash, ...(format === 'gemini-chat' && isJsonDocumentStart(head) ? {document: true} : {}), ...(bytes ? {bytes} : {}), ...(options.keepSecrets ? {keepSecrets: true} : {}), ...(session ? {itemKey: session} : {}), ...(subagents.length > 0 ? {subagentFiles: subagents.map(transcriptOf)} : {})};
		const {executor} = this.summarize;
		if (!executor.onThisThread && store.wantsTermCounts()) job.countTerms = true;
		this.worked++;
		await run.phases.during('summarize', () => executor.submit(job, (result) => run.phases.within('index', () => {
			if (executor.onThisThread && result.readMs) run.phases.move('summarize', 'read', result.readMs);
			run.reportProblems(file.path, result.problems);
			run.report.skipped_records += result.skipped ?? 0;
			run.report.subagents += result.subagents ?? 0;
			run.report.warmups += result.warmups ?? 0;
			if (result.emptySession) run.report.empty_sessions++;
			if (result.summarizerSession) run.report.summarizer_sessions = (run.report.summarizer_sessions ?? 0) + 1;
			if (result.failure) run.fail(file.path, result.failure.reason, result.failure.line);
			try {
				if (result.item) {
					// What reading and summarizing a big file left behind goes before its item is written.
					if (file.size >= bigFileBytes) sink.collectNow();
					const loosen = file.size >= tightHeapBytes ? tightHeap() : undefined;
					try {
						sink.save(result.item, placement);
					} finally {
						loosen?.();
					}
					if (conversationFormats.has(format)) run.wrote(namespace, itemId);
					// A subagent read into its session's tree is no item of its own any more.
					for (const sub of allSubagentFiles(subagents)) store.deleteItem(namespace, itemIdFor(format, sub.key));
					store.recordStat(stat);
				}
			} catch (error) {
				run.fileError(file.path, error);
			}
		})));
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
		const {store} = this.run;
		const stored = store.item(namespace, itemIdFor(format, parentSession));
		const candidates = [fileOfSourceUri(stored?.source_uri, stored?.source_kind), ...layout.parentFilesOf(real, parentSession)].filter((file): file is string => Boolean(file));
		for (const candidate of candidates) {
			const parent = realPath(candidate);
			// A session drill forget removed is not brought back by its subagent.
			if (this.forgotten.has(parent)) {
				this.run.report.forgotten++;
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
			// The parent's item is written first, as on one thread: the store's rows come out in the same order.
			await this.settled();
			store.deleteItem(namespace, ownId);
			return true;
		}
		return false;
	}

	/** A file of many items (conversations, sessions, interchange items), read and written one at a time. */
	private async multi(file: SourceFile, format: Format, head: string): Promise<void> {
		const {run} = this;
		// Written here, after the items of the files before it: in file order, as on one thread.
		await this.settled();
		const {options} = run;
		const namespace = options.namespace ?? namespaceOf[format];
		const real = realPath(file.path);
		const problems: SourceProblem[] = [];
		// An agent's database: its stat as of before it is read, recorded if the read is clean (store-stat.ts).
		const stat = storeFormats.has(format) ? databaseStat(real, file.size, file.mtime.getTime(), this.runKey()) : undefined;
		const {conflicts, forgotten} = {conflicts: run.report.conflicts.length, forgotten: run.report.forgotten};
		const records = fileRecords(format, {
			file: file.path,
			real,
			size: file.size,
			head,
			salt: this.salt(format, options.namespace ?? (format === 'summary-json' ? '' : namespace)),
			...(options.namespace ? {namespace: options.namespace} : {}),
			problems,
			onBytes: (bytes) => run.progress?.read(bytes),
			onSkipped: () => run.report.skipped_records++,
		});
		for await (const record of records) {
			this.index.sink.collectIfDue();
			try {
				await this.record(record, format, namespace, file);
			} catch (error) {
				// One record that cannot be summarized costs only itself; a store failure stops the run.
				if (isFatal(error)) throw error;
				const where = record.kind === 'source' ? record.where : `the item ${record.item.item_id}`;
				problems.push({...(record.line ? {line: record.line} : {}), reason: `${where} could not be ingested (${messageOf(error)})`});
			}
		}
		const clean = problems.length === 0 && run.report.conflicts.length === conflicts && run.report.forgotten === forgotten && !run.stopped;
		if (stat && clean) run.store.recordStat({...stat, namespace, itemId: '', contentHash: itemsDigest(run.store, real).digest});
		run.reportProblems(file.path, problems);
	}

	private async record(record: FileRecord, format: Format, namespace: string, file: SourceFile): Promise<void> {
		const {run} = this;
		const {sink} = this.index;
		if (record.kind === 'item') {
			if (!sink.isUnchanged(record.item.namespace, record.item.item_id, record.hash)) {
				// An interchange item is the writer's own summary: its title and TLDR stay as written.
				sink.save(run.options.keepSecrets ? record.item : redactItem(record.item).item);
			}
			return;
		}
		if (this.forgotten.has(record.uri)) {
			run.report.forgotten++;
			return;
		}
		const placement: Placement = {namespace, itemId: record.itemId, uri: record.uri, hash: record.hash, file: realPath(file.path), ...(record.copyKey ? {copyKey: {format, key: record.copyKey}} : {})};
		if (!this.summarize.toSummarize(format, namespace, record.itemId) && sink.isUnchanged(namespace, record.itemId, record.hash, placement)) return;
		// Read only now: a store's session is read only when its hash says it changed.
		run.report.skipped_records += record.parsed.skipped ?? 0;
		if (isEmpty(record.parsed)) {
			run.report.skipped_records++;
			return;
		}
		this.worked++;
		if (!run.options.keepSecrets) redactSource(record.parsed);
		const described = await run.phases.during('summarize', async () => {
			const described = describeSource(record.parsed);
			await this.summarize.rewrite(described, file.path, namespace, record.itemId);
			return described;
		});
		const item = describedToItem(described, record.parsed, {namespace, itemId: record.itemId, source: {uri: record.uri, kind: format}, contentHash: record.hash, ...fallbackDateOf(file.path, file.mtime.toISOString())});
		run.phases.within('index', () => {
			sink.save(validateItem(item, run.shown(file.path)), placement);
			// A sub-agent session read into this one's tree is no item of its own any more.
			for (const absorbed of record.absorbs ?? []) run.store.deleteItem(namespace, absorbed);
		});
		run.report.subagents += item.source?.subagents ?? 0;
		run.report.warmups += described.warmups ?? 0;
		if (conversationFormats.has(format)) run.wrote(namespace, record.itemId);
	}

	/**
	 * What an item depends on besides its file's bytes and format (see source-stats.ts): a Codex
	 * rollout's thread name too; an agent summarizer reads its sessions again.
	 */
	private runKey(file?: string): string {
		const {options} = this.run;
		const thread = file ? codexRolloutThread(file) : undefined;
		const name = thread ? codexThreadName(file!, thread) : undefined;
		const sessions = this.summarize.sessions;
		return `${pipelineVersion}|${options.format ?? 'auto'}|${options.namespace ?? ''}|${this.summarize.tag}${sessions ? `|agent:${sessions.agent}` : ''}${options.keepSecrets ? '|keep-secrets' : ''}${name ? `|${hashBytes(name, 'thread-name').slice(0, 16)}` : ''}`;
	}

	/**
	 * Waits for the items summarized on workers to be written. Before this thread writes or deletes
	 * an item itself: the rows then come out in the order one thread writes them (same row ids).
	 */
	private async settled(): Promise<void> {
		await this.run.phases.during('summarize', () => this.summarize.executor.drain());
	}

	async file(file: SourceFile): Promise<void> {
		const {run} = this;
		const {store, options} = run;
		// A file of one item whose size and mtime are what the store holds it from: skipped on a stat, unread.
		const real = realPath(file.path);
		if (store.unchangedByStat({path: real, size: file.size, mtimeMs: file.mtime.getTime(), runKey: this.runKey(file.path)})) {
			run.report.skipped++;
			run.progress?.read(file.size);
			return;
		}
		// An agent's database, unchanged with its -wal since a clean read: none of its sessions is listed.
		const sessions = unchangedDatabase(store, real, file.size, file.mtime.getTime(), this.runKey());
		if (sessions !== undefined) {
			run.report.skipped += sessions;
			run.progress?.read(file.size);
			return;
		}
		this.index.sink.collectIfDue();
		// A batch is not kept open while a big file is summarized: another writer waits at most one batch.
		run.phases.within('index', () => (file.size >= bigFileBytes ? store.commitBatch() : store.commitIfDue()));
		run.progress?.file(run.shown(file.path));
		const sniffed = await sniff(file.path, file.size, options.format ?? 'auto');
		if (file.inFolder && sniffed.notASource) {
			// A folder's images, site configuration JSON, empty placeholders: not what was asked for.
			run.report.skipped_files++;
			options.onSkippedFile?.(file.path, sniffed.problem ?? 'is no source');
			run.progress?.read(file.size);
			return;
		}
		if (sniffed.problem || !sniffed.format) {
			run.fail(file.path, `the file ${sniffed.problem ?? 'has an unknown format'}`);
			run.progress?.read(file.size);
			return;
		}
		if (multiItemFormats.has(sniffed.format)) await this.multi(file, sniffed.format, sniffed.head);
		else await this.single(file, sniffed.format, sniffed.head, sniffed.bytes);
	}

	/** Subagents' transcripts last: the sessions they belong to are read by now. */
	async readLater(): Promise<void> {
		for (const {file, format, head, bytes} of this.later.splice(0)) {
			if (this.run.stopped) break;
			try {
				await this.single(file, format, head, bytes, true);
			} catch (error) {
				this.run.fileError(file.path, error);
			}
		}
	}
}
