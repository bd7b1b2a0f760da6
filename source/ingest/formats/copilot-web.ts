import type {ParsedSource} from '../model.js';
import {ConversationBuilder} from './conversation.js';
import {factDate} from './dates.js';
import {isObject, text, type Json} from './json-values.js';
import {withSessionFacts} from './session-facts.js';
import {toolCallText} from './tool-text.js';

/**
 * A Copilot chat on github.com, as its export saves it: `{currentUserLogin, threadUrl, threadName,
 * messages, files}`, each message `{id, parentMessageID, role: user|assistant, content, createdAt,
 * threadID, references, skillExecutions, model}`, starting from an empty `root`. An edited request
 * branches the thread: the one shown is the branch of the last message, followed up to the root.
 */
export function isCopilotWebThread(value: Json): boolean {
	return Array.isArray(value.messages) && (typeof value.threadUrl === 'string' || typeof value.threadName === 'string') && 'currentUserLogin' in value;
}

/** The messages of the branch that ends with the last one, oldest first. */
function shownBranch(messages: Json[]): Json[] {
	const byId = new Map(messages.filter((message) => typeof message.id === 'string').map((message) => [message.id as string, message]));
	const branch: Json[] = [];
	const seen = new Set<string>();
	let at: Json | undefined = messages.at(-1);
	while (at && !seen.has(String(at.id))) {
		seen.add(String(at.id));
		branch.push(at);
		at = typeof at.parentMessageID === 'string' ? byId.get(at.parentMessageID) : undefined;
	}
	// Messages with no parent named at all are one flat list: keep them as written.
	return branch.length > 1 ? branch.reverse() : messages;
}

export function readCopilotWebThread(thread: Json): ParsedSource {
	const conversation = new ConversationBuilder('copilot-chat');
	let threadId: string | undefined;
	for (const message of shownBranch(Array.isArray(thread.messages) ? thread.messages.filter(isObject) : [])) {
		conversation.time(factDate(message.createdAt));
		threadId ??= text(message.threadID);
		const content = text(message.content);
		if (message.role === 'user') {
			if (content) conversation.prompt([{role: 'user', kind: 'prose', text: content}]);
			continue;
		}
		if (message.role !== 'assistant') {
			conversation.skipped++;
			continue;
		}
		conversation.model(message.model);
		for (const skill of Array.isArray(message.skillExecutions) ? message.skillExecutions.filter(isObject) : []) {
			const name = text(skill.slug) ?? 'skill';
			conversation.answer([{role: 'tool_call', kind: 'tool', text: toolCallText(name, text(skill.arguments) ?? ''), tools: [name]}]);
		}
		if (content) conversation.answer([{role: 'assistant', kind: 'prose', text: content}]);
	}
	threadId ??= /\/c\/([\w-]{1,200})$/u.exec(text(thread.threadUrl) ?? '')?.[1];
	return withSessionFacts(conversation.finish(), {sessionId: threadId, agentTitle: text(thread.threadName)});
}
