import path from 'node:path';
import type {Block, ParsedSource, SourceProblem} from '../model.js';
import {ConversationBuilder} from './conversation.js';
import {factDate} from './dates.js';
import {parseJsonObjectLine} from './json-line.js';
import {addTokens, isObject, text, tokenCounts, type Json} from './json-values.js';
import {kimiCustomTitle, kimiFallbackTitle, kimiSessionId, kimiWorkDir} from './kimi-session.js';
import {commitsMade, filesEditedBy, shellCommand, withSessionFacts} from './session-facts.js';
import {toolCallText, toolOutputText, toolResultText} from './tool-text.js';

/**
 * A Kimi CLI session's `wire.jsonl` (kimi-cli wire/types.py and wire/file.py at 4a550ef, and real
 * sessions of 1.17): a `{type: "metadata", protocol_version}` line (since January 2026), then one
 * `{timestamp (epoch seconds), message: {type, payload}}` per event: TurnBegin and SteerInput
 * (`user_input`: text or content parts), ContentPart (`text`, `think`, images), ToolCall
 * (`{id, function: {name, arguments}}`, its arguments streamed on in ToolCallPart
 * `arguments_part`), ToolResult (`{tool_call_id, return_value: {is_error, output, message}}`),
 * StatusUpdate (`token_usage: {input_other, input_cache_read, input_cache_creation, output}` per
 * step), StepInterrupted, CompactionBegin/End, QuestionRequest, PlanDisplay, BtwBegin/BtwEnd (a
 * side question and its answer), and SubagentEvent (`{parent_tool_call_id | task_tool_call_id,
 * agent_id, subagent_type, event}`: a subagent's own events, each read into its subagent). The
 * rest (StepBegin, TurnEnd, approvals, hooks, MCP loading, notifications) is bookkeeping. The
 * model is not in the log (the config's default names it).
 */

/** Whether a JSON line is a record of a Kimi wire file. */
export function isKimiWireRecord(value: unknown): boolean {
	if (!isObject(value)) return false;
	if (value.type === 'metadata' && typeof value.protocol_version === 'string') return true;
	return typeof value.timestamp === 'number' && isObject(value.message) && typeof value.message.type === 'string' && isObject(value.message.payload) && Object.keys(value).length <= 3;
}

interface Call {
	id: string;
	name: string;
	args: string;
}

/**
 * One conversation of the wire: the session's, or one subagent's. A step (StepBegin to the next)
 * is one answer and its tool results: the calls' arguments stream in after them, and results
 * come back between calls, so a step is put together only when it ends.
 */
class KimiThread {
	readonly conversation = new ConversationBuilder('kimi-cli');
	readonly edited = new Set<string>();
	private said: Block[] = [];
	private calls: Call[] = [];
	private results: Array<{id: string; output: string; failed: boolean}> = [];
	/** The call the next ToolCallPart belongs to (it may come after other calls' results). */
	private lastCall: Call | undefined;
	commits = 0;
	tokens: ReturnType<typeof tokenCounts>;
	firstRequest: string | undefined;

	/** The step so far: what the model said and the calls it made as one answer, then their results. */
	flush(): void {
		const blocks = this.said;
		const commands = new Map<string, string>();
		for (const call of this.calls) {
			let input: unknown = call.args;
			try {
				input = JSON.parse(call.args) as unknown;
			} catch {
				// Arguments cut short (an interrupted step): shown as the text they are.
			}
			for (const file of filesEditedBy(call.name, input)) this.edited.add(file);
			const command = shellCommand(input);
			if (command) commands.set(call.id, command);
			blocks.push({role: 'tool_call', kind: 'tool', text: toolCallText(call.name, input)});
		}
		this.conversation.answer(blocks);
		const results: Block[] = [];
		for (const result of this.results) {
			const command = commands.get(result.id);
			if (command) this.commits += commitsMade(command, result.output, result.failed);
			results.push({role: 'tool', kind: 'tool', text: toolOutputText(result.output, result.failed)});
		}
		this.conversation.toolResults(results);
		this.said = [];
		this.calls = [];
		this.results = [];
	}

