import {decompress} from 'fzstd';
import type {Block, ParsedSource} from '../model.js';
import type {AgentDatabase} from '../io/agent-database.js';
import type {StoreSession} from './store-session.js';
import {ConversationBuilder} from './conversation.js';
import {factDate} from './dates.js';
import {addTokens, isObject, parsedJson, text, tokenCounts, type Json} from './json-values.js';
import {commitsMade, filesEditedBy, shellCommand, withSessionFacts} from './session-facts.js';
import {toolCallText, toolOutputText, toolResultText} from './tool-text.js';

/**
 * Zed's agent threads (`threads/threads.db` in Zed's data folder: `~/.local/share/zed` or
 * `$XDG_DATA_HOME/zed` on Linux, `~/Library/Application Support/Zed` on macOS,
 * `%LOCALAPPDATA%\Zed` on Windows; followed: zed-industries/zed crates/agent/src/db.rs at
 * 0642ec7 and its legacy_thread.rs). One row per thread: `threads(id, summary, updated_at,
 * data_type json|zstd, data, parent_id, folder_paths, folder_paths_order, created_at)`, `data`
 * the thread as JSON, zstd-compressed (level 3) since 2025. Version 0.3.0 (`DbThread`): `{title,
 * messages, updated_at, initial_project_snapshot: {worktree_snapshots: [{worktree_path}]},
 * cumulative_token_usage, request_token_usage, model: {provider, model}, subagent_context}`, each
 * message `{"User": {id, content}}`, `{"Agent": {content, tool_results}}` or `"Resume"`; user
 * content `{"Text"}`, `{"Mention": {uri, content}}`, `{"Image"}`; agent content `{"Text"}`,
 * `{"Thinking": {text}}`, `{"RedactedThinking"}`, `{"ToolUse": {id, name, input}}`. Older
 * threads (no version, or 0.1/0.2): `{summary, messages: [{role, segments: [{type: text|thinking|
 * redacted_thinking}], tool_uses, tool_results, context}]}`, which Zed itself upgrades on load.
 */

interface ThreadRow {
	id: string;
	summary?: string | null;
	updated_at?: string | null;
	created_at?: string | null;
	data_type?: string | null;
	data?: Buffer | string | null;
	parent_id?: string | null;
	folder_paths?: string | null;
}

/** The thread's JSON from its row: zstd-compressed or plain. */
export function threadJson(row: Pick<ThreadRow, 'data_type' | 'data'>): unknown {
	if (row.data === null || row.data === undefined) return undefined;
	const bytes = typeof row.data === 'string' ? Buffer.from(row.data, 'utf8') : row.data;
	const json = row.data_type === 'zstd' ? Buffer.from(decompress(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength))) : bytes;
	return parsedJson(json);
}

type Tokens = ReturnType<typeof tokenCounts>;

const usageTokens = (usage: unknown): Tokens =>
	isObject(usage) ? tokenCounts({input: usage.input_tokens, output: usage.output_tokens, cache_read: usage.cache_read_input_tokens, cache_write: usage.cache_creation_input_tokens}) : undefined;

class ZedThread {
	readonly conversation = new ConversationBuilder('zed');
	readonly edited = new Set<string>();
	commits = 0;

	/** A tool result's text: its content (`{"Text": …}`, a string) or else its output. */
	private resultText(result: Json): string {
		const content = Array.isArray(result.content) ? result.content[0] : result.content;
		if (isObject(content) && typeof content.Text === 'string') return content.Text;
		if (typeof content === 'string') return content;
		if (isObject(content) && 'Image' in content) return '[image]';
		return typeof result.output === 'string' ? result.output : toolResultText(result.output);
	}

