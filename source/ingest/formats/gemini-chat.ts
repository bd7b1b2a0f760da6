import path from 'node:path';
import type {Block, ParsedSource, SourceProblem} from '../model.js';
import {commitsMade, filesEditedBy, shellCommand, withSessionFacts} from './session-facts.js';
import {ConversationBuilder, withSessionId} from './conversation.js';
import {factDate} from './dates.js';
import {parseJsonLine} from './json-line.js';
import {toolCallText, toolOutputText, toolResultText} from './tool-text.js';
import type {MessageUsage} from '../../core/usage.js';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const parts = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined || value === null ? [] : [value]);

/** A function response's text: `response.output`, `response.error`, or the response as lines. */
function responseText(part: Json): {text: string; failed: boolean} {
	const response = isObject(part.response) ? part.response : {};
	if (typeof response.output === 'string') return {text: response.output, failed: false};
	if (typeof response.error === 'string') return {text: response.error, failed: true};
	return {text: toolResultText(response), failed: false};
}

/** The text of parts (`PartListUnion`): strings and text parts; thoughts apart. */
function partsText(value: unknown, thoughts: boolean): string {
	return parts(value)
		.map((part) => {
			if (typeof part === 'string') return thoughts ? '' : part;
			if (!isObject(part) || typeof part.text !== 'string') return isObject(part) && (part.inlineData || part.fileData) && !thoughts ? '[attachment]' : '';
			return (part.thought === true) === thoughts ? part.text : '';
		})
		.filter(Boolean)
		.join('\n');
}

/**
 * A Gemini CLI chat saved to disk: a session file (`~/.gemini/tmp/<project>/chats/session-*.json`,
 * one `ConversationRecord` with `messages`, or the newer `.jsonl` with a metadata line, message
 * records, `$set` updates and `$rewindTo` markers), or a `/chat save` checkpoint (an array of
 * `{role, parts}` contents, or `{history: […]}`). Messages are `user`, `gemini` (with thoughts and
 * tool calls and their results), `info`, `warning` and `error`.
 */
export class GeminiChatReader {
	private readonly conversation: ConversationBuilder;
	/** Message records by id, in order, so a rewind can drop what came after its target. */
	private readonly messages = new Map<string, Json>();
	private anonymous = 0;
	private readonly tokens = {input: 0, output: 0, cache_read: 0};
	private readonly usage: MessageUsage[] = [];
	private counted = false;
	private readonly edited = new Set<string>();
	private commits = 0;
	sessionId: string | undefined;
	private summary: string | undefined;

	/** The models that answered: Qwen Code's are not Gemini's. */
	private readonly models = new Set<string>();
	/** Whose context the chat opens with: each CLI names itself in it. */
	private namedBy: 'qwen-code' | 'gemini-cli' | undefined;

	constructor(
		private readonly problems: SourceProblem[],
		line?: number,
		/** The session file, whose folder (`~/.qwen` or `~/.gemini`) says whose it is. */
		private readonly file?: string,
	) {
		this.conversation = new ConversationBuilder('gemini-cli', line);
	}

	push(text: string, line: number): void {
		const parsed = parseJsonLine(text, line, this.problems);
		if (parsed) this.value(parsed.value, `line ${line}`, line);
	}

	/** One JSON value: a whole file, or one line of a `.jsonl` session. */
	value(value: unknown, where = 'the file', line?: number): void {
		if (Array.isArray(value)) {
			for (const content of value) this.content(content);
			return;
		}
		if (!isObject(value)) {
			this.problems.push({...(line ? {line} : {}), reason: `${where} is not a JSON object`});
			return;
		}
		if (Array.isArray(value.history)) {
			for (const content of value.history) this.content(content);
			return;
		}
		if (typeof value.$rewindTo === 'string') {
			this.rewind(value.$rewindTo);
			return;
		}
		if (isObject(value.$set)) {
			// A `$set` of `messages` is a checkpoint: the session's messages are those from then on.
			if (Array.isArray(value.$set.messages)) this.messages.clear();
			this.metadata(value.$set);
			return;
		}
		if (typeof value.sessionId === 'string' || Array.isArray(value.messages)) {
			this.metadata(value);
			return;
		}
		if (typeof value.type === 'string' && 'content' in value) {
			this.messages.set(typeof value.id === 'string' ? value.id : `#${this.anonymous++}`, value);
			return;
		}
		if (typeof value.role === 'string' && 'parts' in value) {
			this.content(value);
			return;
		}
		this.conversation.skipped++;
	}