	private request(input: unknown): void {
		this.flush();
		const words = typeof input === 'string' ? input : Array.isArray(input) ? input.map((part) => partText(part)).filter(Boolean).join('\n') : '';
		if (!words.trim()) return;
		this.firstRequest ??= words;
		this.conversation.prompt([{role: 'user', kind: 'prose', text: words}]);
	}

	event(type: string, payload: Json): void {
		switch (type) {
			case 'TurnBegin':
			case 'SteerInput':
				this.request(payload.user_input);
				return;
			case 'StepBegin':
			case 'TurnEnd':
				this.flush();
				this.conversation.skipped++;
				return;
			case 'ContentPart': {
				if (payload.type === 'think' && text(payload.think)) this.said.push({role: 'thinking', kind: 'thinking', text: String(payload.think)});
				else if (payload.type !== 'think' && partText(payload)) this.said.push({role: 'assistant', kind: 'prose', text: partText(payload)});
				return;
			}
			case 'ToolCall': {
				const fn = isObject(payload.function) ? payload.function : {};
				this.lastCall = {id: String(payload.id ?? ''), name: String(fn.name ?? 'tool'), args: typeof fn.arguments === 'string' ? fn.arguments : ''};
				this.calls.push(this.lastCall);
				return;
			}
			case 'ToolCallPart':
				if (this.lastCall && typeof payload.arguments_part === 'string') this.lastCall.args += payload.arguments_part;
				return;
			case 'ToolResult': {
				const value = isObject(payload.return_value) ? payload.return_value : {};
				const output = typeof value.output === 'string' ? value.output : toolResultText(value.output);
				this.results.push({id: String(payload.tool_call_id ?? ''), output: output.trim() ? output : (text(value.message) ?? ''), failed: value.is_error === true});
				return;
			}
			case 'StatusUpdate': {
				const usage = isObject(payload.token_usage) ? payload.token_usage : undefined;
				if (usage) this.tokens = addTokens(this.tokens, tokenCounts({input: usage.input_other, output: usage.output, cache_read: usage.input_cache_read, cache_write: usage.input_cache_creation}));
				this.conversation.skipped++;
				return;
			}
			case 'StepInterrupted':
				this.flush();
				this.conversation.system([{role: 'system', kind: 'prose', text: '[interrupted]'}]);
				return;
			case 'CompactionBegin':
				this.flush();
				this.conversation.system([{role: 'system', kind: 'prose', text: '[context compacted]'}]);
				return;
			case 'QuestionRequest': {
				const questions = Array.isArray(payload.questions) ? payload.questions.filter(isObject).map((question) => text(question.question)).filter(Boolean) : [];
				if (questions.length > 0) this.said.push({role: 'assistant', kind: 'prose', text: questions.join('\n')});
				return;
			}
			case 'PlanDisplay':
				if (text(payload.content)) this.said.push({role: 'assistant', kind: 'prose', text: String(payload.content)});
				return;
			case 'BtwBegin':
				this.request(payload.question);
				return;
			case 'BtwEnd':
				if (text(payload.response)) this.said.push({role: 'assistant', kind: 'prose', text: String(payload.response)});
				return;
			default:
				this.conversation.skipped++;
		}
	}

	finish(facts: {sessionId?: string; title?: string; project?: string}): ParsedSource {
		this.flush();
		this.conversation.project(facts.project);
		// Kimi's tools take paths relative to the work directory: named absolutely, a file is one name.
		const edited = [...this.edited].map((file) => (facts.project && !path.isAbsolute(file) ? path.join(facts.project, file) : file));
		return withSessionFacts(this.conversation.finish(), {sessionId: facts.sessionId, agentTitle: facts.title, tokens: this.tokens, filesEdited: edited, commits: this.commits});
	}
}

/** A content part's text: `text`, or a mark for an image, audio or video. */
function partText(part: unknown): string {
	if (typeof part === 'string') return part;
	if (!isObject(part)) return '';
	if (typeof part.text === 'string') return part.text;
	if (/^(?:image|audio|video)_url$/u.test(String(part.type))) return `[${String(part.type).replace('_url', '')}]`;
	return '';
}

export class KimiWireReader {
	private readonly main = new KimiThread();
	/** The subagents, by the tool call that started each (their events, mirrored in the session's wire). */
	private readonly subagents = new Map<string, KimiThread>();

