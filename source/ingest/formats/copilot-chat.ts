import {readFileSync} from 'node:fs';
import path from 'node:path';
import type {Block, ParsedSource, SourceProblem} from '../model.js';
import {ConversationBuilder} from './conversation.js';
import {isCopilotWebThread, readCopilotWebThread} from './copilot-web.js';
import {factDate} from './dates.js';
import {addTokens, filePath, isObject, text, tokenCounts, type Json} from './json-values.js';
import {filesEditedBy, withSessionFacts} from './session-facts.js';
import {toolCallText, toolOutputText} from './tool-text.js';
import {append} from '../../core/arrays.js';
import type {MessageUsage} from '../../core/usage.js';

/**
 * GitHub Copilot Chat's sessions, which VS Code itself keeps (microsoft/vscode,
 * src/vs/workbench/contrib/chat/common/model/chatSessionStore.ts, chatSessionOperationLog.ts and
 * objectMutationLog.ts at 047238f / 03d4336): one file per session in
 * `User/workspaceStorage/<workspace>/chatSessions/` (`globalStorage/emptyWindowChatSessions/` for a
 * window without a folder): `<sessionId>.json`, an `ISerializableChatData` (version 3), or, since
 * VS Code 1.106, `<sessionId>.jsonl`, a log of changes to it — `{kind: 0, v}` the whole session,
 * then `{kind: 1, k: path, v}` set, `{kind: 2, k: path, v: items, i?}` push (after cutting the list
 * at `i`), `{kind: 3, k: path}` delete.
 *
 * A session: sessionId, creationDate, lastMessageDate, customTitle, inputState.selectedModel, and
 * requests (`{timestamp, prompt, completion}` in version 3 files other tools wrote)
 * `{requestId, timestamp, message {text}, variableData {variables}, modelId, response:
 * [parts], result {errorDetails, metadata}, editedFileEvents}`; response parts are Markdown
 * (`{value}`, or `markdownContent`), `inlineReference`, `thinking`, `toolInvocationSerialized`
 * (toolId, invocationMessage, toolSpecificData such as a terminal command, resultDetails {input,
 * output}), `textEditGroup` / `notebookEditGroup` / `workspaceEdit` / `multiDiffData` (the files
 * changed), `warning`, `confirmation`, `elicitationSerialized`, and UI-only parts (progress,
 * undo stops, code block links, commands) that are skipped.
 */

interface ChatOptions {
	project?: string | undefined;
	agent?: string;
}

function markdown(value: unknown): string | undefined {
	if (typeof value === 'string') return value;
	if (isObject(value) && typeof value.value === 'string') return value.value;
	return undefined;
}

function referenceName(part: Json): string | undefined {
	const reference = part.inlineReference;
	const uri = isObject(reference) && isObject(reference.uri) ? reference.uri : reference;
	const file = filePath(uri);
	return text(part.name) ?? (file ? path.basename(file) : undefined);
}

/** The text of a tool's result, from `resultDetails` (`{input, output: [{value}]}`, or the URIs it touched). */
function toolResult(part: Json): string | undefined {
	const details = part.resultDetails;
	if (isObject(details) && Array.isArray(details.output)) {
		const output = details.output.map((item) => (isObject(item) ? (markdown(item.value) ?? markdown(item) ?? '') : typeof item === 'string' ? item : '')).filter(Boolean);
		if (output.length > 0) return output.join('\n');
	}
	if (Array.isArray(details)) {
		const files = details.map((uri) => filePath(isObject(uri) && isObject(uri.uri) ? uri.uri : uri)).filter(Boolean);
		if (files.length > 0) return files.join('\n');
	}
	return markdown(part.pastTenseMessage);
}

function toolInput(part: Json): unknown {
	const specific = isObject(part.toolSpecificData) ? part.toolSpecificData : {};
	if (specific.kind === 'terminal') {
		const command = isObject(specific.commandLine) ? (specific.commandLine.toolEdited ?? specific.commandLine.original) : specific.command;
		return {command};
	}
	if (isObject(part.resultDetails) && 'input' in part.resultDetails) {
		const input = part.resultDetails.input;
		if (typeof input === 'string') {
			try {
				return JSON.parse(input) as unknown;
			} catch {
				return input;
			}
		}
		return input;
	}
	if (specific.kind === 'input' && 'rawInput' in specific) return specific.rawInput;
	return markdown(part.invocationMessage);
}

