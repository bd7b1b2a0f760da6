import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import type {Block, ParsedSource, SourceProblem} from '../model.js';
import {ConversationBuilder} from './conversation.js';
import {factDate} from './dates.js';
import {addTokens, isObject, text, tokenCounts, type Json} from './json-values.js';
import {filesEditedBy, withSessionFacts} from './session-facts.js';
import {toolCallText, toolOutputText} from './tool-text.js';
import type {MessageUsage} from '../../core/usage.js';

/**
 * OpenCode's sessions (anomalyco/opencode, formerly sst/opencode; followed:
 * packages/opencode/src/session/message-v2.ts at 007a940 and storage/json-migration.ts at
 * 062aa8c). A session `{id: ses_…, projectID, parentID?, directory, title, version, time}` has
 * messages `{id: msg_…, role, time, …}` — an assistant's with modelID, providerID, tokens {input,
 * output, reasoning, cache {read, write}}, cost, path {cwd, root}, error, summary —, each with
 * parts `{id: prt_…, type}`: text (synthetic ones are context OpenCode added), reasoning, tool
 * ({tool, callID, state {status, input, output | error, title}}), file, agent, subtask,
 * compaction, retry, patch (the files a step changed), and step-start / step-finish / snapshot
 * (bookkeeping). Before OpenCode 1.x they are JSON files under `storage/` (session/<project>/<id>.json,
 * message/<session>/<id>.json, part/<message>/<id>.json); since, rows of `opencode.db` whose
 * `data` column holds the same objects. `opencode export <session>` prints one session as
 * `{info: <session>, messages: [{info: <message>, parts: [<part>…]}…]}` (cli/cmd/export.ts).
 */

export interface OpenCodeMessage {
	info: Json;
	parts: Json[];
}

/** OpenCode's own placeholder names ("New session - 2026-…"), which are no title. */
const placeholderTitle = /^(?:New|Child) session - \d{4}-\d{2}-\d{2}T/u;

function partBlocks(part: Json, user: boolean, edited: Set<string>, conversation: ConversationBuilder): {said: Block[]; answer: Block[]; results: Block[]} {
	const said: Block[] = [];
	const answer: Block[] = [];
	const results: Block[] = [];
	switch (part.type) {
		case 'text':
			if (part.ignored === true || !text(part.text)) break;
			if (part.synthetic === true) answer.push({role: 'system', kind: 'prose', text: String(part.text)});
			else (user ? said : answer).push({role: user ? 'user' : 'assistant', kind: 'prose', text: String(part.text)});
			break;
		case 'reasoning':
			if (text(part.text)) answer.push({role: 'thinking', kind: 'thinking', text: String(part.text)});
			break;
		case 'file':
			(user ? said : answer).push({role: user ? 'user' : 'assistant', kind: 'prose', text: `[file: ${String(part.filename ?? part.url ?? 'attachment')}]`});
			break;
		case 'agent':
			if (text(part.name)) answer.push({role: 'system', kind: 'prose', text: `[agent] ${String(part.name)}`});
			break;
		case 'subtask':
			answer.push({role: 'tool_call', kind: 'tool', text: toolCallText(`task ${String(part.agent ?? '')}`.trim(), {description: part.description, prompt: part.prompt})});
			break;
		case 'tool': {
			const state = isObject(part.state) ? part.state : {};
			const name = String(part.tool ?? 'tool');
			for (const file of filesEditedBy(name, state.input)) edited.add(file);
			answer.push({role: 'tool_call', kind: 'tool', text: toolCallText(name, state.input)});
			if (state.status === 'completed') results.push({role: 'tool', kind: 'tool', text: toolOutputText(typeof state.output === 'string' ? state.output : '')});
			else if (state.status === 'error') results.push({role: 'tool', kind: 'tool', text: toolOutputText(typeof state.error === 'string' ? state.error : 'error', true)});
			break;
		}
		case 'patch':
			if (Array.isArray(part.files)) for (const file of part.files) if (typeof file === 'string') edited.add(file);
			conversation.skipped++;
			break;
		case 'compaction':
			answer.push({role: 'system', kind: 'prose', text: '[the session was compacted]'});
			break;
		case 'retry': {
			const error = isObject(part.error) && isObject(part.error.data) ? part.error.data.message : undefined;
			answer.push({role: 'system', kind: 'prose', text: `[retry ${String(part.attempt ?? '')}] ${typeof error === 'string' ? error : ''}`.trim()});
			break;
		}
		default:
			// step-start, step-finish, snapshot: bookkeeping.
			conversation.skipped++;
	}
	return {said, answer, results};
}

