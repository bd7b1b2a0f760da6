import type {Block} from '../model.js';
import type {ConversationBuilder} from './conversation.js';
import {factDate} from './dates.js';
import {WireMessage} from './protobuf-wire.js';
import {commitsMade} from './session-facts.js';
import {toolCallText, toolOutputText} from './tool-text.js';

/**
 * One task of a Warp agent conversation, as Warp stores it (the `task` blob of `agent_tasks`, a
 * protobuf `warp.multi_agent.v1.Task`; followed: warpdotdev/warp-proto-apis
 * apis/multi_agent/v1/task.proto at 00f7916): `{1 id, 2 description, 3 dependencies {1
 * parent_task_id}, 5 messages, 6 summary}`, each message `{1 id, 11 task_id, 14 timestamp, oneof
 * message}`: user_query (2), agent_output (3), tool_call (4), tool_call_result (5), server_event
 * (6), system_query (9), update_todos (10), agent_reasoning (15), summarization (16), code_review
 * (17), update_review_comments (18), web_search (19), web_fetch (20), debug_output (21),
 * artifact_event (22), invoke_skill (23), messages_received_from_agents (24), model_used (25),
 * events_from_agents (26).
 */

const kinds = [2, 3, 4, 5, 6, 9, 10, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26] as const;

/** The tool of a `ToolCall` (and of its `ToolCallResult`) by field number. */
const toolNames: Record<number, string> = {
	2: 'run_shell_command',
	3: 'search_codebase',
	4: 'server',
	5: 'read_files',
	6: 'apply_file_diffs',
	7: 'suggest_plan',
	8: 'suggest_create_plan',
	9: 'grep',
	10: 'file_glob',
	11: 'read_mcp_resource',
	12: 'call_mcp_tool',
	13: 'write_to_long_running_shell_command',
	14: 'suggest_new_conversation',
	15: 'file_glob',
	16: 'suggest_prompt',
	17: 'open_code_review',
	18: 'init_project',
	19: 'subagent',
	20: 'read_documents',
	21: 'edit_documents',
	22: 'create_documents',
	23: 'read_shell_command_output',
	24: 'use_computer',
	25: 'insert_review_comments',
	26: 'read_skill',
	27: 'request_computer_use',
	28: 'fetch_conversation',
	29: 'start_agent',
	30: 'send_message_to_agent',
	31: 'transfer_shell_command_control_to_user',
};
const toolFields = Object.keys(toolNames).map(Number);
const resultFields = [2, 3, 4, 5, 6, 7, 8, 9, 10, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35];

export interface WarpMessage {
	message: WireMessage;
	time: string | undefined;
	/** Its place in its task, to keep the order of messages written in the same instant. */
	order: number;
}

/** The messages of a task, each with its time. */
export function taskMessages(task: WireMessage): WarpMessage[] {
	return task.messages(5).map((message, order) => {
		const stamp = message.message(14);
		const seconds = stamp?.number(1);
		return {message, order, time: seconds ? factDate((seconds + (stamp?.number(2) ?? 0) / 1e9) * 1000) : undefined};
	});
}

/** The working directory a message's input context names (`InputContext.directory.pwd`). */
function contextDirectory(context: WireMessage | undefined): string | undefined {
	return context?.message(1)?.text(1);
}

/** A tool call's input as the fields the proto names, for the common tools; the texts it holds for the others. */
function toolInput(field: number, tool: WireMessage | undefined): Record<string, unknown> | string {
	if (!tool) return '';
	switch (field) {
		case 2:
			return {command: tool.text(1) ?? ''};
		case 3:
			return {query: tool.text(1), path_filters: tool.texts(2), codebase_path: tool.text(3)};
		case 5:
			return {files: tool.messages(1).map((file) => file.text(1) ?? '')};
		case 6:
			return {
				summary: tool.text(1),
				edits: tool.messages(2).map((diff) => ({path: diff.text(1), old_string: diff.text(2) ?? '', new_string: diff.text(3) ?? ''})),
				new_files: tool.messages(3).map((file) => ({path: file.text(1), content: file.text(2)})),
				deleted_files: tool.messages(4).map((file) => file.text(1)),
				updated_files: tool.messages(5).map((update) => update.text(1)),
			};
		case 9:
			return {queries: tool.texts(1), path: tool.text(2)};
		case 10:
		case 15:
			return {patterns: tool.texts(1), path: tool.text(2)};
		case 12:
			return {name: tool.text(1), server: tool.text(3), args: tool.message(2)?.allTexts().join('\n')};
		case 19:
			return {task: tool.text(1), payload: tool.text(2)};
		default:
			return tool.allTexts().join('\n');
	}
}

