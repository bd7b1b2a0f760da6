import {readFileSync, statSync} from 'node:fs';
import path from 'node:path';
import type {Block, ParsedSource} from '../model.js';
import {ConversationBuilder} from './conversation.js';
import {factDate} from './dates.js';
import {addTokens, filePath, isObject, text, tokenCounts, type Json} from './json-values.js';
import {filesEditedBy, withSessionFacts} from './session-facts.js';
import {toolCallText, toolOutputText} from './tool-text.js';

/**
 * A Continue session (`~/.continue/sessions/<sessionId>.json`, `$CONTINUE_GLOBAL_DIR` replacing
 * `~/.continue`; followed: continuedev/continue d0a3c0b, 2026-06-18, core/index.d.ts and
 * core/util/history.ts): `{sessionId, title, workspaceDirectory, history, mode?,
 * chatModelTitle?, usage?}` written pretty-printed, each history item `{message, contextItems,
 * promptLogs?, toolCallStates?, reasoning?, conversationSummary?}` with messages of role user,
 * assistant (toolCalls, usage), thinking, system and tool. The session file holds no dates: the
 * `sessions.json` list beside it gives when each was created (`dateCreated`, milliseconds as text).
 * Sessions of 2023 (a `history.timeline` of steps) are read too (`readTimeline`).
 */

/** Message content: a string or parts (`text`, `imageUrl`). */
function contentText(content: unknown): string {
	if (typeof content === 'string') return content;
	if (!Array.isArray(content)) return '';
	return content
		.map((part) => {
			if (!isObject(part)) return '';
			if (part.type === 'text' && typeof part.text === 'string') return part.text;
			if (part.type === 'imageUrl') return '[image]';
			return '';
		})
		.filter(Boolean)
		.join('\n');
}

const listCache = new Map<string, {mtimeMs: number; created: Map<string, string>}>();

/** When each session in a sessions folder was created, from its `sessions.json` (read once per change). */
function createdDates(folder: string): Map<string, string> {
	const file = path.join(folder, 'sessions.json');
	let mtimeMs: number;
	try {
		mtimeMs = statSync(file).mtimeMs;
	} catch {
		return new Map();
	}
	const cached = listCache.get(file);
	if (cached?.mtimeMs === mtimeMs) return cached.created;
	const created = new Map<string, string>();
	try {
		const list: unknown = JSON.parse(readFileSync(file, 'utf8'));
		for (const entry of Array.isArray(list) ? list : []) {
			const date = isObject(entry) ? factDate(entry.dateCreated) : undefined;
			if (date && typeof entry.sessionId === 'string') created.set(entry.sessionId, date);
		}
	} catch {
		// A broken list costs only the dates.
	}
	listCache.set(file, {mtimeMs, created});
	return created;
}

function item(entry: Json, conversation: ConversationBuilder, facts: {edited: Set<string>; tokens: ReturnType<typeof tokenCounts>; model?: string}): void {
	const message = isObject(entry.message) ? entry.message : entry;
	const said = contentText(message.content);
	const context: Block[] = (Array.isArray(entry.contextItems) ? entry.contextItems : []).flatMap((context) =>
		isObject(context) && text(context.content) ? [{role: 'system', kind: 'code' as const, text: `${String(context.name ?? 'context')}\n${String(context.content)}`}] : [],
	);
	for (const log of Array.isArray(entry.promptLogs) ? entry.promptLogs : []) if (isObject(log) && text(log.modelTitle)) facts.model = String(log.modelTitle);
	switch (message.role) {
		case 'user':
			conversation.prompt(said.trim() ? [{role: 'user', kind: 'prose', text: said}] : []);
			conversation.system(context);
			return;
		case 'assistant': {
			const blocks: Block[] = [];
			if (isObject(entry.reasoning) && text(entry.reasoning.text)) blocks.push({role: 'thinking', kind: 'thinking', text: String(entry.reasoning.text)});
			if (said.trim()) blocks.push({role: 'assistant', kind: 'prose', text: said});
			const states = Array.isArray(entry.toolCallStates) ? entry.toolCallStates.filter(isObject) : [];
			const calls = Array.isArray(message.toolCalls) ? message.toolCalls.filter(isObject) : states.map((state) => (isObject(state.toolCall) ? state.toolCall : {}));
			const results: Block[] = [];
			for (const call of calls) {
				const fn = isObject(call.function) ? call.function : {};
				const name = String(fn.name ?? 'tool');
				for (const file of filesEditedBy(name, fn.arguments)) facts.edited.add(file);
				blocks.push({role: 'tool_call', kind: 'tool', text: toolCallText(name, fn.arguments)});
				const state = states.find((candidate) => candidate.toolCallId === call.id);
				const output = Array.isArray(state?.output) ? state.output.map((context) => (isObject(context) ? String(context.content ?? '') : '')).join('\n') : '';
				if (output.trim() || state?.status === 'errored') results.push({role: 'tool', kind: 'tool', text: toolOutputText(output || String(state?.status), state?.status === 'errored')});
			}
			conversation.answer(blocks);
			conversation.toolResults(results);
			if (isObject(message.usage)) {
				const details = isObject(message.usage.promptTokensDetails) ? message.usage.promptTokensDetails : {};
				facts.tokens = addTokens(facts.tokens, tokenCounts({input: message.usage.promptTokens, output: message.usage.completionTokens, cache_read: details.cachedTokens, cache_write: details.cacheWriteTokens}));
			}
			return;
		}
		case 'thinking':
			if (said.trim()) conversation.answer([{role: 'thinking', kind: 'thinking', text: said}]);
			return;
		case 'tool':
			// Its output is shown with its call (toolCallStates) when Continue kept that; else here.
			if (said.trim()) conversation.toolResults([{role: 'tool', kind: 'tool', text: toolOutputText(said)}]);
			return;
		case 'system':
			if (said.trim()) conversation.system([{role: 'system', kind: 'prose', text: said}]);
			return;
		default:
			conversation.skipped++;
	}
}

