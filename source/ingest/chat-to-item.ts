import type {ItemRecord} from '../store/interchange.js';
import {validateItem} from '../store/interchange.js';
import {describedToItem, describeSource} from './build-item.js';
import type {SourceProblem} from './model.js';
import {GenericChatReader} from './formats/generic-chat.js';

export interface ChatMessage {
	/** user, assistant, system or tool, as generic chat JSON lines name them. */
	role: string;
	content: string;
	/** ISO 8601: when the message was written. */
	timestamp?: string;
}

export interface ChatDocument {
	namespace: string;
	itemId: string;
	messages: readonly ChatMessage[];
	source?: {uri?: string; kind?: string};
}

/**
 * A conversation held in memory as an item, through the path `drill ingest` takes for a generic
 * chat file (`{role, content}` JSON lines): turns, topics, the first request as title. For
 * evaluations (a public conversation benchmark) and callers that hold messages. The result is
 * validated.
 */
export function chatToItem(document: ChatDocument): ItemRecord {
	const problems: SourceProblem[] = [];
	const reader = new GenericChatReader(problems);
	document.messages.forEach((message, index) => reader.message(message, `message ${index + 1}`));
	const parsed = reader.finish();
	const described = describeSource(parsed);
	const item = describedToItem(described, parsed, {
		namespace: document.namespace,
		itemId: document.itemId,
		source: document.source ?? {kind: 'generic-chat'},
		fallbackDate: new Date(0).toISOString(),
	});
	return validateItem(item, `conversation ${document.itemId}`);
}
