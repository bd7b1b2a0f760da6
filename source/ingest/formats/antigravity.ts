import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import type {Block, ParsedSource, SourceProblem} from '../model.js';
import {ConversationBuilder} from './conversation.js';
import {factDate} from './dates.js';
import {parseJsonObjectLine} from './json-line.js';
import {isObject, text, type Json} from './json-values.js';
import {commitsMade, withSessionFacts} from './session-facts.js';
import {toolCallText, toolOutputText} from './tool-text.js';

/**
 * Google Antigravity's conversations. The Antigravity CLI (`agy`, 1.1.5 and later) keeps one
 * folder per conversation, `~/.gemini/antigravity-cli/brain/<conversation id>/`, whose
 * `.system_generated/logs/transcript_full.jsonl` is a plain transcript (and `transcript.jsonl`
 * the same steps with every argument JSON-encoded again). Antigravity is closed source and
 * Google documents no format; the shape is specstoryai/getspecstory
 * specstory-cli/docs/ANTIGRAVITY-FORMAT.md (at 210d609, written from captured sessions): one
 * step per line, `{step_index, source: USER_EXPLICIT|SYSTEM|MODEL, type, status: DONE|RUNNING|
 * ERROR, created_at, content, thinking, tool_calls: [{name, args}]}`; USER_INPUT (the request in
 * `<USER_REQUEST>`, then `<ADDITIONAL_METADATA>` and `<USER_SETTINGS_CHANGE>`, which names the
 * model), PLANNER_RESPONSE (the answer, its reasoning and tool calls), and each call's result as
 * the next step, typed by the tool (RUN_COMMAND, VIEW_FILE, CODE_ACTION, GREP_SEARCH, …,
 * GENERIC); SYSTEM_MESSAGE, EPHEMERAL_MESSAGE and CHECKPOINT are context, CONVERSATION_HISTORY a
 * marker. The work folder is in the CLI's `history.jsonl` (`{display, timestamp, workspace,
 * conversationId}`, interactive sessions only). The editor (`~/.gemini/antigravity/`) keeps its
 * conversations in `conversations/<id>.pb`, encrypted: said not to be read.
 */

/** Whether a JSON line is a step of an Antigravity transcript. */
export function isAntigravityStep(value: unknown): boolean {
	return isObject(value) && typeof value.step_index === 'number' && typeof value.type === 'string' && typeof value.source === 'string' && /^(?:USER_EXPLICIT|SYSTEM|MODEL|USER_IMPLICIT)$/u.test(value.source);
}

/** The conversation id: the name of its brain folder (`brain/<id>/.system_generated/logs/<transcript>`). */
export function antigravityConversationId(_head: string, file: string): string | undefined {
	return path.basename(path.resolve(path.dirname(file), '..', '..'));
}

/** The CLI's folder (`antigravity-cli`), two up from `brain/<id>/`. */
const appFolder = (file: string) => path.resolve(path.dirname(file), '..', '..', '..', '..');

/** The work folder of a conversation, from the CLI's prompt history (interactive sessions only). */
function workspaceOf(file: string, id: string): string | undefined {
	try {
		for (const line of readFileSync(path.join(appFolder(file), 'history.jsonl'), 'utf8').split('\n')) {
			if (!line.includes(id)) continue;
			const entry = JSON.parse(line) as unknown;
			if (isObject(entry) && entry.conversationId === id && text(entry.workspace)) return String(entry.workspace);
		}
	} catch {
		// No history (print-mode sessions are not in it): the work folder is unknown.
	}
	return undefined;
}

const resultFailed = (step: Json, content: string) => step.status === 'ERROR' || /The command failed with exit code: [1-9]/u.test(content);

export class AntigravityReader {
	private readonly conversation = new ConversationBuilder('antigravity-cli');
	private readonly edited = new Set<string>();
	private commits = 0;
	/** The command of the tool call whose result comes next (results follow their call). */
	private pendingCommand: string | undefined;
	/** `transcript.jsonl` encodes each argument again. */
	private readonly doubleEncoded: boolean;

	constructor(
		private readonly problems: SourceProblem[],
		private readonly file: string,
	) {
		this.doubleEncoded = path.basename(file) === 'transcript.jsonl';
	}

	push(line: string, number: number): void {
		const step = parseJsonObjectLine(line, number, this.problems);
		if (!step) return;
		this.conversation.time(factDate(step.created_at));
		const content = typeof step.content === 'string' ? step.content : '';
		if (step.source === 'MODEL' && step.type === 'PLANNER_RESPONSE') {
			this.planner(step, content);
			return;
		}
		switch (step.type) {
			case 'USER_INPUT':
				this.input(content);
				return;
			case 'SYSTEM_MESSAGE':
			case 'EPHEMERAL_MESSAGE':
			case 'CHECKPOINT':
				if (content.trim()) this.conversation.system([{role: 'system', kind: 'prose', text: content}]);
				return;
			case 'CONVERSATION_HISTORY':
				this.conversation.skipped++;
				return;
			default:
				if (step.source !== 'MODEL') {
					this.conversation.skipped++;
					return;
				}
				// A tool's result, typed by its tool (RUN_COMMAND, VIEW_FILE, CODE_ACTION, …, GENERIC).
				const failed = resultFailed(step, content);
				if (this.pendingCommand) this.commits += commitsMade(this.pendingCommand, content, failed);
				this.pendingCommand = undefined;
				this.conversation.toolResults([{role: 'tool', kind: 'tool', text: toolOutputText(content, failed)}]);
		}
	}

