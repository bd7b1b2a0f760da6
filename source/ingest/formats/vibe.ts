import {readFileSync} from 'node:fs';
import path from 'node:path';
import type {Block, ParsedSource, SourceProblem} from '../model.js';
import {ConversationBuilder} from './conversation.js';
import {factDate} from './dates.js';
import {count, isObject, text, tokenCounts, type Json} from './json-values.js';
import {commitsMade, filesEditedBy, shellCommand, withSessionFacts} from './session-facts.js';
import {jsonObjectText, toolCallText, toolOutputText} from './tool-text.js';

/**
 * A Mistral Vibe session (`~/.vibe/logs/session/`, `$VIBE_HOME` replacing `~/.vibe`; followed:
 * mistralai/mistral-vibe 2.18.4, ac8f1a0, vibe/core/session/session_logger.py, session_loader.py,
 * session_migration.py and vibe/core/types.py). Since 2.0 a folder per session,
 * `session_<YYYYMMDD_HHMMSS>_<short id>/` holding `meta.json` (`{session_id, parent_session_id?,
 * start_time, end_time, git_commit, git_branch, environment: {working_directory}, username,
 * title, title_source: auto|manual, stats, total_messages, tools_available, config, agent_profile,
 * system_prompt}`) and `messages.jsonl` (one `LLMMessage` a line: `{role, content, images?,
 * injected?, reasoning_content?, tool_calls?, name?, tool_call_id?, message_id?}`, no system
 * message). Before 2.0 one `session_<…>.json` file `{metadata, messages}` (the system prompt
 * first, the config as `agent_config`). `stats` holds the session's prompt and completion tokens
 * and its cost.
 */

/** A tool's output as Vibe gives it back: `<tool_error>…</tool_error>` and a cancellation mark a failure. */
function toolResult(content: string): {text: string; failed: boolean} {
	const failure = /^\s*<(tool_error|user_cancellation)>([\s\S]*?)(?:<\/\1>\s*)?$/u.exec(content);
	return failure ? {text: failure[2]!.trim(), failed: true} : {text: content, failed: false};
}

function contentText(content: unknown): string {
	if (typeof content === 'string') return content;
	if (Array.isArray(content)) return content.map((part) => (isObject(part) && typeof part.text === 'string' ? part.text : typeof part === 'string' ? part : '')).join('\n');
	return '';
}

class VibeMessages {
	readonly conversation = new ConversationBuilder('vibe');
	readonly edited = new Set<string>();
	commits = 0;
	firstRequest: string | undefined;
	private readonly commands = new Map<string, string>();

	message(message: Json): void {
		const said = contentText(message.content);
		switch (message.role) {
			case 'user': {
				const images = Array.isArray(message.images) && message.images.length > 0 ? ['[image]'] : [];
				const blocks: Block[] = [...(said.trim() ? [said] : []), ...images].map((value) => ({role: 'user', kind: 'prose', text: value}));
				// Text Vibe put in the person's place: a hook's output, a compaction's summary, a loop's prompt.
				if (message.injected === true) this.conversation.system(blocks.map((block) => ({...block, role: 'system'})));
				else {
					this.firstRequest ??= said;
					this.conversation.prompt(blocks);
				}
				return;
			}
			case 'assistant':
				this.assistant(message, said);
				return;
			case 'tool': {
				const {text: output, failed} = toolResult(said);
				const command = this.commands.get(String(message.tool_call_id ?? ''));
				if (command !== undefined) this.commits += commitsMade(command, output, failed);
				this.conversation.toolResults([{role: 'tool', kind: 'tool', text: toolOutputText(output, failed)}]);
				return;
			}
			default:
				// The system prompt: Vibe's instructions, not the conversation.
				this.conversation.skipped++;
		}
	}

