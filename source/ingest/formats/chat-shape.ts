import {isObject, type Json} from './json-values.js';

/**
 * Whether JSON of no format drill reads holds a conversation all the same (messages with roles,
 * requests with responses, user and assistant turns, a chat export), and whose it looks like: such
 * a file is never left out as "other files" in silence, but reported on one line ("looks like a
 * chat from X, not read: why"), so a format drill does not read yet shows as one.
 */

const userSide = /^(?:user|human|person|me|customer|prompt|request|question)$/iu;
const agentSide = /^(?:assistant|ai|bot|model|agent|gpt|claude|gemini|copilot|response|answer|system|tool)$/iu;
const speakerKeys = ['role', 'author', 'sender', 'speaker', 'from', 'type', 'kind', 'source'];
const textKeys = ['content', 'text', 'message', 'parts', 'body', 'value', 'blocks'];
/** Where a conversation's messages sit in a document. */
const listKeys = ['messages', 'history', 'conversation', 'conversations', 'chat', 'chats', 'chat_messages', 'turns', 'requests', 'exchanges', 'entries', 'items', 'dialog', 'dialogue', 'thread', 'threads', 'timeline', 'transcript', 'data'];

/** The side of a conversation one record is on, if it is a message. */
function sideOf(record: unknown): 'user' | 'agent' | 'pair' | undefined {
	if (!isObject(record)) return undefined;
	// Zed's and some Rust agents' serde enums: {"User": {…}}, {"Agent": {…}}.
	const keys = Object.keys(record);
	if (keys.length === 1 && /^(?:User|Human)$/u.test(keys[0]!)) return 'user';
	if (keys.length === 1 && /^(?:Agent|Assistant|Model)$/u.test(keys[0]!)) return 'agent';
	if ((('request' in record || 'prompt' in record || 'question' in record) && ('response' in record || 'completion' in record || 'answer' in record))) return 'pair';
	if (!textKeys.some((key) => key in record)) return undefined;
	for (const key of speakerKeys) {
		const value = record[key];
		const name = typeof value === 'string' ? value : isObject(value) && typeof value.role === 'string' ? value.role : undefined;
		if (!name) continue;
		if (userSide.test(name)) return 'user';
		if (agentSide.test(name)) return 'agent';
	}
	return undefined;
}

function conversationIn(list: unknown): boolean {
	if (!Array.isArray(list) || list.length === 0) return false;
	const sides = new Set(list.slice(0, 200).map(sideOf).filter(Boolean));
	return sides.has('pair') || sides.has('user') || (sides.has('agent') && list.length > 1);
}

/** The messages a JSON value holds (itself a list, or under a key such as `messages`), if any. */
function holdsConversation(value: unknown, depth = 0): boolean {
	if (conversationIn(value)) return true;
	if (Array.isArray(value)) return depth < 2 && value.slice(0, 20).some((entry) => holdsConversation(entry, depth + 1));
	if (!isObject(value) || depth > 2) return false;
	for (const key of listKeys) {
		const entry = value[key];
		if (conversationIn(entry)) return true;
		if (isObject(entry) && holdsConversation(entry, depth + 1)) return true;
	}
	return false;
}

/** Whose chat a document looks like, by the marks agents leave (else none named). */
function agentOf(value: unknown): string {
	const top: Json = isObject(value) ? value : Array.isArray(value) && isObject(value[0]) ? value[0] : {};
	if (typeof top.id === 'string' && /^T-[\da-f-]{8,}/iu.test(top.id) && Array.isArray(top.messages)) return 'Amp';
	if ('chat_messages' in top && 'uuid' in top) return 'Claude.ai (an export)';
	if ('threadName' in top || 'threadUrl' in top) return 'GitHub Copilot';
	if (typeof top.sessionId === 'string' && 'projectHash' in top) return 'Gemini CLI';
	if (typeof top.session_id === 'string' || typeof top.sessionId === 'string') return 'an agent drill does not know';
	return 'an agent drill does not know';
}

/** For JSON of no format drill reads: the line that reports it when it holds a conversation, else undefined. */
export function unreadChat(value: unknown, shape: string): string | undefined {
	if (!holdsConversation(value)) return undefined;
	return `looks like a chat from ${agentOf(value)}, not read: drill reads no chat of this shape (${shape}); drill ingest --help lists the formats it reads`;
}

/** Tables by which a SQLite database tells it holds chats: whose, when its tables say so. */
export function unreadChatStore(tables: ReadonlySet<string>, columns: (table: string) => ReadonlySet<string>): string | undefined {
	if (tables.has('threads') && columns('threads').has('data') && columns('threads').has('summary')) return 'looks like a chat database from Zed (threads.db), not read: drill reads no Zed threads';
	const chatTable = [...tables].find((table) => /^(?:messages?|chat_?messages|conversations?|chats?|threads?|turns)$/iu.test(table));
	if (!chatTable) return undefined;
	const names = columns(chatTable);
	const hasText = [...names].some((name) => /^(?:content|text|message|body|parts|data|role)$/iu.test(name));
	return hasText ? `looks like a chat database from an agent drill does not know (a "${chatTable}" table), not read: it is none of the agent stores drill reads` : undefined;
}
