import {existsSync} from 'node:fs';
import path from 'node:path';
import type {Format} from './catalog.js';
import {cursorExportStart} from './cursor-markdown.js';
import {isCopilotWebThread} from './copilot-web.js';
import {isIndexEntry} from './codex-thread-names.js';
import {isAmpThread} from './amp.js';
import {isCopilotCliEvent} from './copilot-cli.js';
import {isHermesLog, isHermesMeta} from './hermes.js';
import {isPiHeader} from './pi-session.js';
import {isPromptLogEntry} from './prompt-log.js';
import {isOpenCodeExport} from './opencode.js';
import {isObject, type Json} from './json-values.js';
import {isKimiContextRecord, isKimiWireRecord} from './kimi-cli.js';
import {kimiCompanion} from './kimi-session.js';
import {droidCompanion, isDroidSessionStart} from './droid.js';
import {grokCompanion, isAcpUpdate, isGrokUpdate} from './grok-build.js';
import {antigravityFileProblem, isAntigravityStep} from './antigravity.js';
import {brainCompanion, isBrainMainArtifact} from './antigravity-brain.js';
import {isKiroCliRecord, kiroCliCompanion} from './kiro-cli.js';
import {isKiroChat, kiroIdeUnread} from './kiro-ide.js';

/**
 * How the agents' own logs are told from their content (and, where an agent writes a shape
 * another format could write too, from the name it gives the file): one place for all of them,
 * so `detect.ts` only asks here.
 */

/** Gemini's `Content` parts (Qwen Code keeps Gemini CLI's message shape). */
const hasParts = (value: unknown) => isObject(value) && Array.isArray(value.parts);

const gooseContentTypes = new Set(['text', 'image', 'toolRequest', 'toolResponse', 'toolConfirmationRequest', 'actionRequired', 'frontendToolRequest', 'thinking', 'redactedThinking', 'systemNotification', 'contextLengthExceeded', 'summarizationRequested', 'conversationCompacted']);
const qwenTypes = new Set(['user', 'assistant', 'tool_result', 'system']);

const isVibeMetadata = (value: Json) => typeof value.session_id === 'string' && typeof value.start_time === 'string' && isObject(value.environment) && 'username' in value;

