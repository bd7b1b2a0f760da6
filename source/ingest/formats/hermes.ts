import path from 'node:path';
import type {Block, ParsedSource, SourceProblem} from '../model.js';
import {ConversationBuilder} from './conversation.js';
import {factDate} from './dates.js';
import {parseJsonObjectLine} from './json-line.js';
import {isObject, text, type Json} from './json-values.js';
import {commitsMade, filesEditedBy, shellCommand, withSessionFacts} from './session-facts.js';
import {toolCallText, toolOutputText, toolResultText} from './tool-text.js';

/**
 * A Hermes Agent session (Nous Research; `~/.hermes/sessions/`, `$HERMES_HOME` replacing
 * `~/.hermes`). Hermes wrote two files per session before its SQLite `state.db` (which drill does
 * not read yet): the transcript `<session id>.jsonl`, a `{role: "session_meta", model, platform,
 * tools, timestamp}` line then one OpenAI-style message per line (`{role, content, reasoning,
 * tool_calls: [{id, function: {name, arguments}}], tool_call_id, finish_reason, timestamp}`), and
 * the log `session_<session id>.json`, `{session_id, model, platform, session_start,
 * last_updated, system_prompt, tools, message_count, messages}`. The shape is taken from real
 * sessions (juliuss1907/knowledge-base, fixtures/agents/hermes/README.md) and hermes-agent's
 * hermes_state.py (the session id `YYYYMMDD_HHMMSS_<hex>`, the platform that carried it: cli,
 * telegram, discord, …). Both files hold one session: its item is the same.
 */

/** A Hermes session id, `20260420_171143_a52db2ed`. */
const sessionIdPattern = /^\d{8}_\d{6}_[\da-f]{4,}$/u;

export function isHermesMeta(value: unknown): boolean {
	return isObject(value) && value.role === 'session_meta' && ('tools' in value || 'platform' in value || 'model' in value);
}

export function isHermesLog(value: unknown): boolean {
	return isObject(value) && typeof value.session_id === 'string' && Array.isArray(value.messages) && ('session_start' in value || 'system_prompt' in value || 'message_count' in value);
}

/** The session id a Hermes file is named by (`<id>.jsonl`, `session_<id>.json`) or holds. */
export function hermesSessionId(head: string, file: string): string | undefined {
	const stem = path.basename(file).replace(/\.jsonl?$/u, '').replace(/^session_/u, '');
	if (sessionIdPattern.test(stem)) return stem;
	return /^\s*\{\s*"session_id"\s*:\s*"([^"\\]{1,200})"/u.exec(head)?.[1];
}

class HermesMessages {
	readonly conversation = new ConversationBuilder('hermes');
	readonly edited = new Set<string>();
	private readonly commands = new Map<string, string>();
	commits = 0;

	message(message: Json): void {
		this.conversation.time(factDate(message.timestamp));
		const content = typeof message.content === 'string' ? message.content : toolResultText(message.content);
		switch (message.role) {
			case 'user':
				this.conversation.prompt(content.trim() ? [{role: 'user', kind: 'prose', text: content}] : []);
				return;
			case 'assistant': {
				const blocks: Block[] = [];
				if (text(message.reasoning)) blocks.push({role: 'thinking', kind: 'thinking', text: String(message.reasoning)});
				if (content.trim()) blocks.push({role: 'assistant', kind: 'prose', text: content});
				for (const call of Array.isArray(message.tool_calls) ? message.tool_calls.filter(isObject) : []) {
					const fn = isObject(call.function) ? call.function : {};
					const name = String(fn.name ?? 'tool');
					for (const file of filesEditedBy(name, fn.arguments)) this.edited.add(file);
					const command = shellCommand(fn.arguments);
					if (command && typeof call.id === 'string') this.commands.set(call.id, command);
					blocks.push({role: 'tool_call', kind: 'tool', text: toolCallText(name, fn.arguments)});
				}
				this.conversation.answer(blocks);
				return;
			}
			case 'tool': {
				const command = typeof message.tool_call_id === 'string' ? this.commands.get(message.tool_call_id) : undefined;
				if (command) this.commits += commitsMade(command, content, /"(?:success|ok)"\s*:\s*false|"exit_code"\s*:\s*[1-9]/u.test(content));
				this.conversation.toolResults([{role: 'tool', kind: 'tool', text: toolOutputText(content)}]);
				return;
			}
			case 'system':
				this.conversation.system(content.trim() ? [{role: 'system', kind: 'prose', text: content}] : []);
				return;
			default:
				this.conversation.skipped++;
		}
	}

	finish(sessionId: string | undefined, meta: Json): ParsedSource {
		this.conversation.model(meta.model);
		this.conversation.time(factDate(meta.session_start ?? meta.timestamp));
		this.conversation.time(factDate(meta.last_updated));
		return withSessionFacts(this.conversation.finish(), {sessionId, filesEdited: this.edited, commits: this.commits});
	}
}

/** The transcript, `<session id>.jsonl`. */
export class HermesTranscriptReader {
	private readonly messages = new HermesMessages();
	private meta: Json = {};

	constructor(
		private readonly problems: SourceProblem[],
		private readonly file: string,
	) {}

	push(line: string, number: number): void {
		const record = parseJsonObjectLine(line, number, this.problems);
		if (!record) return;
		if (record.role === 'session_meta') {
			this.meta = record;
			this.messages.conversation.skipped++;
		} else this.messages.message(record);
	}

	finish(): ParsedSource {
		return this.messages.finish(hermesSessionId('', this.file), this.meta);
	}
}

/** The log, `session_<session id>.json`. */
export function readHermesLog(file: string, value: unknown): ParsedSource | {reason: string} {
	if (!isHermesLog(value)) return {reason: 'is not a Hermes session log (a JSON object with session_id and messages)'};
	const log = value as Json;
	const messages = new HermesMessages();
	for (const message of log.messages as unknown[]) if (isObject(message)) messages.message(message);
	return messages.finish(text(log.session_id) ?? hermesSessionId('', file), log);
}

/** Either Hermes file, read whole: the log (one JSON document) or the transcript (JSON lines). */
export function readHermesFile(file: string, content: string, problems: SourceProblem[]): ParsedSource | {reason: string} {
	const first = content.trimStart().split('\n', 1)[0]!;
	let firstValue: unknown;
	try {
		firstValue = JSON.parse(first);
	} catch {
		firstValue = undefined;
	}
	if (firstValue === undefined || isHermesLog(firstValue)) {
		let value: unknown;
		try {
			value = JSON.parse(content);
		} catch (error) {
			return {reason: `is not valid JSON (${(error as Error).message})`};
		}
		return readHermesLog(file, value);
	}
	const reader = new HermesTranscriptReader(problems, file);
	content.split('\n').forEach((line, index) => {
		if (line.trim()) reader.push(line, index + 1);
	});
	return reader.finish();
}