/** Drops empty fields and lists, so a call shows what it was given. */
function compact(input: Record<string, unknown> | string): Record<string, unknown> | string {
	if (typeof input === 'string') return input;
	return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined && value !== '' && !(Array.isArray(value) && value.length === 0)));
}

/** The files an `apply_file_diffs` call names: diffs, new, deleted and V4A-updated files. */
function editedFiles(input: Record<string, unknown> | string): string[] {
	if (typeof input === 'string') return [];
	const paths: unknown[] = [];
	for (const key of ['edits', 'new_files']) for (const entry of (input[key] as Array<{path?: string}>) ?? []) paths.push(entry.path);
	for (const key of ['deleted_files', 'updated_files']) for (const entry of (input[key] as unknown[]) ?? []) paths.push(entry);
	return paths.filter((file): file is string => typeof file === 'string' && file.trim() !== '');
}

interface ResultText {
	text: string;
	failed: boolean;
	/** For a shell call: the command run (the person may have edited it before running). */
	command?: string;
}

/** A tool call result's output: a shell command's output and exit code, else the texts it holds. */
function resultText(field: number, result: WireMessage | undefined): ResultText {
	if (field === 14) return {text: '[cancelled]', failed: true};
	if (!result) return {text: '', failed: false};
	if (field === 2) {
		const finished = result.message(5);
		const output = finished?.text(1) ?? result.text(1) ?? result.message(4)?.allTexts().join('\n') ?? '';
		const exit = finished?.number(2) ?? result.number(2) ?? 0;
		const denied = result.message(6) !== undefined;
		return {text: denied ? 'permission denied' : output, failed: denied || exit !== 0, command: result.text(3)};
	}
	// Most results are `oneof {Success success = 1; Error error = 2}`.
	const error = !result.fields.some((entry) => entry.field === 1) && result.fields.some((entry) => entry.field === 2) && ![7, 8, 16, 24].includes(field);
	return {text: result.allTexts().join('\n'), failed: error};
}

/** Reads the messages of a conversation's tasks, in time order, into the conversation. */
export class WarpTaskReader {
	readonly edited = new Set<string>();
	commits = 0;
	project: string | undefined;
	model: string | undefined;
	private readonly shellCalls = new Map<string, string>();

	constructor(private readonly conversation: ConversationBuilder) {}

	read(messages: WarpMessage[]): void {
		const ordered = [...messages].sort((a, b) => (a.time ?? '').localeCompare(b.time ?? '') || a.order - b.order);
		for (const {message, time} of ordered) {
			this.conversation.time(time);
			this.one(message);
		}
	}