/** The agent format one JSON value (a line, a document, or a document's first element) is, if any. */
export function agentRecordFormat(value: unknown): Format | undefined {
	if (!isObject(value)) return undefined;
	// Continue: {sessionId, title, workspaceDirectory, history: [{message: {role, content}, contextItems}]}.
	if (typeof value.sessionId === 'string' && Array.isArray(value.history) && ('workspaceDirectory' in value || value.history.some((item) => isObject(item) && isObject(item.message)))) return 'continue';
	// Continue's 2023 sessions: {history: {timeline: [{step, observation}]}, session_info}.
	if (isObject(value.history) && Array.isArray(value.history.timeline) && ('session_info' in value || 'current_index' in value.history)) return 'continue';
	// VS Code's chat session (GitHub Copilot Chat): ISerializableChatData, or its mutation log's first entry.
	if (Array.isArray(value.requests) && ('responderUsername' in value || 'requesterUsername' in value || (typeof value.sessionId === 'string' && 'creationDate' in value))) return 'copilot-chat';
	if (value.kind === 0 && isObject(value.v) && (Array.isArray(value.v.requests) || 'responderUsername' in value.v)) return 'copilot-chat';
	// A Copilot chat on github.com, exported: {currentUserLogin, threadUrl, threadName, messages}.
	if (isCopilotWebThread(value)) return 'copilot-chat';
	// OpenCode's session info (storage/session/<project>/<id>.json), or a session `opencode export` printed.
	if (isOpenCodeExport(value)) return 'opencode';
	if (typeof value.id === 'string' && value.id.startsWith('ses_') && isObject(value.time) && 'title' in value && ('projectID' in value || 'version' in value)) return 'opencode';
	// Cline / Roo Code ui_messages.json element: {ts, type: say|ask, say|ask, text}.
	if (typeof value.ts === 'number' && (value.type === 'say' || value.type === 'ask') && (typeof value.say === 'string' || typeof value.ask === 'string')) return 'cline';
	// Goose's legacy JSONL: a metadata first line, then messages {role, created, content: [{type}]}.
	if (typeof value.working_dir === 'string' && ('description' in value || 'message_count' in value || 'name' in value)) return 'goose';
	if ((value.role === 'user' || value.role === 'assistant') && typeof value.created === 'number' && Array.isArray(value.content) && value.content.some((part) => isObject(part) && gooseContentTypes.has(String(part.type)))) return 'goose';
	// Gemini CLI's and Qwen Code's prompt log (logs.json): the person's requests, no answers.
	if (isPromptLogEntry(value)) return 'prompt-log';
	// Qwen Code's ChatRecord: Claude-Code-like envelopes around Gemini `Content`.
	if (typeof value.uuid === 'string' && typeof value.sessionId === 'string' && typeof value.type === 'string' && qwenTypes.has(value.type) && (hasParts(value.message) || 'systemPayload' in value || 'toolCallResult' in value)) return 'qwen-code';
	// Amp, Pi (and Oh My Pi, OpenClaw), GitHub Copilot CLI, Hermes.
	if (isAmpThread(value)) return 'amp';
	if (isPiHeader(value)) return 'pi';
	if (isCopilotCliEvent(value)) return 'copilot-cli';
	if (isHermesMeta(value) || isHermesLog(value)) return 'hermes';
	// The agents added for issue 33 (agents-b): DeepSeek TUI's SavedSession.
	if (typeof value.schema_version === 'number' && isObject(value.metadata) && typeof value.metadata.id === 'string' && Array.isArray(value.messages) && ('workspace' in value.metadata || 'total_tokens' in value.metadata)) return 'deepseek-tui';
	// Mistral Vibe: a session file before 2.0 ({metadata, messages}), a session folder's meta.json since.
	if (isObject(value.metadata) && isVibeMetadata(value.metadata) && Array.isArray(value.messages)) return 'vibe';
	if (isVibeMetadata(value) && ('title_source' in value || 'total_messages' in value || 'tools_available' in value)) return 'vibe';
	// OpenHands: a conversation's metadata.json (app, CLI before 1.0), a 1.x CLI's base_state.json, an event (of an exported trajectory).
	if (typeof value.conversation_id === 'string' && ('selected_repository' in value || 'trigger' in value || 'last_updated_at' in value)) return 'openhands';
	if (typeof value.id === 'string' && isObject(value.agent) && isObject(value.workspace) && 'execution_status' in value) return 'openhands';
	if (typeof value.id === 'number' && typeof value.timestamp === 'string' && typeof value.source === 'string' && (typeof value.action === 'string' || typeof value.observation === 'string')) return 'openhands';
	// Trae Agent's trajectory.
	if (typeof value.task === 'string' && Array.isArray(value.agent_steps) && Array.isArray(value.llm_interactions)) return 'trae-agent';
	// Kimi CLI, Factory Droid, Grok Build, Kiro, Antigravity.
	if (isKimiWireRecord(value) || isKimiContextRecord(value)) return 'kimi-cli';
	if (isDroidSessionStart(value)) return 'droid';
	if (isGrokUpdate(value)) return 'grok-build';
	if (isAntigravityStep(value)) return 'antigravity';
	if (isKiroCliRecord(value)) return 'kiro-cli';
	if (isKiroChat(value)) return 'kiro-ide';
	return undefined;
}

