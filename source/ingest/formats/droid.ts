import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import type {Block, ParsedSource, SourceProblem} from '../model.js';
import {ConversationBuilder} from './conversation.js';
import {factDate} from './dates.js';
import {parseJsonObjectLine} from './json-line.js';
import {isObject, parsedJson, text, tokenCounts, type Json} from './json-values.js';
import {commitsMade, filesEditedBy, shellCommand, withSessionFacts} from './session-facts.js';
import {toolCallText, toolOutputText, toolResultText} from './tool-text.js';

/**
 * A Factory Droid session: `~/.factory/sessions/<working directory, "/" as "-">/<session
 * id>.jsonl`, with `<session id>.settings.json` beside it. Droid is closed source and Factory
 * documents no file format; the shape is taken from a real session (LAF-US/IDAHO-VAULT,
 * fixtures/agents/droid/README.md) and from readers written against many real ones
 * (ain3sh/droid-session-explorer src/indexer/records.ts at 206b8bf; Dicklesworthstone/
 * franken_agent_detection src/connectors/factory.rs at 6ae73d5). Lines: `session_start` `{id,
 * title, sessionTitle, owner, version, cwd, parent}` (parent: the session it was forked from),
 * `message` `{id, parentId, timestamp (ISO or epoch ms), message: {role, content: text or
 * Anthropic blocks (text, thinking, redacted_thinking, tool_use, tool_result, image)}}` (some
 * subagents write `{role, text}` flat), `todo_state`, `compaction_state` (`{summaryText}`, or
 * `{summary: {title, body}}` as specstoryai/getspecstory specstory-cli/pkg/providers/droidcli reads
 * it at 210d609) and
 * `session_end` `{durationMs, toolCount, finalText}`. The settings file holds the model, the
 * session's token totals (`tokenUsage`: inputTokens, outputTokens, cacheCreationTokens,
 * cacheReadTokens, thinkingTokens, factoryCredits: Factory's own unit, not money) and, for a
 * subagent, the session that called it (`tags: [{metadata: {callingSessionId}}]`).
 */

/** Whether a JSON line is the first line of a Droid session. */
export function isDroidSessionStart(value: unknown): boolean {
	return isObject(value) && value.type === 'session_start' && typeof value.id === 'string' && ('sessionTitle' in value || 'owner' in value || ('title' in value && 'cwd' in value));
}

export function droidSessionId(head: string, file: string): string | undefined {
	return /^\s*\{\s*"type"\s*:\s*"session_start"\s*,\s*"id"\s*:\s*"([^"\\]{1,200})"/u.exec(head)?.[1] ?? path.basename(file, '.jsonl');
}

/** The settings file beside a session's log: `<id>.settings.json`. */
export const droidSettingsFile = (file: string) => file.replace(/\.jsonl$/u, '.settings.json');

function settingsOf(file: string): Json {
	try {
		const value = parsedJson(readFileSync(droidSettingsFile(file), 'utf8'));
		return isObject(value) ? value : {};
	} catch {
		return {};
	}
}

/** The person's words without the `<user_query>` wrapper Droid puts around them. */
function requestText(words: string): string {
	const query = /^\s*<user_query>\s*([\s\S]*?)\s*<\/user_query>\s*$/u.exec(words);
	return query ? query[1]! : words;
}

export class DroidReader {
	private readonly conversation = new ConversationBuilder('droid');
	private readonly edited = new Set<string>();
	private readonly commands = new Map<string, string>();
	private commits = 0;
	private sessionId: string | undefined;
	private title: string | undefined;

	constructor(
		private readonly problems: SourceProblem[],
		private readonly file: string,
	) {}