	private call(name: string, input: unknown, id: unknown, results: Map<string, Json>, out: {calls: Block[]; results: Block[]}): void {
		for (const file of filesEditedBy(name, input)) this.edited.add(file);
		out.calls.push({role: 'tool_call', kind: 'tool', text: toolCallText(name, input)});
		const result = typeof id === 'string' ? results.get(id) : undefined;
		if (!result) return;
		const output = this.resultText(result);
		const failed = result.is_error === true;
		const command = shellCommand(input);
		if (command) this.commits += commitsMade(command, output, failed);
		out.results.push({role: 'tool', kind: 'tool', text: toolOutputText(output, failed)});
	}

	/** Version 0.3.0: `{"User": …}`, `{"Agent": …}`, `"Resume"`. */
	message(message: unknown): void {
		if (isObject(message) && isObject(message.User)) {
			const user = message.User;
			const said: Block[] = [];
			const context: Block[] = [];
			for (const part of Array.isArray(user.content) ? user.content : []) {
				if (typeof part === 'string' && part.trim()) said.push({role: 'user', kind: 'prose', text: part});
				else if (isObject(part) && typeof part.Text === 'string') said.push({role: 'user', kind: 'prose', text: part.Text});
				else if (isObject(part) && isObject(part.Mention)) {
					said.push({role: 'user', kind: 'prose', text: `[mention: ${mentionName(part.Mention.uri)}]`});
					if (text(part.Mention.content)) context.push({role: 'system', kind: 'prose', text: String(part.Mention.content)});
				} else if (isObject(part) && 'Image' in part) said.push({role: 'user', kind: 'prose', text: '[image]'});
				else this.conversation.skipped++;
			}
			this.conversation.prompt(said);
			this.conversation.system(context);
			return;
		}
		if (isObject(message) && isObject(message.Agent)) {
			const agent = message.Agent;
			const results = new Map<string, Json>();
			if (isObject(agent.tool_results)) for (const [id, result] of Object.entries(agent.tool_results)) if (isObject(result)) results.set(id, result);
			const out = {calls: [] as Block[], results: [] as Block[]};
			for (const part of Array.isArray(agent.content) ? agent.content : []) {
				if (isObject(part) && typeof part.Text === 'string') {
					if (part.Text.trim()) out.calls.push({role: 'assistant', kind: 'prose', text: part.Text});
				} else if (isObject(part) && isObject(part.Thinking)) {
					if (text(part.Thinking.text)) out.calls.push({role: 'thinking', kind: 'thinking', text: String(part.Thinking.text)});
				} else if (isObject(part) && isObject(part.ToolUse)) this.call(String(part.ToolUse.name ?? 'tool'), part.ToolUse.input ?? part.ToolUse.raw_input, part.ToolUse.id, results, out);
				else this.conversation.skipped++;
			}
			this.conversation.answer(out.calls);
			this.conversation.toolResults(out.results);
			return;
		}
		// "Resume" (a marker where the person resumed a stopped turn) and anything newer.
		this.conversation.skipped++;
	}

	/** A thread saved before 0.3.0: `{role, segments, tool_uses, tool_results, context}`. */
	legacyMessage(message: unknown): void {
		if (!isObject(message)) return;
		const segments = Array.isArray(message.segments) ? message.segments.filter(isObject) : [];
		if (message.role === 'user') {
			const said = segments.filter((segment) => text(segment.text)).map((segment): Block => ({role: 'user', kind: 'prose', text: String(segment.text)}));
			this.conversation.prompt(said.length > 0 ? said : text(message.context) ? [{role: 'user', kind: 'prose', text: String(message.context)}] : []);
			if (said.length > 0 && text(message.context)) this.conversation.system([{role: 'system', kind: 'prose', text: String(message.context)}]);
			return;
		}
		if (message.role !== 'assistant') {
			this.conversation.skipped++;
			return;
		}
		const out = {calls: [] as Block[], results: [] as Block[]};
		for (const segment of segments) {
			if (segment.type === 'text' && text(segment.text)) out.calls.push({role: 'assistant', kind: 'prose', text: String(segment.text)});
			else if (segment.type === 'thinking' && text(segment.text)) out.calls.push({role: 'thinking', kind: 'thinking', text: String(segment.text)});
			else this.conversation.skipped++;
		}
		const results = new Map<string, Json>();
		for (const result of Array.isArray(message.tool_results) ? message.tool_results.filter(isObject) : []) results.set(String(result.tool_use_id), result);
		for (const use of Array.isArray(message.tool_uses) ? message.tool_uses.filter(isObject) : []) this.call(String(use.name ?? 'tool'), use.input, use.id, results, out);
		this.conversation.answer(out.calls);
		this.conversation.toolResults(out.results);
	}
}

