import {closeSync, openSync, readFileSync, readSync} from 'node:fs';
import path from 'node:path';
import type {Block, ParsedSource, SourceProblem} from '../model.js';
import {ConversationBuilder} from './conversation.js';
import {factDate} from './dates.js';
import {addTokens, isObject, parsedJson, text, tokenCounts, type Json} from './json-values.js';
import {filesEditedBy, withSessionFacts} from './session-facts.js';
import {toolCallText, toolOutputText, toolResultText} from './tool-text.js';
import type {MessageUsage} from '../../core/usage.js';

/**
 * A Cline task, and a task of its forks Roo Code and Kilo Code: a folder `tasks/<id>/` under the
 * extension's VS Code global storage (`saoudrizwan.claude-dev`, `rooveterinaryinc.roo-cline`,
 * `kilocode.kilo-code`), or under `~/.cline/data/tasks/` (Cline 3.3x and its CLI). Followed:
 * cline/cline 21cb8d2 (2026-08-22) apps/vscode/src/shared/ExtensionMessage.ts, messages/content.ts,
 * core/context/context-tracking/ContextTrackerTypes.ts and sdk/legacy-state-reader.ts; Roo Code
 * RooCodeInc/Roo-Code cb83656 keeps the same three files.
 *
 * - `ui_messages.json` (read first: it is what the person saw, with times): `ClineMessage[]`,
 *   `{ts, type: say|ask, say|ask, text, reasoning?, images?}` — task, user_feedback, text,
 *   reasoning, completion_result, tool (a JSON `ClineSayTool` such as editedExistingFile with its
 *   path and diff), command and command_output, use_mcp_server and mcp_server_response,
 *   browser_action*, followup and plan/act-mode answers (JSON), errors, and api_req_started
 *   (JSON: the request sent, tokensIn, tokensOut, cacheReads, cacheWrites, cost).
 * - `api_conversation_history.json` (read when there are no ui_messages): the model's view,
 *   Anthropic messages with text, tool_use, tool_result, thinking and image blocks (native tool
 *   use in 3.5x), `modelInfo` and (3.5x) `metrics` {tokens {prompt, completion, cached}, cost}, the request
 *   wrapped in `<task>` and followed by `<environment_details>` (context, not words of the person).
 * - `task_metadata.json`: `files_in_context` (record_source `cline_edited`/`roo_edited` for the
 *   files the agent edited) and `model_usage` (model_id per turn).
 *
 * The task's working directory is named in the environment details Cline sends with the request
 * ("# Current Working Directory (…) Files"; Roo Code: "Current Workspace Directory").
 */

/** The extension folder a task is in names the agent. */
export function clineAgent(file: string): string {
	const parts = file.split(path.sep);
	if (parts.includes('rooveterinaryinc.roo-cline')) return 'roo-code';
	if (parts.includes('kilocode.kilo-code')) return 'kilo-code';
	return 'cline';
}

const workingDirectory = /# Current (?:Working|Workspace) Directory \(([^)\n]{1,4096})\) Files/u;
const environment = /<environment_details>[\s\S]*?(?:<\/environment_details>|$)/gu;

function readJson(file: string): unknown {
	try {
		return JSON.parse(readFileSync(file, 'utf8')) as unknown;
	} catch {
		return undefined;
	}
}

interface TaskFacts {
	/** The person's messages so far. */
	asked: number;
	edited: Set<string>;
	tokens: ReturnType<typeof tokenCounts>;
	/** What the requests cost, as Cline recorded it (api_req_started's `cost`, a message's `metrics.cost`). */
	cost: number;
	/** Each API request's tokens and the cost Cline recorded for it. */
	usage: MessageUsage[];
	project?: string;
	model?: string;
}

/** `task_metadata.json`: the model of the last turn and the files the agent edited. */
function readMetadata(folder: string, facts: TaskFacts): void {
	const metadata = readJson(path.join(folder, 'task_metadata.json'));
	if (!isObject(metadata)) return;
	for (const entry of Array.isArray(metadata.files_in_context) ? metadata.files_in_context : []) {
		if (isObject(entry) && typeof entry.path === 'string' && /_edited$/u.test(String(entry.record_source)) && entry.record_source !== 'user_edited') facts.edited.add(entry.path);
	}
	const usage = Array.isArray(metadata.model_usage) ? metadata.model_usage.filter(isObject) : [];
	const last = usage.at(-1);
	if (last && text(last.model_id)) facts.model = String(last.model_id);
}

