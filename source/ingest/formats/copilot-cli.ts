import {readFileSync} from 'node:fs';
import path from 'node:path';
import type {Block, ParsedSource, SourceProblem} from '../model.js';
import {ConversationBuilder} from './conversation.js';
import {factDate} from './dates.js';
import {parseJsonObjectLine} from './json-line.js';
import {isObject, text, tokenCounts, type Json} from './json-values.js';
import {commitsMade, filesEditedBy, shellCommand, withSessionFacts} from './session-facts.js';
import {toolCallText, toolOutputText, toolResultText} from './tool-text.js';

/**
 * A GitHub Copilot CLI session: `~/.copilot/session-state/<session id>/events.jsonl`
 * (`$COPILOT_HOME` replaces `~/.copilot`; before 0.0.34x, `session-state/<id>.jsonl`), with
 * `workspace.yaml` beside it (cwd, repository, `name` and whether the person gave it:
 * `user_named`). Copilot CLI is closed source; the events follow the schema its SDK publishes
 * (followed: github/copilot-sdk nodejs/src/generated/session-events.ts at cc0438d) and real
 * sessions (XEFF09/dotfiles, fixtures/agents/copilot-cli/README.md): `{type, data, id, timestamp,
 * parentId}` with session.start (sessionId, copilotVersion, context: {cwd, gitRoot, repository}),
 * session.model_change, session.title_changed, system.message, user.message (content, the
 * person's words; transformedContent, what the model got), assistant.message (content,
 * toolRequests, reasoningText, model), assistant.reasoning, tool.execution_complete (result,
 * success), abort, session.error, subagent.started / completed, session.shutdown (token totals,
 * codeChanges.filesModified), and bookkeeping (turns, hooks, permissions, deltas, MCP, …).
 */

/** Whether a JSON line is a Copilot CLI event. */
export function isCopilotCliEvent(value: unknown): boolean {
	if (!isObject(value) || typeof value.type !== 'string' || !isObject(value.data) || typeof value.id !== 'string' || !('parentId' in value)) return false;
	if (value.type === 'session.start') return value.data.producer === 'copilot-agent' || 'copilotVersion' in value.data;
	return /^(?:session|user|assistant|tool|hook|permission|subagent|system)\.[a-z_.]+$/u.test(value.type) && typeof value.timestamp === 'string';
}

export function copilotCliSessionId(head: string, file: string): string | undefined {
	return /"type"\s*:\s*"session\.start"[^\n]*?"sessionId"\s*:\s*"([^"\\]{1,200})"/u.exec(head.slice(0, 16_384))?.[1] ?? (path.basename(file) === 'events.jsonl' ? path.basename(path.dirname(file)) : undefined);
}

