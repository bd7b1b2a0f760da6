import type {SummaryStore} from '../store/summary-store.js';
import {agentNames, type AgentName} from './llm/agent-cli.js';
import {completionsUrl, type ChatSettings} from './llm/chat-client.js';
import {DrillError} from '../core/errors.js';
import {SessionSummarizer} from './llm/session-summarizer.js';
import type {IngestReport} from './report.js';

/**
 * The optional summarizers' part of an ingest run. `--summarizer claude|codex|gemini`: which agent,
 * whether a stored session already has its summary, and the pass over the sessions the run read,
 * after their extractive items are written: the notice of what will be sent, then the calls.
 * `--summarizer llm`: the notice of what it sends, before the run starts.
 */

/** How long one session's call may take unless `agentTimeoutMs` says otherwise. */
const defaultTimeoutMs = 300_000;

export function agentSummarizer(store: SummaryStore, options: {summarizer?: string; agentTimeoutMs?: number}): SessionSummarizer | undefined {
	const agent = agentNames.find((name) => name === options.summarizer);
	if (!agent) return undefined;
	return new SessionSummarizer(agent, {get: (key) => store.llmAnswer(key), set: (key, answer) => store.saveLlmAnswer(key, answer)}, options.agentTimeoutMs ?? defaultTimeoutMs);
}

/** The agent that summarized a stored item, if one did. */
export function summarizedBy(store: SummaryStore, namespace: string, itemId: string): AgentName | undefined {
	const extra = store.item(namespace, itemId)?.source_extra;
	if (!extra) return undefined;
	try {
		const by = (JSON.parse(extra) as {summarized_by?: unknown}).summarized_by;
		return agentNames.find((name) => name === by);
	} catch {
		return undefined;
	}
}

/**
 * Summarizes the sessions gathered in the run into `report.summarized`; a store failure is
 * returned to stop the run, any other failure said in one line (the sessions keep their own text).
 */
export async function summarizeSessions(store: SummaryStore, sessions: SessionSummarizer, report: IngestReport, note: (line: string) => void): Promise<DrillError | undefined> {
	const plan = sessions.plan();
	if (plan.ask.length === 0 && plan.cached.length === 0) return undefined;
	if (plan.ask.length > 0) note(sessions.notice(plan));
	store.batchCommits();
	try {
		const read = (namespace: string, itemId: string) => {
			const row = store.item(namespace, itemId);
			return row ? store.record(row) : undefined;
		};
		const run = await sessions.run(plan, {read, write: (item) => void store.writeItem(item)}, note);
		report.summarized = {agent: sessions.agent, ...run};
		store.endBulkWrites();
		return undefined;
	} catch (error) {
		if (error instanceof DrillError && error.category === 'store') return error;
		note(`--summarizer ${sessions.agent} stopped (${(error as Error).message.split('\n')[0]}); the sessions keep drill's own titles and TLDRs`);
		return undefined;
	}
}

/** What `--summarizer llm` will send, said before it starts: the files' text at most (unchanged ones are not read). */
export function llmNotice(llm: ChatSettings, files: number, bytes: number): string {
	const tokens = Math.ceil(bytes / 4);
	const amount = tokens >= 1e6 ? `${(tokens / 1e6).toFixed(1)}M` : tokens >= 1000 ? `${Math.round(tokens / 1000)}k` : String(tokens);
	return `--summarizer llm sends the text of each new or changed item of ${files} file${files === 1 ? '' : 's'} to ${completionsUrl(llm.url)} (model ${llm.model}): up to about ${amount} tokens in, a node at a time; answers are kept in the store`;
}