function changedFiles(part: Json): string[] {
	switch (part.kind) {
		case 'textEditGroup':
		case 'notebookEditGroup': {
			const file = filePath(part.uri);
			return file ? [file] : [];
		}
		case 'workspaceEdit':
			return (Array.isArray(part.edits) ? part.edits : []).flatMap((edit) => (isObject(edit) ? [filePath(edit.newResource) ?? filePath(edit.oldResource)].filter((file): file is string => Boolean(file)) : []));
		case 'multiDiffData': {
			const data = isObject(part.multiDiffData) ? part.multiDiffData : {};
			return (Array.isArray(data.resources) ? data.resources : []).flatMap((resource) => (isObject(resource) ? [filePath(resource.modifiedUri) ?? filePath(resource.originalUri)].filter((file): file is string => Boolean(file)) : []));
		}
		default:
			return [];
	}
}

/** One request's answer: its Markdown joined up, and its thinking and tool calls where they came. */
function response(parts: unknown[], conversation: ConversationBuilder, edited: Set<string>): void {
	let prose = '';
	const flush = () => {
		if (prose.trim()) conversation.answer([{role: 'assistant', kind: 'prose', text: prose.trim()}]);
		prose = '';
	};
	for (const part of parts) {
		if (!isObject(part)) continue;
		const kind = part.kind;
		if (kind === undefined || kind === 'markdownContent' || kind === 'markdownVuln') {
			prose += markdown(kind === undefined ? part : part.content) ?? '';
			continue;
		}
		if (kind === 'inlineReference') {
			const name = referenceName(part);
			if (name) prose += `\`${name}\``;
			continue;
		}
		for (const file of changedFiles(part)) edited.add(file);
		switch (kind) {
			case 'thinking': {
				const value = Array.isArray(part.value) ? part.value.filter((item) => typeof item === 'string').join('') : markdown(part.value);
				flush();
				if (value?.trim()) conversation.answer([{role: 'thinking', kind: 'thinking', text: value}]);
				break;
			}
			case 'toolInvocationSerialized':
			case 'toolInvocation': {
				flush();
				const name = text(part.toolId) ?? 'tool';
				const input = toolInput(part);
				for (const file of filesEditedBy(name, input)) edited.add(file);
				conversation.answer([{role: 'tool_call', kind: 'tool', text: toolCallText(name, input)}]);
				const output = toolResult(part);
				if (output) conversation.toolResults([{role: 'tool', kind: 'tool', text: toolOutputText(output, part.isConfirmed === false)}]);
				break;
			}
			case 'textEditGroup':
			case 'notebookEditGroup':
			case 'workspaceEdit':
			case 'multiDiffData': {
				flush();
				const files = changedFiles(part);
				if (files.length > 0) conversation.answer([{role: 'tool_call', kind: 'tool', text: toolCallText('edit', {files}), tools: ['edit']}]);
				break;
			}
			case 'warning':
			case 'confirmation':
			case 'elicitationSerialized': {
				const said = [markdown(part.title), markdown(part.content) ?? markdown(part.message)].filter(Boolean).join(': ');
				flush();
				if (said) conversation.system([{role: 'system', kind: 'prose', text: `[${kind === 'warning' ? 'warning' : 'asked'}] ${said}`}]);
				break;
			}
			default:
				// Progress notes, undo stops, code block links, commands, MCP server starts: the UI's.
				conversation.skipped++;
		}
	}
	flush();
}

/** What the person attached to a request (files, selections, tools), named. */
function attachments(request: Json): Block[] {
	const data = isObject(request.variableData) ? request.variableData : {};
	const names = (Array.isArray(data.variables) ? data.variables : []).map((variable) => (isObject(variable) ? (text(variable.name) ?? text(variable.id)) : undefined)).filter((name): name is string => Boolean(name));
	return names.length > 0 ? [{role: 'system', kind: 'prose', text: `[attached] ${names.join(', ')}`}] : [];
}

