import path from 'node:path';
import type {Block, ParsedSource, SourceProblem} from '../model.js';
import {ConversationBuilder} from './conversation.js';
import {factDate} from './dates.js';
import {parseJsonObjectLine} from './json-line.js';
import {isObject, text, tokenCounts, type Json} from './json-values.js';
import {filesEditedBy, withSessionFacts, type SessionFacts} from './session-facts.js';
import {toolCallText, toolOutputText} from './tool-text.js';

/**
 * Goose's messages (block/goose, crates/goose/src/conversation/message.rs at 0513296, and
 * session/legacy.rs): `{id?, role: user|assistant, created (seconds), content: [MessageContent],
 * metadata: {userVisible, agentVisible}}`, each content `{type}`: text, image, toolRequest
 * (`toolCall: {status: success, value: {name, arguments}}` or `{status: error, error}`),
 * toolResponse (`toolResult` with MCP content, a list or `{content, isError}`),
 * toolConfirmationRequest, actionRequired, frontendToolRequest, thinking, redactedThinking,
 * systemNotification, and the older contextLengthExceeded / summarizationRequested /
 * conversationCompacted notices. Tool responses arrive in user-role messages: they are results,
 * not requests.
 */
export class GooseMessages {
	readonly conversation = new ConversationBuilder('goose');
	readonly edited = new Set<string>();

	message(message: Json): void {
		this.conversation.time(factDate(message.created));
		const content = Array.isArray(message.content) ? message.content : typeof message.content === 'string' ? [{type: 'text', text: message.content}] : [];
		const user = message.role === 'user';
		const hidden = isObject(message.metadata) && message.metadata.userVisible === false;
		const said: Block[] = [];
		const answer: Block[] = [];
		const results: Block[] = [];
		for (const part of content) {
			if (!isObject(part)) continue;
			switch (part.type) {
				case 'text':
					if (text(part.text)) (user ? said : answer).push({role: user ? 'user' : 'assistant', kind: 'prose', text: String(part.text)});
					break;
				case 'image':
					(user ? said : answer).push({role: user ? 'user' : 'assistant', kind: 'prose', text: '[image]'});
					break;
				case 'thinking':
					if (text(part.thinking)) answer.push({role: 'thinking', kind: 'thinking', text: String(part.thinking)});
					break;
				case 'toolRequest':
				case 'frontendToolRequest':
					answer.push(this.call(part.toolCall));
					break;
				case 'toolConfirmationRequest':
					answer.push({role: 'system', kind: 'prose', text: `[confirmation asked] ${String(part.toolName ?? 'tool')}${text(part.prompt) ? `: ${String(part.prompt)}` : ''}`});
					break;
				case 'toolResponse':
					results.push(resultBlock(part.toolResult));
					break;
				case 'systemNotification':
				case 'contextLengthExceeded':
				case 'summarizationRequested':
					if (text(part.msg)) this.conversation.system([{role: 'system', kind: 'prose', text: String(part.msg)}]);
					else this.conversation.skipped++;
					break;
				default:
					// Redacted thinking, confirmation actions, compaction markers: nothing to read.
					this.conversation.skipped++;
			}
		}
		this.conversation.toolResults(results);
		if (hidden) this.conversation.system([...said, ...answer].map((block) => ({...block, role: 'system'})));
		else if (user) {
			this.conversation.prompt(said);
			this.conversation.answer(answer);
		} else this.conversation.answer(answer);
	}

	private call(toolCall: unknown): Block {
		const call = isObject(toolCall) ? toolCall : {};
		const value = isObject(call.value) ? call.value : {};
		if (call.status === 'error') return {role: 'tool_call', kind: 'tool', text: toolCallText('tool', {error: call.error})};
		const name = String(value.name ?? 'tool');
		for (const file of filesEditedBy(name, value.arguments)) this.edited.add(file);
		return {role: 'tool_call', kind: 'tool', text: toolCallText(name, value.arguments)};
	}

	finish(facts: SessionFacts): ParsedSource {
		return withSessionFacts(this.conversation.finish(), {...facts, filesEdited: [...this.edited, ...(facts.filesEdited ?? [])]});
	}
}

/** MCP content items as text: text, resources' text, and a mark for images and blobs. */
function contentText(items: unknown): string {
	if (!Array.isArray(items)) return '';
	return items
		.map((item) => {
			if (!isObject(item)) return '';
			if (typeof item.text === 'string') return item.text;
			if (isObject(item.resource)) return typeof item.resource.text === 'string' ? item.resource.text : '[binary resource]';
			if (item.type === 'image') return '[image]';
			return '';
		})
		.filter(Boolean)
		.join('\n');
}

function resultBlock(toolResult: unknown): Block {
	const result = isObject(toolResult) ? toolResult : {};
	if (result.status === 'error') return {role: 'tool', kind: 'tool', text: toolOutputText(String(result.error ?? ''), true)};
	const value = result.value;
	const failed = isObject(value) && value.isError === true;
	const output = Array.isArray(value) ? contentText(value) : isObject(value) ? contentText(value.content) : '';
	return {role: 'tool', kind: 'tool', text: toolOutputText(output, failed)};
}

/** A session's tokens as Goose keeps them: the accumulated totals, else the last turn's. */
export function gooseTokens(record: Json): ReturnType<typeof tokenCounts> {
	const accumulated = tokenCounts({input: record.accumulated_input_tokens, output: record.accumulated_output_tokens});
	return accumulated ?? tokenCounts({input: record.input_tokens, output: record.output_tokens});
}

/**
 * A legacy Goose session file (`~/.local/share/goose/sessions/<id>.jsonl`, before the SQLite
 * store of Goose 1.10): a metadata first line (`working_dir`, `description` — the session's name —,
 * token counts, `message_count`), then one message per line.
 */
export class GooseSessionReader {
	private readonly messages = new GooseMessages();
	private facts: SessionFacts = {};

	constructor(
		private readonly problems: SourceProblem[],
		private readonly file?: string,
	) {}

	push(line: string, number: number): void {
		const record = parseJsonObjectLine(line, number, this.problems);
		if (!record) return;
		if (typeof record.working_dir === 'string' && !('role' in record)) {
			this.facts = {project: record.working_dir, agentTitle: text(record.description) ?? text(record.name), tokens: gooseTokens(record)};
			return;
		}
		if (record.role === 'user' || record.role === 'assistant') this.messages.message(record);
		else this.messages.conversation.skipped++;
	}

	finish(): ParsedSource {
		return this.messages.finish({...this.facts, ...(this.file ? {sessionId: path.basename(this.file, path.extname(this.file))} : {})});
	}
}
