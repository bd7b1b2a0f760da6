import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import type {ItemSource} from '../../store/interchange.js';
import type {Block, ParsedSource, SourceProblem} from '../model.js';
import {ConversationBuilder} from './conversation.js';
import {factDate} from './dates.js';
import {parseJsonObjectLine} from './json-line.js';
import {count, isObject, parsedJson, text, type Json} from './json-values.js';
import {commitsMade, filesEditedBy, shellCommand, withSessionFacts} from './session-facts.js';
import {toolCallText, toolOutputText, toolResultText} from './tool-text.js';

/**
 * A Grok Build session (xAI's coding CLI, `grok`): a folder per session,
 * `~/.grok/sessions/<working directory, URL-encoded>/<session id>/` (`$GROK_HOME` replaces
 * `~/.grok`; docs.x.ai/build/features/sessions, read 2026-12-06). Grok Build is closed source
 * and its docs describe no file format; the shape is taken from readers of real sessions
 * (getagentseal/codeburn src/providers/grok.ts and docs/providers/grok.md at ed8fa3a; the txcript
 * crate's harness::grok docs). `updates.jsonl` is what `grok --resume` replays: one Agent Client
 * Protocol notification per line, `{timestamp, method: "session/update" | "_x.ai/session/update",
 * params: {sessionId, update: {sessionUpdate, …}, _meta: {promptId, totalTokens, modelId}}}`, the
 * updates user_message_chunk, agent_message_chunk and agent_thought_chunk (`content` blocks),
 * tool_call and tool_call_update (`toolCallId, title, kind, status, rawInput, rawOutput,
 * content`), plan, and Grok's turn_completed (`prompt_id, usage: {inputTokens (cache reads
 * included), outputTokens, cachedReadTokens, cacheCreationTokens, reasoningTokens}`).
 * `summary.json` beside it holds `{info: {id, cwd}, created_at, updated_at, current_model_id,
 * generated_title, session_summary}`; `chat_history.jsonl` (what the model is sent),
 * `signals.json` and the rest are read with it.
 */

const acpMethods = new Set(['session/update', '_x.ai/session/update']);

/** Whether a JSON line is an Agent Client Protocol session update (the lines of Grok's updates.jsonl). */
export function isAcpUpdate(value: unknown): boolean {
	return isObject(value) && typeof value.method === 'string' && acpMethods.has(value.method) && isObject(value.params) && isObject(value.params.update) && typeof value.params.update.sessionUpdate === 'string';
}

/** Grok's own marks on an update (its `_x.ai/` method, a Grok model): the file is Grok's, whatever its name. */
export function isGrokUpdate(value: unknown): boolean {
	if (!isAcpUpdate(value)) return false;
	const {method, params} = value as {method: string; params: Json};
	const meta = isObject(params._meta) ? params._meta : {};
	return method.startsWith('_x.ai/') || (typeof meta.modelId === 'string' && /^grok/u.test(meta.modelId));
}

/** The session id: the folder's name (the summary's `info.id` is the same). */
export function grokSessionId(_head: string, file: string): string | undefined {
	return path.basename(path.dirname(file));
}

function summaryOf(file: string): Json {
	try {
		const value = parsedJson(readFileSync(path.join(path.dirname(file), 'summary.json'), 'utf8'));
		return isObject(value) ? value : {};
	} catch {
		return {};
	}
}

/** An ACP content block (or a tool call's content item) as text. */
function contentText(content: unknown): string {
	if (Array.isArray(content)) return content.map(contentText).filter(Boolean).join('\n');
	if (!isObject(content)) return typeof content === 'string' ? content : '';
	if (content.type === 'content') return contentText(content.content);
	if (content.type === 'text' && typeof content.text === 'string') return content.text;
	if (content.type === 'image') return '[image]';
	if (content.type === 'resource_link' || content.type === 'resource') return `[${String(content.uri ?? (isObject(content.resource) ? content.resource.uri : '') ?? 'resource')}]`;
	if (content.type === 'diff' && typeof content.path === 'string') return `[diff] ${content.path}`;
	return '';
}

interface ToolCall {
	name: string;
	input: unknown;
	output: string;
	failed: boolean;
	edits: string[];
}

export class GrokBuildReader {
	private readonly conversation = new ConversationBuilder('grok-build');
	private readonly edited = new Set<string>();
	private commits = 0;
	/** What is being streamed: the person's words, the answer or the reasoning, joined chunk by chunk. */
	private streaming: {role: 'user' | 'assistant' | 'thinking'; text: string} | undefined;
	private answer: Block[] = [];
	/** The tool calls of the current answer, by id, in order: their updates arrive until they end. */
	private calls = new Map<string, ToolCall>();
	private readonly usage = new Map<string, Json>();
	private model: string | undefined;

	constructor(
		private readonly problems: SourceProblem[],
		private readonly file: string,
	) {}