	push(line: string, number: number): void {
		const record = parseJsonObjectLine(line, number, this.problems);
		if (!record) return;
		this.conversation.time(factDate(record.timestamp));
		switch (record.type) {
			case 'session_start':
				this.sessionId ??= text(record.id);
				// The session's name (sessionTitle) over the title Droid took from its start.
				this.title = text(record.sessionTitle) ?? text(record.title) ?? this.title;
				this.conversation.project(record.cwd);
				this.conversation.skipped++;
				return;
			case 'message':
				if (isObject(record.message)) this.message(record.message);
				else if (typeof record.role === 'string' && typeof record.text === 'string') this.message({role: record.role, content: record.text});
				else this.conversation.skipped++;
				return;
			case 'compaction_state': {
				// `summaryText`, or `summary: {title, body}` as SpecStory's reader takes it.
				const summary = text(record.summaryText) ?? (isObject(record.summary) ? text(record.summary.body) : undefined);
				if (summary) this.conversation.system([{role: 'system', kind: 'prose', text: `[context compacted] ${summary}`}]);
				return;
			}
			default:
				// todo_state, session_end (its finalText is the last answer again), and kinds not seen yet.
				this.conversation.skipped++;
		}
	}

	private message(message: Json): void {
		const content = typeof message.content === 'string' ? [{type: 'text', text: message.content}] : Array.isArray(message.content) ? message.content.filter(isObject) : [];
		if (message.role === 'user') this.user(content);
		else if (message.role === 'assistant') this.assistant(content, message);
		else this.conversation.skipped++;
	}

	private user(content: Json[]): void {
		const said: Block[] = [];
		const results: Block[] = [];
		for (const block of content) {
			if (block.type === 'text' && text(block.text)) said.push({role: 'user', kind: 'prose', text: requestText(String(block.text))});
			else if (block.type === 'image') said.push({role: 'user', kind: 'prose', text: '[image]'});
			else if (block.type === 'tool_result') {
				const output = toolResultText(block.content);
				const failed = block.is_error === true;
				const command = typeof block.tool_use_id === 'string' ? this.commands.get(block.tool_use_id) : undefined;
				if (command) this.commits += commitsMade(command, output, failed);
				results.push({role: 'tool', kind: 'tool', text: toolOutputText(output, failed)});
			}
		}
		this.conversation.toolResults(results);
		this.conversation.prompt(said);
	}

	private assistant(content: Json[], message: Json): void {
		this.conversation.model(message.model);
		const blocks: Block[] = [];
		for (const block of content) {
			if (block.type === 'text' && text(block.text)) blocks.push({role: 'assistant', kind: 'prose', text: String(block.text)});
			else if (block.type === 'thinking' && text(block.thinking)) blocks.push({role: 'thinking', kind: 'thinking', text: String(block.thinking)});
			else if (block.type === 'tool_use') {
				const name = String(block.name ?? 'tool');
				for (const file of filesEditedBy(name, block.input)) this.edited.add(file);
				const command = shellCommand(block.input);
				if (command && typeof block.id === 'string') this.commands.set(block.id, command);
				blocks.push({role: 'tool_call', kind: 'tool', text: toolCallText(name, block.input)});
			}
		}
		this.conversation.answer(blocks);
	}

	finish(): ParsedSource {
		const settings = settingsOf(this.file);
		this.conversation.model(settings.model);
		const usage = isObject(settings.tokenUsage) ? settings.tokenUsage : {};
		const tokens = tokenCounts({input: usage.inputTokens, output: usage.outputTokens, cache_read: usage.cacheReadTokens, cache_write: usage.cacheCreationTokens});
		const tags = Array.isArray(settings.tags) ? settings.tags.filter(isObject) : [];
		const caller = tags.map((tag) => (isObject(tag.metadata) ? text(tag.metadata.callingSessionId) : undefined)).find(Boolean);
		return withSessionFacts(this.conversation.finish(), {
			sessionId: this.sessionId ?? path.basename(this.file, '.jsonl'),
			agentTitle: this.title,
			tokens,
			filesEdited: this.edited,
			commits: this.commits,
			parentSession: caller,
		});
	}
}

/** A session's settings file, read with its log. */
export function droidCompanion(file: string): string | undefined {
	const name = path.basename(file);
	if (!name.endsWith('.settings.json') || !existsSync(file.replace(/\.settings\.json$/u, '.jsonl'))) return undefined;
	return `is the settings of a Factory Droid session (its model and token totals), read with ${name.replace(/\.settings\.json$/u, '.jsonl')}`;
}
