import path from 'node:path';
import type {Block, ParsedSource} from '../model.js';
import {ConversationBuilder} from './conversation.js';
import {factDate} from './dates.js';
import {isObject, text, type Json} from './json-values.js';
import {filesEditedBy, withSessionFacts} from './session-facts.js';
import {toolCallText, toolOutputText} from './tool-text.js';

/**
 * A Kiro IDE agent execution as the editor saved it before February 2026:
 * `kiro.kiroagent/<workspace hash>/<execution id>.chat` in Kiro's globalStorage
 * (`~/.config/Kiro/User/globalStorage/` on Linux, `~/Library/Application Support/Kiro/User/
 * globalStorage/` on macOS, `%APPDATA%\Kiro\User\globalStorage\` on Windows). Kiro is closed
 * source and documents no format: the shape is the one getagentseal/codeburn reads
 * (src/providers/kiro.ts and docs/providers/kiro.md at ed8fa3a): `{executionId, actionId,
 * chat: [{role: human|bot|tool, content}], metadata: {modelId, modelProvider, workflow,
 * workflowId, startTime, endTime (epoch ms)}}`, the first human message Kiro's own instructions
 * (`<identity>…`), tool calls written into the bot's text as `<tool_use><name>…</name>…
 * </tool_use>`, their results as tool messages. Later builds (extensionless execution files,
 * `workspace-sessions/`, `~/.kiro/sessions/<hash>/sess_<id>/`) are not read.
 */

export function isKiroChat(value: unknown): boolean {
	return isObject(value) && typeof value.executionId === 'string' && Array.isArray(value.chat) && isObject(value.metadata) && value.chat.every((entry) => isObject(entry) && typeof entry.role === 'string');
}

export function kiroChatId(head: string, file: string): string | undefined {
	return /"executionId"\s*:\s*"([^"\\]{1,200})"/u.exec(head.slice(0, 8192))?.[1] ?? path.basename(file, '.chat');
}

const toolUse = /<tool_use>\s*<name>\s*([^<]+?)\s*<\/name>([\s\S]*?)<\/tool_use>/gu;

/** The tool calls a bot message writes into its text, and the text without them. */
function botMessage(content: string): {said: string; calls: Array<{name: string; input: Json}>} {
	const calls: Array<{name: string; input: Json}> = [];
	for (const match of content.matchAll(toolUse)) {
		const input: Json = {};
		for (const param of match[2]!.matchAll(/<([\w-]+)>([\s\S]*?)<\/\1>/gu)) input[param[1]!] = param[2]!.trim();
		calls.push({name: match[1]!, input});
	}
	return {said: content.replace(toolUse, '').trim(), calls};
}

export function readKiroChat(file: string, value: unknown): ParsedSource | {reason: string} {
	if (!isKiroChat(value)) return {reason: 'is not a Kiro IDE chat (a JSON object with executionId, chat and metadata)'};
	const chat = value as Json;
	const metadata = chat.metadata as Json;
	const conversation = new ConversationBuilder('kiro-ide');
	const edited = new Set<string>();
	conversation.time(factDate(metadata.startTime));
	conversation.time(factDate(metadata.endTime));
	conversation.model(metadata.modelId);
	for (const message of (chat.chat as unknown[]).filter(isObject)) {
		const content = typeof message.content === 'string' ? message.content : '';
		if (message.role === 'human') {
			// Kiro's own instructions open the chat in the person's place.
			if (/^\s*<identity>/u.test(content)) conversation.system([{role: 'system', kind: 'prose', text: content}]);
			else conversation.prompt(content.trim() ? [{role: 'user', kind: 'prose', text: content}] : []);
		} else if (message.role === 'bot') {
			const {said, calls} = botMessage(content);
			const blocks: Block[] = said ? [{role: 'assistant', kind: 'prose', text: said}] : [];
			for (const call of calls) {
				for (const edit of filesEditedBy(call.name, call.input)) edited.add(edit);
				blocks.push({role: 'tool_call', kind: 'tool', text: toolCallText(call.name, call.input)});
			}
			conversation.answer(blocks);
		} else if (message.role === 'tool') conversation.toolResults(content.trim() ? [{role: 'tool', kind: 'tool', text: toolOutputText(content)}] : []);
		else conversation.skipped++;
	}
	return withSessionFacts(conversation.finish(), {sessionId: text(chat.executionId), filesEdited: edited});
}

/**
 * The Kiro IDE's stores of builds since February 2026, told by where they are (codeburn's
 * docs/providers/kiro.md names them; no public description of their records): said on one line
 * not to be read, never skipped in silence.
 */
export function kiroIdeUnread(file: string): string | undefined {
	const parts = file.split(/[\\/]/u);
	const agentFolder = parts.lastIndexOf('kiro.kiroagent');
	const below = agentFolder >= 0 ? parts.slice(agentFolder + 1) : [];
	const later = 'not read: drill reads the .chat files of earlier builds, and this store has no public description';
	if (below[0] === 'workspace-sessions' && below.length === 3 && below[2]!.endsWith('.json')) return `looks like a Kiro IDE session record, ${later}`;
	if (below.length >= 2 && below.length <= 3 && below.every((part) => /^[\da-f]{32}$/u.test(part))) return `looks like a Kiro IDE agent execution, ${later}`;
	const sessions = parts.lastIndexOf('sessions');
	if (sessions > 0 && parts[sessions - 1] === '.kiro' && parts.length - sessions === 4 && /^sess_/u.test(parts.at(-2)!) && parts.at(-1) === 'messages.jsonl') return `looks like a Kiro IDE session (its messages.jsonl), ${later}`;
	return undefined;
}