	push(line: string, number: number): void {
		const record = parseJsonObjectLine(line, number, this.problems);
		if (!record) return;
		if (!isAcpUpdate(record)) {
			this.conversation.skipped++;
			return;
		}
		this.conversation.time(factDate(record.timestamp));
		const params = record.params as Json;
		const update = params.update as Json;
		const meta = isObject(params._meta) ? params._meta : {};
		if (typeof meta.modelId === 'string') this.model = meta.modelId;
		switch (update.sessionUpdate) {
			case 'user_message_chunk':
				this.stream('user', contentText(update.content));
				return;
			case 'agent_message_chunk':
				this.stream('assistant', contentText(update.content));
				return;
			case 'agent_thought_chunk':
				this.stream('thinking', contentText(update.content));
				return;
			case 'tool_call':
			case 'tool_call_update':
				this.tool(update);
				return;
			case 'plan': {
				const entries = Array.isArray(update.entries) ? update.entries.filter(isObject).map((entry) => `- [${String(entry.status ?? 'pending')}] ${String(entry.content ?? '')}`) : [];
				this.endStream();
				if (entries.length > 0) this.answer.push({role: 'assistant', kind: 'prose', text: `Plan:\n${entries.join('\n')}`});
				return;
			}
			case 'turn_completed': {
				const id = String(update.prompt_id ?? `line ${number}`);
				if (isObject(update.usage)) this.usage.set(id, update.usage);
				this.flush();
				this.conversation.skipped++;
				return;
			}
			default:
				// available_commands_update, current_mode_update, session_info_update, …
				this.conversation.skipped++;
		}
	}

	private stream(role: 'user' | 'assistant' | 'thinking', chunk: string): void {
		if (this.streaming?.role !== role) {
			this.endStream();
			// The person speaks: the answer before it is over.
			if (role === 'user') this.flush();
			this.streaming = {role, text: ''};
		}
		this.streaming.text += chunk;
	}

	private endStream(): void {
		const done = this.streaming;
		this.streaming = undefined;
		if (!done || !done.text.trim()) return;
		if (done.role === 'user') this.conversation.prompt([{role: 'user', kind: 'prose', text: done.text}]);
		else if (done.role === 'thinking') this.answer.push({role: 'thinking', kind: 'thinking', text: done.text});
		else this.answer.push({role: 'assistant', kind: 'prose', text: done.text});
	}

	private tool(update: Json): void {
		this.endStream();
		const id = String(update.toolCallId ?? '');
		let call = this.calls.get(id);
		if (!call) {
			call = {name: 'tool', input: undefined, output: '', failed: false, edits: []};
			this.calls.set(id, call);
		}
		if (text(update.title)) call.name = String(update.title);
		if (update.rawInput !== undefined) call.input = update.rawInput;
		if (update.status === 'failed') call.failed = true;
		const output = update.rawOutput !== undefined ? (typeof update.rawOutput === 'string' ? update.rawOutput : toolResultText(update.rawOutput)) : contentText(update.content);
		if (output.trim()) call.output = output;
		for (const item of Array.isArray(update.content) ? update.content.filter(isObject) : []) if (item.type === 'diff' && typeof item.path === 'string') call.edits.push(item.path);
	}

	/** The answer so far and its tool calls, then their results. */
	private flush(): void {
		this.endStream();
		const blocks = this.answer;
		const results: Block[] = [];
		for (const call of this.calls.values()) {
			const kind = call.name;
			for (const file of [...call.edits, ...filesEditedBy(kind, call.input)]) this.edited.add(file);
			const command = shellCommand(call.input);
			if (command) this.commits += commitsMade(command, call.output, call.failed);
			blocks.push({role: 'tool_call', kind: 'tool', text: toolCallText(kind, call.input)});
			if (call.output.trim() || call.failed) results.push({role: 'tool', kind: 'tool', text: toolOutputText(call.output, call.failed)});
		}
		this.conversation.answer(blocks);
		this.conversation.toolResults(results);
		this.answer = [];
		this.calls = new Map();
	}

	finish(): ParsedSource {
		this.flush();
		const summary = summaryOf(this.file);
		const info = isObject(summary.info) ? summary.info : {};
		const folder = path.basename(path.dirname(path.dirname(this.file)));
		let cwd = text(info.cwd);
		try {
			cwd ??= folder.includes('%') ? decodeURIComponent(folder) : undefined;
		} catch {
			// Not URL-encoded after all.
		}
		this.conversation.project(cwd);
		this.conversation.time(factDate(summary.created_at));
		this.conversation.model(this.model);
		this.conversation.model(summary.current_model_id);
		return withSessionFacts(this.conversation.finish(), {
			sessionId: text(info.id) ?? grokSessionId('', this.file),
			agentTitle: text(summary.title) ?? text(summary.generated_title),
			tokens: this.tokens(),
			filesEdited: this.edited,
			commits: this.commits,
		});
	}

	/** The turns' recorded usage: input counts cache reads and writes, which drill keeps apart. */
	private tokens(): ItemSource['tokens'] {
		if (this.usage.size === 0) return undefined;
		const total = {input: 0, output: 0, cache_read: 0, cache_write: 0};
		for (const usage of this.usage.values()) {
			const read = count(usage.cachedReadTokens) ?? 0;
			const write = count(usage.cacheCreationTokens) ?? 0;
			total.input += Math.max(0, (count(usage.inputTokens) ?? 0) - read - write);
			total.output += count(usage.outputTokens) ?? 0;
			total.cache_read += read;
			total.cache_write += write;
		}
		return total;
	}
}

const isSessionFolder = (folder: string) => existsSync(path.join(folder, 'updates.jsonl')) && existsSync(path.join(folder, 'summary.json'));

/** The files of a Grok session folder (and its subfolders: compaction, terminal logs, …) other than its updates.jsonl: read with it. */
export function grokCompanion(file: string): string | undefined {
	if (path.basename(file) === 'updates.jsonl') return undefined;
	const folder = path.dirname(file);
	if (!isSessionFolder(folder) && !isSessionFolder(path.dirname(folder))) return undefined;
	return 'is part of a Grok Build session (its summary, model history, signals or logs), read with its updates.jsonl';
}
