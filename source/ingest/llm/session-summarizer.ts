import {createHash} from 'node:crypto';
import type {ItemRecord} from '../../store/interchange.js';
import {clip, plainText} from '../../text/clean.js';
import type {DescribedSource} from '../build-item.js';
import {clipWords, maxWords} from '../tree/closing-report.js';
import {isNoiseTitle} from '../tree/titles.js';
import {AgentError, agentCommands, runAgent, summarizerMarker, type AgentName} from './agent-cli.js';
import type {AnswerCache} from './llm-describer.js';

/**
 * `--summarizer claude|codex|gemini`: a session's title and TLDR written by the agent the person
 * already has, from what matters of it (the main request, the other requests, the closing report,
 * the files edited), never the whole log. The extractive item is written first; the sessions
 * gathered in a run are then priced (the tokens they would send, said before anything is sent),
 * asked one by one, and each answer rewrites its item's title (unless the person or the agent
 * titled the session) and TLDR. Answers are kept in the store by a hash of the agent and the
 * prompt, so a session that did not change is never asked twice. A missing agent, a failed call
 * or an answer that is not the JSON asked for keeps the extractive title and TLDR.
 */

export interface SessionPrompt {
	namespace: string;
	itemId: string;
	/** How the file is named in notes. */
	shown: string;
	prompt: string;
}

/** What a run's sessions would cost: asked, and answered from the cache. */
export interface SummaryPlan {
	ask: SessionPrompt[];
	cached: SessionPrompt[];
	tokensIn: number;
	tokensOut: number;
}

export interface SummaryRun {
	summarized: number;
	failed: number;
}

const requestChars = 3000;
const otherRequestChars = 160;
const reportChars = 4000;
/** Tokens an answer takes at most ({"title", "tldr"} of 80 characters and 60 words). */
const answerTokens = 150;
const maxConsecutiveFailures = 3;

const rules = `Summarize this coding-agent session for a list of sessions a person scans.
Answer with one JSON object and nothing else: {"title": "...", "tldr": "..."}
title: what the session was about, at most 80 characters, in the session's language.
tldr: at most 2 sentences and ${maxWords} words: what was asked (a gist, not the person's words) and what came of it (what was done, found, fixed or decided, or how it stopped); name the files, commits or errors that matter.`;

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)} […]` : text);

/** Tokens of a text, roughly: four characters of Latin script, or one and a half of others (CJK, Cyrillic), to a token. */
export function estimateTokens(text: string): number {
	let ascii = 0;
	for (let index = 0; index < text.length; index++) if (text.charCodeAt(index) < 128) ascii++;
	return Math.ceil(ascii / 4 + (text.length - ascii) / 1.5);
}

/** What is sent for one session: the rules, then its title, requests, closing report and edits. */
export function sessionPrompt(described: DescribedSource): string | undefined {
	const session = described.session;
	if (!session || session.requests.length === 0) return undefined;
	const main = session.mainRequest ?? session.requests[0]!;
	const others = session.requests.filter((request) => request !== main);
	const parts = [
		summarizerMarker,
		rules,
		...(session.agentTitle ? [`The title the session already has: ${cut(session.agentTitle, 200)}`] : []),
		`The main request:\n${cut(main.trim(), requestChars)}`,
		...(others.length > 0 ? [`The other requests (${others.length}):\n${others.slice(0, 8).map((request) => `- ${cut(request.replace(/\s+/gu, ' '), otherRequestChars)}`).join('\n')}`] : []),
		...(session.finalReport ? [`The agent's closing report:\n${cut(session.finalReport.trim(), reportChars)}`] : []),
		...(session.filesEdited && session.filesEdited.length > 0 ? [`Files edited: ${session.filesEdited.slice(0, 20).join(', ')}`] : []),
		`What drill's rules made of it (may miss the point): ${described.title} — ${described.tldr}`,
	];
	return parts.join('\n\n');
}

/** The title and TLDR an answer holds, or an AgentError saying why it is none. */
export function parseSummary(text: string): {title: string; tldr: string} {
	let body = text.trim();
	// An agent's JSON wrapper around its answer (`claude -p --output-format json`, `gemini --output-format json`).
	try {
		const wrapper = JSON.parse(body) as Record<string, unknown>;
		for (const key of ['result', 'response']) if (typeof wrapper[key] === 'string') body = wrapper[key] as string;
	} catch {
		// Plain text: the answer itself.
	}
	const start = body.indexOf('{');
	const end = body.lastIndexOf('}');
	if (start < 0 || end <= start) throw new AgentError('answered with no JSON object');
	let value: unknown;
	try {
		value = JSON.parse(body.slice(start, end + 1));
	} catch {
		throw new AgentError('answered with JSON that does not parse');
	}
	const record = (value ?? {}) as Record<string, unknown>;
	const title = typeof record.title === 'string' ? plainText(record.title).trim() : '';
	const tldr = typeof record.tldr === 'string' ? plainText(record.tldr).trim() : '';
	if (!title || !tldr) throw new AgentError('answered with no "title" and "tldr"');
	if (isNoiseTitle(title) || isNoiseTitle(tldr)) throw new AgentError('answered with a refusal or no summary');
	return {title: clip(title, 80), tldr: clipWords(tldr)};
}