/**
 * A session of Continue's first, Python-served versions (2023): `{history: {timeline: [{step:
 * {name, class_name, description, hide, user_input?, chat_context}, observation, deleted}],
 * current_index}, session_info: {session_id, title, date_created, workspace_directory}}`. A
 * `UserInputStep` is the person's request; the other steps shown (`hide` false) are Continue's
 * work, their `description` what it said or did.
 */
function readTimeline(file: string, session: Json, timeline: unknown[]): ParsedSource {
	const conversation = new ConversationBuilder('continue');
	const info = isObject(session.session_info) ? session.session_info : {};
	conversation.time(factDate(typeof info.date_created === 'string' ? Number(info.date_created) : info.date_created));
	for (const node of timeline) {
		const step = isObject(node) && isObject(node.step) ? node.step : undefined;
		if (!step || (node as Json).deleted === true || step.hide === true) {
			conversation.skipped++;
			continue;
		}
		const said = text(step.user_input) ?? text(step.description);
		if (!said) conversation.skipped++;
		else if (step.class_name === 'UserInputStep') conversation.prompt([{role: 'user', kind: 'prose', text: said}]);
		else if (step.class_name === 'SimpleChatStep' || step.class_name === 'ChatWithFunctions') conversation.answer([{role: 'assistant', kind: 'prose', text: said}]);
		else conversation.answer([{role: 'tool_call', kind: 'tool', text: toolCallText(String(step.name ?? step.class_name ?? 'step'), {description: said}), tools: [String(step.class_name ?? 'step')]}]);
	}
	return withSessionFacts(conversation.finish(), {sessionId: text(info.session_id) ?? path.basename(file, '.json'), agentTitle: text(info.title), project: filePath(info.workspace_directory)});
}

export function readContinueSession(file: string, session: Json): ParsedSource {
	if (isObject(session.history) && Array.isArray(session.history.timeline)) return readTimeline(file, session, session.history.timeline);
	const conversation = new ConversationBuilder('continue');
	const facts: {edited: Set<string>; tokens: ReturnType<typeof tokenCounts>; model?: string} = {edited: new Set(), tokens: undefined};
	const id = text(session.sessionId) ?? path.basename(file, '.json');
	conversation.time(createdDates(path.dirname(file)).get(id));
	for (const entry of Array.isArray(session.history) ? session.history : []) {
		if (!isObject(entry)) continue;
		// A tool message whose output its call's state already showed is not shown twice.
		const message = isObject(entry.message) ? entry.message : entry;
		if (message.role === 'tool' && session.history instanceof Array && hasState(session.history, message.toolCallId)) {
			conversation.skipped++;
			continue;
		}
		item(entry, conversation, facts);
	}
	const usage = isObject(session.usage) ? session.usage : undefined;
	const details = usage && isObject(usage.promptTokensDetails) ? usage.promptTokensDetails : {};
	const tokens = usage ? tokenCounts({input: usage.promptTokens, output: usage.completionTokens, cache_read: details.cachedTokens, cache_write: details.cacheWriteTokens}) : facts.tokens;
	if (typeof session.chatModelTitle === 'string') facts.model ??= session.chatModelTitle;
	return withSessionFacts(conversation.finish(), {
		sessionId: id,
		agentTitle: text(session.title),
		tokens,
		filesEdited: facts.edited,
		project: filePath(session.workspaceDirectory),
		model: facts.model,
	});
}

function hasState(history: unknown[], toolCallId: unknown): boolean {
	if (typeof toolCallId !== 'string') return false;
	return history.some((entry) => isObject(entry) && Array.isArray(entry.toolCallStates) && entry.toolCallStates.some((state) => isObject(state) && state.toolCallId === toolCallId && Array.isArray(state.output) && state.output.length > 0));
}