	private metadata(record: Json): void {
		if (typeof record.sessionId === 'string') this.sessionId ??= record.sessionId;
		// The session browser's one-line summary of the chat: the agent's title for it.
		if (typeof record.summary === 'string' && record.summary.trim()) this.summary = record.summary;
		this.conversation.time(factDate(record.startTime));
		this.conversation.time(factDate(record.lastUpdated));
		if (Array.isArray(record.directories)) this.conversation.project(record.directories[0]);
		if (Array.isArray(record.messages)) for (const message of record.messages) this.value(message);
	}

	private rewind(id: string): void {
		let found = false;
		for (const key of [...this.messages.keys()]) {
			if (key === id) found = true;
			if (found) this.messages.delete(key);
		}
		if (!found) this.messages.clear();
	}

	/** A checkpoint's `{role: "user" | "model", parts}`. */
	private content(value: unknown): void {
		if (!isObject(value)) return;
		const blocks: Block[] = [];
		const results: Block[] = [];
		for (const part of parts(value.parts)) {
			if (typeof part === 'string') blocks.push({role: value.role === 'model' ? 'assistant' : 'user', kind: 'prose', text: part});
			else if (!isObject(part)) continue;
			else if (isObject(part.functionCall)) {
				const name = String(part.functionCall.name ?? 'tool');
				for (const file of filesEditedBy(name, part.functionCall.args)) this.edited.add(file);
				blocks.push({role: 'tool_call', kind: 'tool', text: toolCallText(name, part.functionCall.args)});
			}
			else if (isObject(part.functionResponse)) {
				const {text, failed} = responseText(part.functionResponse);
				results.push({role: 'tool', kind: 'tool', text: toolOutputText(text, failed)});
			} else if (typeof part.text === 'string') {
				const role = part.thought === true ? 'thinking' : value.role === 'model' ? 'assistant' : 'user';
				if (role === 'user') this.namedBy ??= selfNamed(part.text);
				blocks.push({role, kind: role === 'thinking' ? 'thinking' : 'prose', text: part.text});
			}
		}
		this.conversation.toolResults(results);
		if (value.role === 'model') this.conversation.answer(blocks);
		else {
			const prompt = blocks.filter((block) => block.role === 'user');
			this.conversation.prompt(prompt);
			this.conversation.answer(blocks.filter((block) => block.role !== 'user'));
		}
	}

	private message(record: Json): void {
		this.conversation.time(factDate(record.timestamp));
		const text = partsText(record.content, false);
		switch (record.type) {
			case 'user':
				this.namedBy ??= selfNamed(text);
				this.conversation.prompt([{role: 'user', kind: 'prose', text}]);
				return;
			case 'gemini':
			case 'qwen':
				this.answer(record, text);
				return;
			default:
				if (text.trim()) this.conversation.system([{role: 'system', kind: 'prose', text: `[${String(record.type)}] ${text}`}]);
				else this.conversation.skipped++;
		}
	}

