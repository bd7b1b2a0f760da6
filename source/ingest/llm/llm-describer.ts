import {createHash} from 'node:crypto';
import type {SessionContext} from './session-context.js';
import {clip, plainText} from '../../text/clean.js';
import {isNoiseTitle} from '../tree/titles.js';
import {isLeaf, postorder, type Topic} from '../tree/topic.js';
import type {DescribedSource} from '../build-item.js';
import {ChatError, complete, type ChatSettings} from './chat-client.js';

/**
 * The `--summarizer llm` pass: the extractive tree's shape is kept, and each node's title and
 * summary (and the item's TLDR) are rewritten by a chat model, children first, so a parent is
 * written from its children's new summaries. A node whose call fails keeps its extractive text,
 * and the failure is counted; after a few failures in a row the rest are not attempted.
 */

const leafTextChars = 6000;
const maxConsecutiveFailures = 3;

const instructions = `You summarize one part of a document or conversation for a navigable summary tree.
Answer with a JSON object only: {"title": "...", "summary": "..."} — and "tldr" too when asked.
title: a short phrase (3-10 words) naming the topic, in the text's language, no quotes.
summary: 1-3 plain sentences saying what happens or what is concluded.
tldr: 1-3 sentences for the whole item.`;

function leafText(topic: Topic): string {
	const lines: string[] = [];
	let used = 0;
	for (const unit of topic.units) {
		for (const block of unit.blocks) {
			const room = leafTextChars - used;
			if (room <= 0) break;
			const limit = block.kind === 'tool' ? Math.min(400, room) : room;
			const text = block.text.length > limit ? `${block.text.slice(0, limit)} […]` : block.text;
			lines.push(`[${block.role}] ${text}`);
			used += text.length;
		}
	}
	return lines.join('\n');
}


const contextChars = 1500;
const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)} […]` : text);

function sessionText(context: SessionContext | undefined): string {
	if (!context) return '';
	const lines: string[] = [];
	if (context.agentTitle) lines.push(`The agent's own title: ${cut(context.agentTitle, 200)}`);
	if (context.requests.length > 0) lines.push(`The person's requests:\n${context.requests.slice(0, 8).map((request, index) => `${index + 1}. ${cut(request.replace(/\s+/gu, ' '), 400)}`).join('\n')}`);
	if (context.finalReport) lines.push(`The agent's final report:\n${cut(context.finalReport, contextChars)}`);
	return lines.length > 0 ? `${lines.join('\n\n')}\n\n` : '';
}

function prompt(topic: Topic, isRoot: boolean, context?: SessionContext): string {
	const body = isLeaf(topic)
		? `Text:\n${leafText(topic)}`
		: `Its parts:\n${topic.children.map((child, index) => `${index + 1}. ${child.title}: ${child.summary}`).join('\n')}${topic.units.length > 0 ? `\n\nIts own text:\n${leafText(topic)}` : ''}`;
	return `${isRoot ? `This is the whole item. Also give "tldr": the outcome, what was done, found or decided.\n${sessionText(context)}` : ''}${body}`;
}

/** Where answers are kept between runs (the store's llm_answers), keyed by a hash of model and prompt. */
export interface AnswerCache {
	get(key: string): string | undefined;
	set(key: string, answer: string): void;
}

function parseAnswer(content: string): {title?: string; summary?: string; tldr?: string} {
	const start = content.indexOf('{');
	const end = content.lastIndexOf('}');
	if (start < 0 || end <= start) throw new ChatError('the answer is not a JSON object');
	let value: unknown;
	try {
		value = JSON.parse(content.slice(start, end + 1));
	} catch {
		throw new ChatError('the answer is not valid JSON');
	}
	const record = value as Record<string, unknown>;
	const text = (key: string) => (typeof record[key] === 'string' && (record[key] as string).trim() ? plainText(record[key] as string) : undefined);
	const title = text('title');
	const summary = text('summary');
	if (!title || !summary) throw new ChatError('the answer lacks "title" or "summary"');
	// A refusal, a "Here's a title:", or JSON in the text: the extractive text stays.
	if (isNoiseTitle(title) || isNoiseTitle(summary)) throw new ChatError('the answer is a refusal or not a title and summary');
	const tldr = text('tldr');
	return {title: clip(title, 120), summary: clip(summary, 800), ...(tldr ? {tldr: clip(tldr, 600)} : {})};
}

export interface LlmOutcome {
	nodes: number;
	failed: number;
	/** The first failure's reason, for the report. */
	reason?: string;
}

export class LlmDescriber {
	private consecutiveFailures = 0;
	/** Calls made to the endpoint (answers from the cache are not calls). */
	calls = 0;

	constructor(
		private readonly settings: ChatSettings,
		private readonly cache?: AnswerCache,
	) {}

	/** The model's answer to a prompt: from the cache when it was asked before, else a call whose valid answer is kept. */
	private async ask(user: string): Promise<ReturnType<typeof parseAnswer>> {
		const key = createHash('sha256').update(`${this.settings.model}\u0000${instructions}\u0000${user}`).digest('hex');
		const cached = this.cache?.get(key);
		if (cached !== undefined) {
			try {
				return parseAnswer(cached);
			} catch {
				// A cached answer that no longer passes is asked again.
			}
		}
		this.calls++;
		const content = await complete(this.settings, [
			{role: 'system', content: instructions},
			{role: 'user', content: user},
		]);
		const answer = parseAnswer(content);
		this.cache?.set(key, content);
		return answer;
	}

	async rewrite(described: DescribedSource): Promise<LlmOutcome> {
		const outcome: LlmOutcome = {nodes: 0, failed: 0};
		for (const topic of postorder(described.root)) {
			outcome.nodes++;
			const isRoot = topic === described.root;
			if (this.consecutiveFailures >= maxConsecutiveFailures) {
				outcome.failed++;
				outcome.reason ??= `skipped after ${maxConsecutiveFailures} failed calls in a row`;
				continue;
			}
			try {
				const answer = await this.ask(prompt(topic, isRoot, isRoot ? described.session : undefined));
				this.consecutiveFailures = 0;
				if (isRoot) {
					// The source's own title (a heading, a conversation title) stays; the model writes the rest.
					if (!described.titleFromSource) described.title = answer.title!;
					if (answer.tldr) described.tldr = answer.tldr;
				}
				if (!topic.heading) topic.title = answer.title!;
				topic.summary = answer.summary!;
				topic.sentences = [answer.summary!];
				topic.sentenceTerms = [];
				topic.best = answer.summary!;
			} catch (error) {
				this.consecutiveFailures++;
				outcome.failed++;
				outcome.reason ??= error instanceof ChatError ? error.message : `unexpected failure: ${(error as Error).message}`;
			}
		}
		return outcome;
	}
}
