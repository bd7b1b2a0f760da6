import {closeSync, existsSync, openSync, readdirSync, readSync} from 'node:fs';
import path from 'node:path';
import {sourceUri} from '../../core/source-uri.js';
import type {FileRecord, RecordContext} from '../file-record.js';
import {hashBytes} from '../io/hash.js';
import {jsonRecords} from '../io/json-records.js';
import {itemIdFor} from '../ids.js';
import {ConversationBuilder} from './conversation.js';
import {factDate} from './dates.js';
import {geminiChatSessionId} from './gemini-chat.js';
import {isObject} from './json-values.js';
import {withSessionFacts} from './session-facts.js';

/**
 * The prompt log Gemini CLI and its fork Qwen Code keep per project (`~/.gemini/tmp/<project
 * hash>/logs.json`, `~/.qwen/tmp/<hash>/logs.json`; gemini-cli packages/core/src/core/logger.ts):
 * a JSON array of `{sessionId, messageId, type: "user", message, timestamp}`, the person's
 * requests of every session in the project, and no answers. Where the session's chat was
 * recorded too (`chats/` beside it, or Qwen Code's `projects/<cwd>/chats/<id>.jsonl`) the chat is
 * the session; a session the log alone holds (Qwen Code before it recorded chats, Gemini CLI
 * before 0.2) is read from it: one item each, its requests.
 */
export function isPromptLogEntry(value: unknown): boolean {
	return isObject(value) && typeof value.sessionId === 'string' && typeof value.messageId === 'number' && typeof value.type === 'string' && typeof value.message === 'string' && 'timestamp' in value && !('uuid' in value);
}

/** Slash commands only Qwen Code has, for a log whose path does not say whose it is. */
const qwenCommands = /^\/(?:approval-mode|quit-confirm|language)\b/u;

/** Whose log it is: the folder it sits in (`.qwen` or `.gemini`), else the commands the person typed. */
function agentOf(real: string, messages: readonly string[]): 'qwen-code' | 'gemini-cli' {
	const parts = real.split(path.sep);
	if (parts.includes('.qwen')) return 'qwen-code';
	if (parts.includes('.gemini')) return 'gemini-cli';
	return messages.some((message) => qwenCommands.test(message.trim())) ? 'qwen-code' : 'gemini-cli';
}

/** The session ids of the chats recorded beside the log (`chats/session-<time>-<id>.json[l]`), from the start of each. */
function recordedChats(folder: string): Set<string> {
	const ids = new Set<string>();
	let names: string[];
	try {
		names = readdirSync(path.join(folder, 'chats')).filter((name) => /\.jsonl?$/u.test(name));
	} catch {
		return ids;
	}
	const head = Buffer.alloc(1024);
	for (const name of names) {
		let handle: number | undefined;
		try {
			handle = openSync(path.join(folder, 'chats', name), 'r');
			const id = geminiChatSessionId(head.toString('utf8', 0, readSync(handle, head, 0, head.length, 0)));
			if (id) ids.add(id);
		} catch {
			// Unreadable: not a chat to compare with.
		} finally {
			if (handle !== undefined) closeSync(handle);
		}
	}
	return ids;
}

/** Whether the session's chat was recorded too (then the chat is the session). */
function chatRecorded(folder: string, sessionId: string, chats: Set<string>): boolean {
	if (chats.has(sessionId)) return true;
	const projects = path.join(folder, '..', '..', 'projects');
	try {
		return readdirSync(projects).some((project) => existsSync(path.join(projects, project, 'chats', `${sessionId}.jsonl`)));
	} catch {
		return false;
	}
}

interface Entry {
	message: string;
	timestamp: unknown;
	line?: number;
}

export async function* promptLogRecords(context: RecordContext): AsyncGenerator<FileRecord> {
	const sessions = new Map<string, Entry[]>();
	const label = (index: number, line?: number) => `entry ${index}${line ? ` (line ${line})` : ''}`;
	for await (const record of jsonRecords(context.file, context.size, context.head, label, context.problems, context.onBytes)) {
		if (!isPromptLogEntry(record.value)) {
			context.onSkipped();
			continue;
		}
		const value = record.value as {sessionId: string; message: string; timestamp: unknown; type: string};
		if (value.type !== 'user') {
			context.onSkipped();
			continue;
		}
		const entries = sessions.get(value.sessionId) ?? [];
		entries.push({message: value.message, timestamp: value.timestamp, ...(record.line ? {line: record.line} : {})});
		sessions.set(value.sessionId, entries);
	}
	const agent = agentOf(context.real, [...sessions.values()].flat().map((entry) => entry.message));
	const folder = path.dirname(context.real);
	const chats = recordedChats(folder);
	for (const [sessionId, entries] of sessions) {
		if (chatRecorded(folder, sessionId, chats)) {
			context.onSkipped();
			continue;
		}
		const conversation = new ConversationBuilder(agent, entries[0]?.line ?? 1);
		for (const entry of entries) {
			conversation.time(factDate(entry.timestamp));
			// A slash command (`/approval-mode yolo`) set the CLI up; it asked nothing.
			if (/^\/[a-z][\w-]*(?:\s|$)/u.test(entry.message.trim())) conversation.system([{role: 'system', kind: 'prose', text: `[command] ${entry.message.trim()}`}]);
			else if (entry.message.trim()) conversation.prompt([{role: 'user', kind: 'prose', text: entry.message}]);
		}
		const parsed = withSessionFacts(conversation.finish(), {sessionId});
		// No answer was logged: say so, rather than that the session ended without one.
		const requests = entries.filter((entry) => entry.message.trim() && !entry.message.trim().startsWith('/'));
		if (requests.length === 0) {
			// Only commands: no session was asked for anything.
			context.onSkipped();
			continue;
		}
		const last = requests.at(-1)?.message.trim().replace(/\s+/gu, ' ') ?? '';
		parsed.facts.tldr = `The prompt log keeps the person's requests only, no answers${requests.length > 1 ? `; the last of ${requests.length}` : ''}: "${last.length > 160 ? `${last.slice(0, 160).replace(/\s+\S*$/u, '')}…` : last}"`;
		yield {
			kind: 'source',
			parsed,
			itemId: itemIdFor(agent, sessionId),
			uri: sourceUri(context.real, sessionId),
			hash: hashBytes(JSON.stringify(entries), context.salt),
			copyKey: sessionId,
			where: `the session ${sessionId}`,
			...(entries[0]?.line ? {line: entries[0].line} : {}),
		};
	}
}
