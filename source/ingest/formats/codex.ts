import {reviewAsProse} from './codex-review.js';
import type {Block, ParsedSource, SourceProblem} from '../model.js';
import {ConversationBuilder, withSessionId} from './conversation.js';
import {commitsMade, filesEditedBy, shellCommand, withSessionFacts} from './session-facts.js';
import type {ItemSource} from '../../store/interchange.js';
import type {MessageUsage} from '../../core/usage.js';
import {factDate} from './dates.js';
import {parseJsonObjectLine} from './json-line.js';
import {MessageDedupe} from './message-dedupe.js';
import {codexThreadName} from './codex-thread-names.js';
import {jsonObjectText, toolCallText, toolOutputText, toolResultText} from './tool-text.js';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The rollout line types (`RolloutItem` in codex-rs/protocol): `{timestamp, type, payload}`. */
export const codexLineTypes = new Set(['session_meta', 'response_item', 'event_msg', 'turn_context', 'compacted']);
/** `ResponseItem` types, which older rollouts wrote as lines of their own. */
export const codexItemTypes = new Set(['message', 'reasoning', 'function_call', 'function_call_output', 'custom_tool_call', 'custom_tool_call_output', 'local_shell_call', 'web_search_call']);

/** Text of a message's content items (`input_text`, `output_text`, images). */
function contentText(content: unknown): string {
	if (typeof content === 'string') return content;
	if (!Array.isArray(content)) return '';
	return content
		.map((part) => {
			if (!isObject(part)) return '';
			if (typeof part.text === 'string') return part.text;
			if (part.type === 'input_image') return '[image]';
			return '';
		})
		.filter(Boolean)
		.join('\n');
}

/** The text of a reasoning item: its summary, then any reasoning text it carries in the clear. */
function reasoningText(payload: Json): string {
	const parts: string[] = [];
	for (const list of [payload.summary, payload.content]) {
		if (!Array.isArray(list)) continue;
		for (const part of list) if (isObject(part) && typeof part.text === 'string' && part.text.trim()) parts.push(part.text);
	}
	return parts.join('\n\n');
}

/**
 * A function call's output: plain text, content items, `{content, success}`, or the shell tool's
 * JSON text `{"output": …, "metadata": {"exit_code": …}}`.
 */
function outputBlock(output: unknown): Block {
	let text = '';
	let failed = false;
	if (typeof output === 'string') {
		const json = jsonObjectText(output);
		if (json && typeof json.output === 'string') {
			text = json.output;
			const exit = isObject(json.metadata) ? json.metadata.exit_code : undefined;
			if (typeof exit === 'number' && exit !== 0) text = `[exit code ${exit}]\n${text}`;
		} else text = output;
	} else if (isObject(output)) {
		text = typeof output.content === 'string' ? output.content : toolResultText(output.content ?? output);
		failed = output.success === false;
	} else text = toolResultText(output);
	return {role: 'tool', kind: 'tool', text: toolOutputText(text, failed)};
}

/** The editor's state the Codex IDE extension puts before the request, up to `## My request for Codex:`. */
const ideContext = /^\s*# Context from my IDE setup:[ \t]*\n[\s\S]*?^## My request for Codex:[ \t]*(?:\n|$)/mu;