/** The request a turn sent, without the environment details Cline appends. */
function requestWords(textValue: string): string {
	return textValue.replace(environment, '').replace(/^\s*<task>\s*([\s\S]*?)\s*<\/task>\s*/u, '$1').trim();
}

const toolNames: Record<string, string> = {command: 'execute_command', use_mcp_server: 'use_mcp_server', browser_action_launch: 'browser_action', browser_action: 'browser_action'};

/** A `ClineSayTool` (or MCP / browser request) as a tool call: its `tool` (or kind) and its fields. */
function toolBlock(kind: string, value: string | undefined, facts: TaskFacts): Block {
	const parsed = parsedJson(value);
	if (kind === 'command') return {role: 'tool_call', kind: 'tool', text: toolCallText('execute_command', {command: value ?? ''})};
	if (kind === 'browser_action_launch') return {role: 'tool_call', kind: 'tool', text: toolCallText('browser_action', {action: 'launch', url: value ?? ''})};
	if (!isObject(parsed)) return {role: 'tool_call', kind: 'tool', text: toolCallText(toolNames[kind] ?? kind, value ?? '')};
	if (kind === 'use_mcp_server') {
		const name = [parsed.serverName, parsed.toolName ?? parsed.uri].filter((part) => typeof part === 'string').join('.');
		return {role: 'tool_call', kind: 'tool', text: toolCallText(name || 'use_mcp_server', parsedJson(parsed.arguments) ?? parsed.arguments ?? {})}; 
	}
	const {tool, ...rest} = parsed;
	const name = typeof tool === 'string' ? tool : (toolNames[kind] ?? kind);
	for (const file of filesEditedBy(name, rest)) facts.edited.add(file);
	return {role: 'tool_call', kind: 'tool', text: toolCallText(name, rest)};
}

/** A JSON answer (`followup`, `plan_mode_respond`): its question or response and its options. */
function answerText(value: string | undefined): string | undefined {
	const parsed = parsedJson(value);
	if (!isObject(parsed)) return text(value);
	const said = text(parsed.question) ?? text(parsed.response) ?? text(parsed.text);
	const options = Array.isArray(parsed.options) ? parsed.options.filter((option) => typeof option === 'string') : [];
	return [said, ...options.map((option) => `- ${option}`)].filter(Boolean).join('\n') || undefined;
}