/** One chat session (`ISerializableChatData`, as stored or as rebuilt from its log). */
export function readCopilotChat(session: Json, options: ChatOptions = {}): ParsedSource {
	const conversation = new ConversationBuilder(options.agent ?? 'copilot-chat');
	const edited = new Set<string>();
	let tokens: ReturnType<typeof tokenCounts>;
	const requestUsage: MessageUsage[] = [];
	conversation.time(factDate(session.creationDate));
	const selected = isObject(session.inputState) && isObject(session.inputState.selectedModel) ? session.inputState.selectedModel : undefined;
	for (const request of Array.isArray(session.requests) ? session.requests.filter(isObject) : []) {
		conversation.time(factDate(request.timestamp));
		// Version 3 sessions written by other tools (and imported) hold a plain `prompt` and `completion`.
		const message = isObject(request.message) ? text(request.message.text) : (text(request.message) ?? text(request.prompt));
		if (message) conversation.prompt([{role: 'user', kind: 'prose', text: message}]);
		conversation.system(attachments(request));
		conversation.model(request.modelId);
		response(Array.isArray(request.response) ? request.response : typeof request.completion === 'string' ? [{value: request.completion}] : [], conversation, edited);
		for (const event of Array.isArray(request.editedFileEvents) ? request.editedFileEvents : []) {
			const file = isObject(event) ? filePath(event.uri) : undefined;
			if (file) edited.add(file);
		}
		const result = isObject(request.result) ? request.result : {};
		const error = isObject(result.errorDetails) ? text(result.errorDetails.message) : undefined;
		if (error) conversation.system([{role: 'system', kind: 'prose', text: `[error] ${error}`}]);
		const usage = isObject(request.usage) ? request.usage : isObject(result.usage) ? result.usage : undefined;
		if (usage) {
			const used = tokenCounts({input: usage.promptTokens, output: usage.completionTokens});
			tokens = addTokens(tokens, used);
			const at = factDate(request.timestamp);
			const model = text(request.modelId);
			if (used) requestUsage.push({...(at ? {at} : {}), ...(model ? {model} : {}), ...used});
		}
	}
	conversation.time(factDate(session.lastMessageDate));
	const parsed = conversation.finish();
	if (requestUsage.length > 0) parsed.usage = requestUsage;
	return withSessionFacts(parsed, {
		sessionId: text(session.sessionId),
		agentTitle: text(session.customTitle),
		tokens,
		filesEdited: edited,
		project: options.project,
		model: selected ? (text(selected.identifier) ?? (isObject(selected.metadata) ? text(selected.metadata.id) : undefined)) : undefined,
	});
}

type Path = Array<string | number>;

function container(state: unknown, keys: Path): unknown {
	let at = state;
	for (const key of keys) at = isObject(at) || Array.isArray(at) ? (at as Record<string | number, unknown>)[key] : undefined;
	return at;
}

/** Applies one entry of a session's change log to the session rebuilt so far. */
function apply(state: unknown, entry: Json): unknown {
	if (entry.kind === 0) return entry.v;
	const keys = Array.isArray(entry.k) ? (entry.k.filter((key) => typeof key === 'string' || typeof key === 'number') as Path) : [];
	if (state === undefined) return state;
	if (entry.kind === 2) {
		const list = container(state, keys);
		if (!Array.isArray(list)) return state;
		if (typeof entry.i === 'number') list.length = Math.min(list.length, entry.i);
		if (Array.isArray(entry.v)) append(list, entry.v as unknown[]);
		return state;
	}
	if (keys.length === 0) return entry.kind === 1 ? entry.v : state;
	const parent = container(state, keys.slice(0, -1));
	if (!isObject(parent) && !Array.isArray(parent)) return state;
	const last = keys.at(-1)!;
	if (entry.kind === 1) (parent as Record<string | number, unknown>)[last] = entry.v;
	else if (entry.kind === 3) delete (parent as Record<string | number, unknown>)[last];
	return state;
}

/** The project of a session file in `workspaceStorage/<workspace>/chatSessions/`, from the workspace's `workspace.json`. */
function projectOf(file: string): string | undefined {
	try {
		const value: unknown = JSON.parse(readFileSync(path.join(path.dirname(path.dirname(file)), 'workspace.json'), 'utf8'));
		return isObject(value) ? (filePath(value.folder) ?? filePath(value.workspace)) : undefined;
	} catch {
		return undefined;
	}
}

/** A chat session file: the JSON document, or the change log rebuilt line by line. */
export function readCopilotChatFile(file: string, content: string, problems: SourceProblem[]): ParsedSource | {reason: string} {
	let session: unknown;
	const trimmed = content.trimStart();
	const firstLine = trimmed.split('\n', 1)[0]!;
	let log = false;
	try {
		const first: unknown = JSON.parse(firstLine);
		log = isObject(first) && typeof first.kind === 'number';
	} catch {
		// A pretty-printed document.
	}
	if (log) {
		for (const [index, line] of content.split('\n').entries()) {
			if (line.trim() === '') continue;
			try {
				const entry: unknown = JSON.parse(line);
				if (isObject(entry)) session = apply(session, entry);
			} catch (error) {
				problems.push({line: index + 1, reason: `line ${index + 1} is not valid JSON (${(error as Error).message})`});
			}
		}
	} else {
		try {
			session = JSON.parse(content);
		} catch (error) {
			return {reason: `is not valid JSON (${(error as Error).message})`};
		}
	}
	if (!isObject(session)) return {reason: 'holds no chat session (its first entry is missing)'};
	if (isCopilotWebThread(session)) return readCopilotWebThread(session);
	if (!text(session.sessionId)) session.sessionId = path.basename(file, path.extname(file));
	return readCopilotChat(session, {project: projectOf(file)});
}
