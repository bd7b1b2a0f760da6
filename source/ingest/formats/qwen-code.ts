import type {Block, ParsedSource, SourceProblem} from '../model.js';
import {ConversationBuilder} from './conversation.js';
import {factDate} from './dates.js';
import {parseJsonObjectLine} from './json-line.js';
import {addTokens, isObject, text, tokenCounts, type Json} from './json-values.js';
import {filesEditedBy, withSessionFacts} from './session-facts.js';
import {toolCallText, toolOutputText, toolResultText} from './tool-text.js';
import type {MessageUsage} from '../../core/usage.js';

/**
 * A Qwen Code chat (`~/.qwen/projects/<sanitized cwd>/chats/<sessionId>.jsonl`, `$QWEN_RUNTIME_DIR`
 * replacing `~/.qwen`; followed: QwenLM/qwen-code packages/core/src/services/chatRecordingService.ts
 * at 015346f and config/storage.ts at 013e660). Qwen Code is a fork of Gemini CLI that records
 * Claude-Code-like lines around Gemini's `Content`: `{uuid, parentUuid, sessionId, timestamp, type:
 * user|assistant|tool_result|system, subtype?, cwd, version, gitBranch, message: {role, parts},
 * model, usageMetadata, toolCallResult, systemPayload, isSidechain}`. Parts are text, thoughts
 * (`thought: true`), functionCall and functionResponse. System lines: chat_compression (the history
 * a compaction kept), slash_command, at_command, custom_title (the session's name, from /rename or
 * generated), parent_session, and UI telemetry and snapshots that are skipped. Lines a subagent
 * wrote (`isSidechain`) are its own transcript's, not this session's. (Older Qwen Code wrote Gemini
 * CLI's session files under `~/.qwen/tmp/`: those read as `gemini-chat`.)
 */
/** The front matter a command file opens with (`---` then `description:`). */
const commandTemplate = /^---\r?\n(?:description|name|argument-hint|allowed-tools):/u;

export class QwenCodeReader {
	private readonly conversation = new ConversationBuilder('qwen-code');
	private readonly edited = new Set<string>();
	private tokens: ReturnType<typeof tokenCounts>;
	private readonly usage: MessageUsage[] = [];
	private title: string | undefined;
	private parent: string | undefined;
	/** The command line of the last slash command run, until the next message of the person. */
	private command: string | undefined;
	sessionId: string | undefined;
	version: unknown;

	constructor(private readonly problems: SourceProblem[]) {}

	push(line: string, number: number): void {
		const record = parseJsonObjectLine(line, number, this.problems);
		if (!record) return;
		if (record.isSidechain === true) {
			this.conversation.skipped++;
			return;
		}
		if (typeof record.sessionId === 'string') this.sessionId ??= record.sessionId;
		if (record.version !== undefined) this.version = record.version;
		this.conversation.time(factDate(record.timestamp));
		this.conversation.project(record.cwd);
		const message = isObject(record.message) ? record.message : undefined;
		switch (record.type) {
			case 'user':
				this.user(message);
				return;
			case 'assistant':
				this.assistant(record, message);
				return;
			case 'tool_result':
				this.toolResult(record, message);
				return;
			case 'system':
				this.system(record);
				return;
			default:
				this.conversation.skipped++;
		}
	}

	private user(message: Json | undefined): void {
		const parts = Array.isArray(message?.parts) ? message.parts.filter(isObject) : [];
		const typed = this.command;
		this.command = undefined;
		// A custom command's template (spec-kit's `/sp.specify`: front matter, then "$ARGUMENTS") sent in the
		// person's place: the request is the command line they typed, which the `slash_command` record keeps.
		const said = parts.filter((part) => typeof part.text === 'string' && part.thought !== true).map((part) => (typed && commandTemplate.test(String(part.text)) ? typed : String(part.text)));
		const attachments = parts.some((part) => isObject(part.inlineData) || isObject(part.fileData)) ? ['[attachment]'] : [];
		this.conversation.prompt([...said, ...attachments].filter((value) => value.trim() !== '').map((value) => ({role: 'user', kind: 'prose', text: value})));
	}