/** A user message: the request, after the IDE's context (kept as context) when the extension sent it. */
function promptBlocks(text: string): Block[] {
	const context = ideContext.exec(text)?.[0];
	if (!context) return [{role: 'user', kind: 'prose', text}];
	const request = text.slice(context.length).trim();
	const state = context.replace(/^## My request for Codex:[ \t]*\n?$/mu, '').trim();
	return request ? [{role: 'system', kind: 'prose', text: state}, {role: 'user', kind: 'prose', text: request}] : [{role: 'system', kind: 'prose', text}];
}

/**
 * An OpenAI Codex CLI rollout (`~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl`): one
 * `{timestamp, type, payload}` per line. `session_meta` gives the session id, working directory
 * and start; `turn_context` the model; `response_item` the history (messages, reasoning, function,
 * custom and local-shell calls and their outputs, web searches); `compacted` the summary a
 * compaction left; `event_msg` mostly repeats the history for the UI, so only what it adds is
 * kept (errors, the thread's name, rollbacks). Older rollouts, whose lines were bare response
 * items, read too. 0.140+ adds `world_state` and `inter_agent_communication_metadata` lines,
 * `sub_agent_activity` and `thread_settings_applied` events, `tool_search_call` items (counted as
 * records of unused kinds), `agent_message` items (what a team's agents tell each other: context),
 * `thread_rolled_back` events (the turns dropped), and a `session_meta` again after a resume. The
 * thread's name is the one `session_index.jsonl` gives it (codex-thread-names.ts: the latest, and
 * since mid-2026 the only place Codex keeps it), else its last `thread_name_updated` event.
 */
export class CodexReader {
	private readonly conversation: ConversationBuilder;
	private readonly dedupe = new MessageDedupe<'item' | 'event'>();
	sessionId: string | undefined;
	version: unknown;
	/** The thread's name (`thread_name_updated`): the agent's title for the session. */
	private threadName: string | undefined;

	constructor(
		private readonly problems: SourceProblem[],
		line?: number,
		/** The rollout's file: its thread's name in the `session_index.jsonl` of the Codex home it is in. */
		private readonly file?: string,
	) {
		this.conversation = new ConversationBuilder('codex', line);
	}

	push(text: string, line: number): void {
		const record = parseJsonObjectLine(text, line, this.problems);
		if (!record) return;
		const time = factDate(record.timestamp);
		this.lastTime = time ?? this.lastTime;
		this.conversation.time(time);
		const type = record.type;
		if (typeof type === 'string' && codexLineTypes.has(type)) {
			if (!isObject(record.payload)) {
				this.problems.push({line, reason: `line ${line} is a ${type} line without a "payload" object`});
				return;
			}
			this.line(type, record.payload);
		} else if (typeof type === 'string' && codexItemTypes.has(type)) this.item(record);
		else if (type === undefined && typeof record.id === 'string' && typeof record.timestamp === 'string') this.meta(record);
		else this.conversation.skipped++;
	}

	private line(type: string, payload: Json): void {
		switch (type) {
			case 'session_meta':
				this.meta(payload);
				return;
			case 'turn_context':
				this.conversation.model(payload.model);
				this.conversation.project(payload.cwd);
				return;
			case 'compacted':
				if (typeof payload.message === 'string' && payload.message.trim()) this.conversation.system([{role: 'system', kind: 'prose', text: payload.message}]);
				return;
			case 'event_msg':
				this.event(payload);
				return;
			default:
				this.item(payload);
		}
	}

	private meta(payload: Json): void {
		// A fork's log goes on with its parent's `session_meta` and history, copied: only the first line is its own.
		const own = !this.sawMeta;
		this.sawMeta = true;
		if (own && typeof payload.forked_from_id === 'string') this.forkedFrom = payload.forked_from_id;
		if (typeof payload.id === 'string') this.sessionId ??= payload.id;
		if (own && payload.cli_version !== undefined) this.version = payload.cli_version;
		// A thread a Codex agent spawned (`source: {subagent: {thread_spawn: {parent_thread_id}}}`, codex-rs SessionSource::SubAgent) names its parent.
		const spawn = isObject(payload.source) && isObject(payload.source.subagent) && isObject(payload.source.subagent.thread_spawn) ? payload.source.subagent.thread_spawn : undefined;
		if (spawn && typeof spawn.parent_thread_id === 'string') this.parentSession ??= spawn.parent_thread_id;
		this.conversation.time(factDate(payload.timestamp));
		this.conversation.project(payload.cwd);
	}

	private event(payload: Json): void {
		const type = payload.type;
		const text = typeof payload.message === 'string' ? payload.message : typeof payload.text === 'string' ? payload.text : '';
		if (type === 'user_message' && text.trim()) this.once('event', 'user', text, () => this.conversation.prompt(promptBlocks(text)));
		else if (type === 'agent_message' && text.trim()) this.once('event', 'assistant', text, () => this.conversation.answer([{role: 'assistant', kind: 'prose', text: reviewAsProse(text)}]));
		else if ((type === 'agent_reasoning' || type === 'agent_reasoning_raw_content') && text.trim()) {
			this.once('event', 'thinking', text, () => this.conversation.answer([{role: 'thinking', kind: 'thinking', text}]));
		} else if (type === 'error' && text.trim()) {
			this.conversation.system([{role: 'system', kind: 'prose', text: `[error] ${text}`}]);
		} else if (type === 'token_count') {
			// Each event carries the session's running total: the last one is the session's.
			const info = isObject(payload.info) ? payload.info : undefined;
			if (info && isObject(info.total_token_usage)) {
				this.countUsage(info.total_token_usage);
				this.totalUsage = info.total_token_usage;
				if (this.forkedFrom) this.forkTokens.push({units: this.conversation.messageCount, tokens: codexTokens(this.totalUsage)!});
			}
			this.conversation.skipped++;
		} else if (type === 'thread_name_updated' && typeof payload.thread_name === 'string' && payload.thread_name.trim()) {
			this.threadName = payload.thread_name;
		} else if (type === 'thread_rolled_back' && typeof payload.num_turns === 'number') {
			// The person went back N turns (0.140+): the thread goes on without them, as Codex shows it.
			this.conversation.rollback(payload.num_turns);
		} else if (type === 'thread_settings_applied' && isObject(payload.thread_settings)) {
			this.conversation.model(payload.thread_settings.model);
			this.conversation.skipped++;
		} else this.conversation.skipped++;
	}

	private item(payload: Json): void {
		switch (payload.type) {
			case 'message': {
				const text = contentText(payload.content);
				if (!text.trim()) {
					this.conversation.skipped++;
					return;
				}
				if (payload.role === 'user') this.once('item', 'user', text, () => this.conversation.prompt(promptBlocks(text)));
				else if (payload.role === 'assistant') this.once('item', 'assistant', text, () => this.conversation.answer([{role: 'assistant', kind: 'prose', text: reviewAsProse(text)}]));
				else this.conversation.system([{role: 'system', kind: 'prose', text}]);
				return;
			}
			case 'reasoning': {
				const text = reasoningText(payload);
				if (text) this.once('item', 'thinking', text, () => this.conversation.answer([{role: 'thinking', kind: 'thinking', text}]));
				else this.conversation.skipped++;
				return;
			}
			case 'function_call':
			case 'custom_tool_call':
				this.call(String(payload.name ?? 'tool'), payload.type === 'function_call' ? payload.arguments : payload.input, payload.call_id);
				return;
			case 'local_shell_call': {
				const action = isObject(payload.action) ? payload.action : {};
				const {type: _type, ...rest} = action;
				this.call('shell', rest, payload.call_id);
				return;
			}
			case 'agent_message': {
				// A message between a multi-agent team's agents (0.14x): its readable part, as context.
				const said = contentText(payload.content).trim();
				if (said) this.conversation.system([{role: 'system', kind: 'prose', text: `[${String(payload.author ?? 'agent')} → ${String(payload.recipient ?? 'agent')}] ${said}`}]);
				else this.conversation.skipped++;
				return;
			}
			case 'web_search_call': {
				const action = isObject(payload.action) ? payload.action : {};
				const {type: _type, ...rest} = action;
				this.call('web_search', rest, undefined);
				return;
			}
			case 'function_call_output':
			case 'custom_tool_call_output': {
				const command = typeof payload.call_id === 'string' ? this.commands.get(payload.call_id) : undefined;
				if (command) this.commits += codexCommits(command, payload.output);
				this.conversation.toolResults([outputBlock(payload.output)]);
				return;
			}
			default:
				// Encrypted compaction items, ghost snapshots, tool searches (`tool_search_call`, 0.14x): nothing to read.
				this.conversation.skipped++;
		}
	}

	/** Adds a message the first time either channel gives it; the second copy is counted as skipped. */
	private once(channel: 'item' | 'event', kind: string, text: string, add: () => void): void {
		if (this.dedupe.seen(channel, kind, text)) this.conversation.skipped++;
		else add();
	}

	private totalUsage: Json | undefined;
	/** What each request used: the growth of the running total since the count before (a count repeated adds nothing). */
	private readonly usage: MessageUsage[] = [];
	private lastTime: string | undefined;

	private countUsage(total: Json): void {
		const now = codexTokens(total)!;
		const before = codexTokens(this.totalUsage) ?? {};
		const grown = {input: 0, output: 0, cache_read: 0};
		for (const key of ['input', 'output', 'cache_read'] as const) grown[key] = Math.max(0, (now[key] ?? 0) - (before[key] ?? 0));
		if (grown.input + grown.output + grown.cache_read === 0) return;
		const at = this.lastTime;
		const model = this.conversation.provenance.model;
		this.usage.push({...(at ? {at} : {}), ...(model ? {model} : {}), ...grown, ...(this.forkedFrom ? {units: this.conversation.messageCount} : {})});
	}
	private parentSession: string | undefined;
	private sawMeta = false;
	private forkedFrom: string | undefined;
	private readonly forkTokens: NonNullable<ParsedSource['forked']>['tokens'] = [];
	private readonly edited = new Set<string>();
	private readonly commands = new Map<string, string>();
	private commits = 0;

	private call(name: string, input: unknown, callId: unknown): void {
		for (const file of filesEditedBy(name, input)) this.edited.add(file);
		const command = shellCommand(input);
		// apply_patch run through the shell (`["apply_patch", "*** Begin Patch…"]`) edits too.
		if (command.includes('*** Begin Patch')) for (const file of filesEditedBy('apply_patch', command)) this.edited.add(file);
		if (command && typeof callId === 'string') this.commands.set(callId, command);
		this.conversation.answer([{role: 'tool_call', kind: 'tool', text: toolCallText(name, input)}]);
	}

	finish(): ParsedSource {
		const indexed = this.file && this.sessionId ? codexThreadName(this.file, this.sessionId) : undefined;
		const parsed = withSessionFacts(withSessionId(this.conversation.finish(), this.sessionId), {agentTitle: indexed ?? this.threadName, tokens: codexTokens(this.totalUsage), filesEdited: this.edited, commits: this.commits, parentSession: this.parentSession, agentVersion: this.version});
		if (this.forkedFrom) parsed.forked = {from: this.forkedFrom, tokens: this.forkTokens};
		if (this.usage.length > 0) parsed.usage = this.usage;
		return parsed;
	}
}

const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : 0);

