import type {Block, ParsedSource, SourceProblem} from '../model.js';
import {ConversationBuilder} from './conversation.js';
import {factDate} from './dates.js';
import {parseJsonLine} from './json-line.js';
import {toolCallText, toolOutputText} from './tool-text.js';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Message content: a string, or parts like {type: "text", text}. */
function contentText(content: unknown): string | undefined {
	if (typeof content === 'string') return content;
	if (Array.isArray(content)) {
		const parts = content.map((part) => {
			if (typeof part === 'string') return part;
			if (!isObject(part)) return '';
			if (typeof part.text === 'string') return part.text;
			if (isObject(part.text) && typeof part.text.value === 'string') return part.text.value;
			if (typeof part.type === 'string' && /image/u.test(part.type)) return '[image]';
			return '';
		});
		return parts.filter(Boolean).join('\n\n');
	}
	if (isObject(content) && typeof content.text === 'string') return content.text;
	return undefined;
}

const timeFields = ['timestamp', 'created_at', 'createdAt', 'time', 'ts', 'date'];

/**
 * Generic chat JSONL: one `{role, content}` message per line (content a string or text parts;
 * OpenAI-style `tool_calls` too). Roles: system, user, assistant, tool (function, developer).
 */
export class GenericChatReader {
	private readonly conversation = new ConversationBuilder();

	constructor(private readonly problems: SourceProblem[]) {}

	push(text: string, line: number): void {
		const parsed = parseJsonLine(text, line, this.problems);
		if (!parsed) return;
		const record = parsed.value;
		this.message(record, `line ${line}`, line);
	}

	/** One message object; `where` names it in a problem report. */
	message(record: unknown, where: string, line?: number): void {
		if (isObject(record) && isObject(record.message) && !('role' in record)) record = {...record.message, timestamp: record.timestamp ?? record.message.timestamp};
		if (!isObject(record)) {
			this.problems.push({...(line ? {line} : {}), reason: `${where} is not a JSON object`});
			return;
		}
		const role = typeof record.role === 'string' ? record.role.toLowerCase() : undefined;
		const content = contentText(record.content ?? record.text);
		const calls = Array.isArray(record.tool_calls) ? record.tool_calls : [];
		if (!role || (content === undefined && calls.length === 0)) {
			this.problems.push({...(line ? {line} : {}), reason: `${where} has no ${role ? '"content"' : '"role"'}: a message is {"role": "user|assistant|system|tool", "content": …}`});
			return;
		}
		for (const field of timeFields) {
			const date = factDate(record[field]);
			if (date) {
				this.conversation.time(date);
				break;
			}
		}
		this.conversation.model(record.model);
		const text = content ?? '';
		const blocks: Block[] = [];
		switch (role) {
			case 'user':
			case 'human':
				this.conversation.prompt([{role: 'user', kind: 'prose', text}]);
				return;
			case 'system':
			case 'developer':
				this.conversation.system([{role: 'system', kind: 'prose', text}]);
				return;
			case 'tool':
			case 'function':
			case 'ipython':
				this.conversation.toolResults([{role: 'tool', kind: 'tool', text: toolOutputText(text)}]);
				return;
			default:
				if (text.trim()) blocks.push({role: role === 'model' || role === 'ai' || role === 'bot' ? 'assistant' : role, kind: 'prose', text});
				for (const call of calls) {
					const fn = isObject(call) && isObject(call.function) ? call.function : undefined;
					if (fn) blocks.push({role: 'tool_call', kind: 'tool', text: toolCallText(String(fn.name ?? 'tool'), fn.arguments)});
				}
				this.conversation.answer(blocks);
		}
	}

	finish(): ParsedSource {
		return this.conversation.finish();
	}
}