/** The `key: value` lines of the workspace.yaml beside a session's events (flat, as Copilot writes it). */
function workspace(file: string): Record<string, string> {
	const fields: Record<string, string> = {};
	try {
		for (const line of readFileSync(path.join(path.dirname(file), 'workspace.yaml'), 'utf8').split('\n')) {
			const match = /^([a-z_]+):\s*(.*)$/u.exec(line);
			if (match) fields[match[1]!] = match[2]!.replace(/^(["'])(.*)\1$/u, '$2').trim();
		}
	} catch {
		// No workspace file: the events alone.
	}
	return fields;
}

export class CopilotCliReader {
	private readonly conversation = new ConversationBuilder('copilot-cli');
	private readonly edited = new Set<string>();
	private readonly commands = new Map<string, string>();
	private commits = 0;
	private tokens: ReturnType<typeof tokenCounts>;
	private title: string | undefined;
	private sessionId: string | undefined;

	constructor(
		private readonly problems: SourceProblem[],
		private readonly file: string,
	) {}

	push(line: string, number: number): void {
		const event = parseJsonObjectLine(line, number, this.problems);
		if (!event) return;
		const data = isObject(event.data) ? event.data : {};
		this.conversation.time(factDate(event.timestamp));
		switch (event.type) {
			case 'session.start':
			case 'session.resume': {
				this.sessionId ??= text(data.sessionId);
				const context = isObject(data.context) ? data.context : {};
				this.conversation.project(context.cwd ?? context.gitRoot);
				this.conversation.skipped++;
				return;
			}
			case 'session.model_change':
				this.conversation.model(data.newModel);
				return;
			case 'session.title_changed':
				this.title = text(data.title) ?? this.title;
				return;
			case 'user.message':
				this.user(data);
				return;
			case 'assistant.message':
				this.assistant(data);
				return;
			case 'assistant.reasoning':
				if (text(data.content)) this.conversation.answer([{role: 'thinking', kind: 'thinking', text: String(data.content)}]);
				return;
			case 'tool.execution_complete':
				this.result(data);
				return;
			case 'abort':
				this.conversation.system([{role: 'system', kind: 'prose', text: `[aborted${text(data.reason) ? `: ${String(data.reason)}` : ''}]`}]);
				return;
			case 'session.error':
				if (text(data.message)) this.conversation.system([{role: 'system', kind: 'prose', text: `[error] ${String(data.message)}`}]);
				return;
			case 'subagent.started':
				this.conversation.system([{role: 'system', kind: 'prose', text: `[subagent] ${String(data.agentDisplayName ?? data.agentName ?? 'agent')}${text(data.agentDescription) ? `: ${String(data.agentDescription)}` : ''}`}]);
				return;
			case 'session.shutdown':
				this.shutdown(data);
				return;
			default:
				this.conversation.skipped++;
		}
	}

	private user(data: Json): void {
		const blocks: Block[] = [];
		if (text(data.content)) blocks.push({role: 'user', kind: 'prose', text: String(data.content)});
		for (const attachment of Array.isArray(data.attachments) ? data.attachments.filter(isObject) : []) blocks.push({role: 'user', kind: 'prose', text: `[attachment${text(attachment.path ?? attachment.displayName) ? `: ${String(attachment.path ?? attachment.displayName)}` : ''}]`});
		this.conversation.prompt(blocks);
	}

	private assistant(data: Json): void {
		this.conversation.model(data.model);
		const blocks: Block[] = [];
		if (text(data.reasoningText)) blocks.push({role: 'thinking', kind: 'thinking', text: String(data.reasoningText)});
		if (text(data.content)) blocks.push({role: 'assistant', kind: 'prose', text: String(data.content)});
		for (const request of Array.isArray(data.toolRequests) ? data.toolRequests.filter(isObject) : []) {
			const name = String(request.name ?? 'tool');
			for (const file of filesEditedBy(name, request.arguments)) this.edited.add(file);
			const command = shellCommand(request.arguments);
			if (command && typeof request.toolCallId === 'string') this.commands.set(request.toolCallId, command);
			blocks.push({role: 'tool_call', kind: 'tool', text: toolCallText(name, request.arguments)});
		}
		this.conversation.answer(blocks);
	}

	private result(data: Json): void {
		const result = isObject(data.result) ? data.result : {};
		const failed = data.success === false;
		const output = typeof result.content === 'string' ? result.content : isObject(data.error) ? String(data.error.message ?? '') : toolResultText(result.content ?? result);
		const command = typeof data.toolCallId === 'string' ? this.commands.get(data.toolCallId) : undefined;
		if (command) this.commits += commitsMade(command, output, failed);
		this.conversation.toolResults([{role: 'tool', kind: 'tool', text: toolOutputText(output, failed)}]);
	}

	private shutdown(data: Json): void {
		const details = isObject(data.tokenDetails) ? data.tokenDetails : {};
		const tokens = (key: string) => (isObject(details[key]) ? details[key].tokenCount : undefined);
		this.tokens = tokenCounts({input: tokens('input'), output: tokens('output'), cache_read: tokens('cache_read'), cache_write: tokens('cache_write')}) ?? this.tokens;
		const changes = isObject(data.codeChanges) ? data.codeChanges : {};
		for (const file of Array.isArray(changes.filesModified) ? changes.filesModified : []) if (typeof file === 'string') this.edited.add(file);
		this.conversation.model(data.currentModel);
	}

	finish(): ParsedSource {
		const fields = workspace(this.file);
		this.conversation.project(fields.cwd);
		// The person's own name for the session first, then the one Copilot gave it.
		const title = fields.user_named === 'true' ? (text(fields.name) ?? this.title) : (this.title ?? text(fields.name));
		return withSessionFacts(this.conversation.finish(), {sessionId: this.sessionId ?? text(fields.id), agentTitle: title, tokens: this.tokens, filesEdited: this.edited, commits: this.commits});
	}
}