	private assistant(message: Json, said: string): void {
		const blocks: Block[] = [];
		const reasoning = contentText(message.reasoning_content);
		if (reasoning.trim()) blocks.push({role: 'thinking', kind: 'thinking', text: reasoning});
		if (said.trim()) blocks.push({role: 'assistant', kind: 'prose', text: said});
		for (const call of Array.isArray(message.tool_calls) ? message.tool_calls.filter(isObject) : []) {
			const fn = isObject(call.function) ? call.function : {};
			const name = text(fn.name) ?? 'tool';
			const input = typeof fn.arguments === 'string' ? (jsonObjectText(fn.arguments) ?? fn.arguments) : fn.arguments;
			for (const file of filesEditedBy(name, input)) this.edited.add(file);
			if (/bash|shell|command/iu.test(name) && typeof call.id === 'string') this.commands.set(call.id, shellCommand(input));
			blocks.push({role: 'tool_call', kind: 'tool', text: toolCallText(name, input)});
		}
		this.conversation.answer(blocks);
	}
}

/** Vibe's title: its own, unless it is the first request cut to 50 characters (Vibe's fallback when it generated none). */
function vibeTitle(metadata: Json, firstRequest: string | undefined): string | undefined {
	const title = text(metadata.title);
	if (!title || title === 'Untitled session') return undefined;
	if (metadata.title_source !== 'manual' && firstRequest && firstRequest.trim().startsWith(title.replace(/…$/u, '').trim())) return undefined;
	return title;
}

function finish(messages: VibeMessages, metadata: Json): ParsedSource {
	const {conversation} = messages;
	conversation.time(factDate(metadata.start_time));
	conversation.time(factDate(metadata.end_time));
	conversation.project(isObject(metadata.environment) ? metadata.environment.working_directory : undefined);
	// The model's alias as chosen in Vibe's config (`config` since 2.0, `agent_config` before).
	const config = isObject(metadata.config) ? metadata.config : isObject(metadata.agent_config) ? metadata.agent_config : undefined;
	if (config) conversation.model(config.active_model);
	const stats = isObject(metadata.stats) ? metadata.stats : {};
	return withSessionFacts(conversation.finish(), {
		sessionId: text(metadata.session_id),
		agentTitle: vibeTitle(metadata, messages.firstRequest),
		tokens: tokenCounts({input: stats.session_prompt_tokens, output: stats.session_completion_tokens}),
		filesEdited: messages.edited,
		commits: messages.commits,
		parentSession: text(metadata.parent_session_id),
		costUsd: count(stats.session_cost),
	});
}

/** A session file of Vibe before 2.0: `{metadata, messages}`. */
export function readVibeSessionFile(value: Json): ParsedSource | {reason: string} {
	if (!isObject(value.metadata) || !Array.isArray(value.messages)) return {reason: 'is not a Mistral Vibe session (no metadata and messages)'};
	const messages = new VibeMessages();
	for (const message of value.messages) {
		if (isObject(message)) messages.message(message);
		else messages.conversation.skipped++;
	}
	return finish(messages, value.metadata);
}

/** A session folder of Vibe 2.x, read from its `meta.json`: the messages are the `messages.jsonl` beside it. */
export function readVibeSessionFolder(file: string, metadata: Json, problems: SourceProblem[]): ParsedSource | {reason: string} {
	let lines: string[];
	try {
		lines = readFileSync(path.join(path.dirname(file), 'messages.jsonl'), 'utf8').split('\n');
	} catch {
		return {reason: 'is the metadata of a Mistral Vibe session whose messages.jsonl is missing'};
	}
	const messages = new VibeMessages();
	lines.forEach((line, index) => {
		if (line.trim() === '') return;
		try {
			const message: unknown = JSON.parse(line);
			if (isObject(message)) messages.message(message);
			else messages.conversation.skipped++;
		} catch {
			problems.push({line: index + 1, reason: `messages.jsonl line ${index + 1} is not valid JSON`});
		}
	});
	return finish(messages, metadata);
}

/** The session id, for the item id: `{"metadata": {"session_id": …}}` before 2.0, `{"session_id": …}` in a meta.json. */
export function vibeSessionId(head: string): string | undefined {
	return /^\s*\{\s*(?:"metadata"\s*:\s*\{\s*)?"session_id"\s*:\s*"([^"\\]{1,200})"/u.exec(head)?.[1];
}