/** Start of a document too long for its head to parse, by the keys the agents write first. */
export const cutAgentDocuments: Array<[RegExp, Format]> = [
	[/^\s*\{\s*"sessionId"\s*:\s*"[^"]*"\s*,\s*"title"\s*:[\s\S]*?"workspaceDirectory"\s*:/u, 'continue'],
	[/^\s*\{\s*(?:"version"\s*:\s*\d+\s*,\s*)?"requesterUsername"\s*:/u, 'copilot-chat'],
	[/^\s*\{\s*"kind"\s*:\s*0\s*,\s*"v"\s*:\s*\{[\s\S]*?"(?:requests|responderUsername|sessionId)"\s*:/u, 'copilot-chat'],
	[/^\s*\[\s*\{\s*"ts"\s*:\s*\d+\s*,\s*"type"\s*:\s*"(?:say|ask)"/u, 'cline'],
	[/^\s*\{\s*"v"\s*:\s*\d+\s*,\s*"id"\s*:\s*"T-[\da-fA-F-]{8,}"/u, 'amp'],
	[/^\s*\{\s*"session_id"\s*:\s*"\d{8}_\d{6}_[\da-f]+"\s*,[\s\S]*?"(?:session_start|system_prompt)"\s*:/u, 'hermes'],
	[/^\s*\{\s*"schema_version"\s*:\s*\d+\s*,\s*"metadata"\s*:\s*\{\s*"id"\s*:\s*"[^"]*"\s*,\s*"title"\s*:/u, 'deepseek-tui'],
	[/^\s*\[\s*\{\s*"id"\s*:\s*\d+\s*,\s*"timestamp"\s*:\s*"[^"]*"\s*,\s*"source"\s*:\s*"(?:agent|user|environment)"/u, 'openhands'],
	[/^\s*\{\s*"id"\s*:\s*"[^"]*"\s*,\s*"agent"\s*:\s*\{\s*"kind"\s*:/u, 'openhands'],
	[/^\s*\{\s*"task"\s*:\s*"[\s\S]*?"(?:llm_interactions|agent_steps)"\s*:\s*\[/u, 'trae-agent'],
	[/^\s*\{\s*(?:"metadata"\s*:\s*\{\s*)?"session_id"\s*:\s*"[^"]*"\s*,\s*(?:"parent_session_id"\s*:\s*(?:null|"[^"]*")\s*,\s*)?"start_time"\s*:/u, 'vibe'],
	[/^\s*\{\s*"info"\s*:\s*\{\s*"id"\s*:\s*"ses_[^"]*"/u, 'opencode'],
	[/^\s*\{\s*"executionId"\s*:\s*"[^"]*"\s*,[\s\S]*?"chat"\s*:\s*\[/u, 'kiro-ide'],
];

/**
 * Files of a session kept in several (a Cline task, OpenCode's storage, Continue's folder) that
 * are read with the session's main file: a folder walk counts them as skipped, not as sessions.
 */
export function companionFile(value: unknown, file: string): string | undefined {
	const name = path.basename(file);
	const folder = path.dirname(file);
	if (name === 'task_metadata.json' && isObject(value) && ('files_in_context' in value || 'model_usage' in value)) return 'is the metadata of a Cline task, read with the ui_messages.json beside it';
	if (name === 'api_conversation_history.json' && existsSync(path.join(folder, 'ui_messages.json'))) return 'is the API history of a Cline task, read with the ui_messages.json beside it';
	if (name === 'sessions.json' && Array.isArray(value) && value.every((entry) => isObject(entry) && typeof entry.sessionId === 'string')) return 'is the list of Continue sessions, read with each session file';
	if (name === 'session_index.jsonl' && isIndexEntry(value)) return "is Codex's index of thread names, read with each rollout (its thread's title)";
	const conversation = path.dirname(folder);
	if (path.basename(folder) === 'events' && /^\d+\.json$/u.test(name) && existsSync(path.join(conversation, 'metadata.json'))) return 'is one event of an OpenHands conversation, read with its metadata.json';
	if (path.basename(folder) === 'event_cache' && /^\d+-\d+\.json$/u.test(name) && existsSync(path.join(conversation, 'metadata.json'))) return 'is a cache of an OpenHands conversation’s events, read from its events/ with its metadata.json';
	if (path.basename(folder) === 'events' && /^event-\d{5,}-[0-9a-fA-F-]{8,}\.json$/u.test(name) && existsSync(path.join(conversation, 'base_state.json'))) return 'is one event of an OpenHands conversation, read with its base_state.json';
	if (name === 'messages.jsonl' && existsSync(path.join(folder, 'meta.json'))) return 'is the messages of a Mistral Vibe session, read with the meta.json beside it';
	if (isObject(value) && typeof value.id === 'string' && typeof value.sessionID === 'string' && (value.id.startsWith('msg_') || value.id.startsWith('prt_'))) return `is one ${value.id.startsWith('msg_') ? 'message' : 'part'} of an OpenCode session, read with its session file (storage/session/…/${value.sessionID}.json)`;
	if (name === 'sessions.json' && isObject(value) && Object.values(value).some((entry) => isObject(entry) && typeof entry.sessionId === 'string' && 'sessionFile' in entry)) return 'is the list of OpenClaw sessions, read with each session file beside it';
	return undefined;
}

/**
 * The agents' bookkeeping files that are text, not sessions: a Cline task's focus chain (its
 * to-do list, `focus_chain_taskid_<id>.md`), OpenCode's storage version (`storage/migration`).
 */
export function companionText(text: string, file: string): string | undefined {
	const name = path.basename(file);
	if (/^focus_chain_taskid_\d+\.md$/u.test(name)) return "is a Cline task's focus chain (its to-do list), not a session: the task is read from its ui_messages.json";
	if (name === 'migration' && path.basename(path.dirname(file)) === 'storage' && /^\s*\d+\s*$/u.test(text)) return "is OpenCode's storage version (storage/migration), not a session";
	const folder = path.basename(path.dirname(file));
	if (path.basename(path.dirname(path.dirname(file))) === 'storage' && (folder === 'project' || folder === 'session_diff') && /^\s*[[{]/u.test(text)) return `is OpenCode's ${folder === 'project' ? 'record of a project' : 'diff of a session'} (storage/${folder}/), read with the sessions, not a session`;
	return undefined;
}

/**
 * Formats whose files are only theirs by the name the agent gives them: a Cline task's
 * `api_conversation_history.json` is plain `[{role, content}]` chat JSON (its head may be cut).
 */
export function namedAgentFormat(text: string, file: string): Format | undefined {
	if (path.basename(file) === 'updates.jsonl' && isAcpUpdate(firstLine(text))) return 'grok-build';
	return path.basename(file) === 'api_conversation_history.json' && /^\s*\[\s*(?:\]|\{\s*"role"\s*:)/u.test(text) ? 'cline' : undefined;
}

function firstLine(text: string): unknown {
	try {
		return JSON.parse(text.trimStart().split('\n', 1)[0]!) as unknown;
	} catch {
		return undefined;
	}
}

/** A Cursor chat export: `# Title` then `_Exported on … from Cursor (x.y.z)_`. */
export function isCursorExport(text: string): boolean {
	return cursorExportStart.test(text.slice(0, 4096));
}

/**
 * Files an agent keeps beside its sessions that are told by where they are, whatever their
 * content: read with a session's main file, no session at all, or no text to read (OpenHands'
 * pickled agent state and task list; Windsurf's Cascade conversations, which it encrypts: their
 * bytes are uniformly random, with no public description of the key).
 */
export function agentFileProblem(file: string, head: Uint8Array): {problem: string; notASource?: boolean} | undefined {
	const name = path.basename(file);
	const folder = path.dirname(file);
	if (/\.pkl$/u.test(name) && existsSync(path.join(folder, 'metadata.json')) && existsSync(path.join(folder, 'events'))) return {problem: 'is the pickled state of an OpenHands conversation (Python pickle), read from its events with its metadata.json', notASource: true};
	if (name === 'TASKS.md' && existsSync(path.join(folder, 'metadata.json')) && existsSync(path.join(folder, 'events'))) return {problem: 'is the task list of an OpenHands conversation, read with it (its task_tracker calls)', notASource: true};
	if (/\.pb$/u.test(name) && /(?:^|[\\/])\.codeium[\\/]windsurf[\w-]*[\\/](?:cascade|implicit)$/u.test(folder)) {
		return {problem: `looks like Windsurf’s Cascade ${path.basename(folder) === 'implicit' ? 'context' : 'conversation'}, not read: Windsurf encrypts these files and publishes no way to read them`};
	}
	const antigravity = antigravityFileProblem(file, head);
	if (antigravity) return antigravity;
	const kiro = kiroIdeUnread(file);
	if (kiro) return {problem: kiro};
	const companion = kimiCompanion(file) ?? droidCompanion(file) ?? grokCompanion(file) ?? brainCompanion(file) ?? kiroCliCompanion(file);
	if (companion) return {problem: companion, notASource: true};
	return undefined;
}

/** Files whose format is told by where they are, whatever their text: an Antigravity conversation's first artifact. */
export function placedAgentFormat(file: string): Format | undefined {
	return isBrainMainArtifact(file) ? 'antigravity' : undefined;
}