function errorText(error: unknown): string | undefined {
	if (!isObject(error)) return undefined;
	const data = isObject(error.data) ? error.data : {};
	const message = typeof data.message === 'string' ? data.message : undefined;
	return `[error] ${String(error.name ?? 'Error')}${message ? `: ${message}` : ''}`;
}

/** One OpenCode session, from its info and its messages with their parts (in any order). */
export function readOpenCodeSession(session: Json, messages: OpenCodeMessage[], agent = 'opencode'): ParsedSource {
	const conversation = new ConversationBuilder(agent);
	const edited = new Set<string>();
	let tokens: ReturnType<typeof tokenCounts>;
	let cost = 0;
	const usage: MessageUsage[] = [];
	const time = isObject(session.time) ? session.time : {};
	conversation.time(factDate(time.created));
	const byTime = (a: OpenCodeMessage, b: OpenCodeMessage) => {
		const at = (message: OpenCodeMessage) => (isObject(message.info.time) ? Number(message.info.time.created) || 0 : 0);
		return at(a) - at(b) || String(a.info.id).localeCompare(String(b.info.id));
	};
	for (const {info, parts} of [...messages].sort(byTime)) {
		const user = info.role === 'user';
		const infoTime = isObject(info.time) ? info.time : {};
		conversation.time(factDate(infoTime.created));
		conversation.time(factDate(infoTime.completed));
		const ordered = [...parts].sort((a, b) => String(a.id).localeCompare(String(b.id)));
		if (!user) {
			conversation.model(info.modelID);
			if (typeof info.cost === 'number' && Number.isFinite(info.cost) && info.cost > 0) cost += info.cost;
			if (isObject(info.path)) conversation.project(info.path.cwd);
			if (isObject(info.tokens)) {
				const cache = isObject(info.tokens.cache) ? info.tokens.cache : {};
				const output = (Number(info.tokens.output) || 0) + (Number(info.tokens.reasoning) || 0);
				const used = tokenCounts({input: info.tokens.input, output, cache_read: cache.read, cache_write: cache.write});
				tokens = addTokens(tokens, used);
				// The cost OpenCode recorded for the message (from its own price list; 0 for a subscription's models).
				const at = factDate(infoTime.created);
				const cost = typeof info.cost === 'number' && Number.isFinite(info.cost) && info.cost >= 0 ? info.cost : undefined;
				usage.push({...(at ? {at} : {}), ...(text(info.modelID) ? {model: text(info.modelID)} : {}), ...used, ...(cost === undefined ? {} : {cost_usd: cost})});
			}
		}
		if (user) {
			const blocks = ordered.map((part) => partBlocks(part, true, edited, conversation));
			conversation.prompt(blocks.flatMap((block) => block.said));
			conversation.answer(blocks.flatMap((block) => block.answer));
			conversation.toolResults(blocks.flatMap((block) => block.results));
		} else if (info.summary === true) {
			// The summary a compaction wrote: context for what follows, not an answer.
			const blocks = ordered.flatMap((part) => partBlocks(part, false, edited, conversation).answer);
			conversation.system(blocks.filter((block) => block.role === 'assistant').map((block) => ({...block, role: 'system'})));
		} else {
			// A tool part is its call and its result: each result follows its call.
			for (const part of ordered) {
				const blocks = partBlocks(part, false, edited, conversation);
				conversation.answer(blocks.answer);
				conversation.toolResults(blocks.results);
			}
			const error = errorText(info.error);
			if (error) conversation.system([{role: 'system', kind: 'prose', text: error}]);
		}
	}
	conversation.time(factDate(time.updated));
	const title = text(session.title);
	// OpenCode 1.16+ keeps the session's totals on its row too: the messages' own come first.
	const totals = isObject(session.totals) ? session.totals : {};
	tokens ??= tokenCounts({input: totals.input, output: (Number(totals.output) || 0) + (Number(totals.reasoning) || 0) || undefined, cache_read: totals.cache_read, cache_write: totals.cache_write});
	if (typeof session.cost === 'number' && session.cost > 0) cost = session.cost;
	conversation.model(typeof session.model === 'string' && !conversation.provenance.model ? session.model : undefined);
	const parsed = conversation.finish();
	if (usage.length > 0) parsed.usage = usage;
	return withSessionFacts(parsed, {
		sessionId: text(session.id),
		agentTitle: title && !placeholderTitle.test(title) ? title : undefined,
		tokens,
		costUsd: cost > 0 ? cost : undefined,
		filesEdited: edited,
		parentSession: text(session.parentID),
		project: text(session.directory),
		agentVersion: session.version,
	});
}

