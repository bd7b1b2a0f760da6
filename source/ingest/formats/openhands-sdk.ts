import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import type {Block, ParsedSource, SourceProblem} from '../model.js';
import {ConversationBuilder} from './conversation.js';
import {naiveUtc} from './dates.js';
import {count, isObject, text, tokenCounts, addTokens, type Json} from './json-values.js';
import {commitsMade, filesEditedBy, withSessionFacts} from './session-facts.js';
import {jsonObjectText, toolCallText, toolOutputText} from './tool-text.js';

/**
 * OpenHands conversations of its 1.x CLI and SDK (followed: OpenHands/software-agent-sdk 611629e,
 * openhands-sdk/openhands/sdk/conversation/state.py, persistence_const.py and event/; OpenHands/
 * OpenHands-CLI 6b3838c, openhands_cli/locations.py): `~/.openhands/conversations/<id>/`
 * (`$OPENHANDS_CONVERSATIONS_DIR`, or `$OPENHANDS_PERSISTENCE_DIR/conversations`) holds
 * `base_state.json` (`{id, agent: {llm: {model}}, workspace: {working_dir}, execution_status,
 * stats: {usage_to_metrics: {<usage>: {accumulated_cost, accumulated_token_usage}}}, …}`) and one
 * file per event, `events/event-<5+ digits>-<event id>.json`, each `{kind, id, timestamp, source,
 * …}`: MessageEvent (`llm_message`), ActionEvent (`thought`, `reasoning_content`,
 * `thinking_blocks`, `action`, `tool_name`, `tool_call`), ObservationEvent (`observation: {content,
 * is_error, …}`), AgentErrorEvent, UserRejectObservation, Condensation and
 * CondensationSummaryEvent, ConversationErrorEvent; ConversationStateUpdateEvent's `stats` (the
 * usage when base_state.json has none); the others (system prompt, pauses, the other state
 * updates, tokens, completion logs, hooks, streaming deltas) are bookkeeping. Checked against the
 * SDK's own real trace (tests/sdk/conversation/goal/fixtures/events.jsonl) and a 1.11.5 CLI
 * base_state.json.
 */

function contentText(content: unknown): {words: string; images: number} {
	let images = 0;
	const words = (Array.isArray(content) ? content : [])
		.map((part) => {
			if (!isObject(part)) return '';
			if (part.type === 'image') images++;
			return typeof part.text === 'string' ? part.text : '';
		})
		.filter((part) => part.trim() !== '')
		.join('\n');
	return {words, images};
}

/**
 * Reasoning models behind LiteLLM (MiniMax, DeepSeek, Qwen) put their reasoning in the reply's text
 * as `<think>…</think>` as well as in `reasoning_content`: it is thinking, said once.
 */
function apartFromThinking(said: string, event: Json): {words: string; thought: string[]} {
	const thought: string[] = [];
	const words = said.replace(/<think>([\s\S]*?)<\/think>/gu, (_, inner: string) => {
		if (inner.trim() && !text(event.reasoning_content)) thought.push(inner.trim());
		return '';
	});
	return {words: words.trim(), thought};
}

function thinking(event: Json): Block[] {
	const parts = [text(event.reasoning_content), ...(Array.isArray(event.thinking_blocks) ? event.thinking_blocks.map((block) => (isObject(block) ? text(block.thinking) : undefined)) : [])];
	return parts.filter((part): part is string => Boolean(part)).map((part) => ({role: 'thinking', kind: 'thinking', text: part}));
}

class SdkEvents {
	readonly conversation = new ConversationBuilder('openhands');
	readonly edited = new Set<string>();
	commits = 0;
	/** The newest `stats` the conversation's state updates carried (what base_state.json keeps too). */
	stats: Json | undefined;
	private readonly commands = new Map<string, string>();

	event(event: Json): void {
		this.conversation.time(naiveUtc(event.timestamp));
		switch (event.kind) {
			case 'MessageEvent':
				this.message(event);
				return;
			case 'ActionEvent':
				this.action(event);
				return;
			case 'ObservationEvent':
				this.observation(event);
				return;
			case 'AgentErrorEvent':
				this.conversation.toolResults([{role: 'tool', kind: 'tool', text: toolOutputText(String(event.error ?? 'error'), true)}]);
				return;
			case 'UserRejectObservation':
				this.conversation.toolResults([{role: 'tool', kind: 'tool', text: toolOutputText(`rejected: ${String(event.rejection_reason ?? '')}`.trim(), true)}]);
				return;
			case 'Condensation':
			case 'CondensationSummaryEvent': {
				const summary = text(event.summary);
				if (summary) this.conversation.system([{role: 'system', kind: 'prose', text: `[summary of the conversation so far]\n${summary}`}]);
				else this.conversation.skipped++;
				return;
			}
			case 'ConversationStateUpdateEvent':
				if (event.key === 'stats' && isObject(event.value)) this.stats = event.value;
				this.conversation.skipped++;
				return;
			case 'ConversationErrorEvent':
				this.conversation.system([{role: 'system', kind: 'prose', text: `[error] ${String(event.detail ?? event.code ?? '')}`.trim()}]);
				return;
			default:
				this.conversation.skipped++;
		}
	}