/**
 * Codex's `total_token_usage`: its input counts the cached part too, which is given apart here
 * (input is what was not cached), as Claude's usage gives it; reasoning is part of the output.
 */
function codexTokens(usage: Json | undefined): ItemSource['tokens'] {
	if (!usage) return undefined;
	const cached = count(usage.cached_input_tokens);
	return {input: Math.max(0, count(usage.input_tokens) - cached), output: count(usage.output_tokens), cache_read: cached};
}

/** The commits a shell call's output shows: Codex wraps it as `{"output", "metadata": {"exit_code"}}` or `Exit code: N` text. */
function codexCommits(command: string, output: unknown): number {
	let text = typeof output === 'string' ? output : isObject(output) && typeof output.content === 'string' ? output.content : '';
	let failed = /^Exit code: [1-9]/mu.test(text);
	if (text.trimStart().startsWith('{')) {
		try {
			const parsed = JSON.parse(text) as Json;
			if (typeof parsed.output === 'string') text = parsed.output;
			const exit = isObject(parsed.metadata) ? parsed.metadata.exit_code : undefined;
			if (typeof exit === 'number') failed = exit !== 0;
		} catch {
			// Not the JSON wrapper: the text as it is.
		}
	}
	return commitsMade(command, text, failed);
}

/** The session id from the first line (`session_meta`, or an old rollout's first line), for the item id. */
export function codexSessionId(head: string): string | undefined {
	const first = head.slice(0, head.indexOf('\n') >= 0 ? head.indexOf('\n') : head.length);
	return /"(?:payload"\s*:\s*\{\s*")?id"\s*:\s*"([^"\\]{1,200})"/u.exec(first)?.[1];
}
