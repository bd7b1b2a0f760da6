import type {Block, ParsedSource, SourceProblem} from '../model.js';
import {ConversationBuilder} from './conversation.js';
import {factDate} from './dates.js';
import {withSessionFacts} from './session-facts.js';
import {toolCallText, toolOutputText} from './tool-text.js';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The visible text of a message's content, by its content type. */
function contentText(content: Json): string {
	const parts = Array.isArray(content.parts)
		? content.parts
				.map((part) => {
					if (typeof part === 'string') return part;
					if (!isObject(part)) return '';
					const type = String(part.content_type ?? '');
					if (type.includes('image')) return '[image]';
					if (type.includes('audio')) return typeof part.text === 'string' ? part.text : '[audio]';
					if (typeof part.text === 'string') return part.text;
					return '';
				})
				.filter((part) => part !== '')
		: [];
	if (parts.length > 0) return parts.join('\n\n');
	if (typeof content.text === 'string') return content.text;
	if (typeof content.result === 'string') return content.result;
	if (Array.isArray(content.thoughts)) {
		return content.thoughts
			.map((thought) => (isObject(thought) ? [thought.summary, thought.content].filter((part) => typeof part === 'string').join(': ') : ''))
			.filter(Boolean)
			.join('\n\n');
	}
	if (typeof content.content === 'string') return content.content;
	return '';
}

/** The visible thread: from `current_node` up to the root, so abandoned edits are left out. */
function thread(mapping: Json, current: unknown): Json[] {
	const nodes: Json[] = [];
	let id = typeof current === 'string' ? current : undefined;
	if (!id) {
		// No current node: follow the last child from the root.
		const root = Object.values(mapping).find((node) => isObject(node) && !node.parent);
		let at = isObject(root) ? root : undefined;
		while (at) {
			nodes.push(at);
			const children = Array.isArray(at.children) ? at.children : [];
			const next = children.length > 0 ? mapping[String(children[children.length - 1])] : undefined;
			at = isObject(next) ? next : undefined;
		}
		return nodes;
	}
	const seen = new Set<string>();
	while (id && !seen.has(id)) {
		seen.add(id);
		const node: unknown = mapping[id];
		if (!isObject(node)) break;
		nodes.push(node);
		id = typeof node.parent === 'string' ? node.parent : undefined;
	}
	return nodes.reverse();
}

export interface ChatGptConversation {
	id?: string;
	source: ParsedSource;
}

/** One conversation of a ChatGPT `conversations.json` export. */
export function readChatGptConversation(value: unknown, where: string, problems: SourceProblem[], line?: number): ChatGptConversation | undefined {
	if (!isObject(value) || !isObject(value.mapping)) {
		problems.push({...(line ? {line} : {}), reason: `${where} is not a conversation (no "mapping")`});
		return undefined;
	}
	const conversation = new ConversationBuilder('chatgpt', line);
	for (const node of thread(value.mapping, value.current_node)) {
		const message = node.message;
		if (!isObject(message) || !isObject(message.content)) continue;
		const role = isObject(message.author) && typeof message.author.role === 'string' ? message.author.role : 'assistant';
		const name = isObject(message.author) && typeof message.author.name === 'string' ? message.author.name : undefined;
		const type = String(message.content.content_type ?? 'text');
		if (type === 'user_editable_context' || type === 'model_editable_context') continue;
		const text = contentText(message.content);
		// Hidden messages (custom instructions) are kept too: no text of the conversation is lost.
		if (text.trim() === '') continue;
		conversation.time(factDate(message.create_time));
		if (isObject(message.metadata)) conversation.model(message.metadata.model_slug);
		const recipient = typeof message.recipient === 'string' ? message.recipient : 'all';
		let blocks: Block[];
		switch (role) {
			case 'user':
				conversation.prompt([{role: 'user', kind: 'prose', text}]);
				break;
			case 'system':
				conversation.system([{role: 'system', kind: 'prose', text}]);
				break;
			case 'tool':
				conversation.toolResults([{role: 'tool', kind: 'tool', text: toolOutputText(name ? `${name}: ${text}` : text)}]);
				break;
			default:
				if (recipient !== 'all') blocks = [{role: 'tool_call', kind: 'tool', text: toolCallText(recipient, text)}];
				else if (type === 'thoughts' || type === 'reasoning_recap') blocks = [{role: 'thinking', kind: 'thinking', text}];
				else if (type === 'code') blocks = [{role: 'assistant', kind: 'code', text}];
				else blocks = [{role: 'assistant', kind: 'prose', text}];
				conversation.answer(blocks);
		}
	}
	// A conversation sorts by when it started; its own title names it, unless it is a placeholder.
	const started = factDate(value.create_time);
	if (started) conversation.time(started);
	conversation.time(factDate(value.update_time));
	const source = conversation.finish();
	if (started) source.facts.generatedAt = started;
	if (typeof value.title === 'string') withSessionFacts(source, {agentTitle: value.title});
	const id = typeof value.conversation_id === 'string' ? value.conversation_id : typeof value.id === 'string' ? value.id : undefined;
	return {...(id ? {id} : {}), source};
}