	private message(event: Json): void {
		const message = isObject(event.llm_message) ? event.llm_message : {};
		const {words, images} = contentText(message.content);
		const blocks = [...(words ? [words] : []), ...(images > 0 ? ['[image]'] : [])];
		if (event.source === 'user') this.conversation.prompt(blocks.map((value) => ({role: 'user', kind: 'prose', text: value})));
		else this.conversation.answer([...thinking(message), ...blocks.map((value) => ({role: 'assistant', kind: 'prose' as const, text: value}))]);
	}

	private action(event: Json): void {
		const name = text(event.tool_name) ?? 'tool';
		const call = isObject(event.tool_call) ? event.tool_call : {};
		const action = isObject(event.action) ? event.action : typeof call.arguments === 'string' ? (jsonObjectText(call.arguments) ?? {}) : {};
		const input = Object.fromEntries(Object.entries(action).filter(([key, value]) => key !== 'kind' && value !== null && value !== '' && value !== false));
		if (input.command !== 'view') for (const file of filesEditedBy(name, input)) this.edited.add(file);
		const id = text(event.tool_call_id) ?? text(call.id);
		if (id && /terminal|bash|shell/iu.test(name) && typeof input.command === 'string') this.commands.set(id, input.command);
		const {words, thought} = apartFromThinking(contentText(event.thought).words, event);
		this.conversation.answer([...thinking(event), ...thought.map((part) => ({role: 'thinking', kind: 'thinking' as const, text: part})), ...(words ? [{role: 'assistant', kind: 'prose' as const, text: words}] : []), {role: 'tool_call', kind: 'tool', text: toolCallText(name, input)}]);
	}

	private observation(event: Json): void {
		const observation = isObject(event.observation) ? event.observation : {};
		const {words} = contentText(observation.content);
		const exit = count(observation.exit_code);
		const failed = observation.is_error === true || (exit !== undefined && exit > 0);
		const command = this.commands.get(String(event.tool_call_id ?? ''));
		if (command !== undefined) this.commits += commitsMade(command, words, failed);
		this.conversation.toolResults([{role: 'tool', kind: 'tool', text: toolOutputText(words, failed)}]);
	}
}

/** A conversation's events in the order they were written (`event-00000-…`, `event-00001-…`). */
function eventFiles(folder: string): string[] {
	try {
		return readdirSync(folder)
			.filter((name) => /^event-\d{5,}-[0-9a-fA-F-]{8,}\.json$/u.test(name))
			.sort((a, b) => Number.parseInt(a.slice(6), 10) - Number.parseInt(b.slice(6), 10))
			.map((name) => path.join(folder, name));
	} catch {
		return [];
	}
}

/** A conversation of the 1.x CLI, read from its `base_state.json` and the events beside it. */
export function readOpenHandsSdkConversation(file: string, state: Json, problems: SourceProblem[]): ParsedSource {
	const events = new SdkEvents();
	let unreadable = 0;
	for (const eventFile of eventFiles(path.join(path.dirname(file), 'events'))) {
		try {
			const event: unknown = JSON.parse(readFileSync(eventFile, 'utf8'));
			if (isObject(event)) events.event(event);
			else unreadable++;
		} catch {
			unreadable++;
		}
	}
	if (unreadable > 0) problems.push({reason: `${unreadable} of its event files could not be read as JSON`});
	const {conversation} = events;
	const agent = isObject(state.agent) ? state.agent : {};
	conversation.model(isObject(agent.llm) ? agent.llm.model : undefined);
	conversation.project(isObject(state.workspace) ? state.workspace.working_dir : undefined);
	let tokens: ReturnType<typeof tokenCounts>;
	let cost = 0;
	const metricsOf = (stats: unknown) => (isObject(stats) && isObject(stats.usage_to_metrics) ? Object.values(stats.usage_to_metrics).filter(isObject) : []);
	const saved = metricsOf(state.stats);
	const usage = saved.length > 0 ? saved : metricsOf(events.stats);
	for (const metrics of usage) {
		cost += count(metrics.accumulated_cost) ?? 0;
		const used = isObject(metrics.accumulated_token_usage) ? metrics.accumulated_token_usage : {};
		tokens = addTokens(tokens, tokenCounts({input: used.prompt_tokens, output: used.completion_tokens, cache_read: used.cache_read_tokens, cache_write: used.cache_write_tokens}));
	}
	return withSessionFacts(conversation.finish(), {sessionId: text(state.id) ?? path.basename(path.dirname(file)), tokens, filesEdited: events.edited, commits: events.commits, costUsd: cost});
}