function uiMessage(message: Json, conversation: ConversationBuilder, facts: TaskFacts): void {
	conversation.time(factDate(message.ts));
	// Cline 3.3x names the model on each message.
	if (isObject(message.modelInfo)) conversation.model(message.modelInfo.modelId);
	const said = typeof message.text === 'string' ? message.text : undefined;
	const images = Array.isArray(message.images) && message.images.length > 0 ? [{role: 'user', kind: 'prose' as const, text: '[image]'}] : [];
	const kind = message.type === 'say' ? String(message.say) : String(message.ask);
	const system = (line: string) => conversation.system([{role: 'system', kind: 'prose', text: line}]);
	switch (kind) {
		case 'task':
		case 'user_feedback':
			conversation.prompt([...(text(said) ? [{role: 'user', kind: 'prose' as const, text: said!}] : []), ...images]);
			facts.asked++;
			return;
		case 'text':
		case 'completion_result':
			// Roo Code and Kilo Code open a task with its words as a `text` message, not a `task` one.
			if (kind === 'text' && facts.asked === 0 && text(said)) {
				conversation.prompt([{role: 'user', kind: 'prose', text: said!}, ...images]);
				facts.asked++;
				return;
			}
			if (text(said)) conversation.answer([{role: 'assistant', kind: 'prose', text: said!}]);
			else conversation.skipped++;
			if (text(message.reasoning)) conversation.answer([{role: 'thinking', kind: 'thinking', text: String(message.reasoning)}]);
			return;
		case 'reasoning':
			if (text(said)) conversation.answer([{role: 'thinking', kind: 'thinking', text: said!}]);
			return;
		case 'followup':
		case 'plan_mode_respond':
		case 'act_mode_respond':
		case 'new_task': {
			const answer = answerText(said);
			if (answer) conversation.answer([{role: 'assistant', kind: 'prose', text: answer}]);
			else conversation.skipped++;
			return;
		}
		case 'tool':
		case 'command':
		case 'use_mcp_server':
		case 'use_subagents':
		case 'subagent':
		case 'browser_action_launch':
		case 'browser_action':
			// Asked for approval (ask) or run at once (say): one message per call; a partial one is still being written.
			if (message.partial !== true) conversation.answer([toolBlock(kind, said, facts)]);
			return;
		case 'command_output':
		case 'mcp_server_response':
		case 'subtask_result':
		case 'codebase_search_result':
			if (said !== undefined) conversation.toolResults([{role: 'tool', kind: 'tool', text: toolOutputText(said)}]);
			return;
		case 'browser_action_result': {
			const result = parsedJson(said);
			const logs = isObject(result) ? [result.currentUrl, result.logs].filter((part) => typeof part === 'string' && part.trim()).join('\n') : '';
			conversation.toolResults([{role: 'tool', kind: 'tool', text: toolOutputText(logs || '[screenshot]')}]);
			return;
		}
		case 'api_req_started': {
			const request = parsedJson(said);
			if (isObject(request)) {
				const used = tokenCounts({input: request.tokensIn, output: request.tokensOut, cache_read: request.cacheReads, cache_write: request.cacheWrites});
				facts.tokens = addTokens(facts.tokens, used);
				const at = factDate(message.ts);
				const model = isObject(message.modelInfo) && typeof message.modelInfo.modelId === 'string' ? message.modelInfo.modelId : undefined;
				const cost = typeof request.cost === 'number' && Number.isFinite(request.cost) && request.cost >= 0 ? request.cost : undefined;
				if (used || cost !== undefined) facts.usage.push({...(at ? {at} : {}), ...(model ? {model} : {}), ...used, ...(cost === undefined ? {} : {cost_usd: cost})});
				if (cost !== undefined && cost > 0) facts.cost += cost;
				if (typeof request.request === 'string') facts.project ??= workingDirectory.exec(request.request)?.[1];
			}
			conversation.skipped++;
			return;
		}
		case 'error':
		case 'api_req_failed':
		case 'mistake_limit_reached':
		case 'diff_error':
		case 'clineignore_error':
		case 'rooignore_error':
			if (text(said)) system(`[error] ${said}`);
			return;
		case 'condense':
		case 'condense_context':
		case 'summarize_task':
			if (text(said)) system(said!);
			return;
		default:
			// api_req_finished, checkpoints, resume prompts, progress and hook notices: the UI's.
			conversation.skipped++;
	}
}