/** What a mention names: a file's path, a thread's or rule's name, a URL. */
function mentionName(uri: unknown): string {
	if (typeof uri === 'string') return uri;
	if (!isObject(uri)) return 'context';
	const [kind, value] = Object.entries(uri)[0] ?? ['context', undefined];
	if (isObject(value)) return `${kind.toLowerCase()} ${String(value.abs_path ?? value.path ?? value.name ?? value.url ?? value.id ?? '')}`.trim();
	return kind.toLowerCase();
}

function readThread(row: ThreadRow): ParsedSource {
	const data = threadJson(row);
	const thread = new ZedThread();
	const record = isObject(data) ? data : {};
	const current = typeof record.version === 'string' && record.version.startsWith('0.3');
	for (const message of Array.isArray(record.messages) ? record.messages : []) {
		if (current) thread.message(message);
		else thread.legacyMessage(message);
	}
	thread.conversation.time(factDate(row.created_at));
	thread.conversation.time(factDate(row.updated_at ?? record.updated_at));
	if (isObject(record.model)) thread.conversation.model(record.model.model);
	const snapshot = isObject(record.initial_project_snapshot) && Array.isArray(record.initial_project_snapshot.worktree_snapshots) ? record.initial_project_snapshot.worktree_snapshots.find(isObject) : undefined;
	const folders = text(row.folder_paths)?.split('\n')[0];
	let tokens = usageTokens(record.cumulative_token_usage);
	if (!tokens && isObject(record.request_token_usage)) for (const usage of Object.values(record.request_token_usage)) tokens = addTokens(tokens, usageTokens(usage));
	if (!tokens && Array.isArray(record.request_token_usage)) for (const usage of record.request_token_usage) tokens = addTokens(tokens, usageTokens(usage));
	const parent = text(row.parent_id) ?? (isObject(record.subagent_context) ? text(record.subagent_context.parent_thread_id) : undefined);
	return withSessionFacts(thread.conversation.finish(), {
		sessionId: row.id,
		agentTitle: text(row.summary) ?? text(record.title) ?? text(record.summary),
		tokens,
		filesEdited: thread.edited,
		commits: thread.commits,
		parentSession: parent,
		project: folders ?? text(snapshot?.worktree_path),
	});
}

export function* readZedStore(db: AgentDatabase): Iterable<StoreSession> {
	const columns = db.columns('threads');
	const wanted = ['id', 'summary', 'updated_at', 'data_type', 'parent_id', 'folder_paths', 'created_at'];
	const rows = db.prepare(`SELECT ${db.select('threads', wanted)}, length(data) AS bytes FROM threads WHERE budget() ORDER BY ${columns.has('created_at') ? 'created_at, ' : ''}updated_at, rowid`).all() as Array<ThreadRow & {bytes: number}>;
	const data = db.prepare(`SELECT ${db.select('threads', ['data_type'])}${columns.has('data_type') ? ', ' : ''}${db.capped('data')} AS data FROM threads WHERE budget() AND id = ?`);
	for (const row of rows) {
		if (typeof row.id !== 'string' || !row.bytes) continue;
		yield {
			id: row.id,
			signature: `${row.updated_at}|${row.summary}|${row.bytes}|${row.parent_id ?? ''}`,
			read: () => readThread({...row, ...(data.get(row.id) as Pick<ThreadRow, 'data_type' | 'data'>)}),
		};
	}
}
