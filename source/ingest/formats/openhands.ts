import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import type {Block, ParsedSource, SourceProblem} from '../model.js';
import {ConversationBuilder} from './conversation.js';
import {factDate, naiveUtc} from './dates.js';
import {count, isObject, text, tokenCounts, type Json} from './json-values.js';
import {commitsMade, withSessionFacts} from './session-facts.js';
import {toolCallText, toolOutputText} from './tool-text.js';

/**
 * OpenHands conversations of its app and of its CLI before 1.0 (followed: OpenHands/OpenHands
 * d6fab19, openhands/storage/locations.py, openhands/events/serialization and the events of
 * real conversations): `~/.openhands/sessions/<id>/` holds `metadata.json` (`{conversation_id,
 * title, selected_repository, selected_branch, trigger, created_at, last_updated_at, llm_model,
 * accumulated_cost, prompt_tokens, completion_tokens, total_tokens}`), one file per event in
 * `events/<n>.json`, the same events again in batches in `event_cache/`, and pickled agent state.
 * An event is an action `{id, timestamp, source, message, action, args, tool_call_metadata?,
 * llm_metrics?}` (message, system, recall, run, run_ipython, read, edit, browse_interactive,
 * call_tool_mcp, think, finish, task_tracking, condensation, change_agent_state, …) or an
 * observation `{id, timestamp, source, message, observation, content, extras, cause}`. A
 * trajectory the app exports ("Download trajectory") is the same events as one JSON array.
 * Event times carry no zone: the server's clock, UTC in its container, and read as UTC.
 */

/** Arguments that say how OpenHands ran a tool, not what it was asked. */
const runArguments = new Set(['thought', 'security_risk', 'confirmation_state', 'impl_source', 'is_input', 'blocking', 'is_static', 'hidden', 'cwd', 'include_extra', 'kernel_init_code', 'return_axtree', 'browsergym_send_msg_to_user', 'start', 'end', 'view_range', 'insert_line', 'content', 'wait_for_response']);
/** Events of bookkeeping: the agent's state, what it recalled, the system prompt, an empty observation. */
const bookkeeping = new Set(['system', 'recall', 'change_agent_state', 'condensation_request', 'null', 'agent_state_changed', 'think']);

function callInput(args: Json): Json {
	return Object.fromEntries(Object.entries(args).filter(([key, value]) => !runArguments.has(key) && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0)));
}

export class OpenHandsEvents {
	readonly conversation = new ConversationBuilder('openhands');
	readonly edited = new Set<string>();
	commits = 0;
	tokens: ReturnType<typeof tokenCounts>;
	private readonly commands = new Map<number, string>();
	private readonly responses = new Set<string>();

	event(event: Json): void {
		this.conversation.time(naiveUtc(event.timestamp));
		if (typeof event.action === 'string') this.action(event, event.action);
		else if (typeof event.observation === 'string') this.observation(event, event.observation);
		else this.conversation.skipped++;
	}

	/** The text the model said with its tool calls: once per response, however many calls it made. */
	private said(event: Json, args: Json): Block[] {
		const meta = isObject(event.tool_call_metadata) ? event.tool_call_metadata : undefined;
		const response = meta && isObject(meta.model_response) ? meta.model_response : undefined;
		if (response) this.conversation.model(response.model);
		const id = response ? text(response.id) : undefined;
		if (id && this.responses.has(id)) return [];
		if (id) this.responses.add(id);
		const choice = response && Array.isArray(response.choices) && isObject(response.choices[0]) && isObject(response.choices[0].message) ? response.choices[0].message : undefined;
		const words = text(choice?.content) ?? text(args.thought);
		const reasoning = text(choice?.reasoning_content);
		return [...(reasoning ? [{role: 'thinking', kind: 'thinking' as const, text: reasoning}] : []), ...(words ? [{role: 'assistant', kind: 'prose' as const, text: words}] : [])];
	}