/** The model's view (`api_conversation_history.json`): read when a task has no ui_messages. */
function apiMessage(message: Json, conversation: ConversationBuilder, facts: TaskFacts): void {
	conversation.time(factDate(message.ts));
	const content = typeof message.content === 'string' ? [{type: 'text', text: message.content}] : Array.isArray(message.content) ? message.content.filter(isObject) : [];
	if (isObject(message.modelInfo)) conversation.model(message.modelInfo.modelId);
	// Cline 3.5x: each answer's tokens (`prompt` includes the `cached` part) and cost.
	const metrics = isObject(message.metrics) ? message.metrics : undefined;
	if (metrics) {
		const tokens = isObject(metrics.tokens) ? metrics.tokens : {};
		const cached = Number(tokens.cached) || 0;
		facts.tokens = addTokens(facts.tokens, tokenCounts({input: typeof tokens.prompt === 'number' ? Math.max(0, tokens.prompt - cached) : undefined, output: tokens.completion, cache_read: cached || undefined}));
		if (typeof metrics.cost === 'number' && Number.isFinite(metrics.cost) && metrics.cost > 0) facts.cost += metrics.cost;
	}
	if (message.role === 'user') {
		const prompt: Block[] = [];
		const context: Block[] = [];
		const results: Block[] = [];
		// After the header of an XML tool call's result ("[read_file for 'x'] Result:", Cline before
		// native tool use), the text blocks that follow are that result's.
		let inResult = false;
		for (const part of content) {
			if (part.type === 'tool_result') results.push({role: 'tool', kind: 'tool', text: toolOutputText(toolResultText(part.content), part.is_error === true)});
			else if (part.type === 'image') prompt.push({role: 'user', kind: 'prose', text: '[image]'});
			else if (part.type === 'text' && typeof part.text === 'string') {
				facts.project ??= workingDirectory.exec(part.text)?.[1];
				const words = requestWords(part.text);
				if (/^\[[\w -]+(?: for [^\]]*)?\] Result:/u.test(words)) inResult = true;
				if (!words) context.push({role: 'system', kind: 'prose', text: part.text});
				else if (inResult) results.push({role: 'tool', kind: 'tool', text: toolOutputText(words)});
				else prompt.push({role: 'user', kind: 'prose', text: words.replace(/^<feedback>\s*([\s\S]*?)\s*<\/feedback>$/u, '$1')});
			}
		}
		conversation.toolResults(results);
		conversation.prompt(prompt);
		conversation.system(context);
		return;
	}
	const blocks: Block[] = [];
	for (const part of content) {
		if (part.type === 'text' && text(part.text)) blocks.push({role: 'assistant', kind: 'prose', text: String(part.text)});
		else if (part.type === 'thinking' && text(part.thinking)) blocks.push({role: 'thinking', kind: 'thinking', text: String(part.thinking)});
		else if (part.type === 'tool_use') {
			const name = String(part.name ?? 'tool');
			for (const file of filesEditedBy(name, part.input)) facts.edited.add(file);
			blocks.push({role: 'tool_call', kind: 'tool', text: toolCallText(name, part.input)});
		}
	}
	conversation.answer(blocks);
}

/** Reads a task from one of its files (ui_messages.json, else api_conversation_history.json). */
export function readClineTask(file: string, value: unknown, problems: SourceProblem[]): ParsedSource {
	const folder = path.dirname(file);
	const conversation = new ConversationBuilder(clineAgent(file));
	const facts: TaskFacts = {asked: 0, edited: new Set(), tokens: undefined, cost: 0, usage: []};
	const ui = path.basename(file) !== 'api_conversation_history.json';
	if (!Array.isArray(value)) problems.push({reason: 'is not a list of messages'});
	for (const message of Array.isArray(value) ? value : []) {
		if (!isObject(message)) continue;
		if (ui) uiMessage(message, conversation, facts);
		else apiMessage(message, conversation, facts);
	}
	readMetadata(folder, facts);
	if (ui && !facts.project) facts.project = projectFromApiHistory(folder);
	const parsed = conversation.finish();
	if (facts.usage.length > 0) parsed.usage = facts.usage;
	return withSessionFacts(parsed, {
		sessionId: path.basename(folder),
		tokens: facts.tokens,
		costUsd: facts.cost > 0 ? facts.cost : undefined,
		filesEdited: facts.edited,
		project: facts.project,
		model: facts.model,
	});
}

/** The working directory, from the first request in the API history (read only as far as needed). */
function projectFromApiHistory(folder: string): string | undefined {
	const file = path.join(folder, 'api_conversation_history.json');
	let handle: number | undefined;
	try {
		handle = openSync(file, 'r');
		const head = Buffer.alloc(1 << 20);
		const read = readSync(handle, head, 0, head.length, 0);
		// JSON text: the directory's line is escaped ("\\n# Current Working Directory (…) Files").
		return workingDirectory.exec(head.subarray(0, read).toString('utf8').replace(/\\n/gu, '\n'))?.[1];
	} catch {
		return undefined;
	} finally {
		if (handle !== undefined) closeSync(handle);
	}
}

/** A task keeps its id (its folder's name) wherever it is. */
export function clineTaskId(_head: string, file: string): string {
	return `${clineAgent(file)}/${path.basename(path.dirname(file))}`;
}