	private one(message: WireMessage): void {
		const kind = message.oneOf(kinds);
		const body = kind?.message;
		switch (kind?.field) {
			case 2: {
				this.project ??= contextDirectory(body?.message(2));
				const query = body?.text(1);
				if (query?.trim()) this.conversation.prompt([{role: 'user', kind: 'prose', text: query}]);
				else this.conversation.skipped++;
				return;
			}
			case 3:
				this.answer({role: 'assistant', kind: 'prose', text: body?.text(1) ?? ''});
				return;
			case 15:
				this.answer({role: 'thinking', kind: 'thinking', text: body?.text(1) ?? ''});
				return;
			case 4:
				this.toolCall(body);
				return;
			case 5:
				this.toolResult(body);
				return;
			case 9: {
				const query = body?.oneOf([1, 3, 4, 5, 6, 7, 8]);
				const said = query?.message?.allTexts().join('\n');
				this.conversation.system([{role: 'system', kind: 'prose', text: `[system query${said ? `] ${said}` : ']'}`}]);
				return;
			}
			case 16: {
				const summary = body?.message(1)?.text(1);
				if (summary?.trim()) this.conversation.system([{role: 'system', kind: 'prose', text: `[summary of the conversation so far]\n${summary}`}]);
				else this.conversation.skipped++;
				return;
			}
			case 19:
			case 20:
				this.web(kind.field === 19 ? 'web_search' : 'web_fetch', body);
				return;
			case 23: {
				const query = body?.message(2)?.text(1);
				if (query?.trim()) this.conversation.prompt([{role: 'user', kind: 'prose', text: query}]);
				else this.conversation.skipped++;
				return;
			}
			case 24: {
				const received = (body?.messages(1) ?? []).map((entry) => `${entry.text(4) ?? ''}\n${entry.text(5) ?? ''}`.trim()).filter(Boolean);
				if (received.length > 0) this.conversation.system([{role: 'system', kind: 'prose', text: `[messages from other agents]\n${received.join('\n\n')}`}]);
				else this.conversation.skipped++;
				return;
			}
			case 25:
				this.model = body?.text(2) || body?.text(1) || this.model;
				this.conversation.skipped++;
				return;
			default:
				// Server events, todo updates, code reviews, debug output, artifacts, agent events: bookkeeping.
				this.conversation.skipped++;
		}
	}

	private answer(block: Block): void {
		if (block.text.trim()) this.conversation.answer([block]);
		else this.conversation.skipped++;
	}

	private toolCall(call: WireMessage | undefined): void {
		const tool = call?.oneOf(toolFields);
		if (!call || !tool) {
			this.conversation.skipped++;
			return;
		}
		// A server tool is resolved by Warp's server; the client keeps only an opaque payload.
		if (tool.field === 4) {
			this.conversation.skipped++;
			return;
		}
		const name = toolNames[tool.field]!;
		const input = compact(toolInput(tool.field, tool.message));
		// Only apply_file_diffs writes files (documents are Warp's own, not the project's).
		if (tool.field === 6) for (const file of editedFiles(input)) this.edited.add(file);
		const id = call.text(1);
		if (tool.field === 2 && id && typeof input !== 'string') this.shellCalls.set(id, String(input.command ?? ''));
		this.conversation.answer([{role: 'tool_call', kind: 'tool', text: toolCallText(name, input)}]);
	}

	private toolResult(result: WireMessage | undefined): void {
		const outcome = result?.oneOf(resultFields);
		if (!result || !outcome) {
			this.conversation.skipped++;
			return;
		}
		if (outcome.field === 4) {
			this.conversation.skipped++;
			return;
		}
		const {text, failed, command} = resultText(outcome.field, outcome.message);
		if (outcome.field === 2) {
			const asked = this.shellCalls.get(result.text(1) ?? '') ?? '';
			this.commits += commitsMade(command || asked, text, failed);
		}
		this.conversation.toolResults([{role: 'tool', kind: 'tool', text: toolOutputText(text, failed)}]);
	}

	private web(name: string, body: WireMessage | undefined): void {
		const status = body?.message(1);
		const state = status?.oneOf([1, 2, 3]);
		if (!state || state.field === 1) {
			// A search or fetch in flight: its finished status follows.
			this.conversation.skipped++;
			return;
		}
		if (state.field === 3) {
			this.conversation.answer([{role: 'tool_call', kind: 'tool', text: name}]);
			this.conversation.toolResults([{role: 'tool', kind: 'tool', text: toolOutputText('error', true)}]);
			return;
		}
		const success = state.message;
		const pages = (success?.messages(name === 'web_search' ? 2 : 1) ?? []).map((page) => [page.text(2), page.text(1)].filter(Boolean).join(' — '));
		this.conversation.answer([{role: 'tool_call', kind: 'tool', text: toolCallText(name, name === 'web_search' ? {query: success?.text(1)} : {urls: pages.length})}]);
		this.conversation.toolResults([{role: 'tool', kind: 'tool', text: toolOutputText(pages.join('\n'))}]);
	}
}