	private action(event: Json, action: string): void {
		const args = isObject(event.args) ? event.args : {};
		if (isObject(event.llm_metrics) && isObject(event.llm_metrics.accumulated_token_usage)) {
			const usage = event.llm_metrics.accumulated_token_usage;
			// A running total: the last one is the session's.
			this.tokens = tokenCounts({input: usage.prompt_tokens, output: usage.completion_tokens, cache_read: usage.cache_read_tokens, cache_write: usage.cache_write_tokens});
		}
		if (action === 'message') {
			const words = text(args.content) ?? text(event.message);
			const images = Array.isArray(args.image_urls) && args.image_urls.length > 0 ? ['[image]'] : [];
			const blocks = [...(words ? [words] : []), ...images];
			if (event.source === 'user') this.conversation.prompt(blocks.map((value) => ({role: 'user', kind: 'prose', text: value})));
			else this.conversation.answer([...this.said(event, {}).filter((block) => block.role === 'thinking'), ...blocks.map((value) => ({role: 'assistant', kind: 'prose' as const, text: value}))]);
			return;
		}
		if (action === 'finish') {
			const final = text(args.final_thought) ?? text(args.thought) ?? text(event.message);
			this.conversation.answer([...this.said(event, {}).filter((block) => block.role === 'thinking'), ...(final ? [{role: 'assistant', kind: 'prose' as const, text: final}] : [])]);
			return;
		}
		if (action === 'think') {
			const thought = text(args.thought);
			if (thought) this.conversation.answer([{role: 'thinking', kind: 'thinking', text: thought}]);
			return;
		}
		if (action === 'condensation') {
			const summary = text(args.summary);
			if (summary) this.conversation.system([{role: 'system', kind: 'prose', text: `[summary of the conversation so far]\n${summary}`}]);
			else this.conversation.skipped++;
			return;
		}
		if (bookkeeping.has(action) || event.source === 'environment') {
			this.conversation.skipped++;
			return;
		}
		const meta = isObject(event.tool_call_metadata) ? event.tool_call_metadata : {};
		const name = text(meta.function_name) ?? action;
		const input = callInput(args);
		if (action === 'edit' && text(args.path) && args.command !== 'view') this.edited.add(String(args.path));
		if (action === 'run' && typeof args.command === 'string' && typeof event.id === 'number') this.commands.set(event.id, args.command);
		this.conversation.answer([...this.said(event, args), {role: 'tool_call', kind: 'tool', text: toolCallText(name, input)}]);
	}

	private observation(event: Json, observation: string): void {
		if (bookkeeping.has(observation)) {
			this.conversation.skipped++;
			return;
		}
		const extras = isObject(event.extras) ? event.extras : {};
		const output = typeof event.content === 'string' ? event.content : (text(event.message) ?? '');
		const metadata = isObject(extras.metadata) ? extras.metadata : {};
		const exit = count(metadata.exit_code);
		let failed = observation === 'error' || observation === 'user_rejected' || event.success === false || extras.error === true || (exit !== undefined && exit > 0);
		if (observation === 'mcp' && /"isError"\s*:\s*true/u.test(output)) failed = true;
		const command = typeof event.cause === 'number' ? this.commands.get(event.cause) : undefined;
		if (observation === 'run' && command !== undefined) this.commits += commitsMade(command, output, failed);
		const diff = observation === 'edit' ? text(extras.diff) : undefined;
		this.conversation.toolResults([{role: 'tool', kind: 'tool', text: toolOutputText(diff ?? output, failed)}]);
	}
}

/** Conversations the app names itself before it has a title: "Conversation 7e71d". */
const placeholderTitle = /^Conversation [0-9a-f]{5}$/u;

function finish(events: OpenHandsEvents, metadata: Json): ParsedSource {
	const {conversation} = events;
	conversation.time(factDate(metadata.created_at));
	conversation.project(metadata.selected_repository);
	conversation.model(metadata.llm_model);
	const recorded = tokenCounts({input: metadata.prompt_tokens, output: metadata.completion_tokens});
	const title = text(metadata.title);
	return withSessionFacts(conversation.finish(), {
		sessionId: text(metadata.conversation_id),
		agentTitle: title && !placeholderTitle.test(title) ? title : undefined,
		tokens: recorded ?? events.tokens,
		filesEdited: events.edited,
		commits: events.commits,
		costUsd: count(metadata.accumulated_cost),
	});
}

/** The events of a conversation folder, in order (`events/0.json`, `events/1.json`, …). */
function eventFiles(folder: string): string[] {
	try {
		return readdirSync(folder)
			.filter((name) => /^\d+\.json$/u.test(name))
			.sort((a, b) => Number.parseInt(a, 10) - Number.parseInt(b, 10))
			.map((name) => path.join(folder, name));
	} catch {
		return [];
	}
}

/** A conversation read from its `metadata.json`: its events are the files of `events/` beside it. */
export function readOpenHandsConversation(file: string, metadata: Json, problems: SourceProblem[]): ParsedSource {
	const events = new OpenHandsEvents();
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
	return finish(events, metadata);
}

/** A trajectory the app exported: its events as one array, with no metadata of their own. */
export function readOpenHandsTrajectory(value: unknown[]): ParsedSource {
	const events = new OpenHandsEvents();
	for (const event of value) {
		if (isObject(event)) events.event(event);
		else events.conversation.skipped++;
	}
	return finish(events, {});
}

/** The conversation id of a `metadata.json` (its first key), for the item id. */
export function openHandsConversationId(head: string, file: string): string | undefined {
	const id = /^\s*\{\s*"conversation_id"\s*:\s*"([^"\\]{1,200})"/u.exec(head)?.[1];
	if (id) return id;
	// A base_state.json of the 1.x CLI: its conversation folder is named by its id.
	return /^\s*\{\s*"id"\s*:\s*"([^"\\]{1,200})"/u.exec(head)?.[1] ?? (path.basename(file) === 'base_state.json' ? path.basename(path.dirname(file)) : undefined);
}