	constructor(
		private readonly problems: SourceProblem[],
		private readonly file: string,
	) {}

	push(line: string, number: number): void {
		const record = parseJsonObjectLine(line, number, this.problems);
		if (!record) return;
		const message = isObject(record.message) ? record.message : undefined;
		if (!message || typeof message.type !== 'string') {
			this.main.conversation.skipped++;
			return;
		}
		const time = factDate(record.timestamp);
		const payload = isObject(message.payload) ? message.payload : {};
		if (message.type === 'SubagentEvent' && isObject(payload.event)) {
			const key = String(payload.parent_tool_call_id ?? payload.task_tool_call_id ?? payload.agent_id ?? '');
			let thread = this.subagents.get(key);
			if (!thread) this.subagents.set(key, (thread = new KimiThread()));
			thread.conversation.time(time);
			const event = payload.event;
			if (typeof event.type === 'string') thread.event(event.type, isObject(event.payload) ? event.payload : {});
			return;
		}
		this.main.conversation.time(time);
		this.main.event(message.type, payload);
	}

	finish(): ParsedSource {
		const project = kimiWorkDir(this.file, true);
		const custom = kimiCustomTitle(this.file);
		// A title Kimi only cut from the first request is none of its own (drill titles the session itself).
		const first = this.main.firstRequest;
		const title = custom && !(first && custom === kimiFallbackTitle(first)) ? custom : undefined;
		const parsed = this.main.finish({sessionId: kimiSessionId('', this.file), ...(title ? {title} : {}), ...(project ? {project} : {})});
		const subagents = [...this.subagents.values()].map((thread) => thread.finish(project ? {project} : {})).filter((sub) => !sub.root.units.every((unit) => unit.blocks.length === 0));
		if (subagents.length > 0) parsed.subagents = subagents;
		return parsed;
	}
}

/**
 * A session's context without a wire beside it (Kimi 0.x kept only this, `<session id>.jsonl`):
 * OpenAI-style messages `{role, content, tool_calls, tool_call_id}`, and Kimi's own records
 * `_system_prompt`, `_checkpoint` and `_usage` (the context's size, not what a step used).
 */
export class KimiContextReader {
	private readonly thread = new KimiThread();

	constructor(
		private readonly problems: SourceProblem[],
		private readonly file: string,
	) {}

	push(line: string, number: number): void {
		const record = parseJsonObjectLine(line, number, this.problems);
		if (!record) return;
		const conversation = this.thread.conversation;
		const content = record.content;
		switch (record.role) {
			case 'user':
				this.thread.event('TurnBegin', {user_input: content});
				return;
			case 'assistant':
				this.thread.flush();
				for (const part of Array.isArray(content) ? content : [{type: 'text', text: content}]) if (isObject(part)) this.thread.event('ContentPart', part);
				for (const call of Array.isArray(record.tool_calls) ? record.tool_calls.filter(isObject) : []) this.thread.event('ToolCall', call);
				return;
			case 'tool':
				this.thread.event('ToolResult', {tool_call_id: record.tool_call_id, return_value: {output: typeof content === 'string' ? content : toolResultText(content)}});
				return;
			case '_system_prompt':
			case 'system':
				if (text(content)) conversation.system([{role: 'system', kind: 'prose', text: String(content)}]);
				return;
			default:
				conversation.skipped++;
		}
	}

	finish(): ParsedSource {
		const inFolder = path.basename(this.file) !== `${kimiSessionId('', this.file)}.jsonl`;
		const project = kimiWorkDir(this.file, inFolder);
		return this.thread.finish({sessionId: kimiSessionId('', this.file), ...(project ? {project} : {})});
	}
}

/** Whether a JSON line is one of Kimi's own context records (`_checkpoint`, `_usage`, `_system_prompt`). */
export function isKimiContextRecord(value: unknown): boolean {
	if (!isObject(value)) return false;
	return (value.role === '_checkpoint' && typeof value.id === 'number') || (value.role === '_usage' && typeof value.token_count === 'number') || (value.role === '_system_prompt' && typeof value.content === 'string');
}