function readJsonFile(file: string): Json | undefined {
	try {
		const value: unknown = JSON.parse(readFileSync(file, 'utf8'));
		return isObject(value) ? value : undefined;
	} catch {
		return undefined;
	}
}

function jsonFiles(folder: string): string[] {
	try {
		return readdirSync(folder)
			.filter((name) => name.endsWith('.json'))
			.sort()
			.map((name) => path.join(folder, name));
	} catch {
		return [];
	}
}

/**
 * A session of OpenCode's JSON storage, read from its session file: its messages and their parts
 * are the files under `storage/message/<session>/` and `storage/part/<message>/`.
 */
export function readOpenCodeSessionFile(file: string, session: Json, problems: SourceProblem[]): ParsedSource {
	// storage/session/<project>/<session>.json → storage/
	const storage = path.dirname(path.dirname(path.dirname(file)));
	const id = text(session.id) ?? path.basename(file, '.json');
	const messages: OpenCodeMessage[] = [];
	let unreadable = 0;
	for (const messageFile of jsonFiles(path.join(storage, 'message', id))) {
		const info = readJsonFile(messageFile);
		if (!info) {
			unreadable++;
			continue;
		}
		const messageId = text(info.id) ?? path.basename(messageFile, '.json');
		const parts = jsonFiles(path.join(storage, 'part', messageId)).flatMap((partFile) => {
			const part = readJsonFile(partFile);
			if (!part) unreadable++;
			return part ? [part] : [];
		});
		messages.push({info, parts});
	}
	if (unreadable > 0) problems.push({reason: `${unreadable} of its message and part files could not be read as JSON`});
	return readOpenCodeSession(session, messages);
}

/** An `opencode export` file: the session and its messages with their parts, in one document. */
export function isOpenCodeExport(value: Json): boolean {
	return isObject(value.info) && typeof value.info.id === 'string' && value.info.id.startsWith('ses_') && Array.isArray(value.messages);
}

/** A session as `opencode export` writes it; a message without its info and parts is counted and left out. */
export function readOpenCodeExport(value: Json, problems: SourceProblem[]): ParsedSource {
	const messages: OpenCodeMessage[] = [];
	let unreadable = 0;
	for (const message of value.messages as unknown[]) {
		if (isObject(message) && isObject(message.info) && Array.isArray(message.parts)) messages.push({info: message.info, parts: message.parts.filter((part): part is Json => isObject(part))});
		else unreadable++;
	}
	if (unreadable > 0) problems.push({reason: `${unreadable} of its messages are not OpenCode messages ({info, parts})`});
	return readOpenCodeSession(value.info as Json, messages);
}