export class SessionSummarizer {
	private readonly gathered: SessionPrompt[] = [];

	constructor(
		readonly agent: AgentName,
		private readonly cache: AnswerCache,
		private readonly timeoutMs: number,
		private readonly env: NodeJS.ProcessEnv = process.env,
	) {}

	private key(prompt: string): string {
		return createHash('sha256').update(`agent:${this.agent}\u0000${prompt}`).digest('hex');
	}

	/** Keeps a session of this run to be summarized once the run's items are written. */
	gather(described: DescribedSource, namespace: string, itemId: string, shown: string): void {
		const prompt = sessionPrompt(described);
		if (prompt) this.gathered.push({namespace, itemId, shown, prompt});
	}

	/** The sessions gathered, split into those to ask and those the store already has an answer for, and what asking costs. */
	plan(): SummaryPlan {
		const ask = this.gathered.filter((entry) => this.cache.get(this.key(entry.prompt)) === undefined);
		const cached = this.gathered.filter((entry) => !ask.includes(entry));
		return {ask, cached, tokensIn: ask.reduce((sum, entry) => sum + estimateTokens(entry.prompt), 0), tokensOut: ask.length * answerTokens};
	}

	/** The notice before anything is sent: to whom, how many sessions, about how many tokens. */
	notice(plan: SummaryPlan): string {
		const command = agentCommands[this.agent];
		const kilo = (tokens: number) => (tokens >= 10_000 ? `${Math.round(tokens / 1000)}k` : tokens >= 1000 ? `${(tokens / 1000).toFixed(1)}k` : String(tokens));
		return `--summarizer ${this.agent} sends the text of ${plan.ask.length} session${plan.ask.length === 1 ? '' : 's'} (the main request, the other requests, the closing report, the files edited) to \`${command.binary}\`, ${command.vendor}: about ${kilo(plan.tokensIn)} tokens in and ${kilo(plan.tokensOut)} out, plus the agent's own prompt for each call${plan.cached.length > 0 ? `; ${plan.cached.length} more are answered from the store` : ''}`;
	}

	/**
	 * Asks the agent for each session of the plan (the cached ones first, at no cost), and rewrites
	 * each item it answers for. `note` hears one line per failure; after three in a row the rest
	 * keep their extractive text, said in one line.
	 */
	async run(plan: SummaryPlan, items: {read(namespace: string, itemId: string): ItemRecord | undefined; write(item: ItemRecord): void}, note: (line: string) => void): Promise<SummaryRun> {
		const outcome: SummaryRun = {summarized: 0, failed: 0};
		const apply = (entry: SessionPrompt, answer: {title: string; tldr: string}) => {
			const item = items.read(entry.namespace, entry.itemId);
			if (!item) return;
			items.write(summarized(item, answer, this.agent));
			outcome.summarized++;
		};
		for (const entry of plan.cached) {
			try {
				apply(entry, parseSummary(this.cache.get(this.key(entry.prompt))!));
			} catch {
				plan.ask.push(entry);
			}
		}
		let inARow = 0;
		for (const [index, entry] of plan.ask.entries()) {
			if (inARow >= maxConsecutiveFailures) {
				const left = plan.ask.length - index;
				outcome.failed += left;
				note(`--summarizer ${this.agent}: stopped after ${maxConsecutiveFailures} failed calls in a row; ${left} more session${left === 1 ? '' : 's'} keep drill's own title and TLDR`);
				break;
			}
			try {
				const text = await runAgent(this.agent, entry.prompt, this.timeoutMs, this.env);
				const answer = parseSummary(text);
				this.cache.set(this.key(entry.prompt), text);
				apply(entry, answer);
				inARow = 0;
			} catch (error) {
				inARow++;
				outcome.failed++;
				const why = error instanceof AgentError ? error.message : `failed (${(error as Error).message})`;
				note(`${entry.shown}: ${agentCommands[this.agent].binary} ${why}; the session keeps drill's own title and TLDR`);
				// A missing agent will not appear for the next session either.
				if (/is not on PATH/u.test(why)) {
					const left = plan.ask.length - index - 1;
					if (left > 0) note(`--summarizer ${this.agent}: ${left} more session${left === 1 ? '' : 's'} keep drill's own title and TLDR`);
					outcome.failed += left;
					break;
				}
			}
		}
		return outcome;
	}
}

/** The item with the agent's TLDR, and its title unless the person or the agent named the session; drill's own title is kept. */
function summarized(item: ItemRecord, answer: {title: string; tldr: string}, agent: AgentName): ItemRecord {
	const source = {...item.source, summarized_by: agent};
	const named = Boolean(item.source?.agent_title || item.source?.user_title);
	const title = named ? item.title : answer.title;
	if (!named && title !== item.title) source.own_title = source.own_title ?? item.title;
	const nodes = item.nodes.map((node) => (node.ordinal === 0 && node.title === item.title ? {...node, title} : node));
	return {...item, title, tldr: answer.tldr, source, nodes};
}