	private answer(record: Json, text: string): void {
		this.conversation.model(record.model);
		if (typeof record.model === 'string') this.models.add(record.model);
		if (isObject(record.tokens)) {
			// Per message: input counts the cached part too (given apart here); thoughts are output.
			const n = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : 0);
			// `tool` is the prompt of built-in tools (toolUsePromptTokenCount): billed as input.
			const cached = n(record.tokens.cached);
			const used = {input: Math.max(0, n(record.tokens.input) - cached) + n(record.tokens.tool), output: n(record.tokens.output) + n(record.tokens.thoughts), cache_read: cached};
			this.tokens.input += used.input;
			this.tokens.output += used.output;
			this.tokens.cache_read += used.cache_read;
			this.counted = true;
			const at = factDate(record.timestamp);
			const model = typeof record.model === 'string' && record.model.trim() ? record.model.trim() : undefined;
			this.usage.push({...(at ? {at} : {}), ...(model ? {model} : {}), ...used});
		}
		const thinking: Block[] = [];
		for (const thought of parts(record.thoughts)) {
			if (!isObject(thought)) continue;
			const said = [thought.subject, thought.description].filter((part) => typeof part === 'string' && part.trim()).join(': ');
			if (said) thinking.push({role: 'thinking', kind: 'thinking', text: said});
		}
		const inline = partsText(record.content, true);
		if (inline) thinking.push({role: 'thinking', kind: 'thinking', text: inline});
		this.conversation.answer([...thinking, ...(text.trim() ? [{role: 'assistant', kind: 'prose' as const, text}] : [])]);
		for (const call of parts(record.toolCalls)) {
			if (!isObject(call)) continue;
			for (const file of filesEditedBy(String(call.name ?? ''), call.args)) this.edited.add(file);
			this.conversation.answer([{role: 'tool_call', kind: 'tool', text: toolCallText(String(call.name ?? 'tool'), call.args)}]);
			const responses = parts(call.result).filter(isObject).map((part) => (isObject(part.functionResponse) ? responseText(part.functionResponse) : {text: partsText(part, false), failed: false}));
			let output = responses.map((response) => response.text).filter(Boolean).join('\n');
			if (!output && typeof call.resultDisplay === 'string') output = call.resultDisplay;
			const failed = call.status === 'error' || responses.some((response) => response.failed);
			this.commits += commitsMade(shellCommand(call.args), output, failed);
			if (output || call.status) this.conversation.toolResults([{role: 'tool', kind: 'tool', text: toolOutputText(output || String(call.status), failed)}]);
		}
	}

	finish(): ParsedSource {
		for (const record of this.messages.values()) this.message(record);
		this.messages.clear();
		const parsed = withSessionFacts(withSessionId(this.conversation.finish(), this.sessionId), {agentTitle: this.summary, tokens: this.counted ? this.tokens : undefined, filesEdited: this.edited, commits: this.commits});
		if (this.usage.length > 0) parsed.usage = this.usage;
		if (this.byQwenCode()) parsed.facts.provenance = {...parsed.facts.provenance, agent: 'qwen-code'};
		return parsed;
	}

	/**
	 * Older Qwen Code (a fork of Gemini CLI) saved its sessions and `/chat save` checkpoints as
	 * Gemini CLI does, under `~/.qwen/tmp/<project>/`: told apart by the context the chat opens with
	 * ("This is the Qwen Code. We are setting up the context for our chat."; Gemini's says "This is
	 * the Gemini CLI."), so a copied checkpoint is still named right; else by that folder, else by
	 * the models that answered (Qwen's `qwen3-coder-plus`, its OAuth `coder-model`; never a Gemini model).
	 */
	private byQwenCode(): boolean {
		if (this.namedBy) return this.namedBy === 'qwen-code';
		const folders = this.file?.split(path.sep) ?? [];
		if (folders.includes('.qwen')) return true;
		if (folders.includes('.gemini')) return false;
		const models = [...this.models];
		return models.some((model) => /qwen|^coder-model$/iu.test(model)) && !models.some((model) => /gemini/iu.test(model));
	}
}

/** The CLI that names itself in the context it sends first (after any `<system-reminder>`-like element). */
function selfNamed(said: string): 'qwen-code' | 'gemini-cli' | undefined {
	const named = /^\s*(?:<[\w-]+>\s*)?This is the (Qwen Code|Gemini CLI)\. We are setting up the context for our chat\./u.exec(said)?.[1];
	if (named === 'Qwen Code') return 'qwen-code';
	return named ? 'gemini-cli' : undefined;
}

/** The session id of a saved session (its metadata's `sessionId`), for the item id. */
export function geminiChatSessionId(head: string): string | undefined {
	return /"sessionId"\s*:\s*"([^"\\]{1,200})"/u.exec(head.slice(0, 4096))?.[1];
}
