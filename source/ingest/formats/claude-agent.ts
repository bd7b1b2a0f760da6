import type {Block, ParsedSource, SourceProblem} from '../model.js';
import {ConversationBuilder, withSessionId} from './conversation.js';
import {factDate} from './dates.js';
import {parseJsonLine} from './json-line.js';
import {toolCallText, toolOutputText, toolResultText} from './tool-text.js';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** An event type of a Claude managed-agent session: `{domain}.{action}`. */
export const agentEventType = /^(?:user|agent|session|span|system)\.[a-z_]+$/u;

/** The event itself: as it is, or unwrapped from a logging envelope `{role, kind, time, content, tool, raw: event}`. */
export function agentEvent(record: Json): {event: Json; envelope?: Json} | undefined {
	if (typeof record.type === 'string' && agentEventType.test(record.type)) return {event: record};
	if (isObject(record.raw) && typeof record.raw.type === 'string' && agentEventType.test(record.raw.type)) return {event: record.raw, envelope: record};
	return undefined;
}

function text(value: unknown): string {
	return typeof value === 'string' ? value : toolResultText(value);
}

/**
 * A Claude Agent SDK / managed-agent session as events, one JSON event per line: what the person
 * sent (`user.message`, `user.define_outcome` — the task and its rubric, `user.interrupt`, tool
 * confirmations and custom tool results), what the agent did (`agent.message`, `agent.thinking`,
 * `agent.tool_use` and its `agent.tool_result`, MCP and custom tools, messages between threads),
 * and status and timing (`session.status_*`, `session.error`, `span.*`), which are skipped unless
 * they say something (an error, the model).
 */
export class ClaudeAgentReader {
	private readonly conversation: ConversationBuilder;
	sessionId: string | undefined;

	constructor(
		private readonly problems: SourceProblem[],
		line?: number,
	) {
		this.conversation = new ConversationBuilder('claude-agent', line);
	}

	push(line: string, number: number): void {
		const parsed = parseJsonLine(line, number, this.problems);
		if (!parsed) return;
		const record = parsed.value;
		const found = isObject(record) ? agentEvent(record) : undefined;
		if (!found) {
			if (isObject(record)) this.conversation.skipped++;
			else this.problems.push({line: number, reason: `line ${number} is not a JSON object`});
			return;
		}
		const {event, envelope} = found;
		this.conversation.time(factDate(event.processed_at) ?? factDate(envelope?.time) ?? factDate(envelope?.timestamp));
		for (const holder of [event, envelope]) {
			if (!holder) continue;
			const session = holder.session_id ?? holder.sessionId;
			if (typeof session === 'string') this.sessionId ??= session;
			this.conversation.model(holder.model);
			this.conversation.project(holder.cwd);
		}
		this.event(String(event.type), event);
	}

	private event(type: string, event: Json): void {
		const say = (role: string, body: string) => this.conversation.system([{role, kind: 'prose', text: body}]);
		switch (type) {
			case 'user.message':
				this.conversation.prompt([{role: 'user', kind: 'prose', text: text(event.content)}]);
				return;
			case 'user.define_outcome': {
				const rubric = isObject(event.rubric) ? (typeof event.rubric.content === 'string' ? event.rubric.content : typeof event.rubric.file_id === 'string' ? `file ${event.rubric.file_id}` : '') : '';
				const body = [text(event.description), rubric ? `Rubric:\n${rubric}` : ''].filter(Boolean).join('\n\n');
				this.conversation.prompt([{role: 'user', kind: 'prose', text: body}]);
				return;
			}
			case 'user.interrupt':
				say('system', '[interrupted by the user]');
				return;
			case 'user.tool_confirmation':
				say('system', `[tool ${String(event.result ?? 'confirmation')}]${typeof event.deny_message === 'string' ? ` ${event.deny_message}` : ''}`);
				return;
			case 'user.custom_tool_result':
			case 'user.tool_result':
			case 'agent.tool_result':
			case 'agent.mcp_tool_result':
				this.conversation.toolResults([{role: 'tool', kind: 'tool', text: toolOutputText(text(event.content), event.is_error === true)}]);
				return;
			case 'agent.message':
				this.conversation.answer([{role: 'assistant', kind: 'prose', text: text(event.content)}]);
				return;
			case 'agent.thinking': {
				const thought = text(event.thinking ?? event.content);
				if (thought.trim()) this.conversation.answer([{role: 'thinking', kind: 'thinking', text: thought}]);
				else this.conversation.skipped++;
				return;
			}
			case 'agent.tool_use':
			case 'agent.mcp_tool_use':
			case 'agent.custom_tool_use': {
				const name = String(event.name ?? 'tool');
				const block: Block = {role: 'tool_call', kind: 'tool', text: toolCallText(typeof event.mcp_server_name === 'string' ? `${event.mcp_server_name}/${name}` : name, event.input)};
				this.conversation.answer([block]);
				return;
			}
			case 'agent.thread_message_sent':
			case 'agent.thread_message_received':
			case 'system.message': {
				const body = text(event.content ?? event.message);
				if (body.trim()) say('system', body);
				else this.conversation.skipped++;
				return;
			}
			case 'session.error': {
				const error = isObject(event.error) ? event.error : {};
				say('system', `[error] ${text(error.message ?? event.message ?? error.type ?? 'session error')}`);
				return;
			}
			case 'session.outcome_evaluated':
			case 'span.outcome_evaluation_end': {
				const body = [event.result, event.outcome, event.explanation, event.feedback].filter((part) => typeof part === 'string' && part.trim()).join('\n');
				if (body) say('system', `[outcome] ${body}`);
				else this.conversation.skipped++;
				return;
			}
			default:
				this.conversation.skipped++;
		}
	}

	finish(): ParsedSource {
		return withSessionId(this.conversation.finish(), this.sessionId);
	}
}

/** A session id the events carry (their envelope's or their own), for the item id. */
export function claudeAgentSessionId(head: string): string | undefined {
	return /"session_?[iI]d"\s*:\s*"([^"\\]{1,200})"/u.exec(head)?.[1];
}
