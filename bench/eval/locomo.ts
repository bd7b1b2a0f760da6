import {existsSync, readFileSync, statSync} from 'node:fs';
import path from 'node:path';
import {DrillError} from '../../source/core/errors.js';
import type {ChatMessage} from '../../source/ingest/index.js';
import type {BeirCollection} from './beir.js';

/**
 * LoCoMo (Maharana et al. 2024, github.com/snap-research/LoCoMo, `data/locomo10.json`): ten long
 * conversations between two people, each in 19–32 dated sessions, with questions whose evidence
 * is a list of dialogue turns (`D3:5`: session 3, turn 5). Read as its peers read it for session
 * retrieval: one index per conversation, each session a document, each question verbatim, a
 * session relevant when it holds an evidence turn. Converted here at eval time; the file is never
 * committed (copy it to /work/data/locomo/ or anywhere, and give that folder or the file).
 */

/** The question categories of the LoCoMo paper, by their number in the file. */
export const locomoCategories = {1: 'multi-hop', 2: 'temporal', 3: 'open-domain', 4: 'single-hop', 5: 'adversarial'} as const;
export type LocomoCategory = (typeof locomoCategories)[keyof typeof locomoCategories];

export interface LocomoSession {
	/** `session_3`: the document id. */
	id: string;
	/** ISO 8601, from the session's `session_3_date_time` ("1:56 pm on 8 May, 2023"), when it reads. */
	time?: string;
	messages: ChatMessage[];
}

export interface LocomoQuestion {
	id: string;
	text: string;
	category: LocomoCategory;
	/** The sessions holding an evidence turn. */
	sessions: string[];
}

export interface LocomoConversation {
	name: string;
	sessions: LocomoSession[];
	questions: LocomoQuestion[];
}

const months = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/** "1:56 pm on 8 May, 2023" as ISO 8601 (the file gives no zone: read as UTC). */
export function locomoDate(text: unknown): string | undefined {
	if (typeof text !== 'string') return undefined;
	const match = /(\d{1,2}):(\d{2})\s*(am|pm)\s+on\s+(\d{1,2})\s+([a-z]+),?\s+(\d{4})/iu.exec(text);
	if (!match) return undefined;
	const month = months.indexOf(match[5]!.toLowerCase());
	if (month < 0) return undefined;
	const hour = (Number(match[1]) % 12) + (match[3]!.toLowerCase() === 'pm' ? 12 : 0);
	const date = new Date(Date.UTC(Number(match[6]), month, Number(match[4]), hour, Number(match[2])));
	return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** The sessions a question's evidence names: `D3:5`, and the file's few odd forms (`D:11:26`, `D8:6; D9:17`). */
export function evidenceSessions(evidence: unknown): string[] {
	const found = new Set<string>();
	for (const entry of Array.isArray(evidence) ? evidence : []) {
		for (const match of String(entry).matchAll(/D:?(\d+):\d+/gu)) found.add(`session_${Number(match[1])}`);
	}
	return [...found];
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * One dialogue turn as a chat message: the speaker's name opens it (a transcript names who spoke,
 * and questions name people), a shared photo is its caption (`blip_caption`, what a reader of the
 * transcript would be told; the image search `query` beside it is left out: it was written by the
 * dataset's makers, not said in the conversation).
 */
function turnMessage(turn: Json, first: string, time: string | undefined): ChatMessage | undefined {
	const speaker = typeof turn.speaker === 'string' ? turn.speaker : '';
	const text = typeof turn.text === 'string' ? turn.text : '';
	const caption = typeof turn.blip_caption === 'string' && turn.blip_caption.trim() ? ` [image: ${turn.blip_caption.trim()}]` : '';
	if (!text.trim() && !caption) return undefined;
	return {role: speaker === first ? 'user' : 'assistant', content: `${speaker}: ${text}${caption}`, ...(time ? {timestamp: time} : {})};
}

function conversationOf(value: unknown, index: number): LocomoConversation {
	const where = `conversation ${index + 1}`;
	if (!isObject(value) || !isObject(value.conversation) || !Array.isArray(value.qa)) {
		throw new DrillError('bad_input', `${where} of the LoCoMo file has no "conversation" object or "qa" list`, 'give data/locomo10.json of github.com/snap-research/LoCoMo');
	}
	const talk = value.conversation;
	const first = typeof talk.speaker_a === 'string' ? talk.speaker_a : '';
	const sessions: LocomoSession[] = [];
	for (const key of Object.keys(talk)) {
		const number = /^session_(\d+)$/u.exec(key)?.[1];
		if (!number || !Array.isArray(talk[key])) continue;
		const time = locomoDate(talk[`session_${number}_date_time`]);
		const messages = (talk[key] as unknown[]).flatMap((turn) => {
			const message = isObject(turn) ? turnMessage(turn, first, time) : undefined;
			return message ? [message] : [];
		});
		if (messages.length > 0) sessions.push({id: key, ...(time ? {time} : {}), messages});
	}
	const name = typeof value.sample_id === 'string' ? value.sample_id : `conversation-${index + 1}`;
	const known = new Set(sessions.map((session) => session.id));
	const questions = value.qa.flatMap((qa, number): LocomoQuestion[] => {
		if (!isObject(qa) || typeof qa.question !== 'string' || !qa.question.trim()) return [];
		const category = locomoCategories[Number(qa.category) as keyof typeof locomoCategories];
		const judged = evidenceSessions(qa.evidence).filter((session) => known.has(session));
		return category && judged.length > 0 ? [{id: `${name}:${number + 1}`, text: qa.question, category, sessions: judged}] : [];
	});
	return {name, sessions, questions};
}

/** Reads locomo10.json (the file, or a folder holding it). */
export function loadLocomo(fileOrFolder: string): LocomoConversation[] {
	const file = existsSync(fileOrFolder) && statSync(fileOrFolder).isDirectory() ? path.join(fileOrFolder, 'locomo10.json') : fileOrFolder;
	if (!existsSync(file)) throw new DrillError('not_found', `no LoCoMo file at ${file}`, 'copy data/locomo10.json of github.com/snap-research/LoCoMo there');
	let value: unknown;
	try {
		value = JSON.parse(readFileSync(file, 'utf8'));
	} catch {
		throw new DrillError('bad_input', `${file} is not JSON`, 'give data/locomo10.json of github.com/snap-research/LoCoMo');
	}
	if (!Array.isArray(value)) throw new DrillError('bad_input', `${file} is not a list of conversations`, 'give data/locomo10.json of github.com/snap-research/LoCoMo');
	return value.map(conversationOf);
}

/** Whether a path names a LoCoMo file or a folder holding one (rather than a BEIR folder). */
export function isLocomo(fileOrFolder: string): boolean {
	if (!existsSync(fileOrFolder)) return false;
	return statSync(fileOrFolder).isDirectory() ? existsSync(path.join(fileOrFolder, 'locomo10.json')) && !existsSync(path.join(fileOrFolder, 'corpus.jsonl')) : fileOrFolder.endsWith('.json');
}

/**
 * One conversation as a BEIR collection: each session a document (its messages' text, one a
 * line, and no title: what plain bm25 reads), each question judged by its evidence sessions.
 */
export function conversationCollection(conversation: LocomoConversation): BeirCollection {
	return {
		name: conversation.name,
		documents: conversation.sessions.map((session) => ({_id: session.id, title: '', text: session.messages.map((message) => message.content).join('\n')})),
		queries: conversation.questions.map((question) => ({id: question.id, text: question.text})),
		qrels: new Map(conversation.questions.map((question) => [question.id, new Map(question.sessions.map((session) => [session, 1]))])),
	};
}
