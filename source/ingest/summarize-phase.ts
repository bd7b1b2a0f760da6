import type {DescribedSource} from './build-item.js';
import {conversationFormats, type Format} from './formats/catalog.js';
import {isFatal, messageOf, type IngestRun} from './ingest-run.js';
import {LlmDescriber} from './llm/llm-describer.js';
import type {SessionSummarizer} from './llm/session-summarizer.js';
import {dropSharedSentences} from './shared-sentences.js';
import {distinguishSiblings} from './siblings.js';
import {agentSummarizer, llmNotice, summarizedBy, summarizeSessions} from './summarize-sessions.js';
import {createExecutor, type Executor} from './work/executor.js';
import type {SourceJob} from './work/source-job.js';

/**
 * The summarize phase: sources become summary trees (on worker threads when it can, see
 * work/executor.ts), rewritten by an LLM or an agent when asked, and at the end of the run the
 * sessions written are told apart from their siblings.
 */
export class SummarizePhase {
	private readonly llm: LlmDescriber | undefined;
	/** `--summarizer claude|codex|gemini`: the sessions of the run, summarized by that agent once they are written. */
	readonly sessions: SessionSummarizer | undefined;
	/** What summarized the items (part of what an item depends on). */
	readonly tag: string;
	readonly executor: Executor;

	constructor(private readonly run: IngestRun) {
		const {store, options} = run;
		this.llm = options.summarizer === 'llm' && options.llm ? new LlmDescriber(options.llm, {get: (key) => store.llmAnswer(key), set: (key, answer) => store.saveLlmAnswer(key, answer)}) : undefined;
		this.sessions = agentSummarizer(store, options);
		this.tag = this.llm ? `llm:${options.llm!.model}` : 'extractive';
		const rewrites = Boolean(this.llm || this.sessions);
		this.executor = createExecutor(
			{onBytes: (bytes) => run.progress?.read(bytes), ...(rewrites ? {rewrite: (described: DescribedSource, job: SourceJob) => this.rewrite(described, job.path, job.namespace, job.itemId)} : {})},
			rewrites || options.workers === false,
		);
	}

	/** Said before an LLM run: how many calls it will make. */
	notice(files: number, totalBytes: number): void {
		if (this.llm && files > 0) this.run.options.onNote?.(llmNotice(this.run.options.llm!, files, totalBytes));
	}

	/** The LLM pass, when asked for: failures keep the extractive text and are noted. An agent summarizer gathers the session. */
	async rewrite(described: DescribedSource, file: string, namespace: string, itemId: string): Promise<void> {
		this.sessions?.gather(described, namespace, itemId, this.run.shown(file));
		if (!this.llm) return;
		const outcome = await this.llm.rewrite(described);
		if (outcome.failed > 0) {
			this.run.options.onNote?.(`${this.run.shown(file)}: the LLM summarizer failed for ${outcome.failed} of ${outcome.nodes} nodes (${outcome.reason}); those keep the extractive summary`);
		}
	}

	/** A session an agent summarizer was asked for and has not summarized yet: read again, though unchanged. */
	toSummarize(format: Format, namespace: string, itemId: string): boolean {
		return this.sessions !== undefined && conversationFormats.has(format) && summarizedBy(this.run.store, namespace, itemId) !== this.sessions.agent;
	}

	/** The run's sessions, summarized by the agent asked for (once they are all written). */
	async summarizeByAgent(): Promise<void> {
		const {run} = this;
		if (this.sessions && !run.stopped) run.fatal = await summarizeSessions(run.store, this.sessions, run.report, (line) => run.options.onNote?.(line));
	}

	/**
	 * Items of the namespaces written that share a title are told apart (siblings.ts), and a
	 * sentence their TLDRs share is dropped (shared-sentences.ts); a store failure stops the run.
	 */
	distinguish(): void {
		const {store, written} = this.run;
		try {
			// What a run killed during its pass had to do is done now (it left a note of it).
			for (const row of store.all<{key: string; value: string}>("SELECT key, value FROM meta WHERE key LIKE 'sibling_pass_pending:%' AND value <> ''")) {
				const namespace = row.key.slice('sibling_pass_pending:'.length);
				for (const id of JSON.parse(row.value) as string[]) this.run.wrote(namespace, id);
			}
			if (written.size === 0) return;
			store.write(() => {
				for (const [namespace, ids] of written) store.setMeta(`sibling_pass_pending:${namespace}`, JSON.stringify([...ids]));
			});
			// The items rewritten are committed in batches, as the run's were (then the store is indexed whole).
			store.batchCommits();
			distinguishSiblings(store, written);
			dropSharedSentences(store, written.keys());
			for (const namespace of written.keys()) store.setMeta(`sibling_pass_pending:${namespace}`, '');
			store.endBulkWrites();
		} catch (error) {
			if (isFatal(error)) this.run.fatal ??= error;
			// The items stay as written, each with its own title.
			else this.run.options.onNote?.(`the items written could not be compared with their siblings (same titles, shared TLDR sentences: ${messageOf(error)})`);
		}
	}
}