	private assistant(record: Json, message: Json | undefined): void {
		this.conversation.model(record.model);
		if (isObject(record.usageMetadata)) {
			const usage = record.usageMetadata;
			const output = (Number(usage.candidatesTokenCount) || 0) + (Number(usage.thoughtsTokenCount) || 0);
			// As in Gemini's usageMetadata, the prompt's count includes what was read from the cache (given apart here).
			const cached = Number(usage.cachedContentTokenCount) || 0;
			const prompt = Number(usage.promptTokenCount);
			const used = tokenCounts({input: Number.isFinite(prompt) ? Math.max(0, prompt - cached) : undefined, output, cache_read: usage.cachedContentTokenCount});
			this.tokens = addTokens(this.tokens, used);
			const at = factDate(record.timestamp);
			const model = typeof record.model === 'string' && record.model.trim() ? record.model.trim() : undefined;
			this.usage.push({...(at ? {at} : {}), ...(model ? {model} : {}), ...used});
		}
		const blocks: Block[] = [];
		for (const part of Array.isArray(message?.parts) ? message.parts.filter(isObject) : []) {
			if (typeof part.text === 'string' && part.text.trim()) blocks.push(part.thought === true ? {role: 'thinking', kind: 'thinking', text: part.text} : {role: 'assistant', kind: 'prose', text: part.text});
			else if (isObject(part.functionCall)) {
				const name = String(part.functionCall.name ?? 'tool');
				for (const file of filesEditedBy(name, part.functionCall.args)) this.edited.add(file);
				blocks.push({role: 'tool_call', kind: 'tool', text: toolCallText(name, part.functionCall.args)});
			}
		}
		this.conversation.answer(blocks);
	}

	private toolResult(record: Json, message: Json | undefined): void {
		const result = isObject(record.toolCallResult) ? record.toolCallResult : {};
		const outputs: string[] = [];
		let failed = result.status === 'error' || Boolean(result.error);
		for (const part of Array.isArray(message?.parts) ? message.parts.filter(isObject) : []) {
			if (!isObject(part.functionResponse)) continue;
			const response = isObject(part.functionResponse.response) ? part.functionResponse.response : {};
			if (typeof response.output === 'string') outputs.push(response.output);
			else if (typeof response.error === 'string') {
				outputs.push(response.error);
				failed = true;
			} else outputs.push(toolResultText(response));
		}
		const display = result.resultDisplay;
		if (isObject(display) && typeof display.fileName === 'string' && 'fileDiff' in display) this.edited.add(display.fileName);
		if (outputs.length === 0 && typeof display === 'string') outputs.push(display);
		this.conversation.toolResults([{role: 'tool', kind: 'tool', text: toolOutputText(outputs.join('\n'), failed)}]);
	}

	private system(record: Json): void {
		const payload = isObject(record.systemPayload) ? record.systemPayload : {};
		switch (record.subtype) {
			case 'custom_title':
				this.title = text(payload.customTitle) ?? this.title;
				return;
			case 'parent_session':
				this.parent = text(payload.parentSessionId);
				return;
			case 'chat_compression': {
				const kept = Array.isArray(payload.compressedHistory) ? payload.compressedHistory : [];
				const summary = kept
					.flatMap((content) => (isObject(content) && Array.isArray(content.parts) ? content.parts : []))
					.map((part) => (isObject(part) && typeof part.text === 'string' ? part.text : ''))
					.filter(Boolean)
					.join('\n\n');
				if (summary) this.conversation.system([{role: 'system', kind: 'prose', text: summary}]);
				else this.conversation.skipped++;
				return;
			}
			case 'slash_command':
				if (payload.phase === 'invocation' && text(payload.rawCommand)) this.command = text(payload.rawCommand);
				if (payload.phase === 'invocation' && text(payload.rawCommand)) this.conversation.system([{role: 'system', kind: 'prose', text: `[command] ${String(payload.rawCommand)}`}]);
				else this.conversation.skipped++;
				return;
			case 'at_command':
				if (Array.isArray(payload.filesRead) && payload.filesRead.length > 0) this.conversation.system([{role: 'system', kind: 'prose', text: `[read] ${payload.filesRead.filter((file) => typeof file === 'string').join(', ')}`}]);
				else this.conversation.skipped++;
				return;
			default:
				// UI telemetry, snapshots, session sources and models, approval modes: bookkeeping.
				this.conversation.skipped++;
		}
	}

	finish(): ParsedSource {
		const parsed = this.conversation.finish();
		if (this.usage.length > 0) parsed.usage = this.usage;
		return withSessionFacts(parsed, {sessionId: this.sessionId, agentTitle: this.title, tokens: this.tokens, filesEdited: this.edited, parentSession: this.parent, agentVersion: this.version});
	}
}

/** The session id from the first lines, for the item id. */
export function qwenSessionId(head: string): string | undefined {
	return /"sessionId"\s*:\s*"([^"\\]{1,200})"/u.exec(head.slice(0, 8192))?.[1];
}