	/** The request is what `<USER_REQUEST>` holds; the metadata and settings around it are context. */
	private input(content: string): void {
		const request = /<USER_REQUEST>\s*([\s\S]*?)\s*<\/USER_REQUEST>/u.exec(content)?.[1] ?? (content.includes('<USER_REQUEST>') ? '' : content);
		const model = /setting `Model Selection` from .*? to (.+?)\.(?:\s|$)/u.exec(content)?.[1];
		if (model) this.conversation.model(model);
		this.conversation.prompt(request.trim() ? [{role: 'user', kind: 'prose', text: request}] : []);
		const rest = content.replace(/<USER_REQUEST>[\s\S]*?<\/USER_REQUEST>/u, '').trim();
		if (rest && request.trim()) this.conversation.system([{role: 'system', kind: 'prose', text: rest}]);
	}

	private planner(step: Json, content: string): void {
		const blocks: Block[] = [];
		if (text(step.thinking)) blocks.push({role: 'thinking', kind: 'thinking', text: String(step.thinking)});
		if (content.trim()) blocks.push({role: 'assistant', kind: 'prose', text: content});
		for (const call of Array.isArray(step.tool_calls) ? step.tool_calls.filter(isObject) : []) {
			const name = String(call.name ?? 'tool');
			const args = this.args(call.args);
			if (/^(?:write_to_file|replace_file_content|multi_replace_file_content)$/u.test(name) && typeof args.TargetFile === 'string') this.edited.add(args.TargetFile);
			if (name === 'run_command' && typeof args.CommandLine === 'string') this.pendingCommand = args.CommandLine;
			blocks.push({role: 'tool_call', kind: 'tool', text: toolCallText(name, args)});
		}
		this.conversation.answer(blocks);
	}

	private args(value: unknown): Json {
		if (!isObject(value)) return {};
		if (!this.doubleEncoded) return value;
		const decoded: Json = {};
		for (const [key, encoded] of Object.entries(value)) {
			try {
				decoded[key] = typeof encoded === 'string' ? (JSON.parse(encoded) as unknown) : encoded;
			} catch {
				decoded[key] = encoded;
			}
		}
		return decoded;
	}

	finish(): ParsedSource {
		const id = antigravityConversationId('', this.file);
		this.conversation.project(id ? workspaceOf(this.file, id) : undefined);
		return withSessionFacts(this.conversation.finish(), {sessionId: id, filesEdited: this.edited, commits: this.commits});
	}
}

/**
 * Whether bytes look encrypted: about as many printable bytes as chance gives (95 of 256) and no
 * run of them as long as the words, ids and paths a plain protobuf carries.
 */
function looksEncrypted(bytes: Uint8Array): boolean {
	const sample = bytes.subarray(0, 64 * 1024);
	let printable = 0;
	let run = 0;
	let longest = 0;
	for (const byte of sample) {
		const shown = byte >= 32 && byte < 127;
		if (shown) printable++;
		run = shown ? run + 1 : 0;
		longest = Math.max(longest, run);
	}
	return sample.length >= 256 && printable / sample.length < 0.45 && longest < 24;
}

/**
 * Antigravity's files that are told by where they are: the editor's conversations (`.pb`,
 * encrypted: not read, said so), and beside a CLI transcript the copy of its steps with
 * arguments encoded again, and the CLI's own conversation store (`conversations/<id>.db`).
 */
export function antigravityFileProblem(file: string, head: Uint8Array): {problem: string; notASource?: boolean} | undefined {
	const name = path.basename(file);
	const folder = path.basename(path.dirname(file));
	const app = path.basename(path.dirname(path.dirname(file)));
	if (!/^antigravity/u.test(app) && !(name.startsWith('transcript') && folder === 'logs') && !file.includes('code_tracker')) return undefined;
	if (/\.pb$/u.test(name) && (folder === 'conversations' || folder === 'implicit')) {
		const what = folder === 'implicit' ? 'context' : 'conversation';
		if (looksEncrypted(head)) return {problem: `looks like a Google Antigravity ${what}, not read: Antigravity encrypts these files and publishes no way to read them`};
		return {problem: `looks like a Google Antigravity ${what}, not read: it is protobuf, and Antigravity publishes no schema for it`};
	}
	const tracker = path.dirname(path.dirname(path.dirname(file)));
	if (path.basename(tracker) === 'code_tracker' && /^antigravity/u.test(path.basename(path.dirname(tracker)))) return {problem: "is Antigravity's copy of a file its agent changed (code_tracker), not a session", notASource: true};
	if (app === 'antigravity-cli' && folder === 'conversations' && /\.db(?:-wal|-shm)?$/u.test(name)) return {problem: "is the Antigravity CLI's store of a conversation (protobuf steps), read from its brain/<id>/.system_generated/logs/transcript_full.jsonl instead", notASource: true};
	if (name === 'transcript.jsonl' && folder === 'logs' && existsSync(path.join(path.dirname(file), 'transcript_full.jsonl'))) return {problem: 'is the Antigravity transcript with its arguments encoded twice, read from the transcript_full.jsonl beside it', notASource: true};
	return undefined;
}
