import path from 'node:path';
import type {AgentDatabase} from '../io/agent-database.js';
import type {Block, ParsedSource} from '../model.js';
import {ConversationBuilder} from './conversation.js';
import {factDate} from './dates.js';
import {isObject, parsedJson, text, type Json} from './json-values.js';
import {commitsMade, filesEditedBy, shellCommand, withSessionFacts} from './session-facts.js';
import type {StoreSession} from './store-session.js';
import {toolCallText, toolOutputText, toolResultText} from './tool-text.js';

/**
 * The conversations of Kiro CLI 1.x and of Amazon Q Developer CLI, its forerunner, in their
 * database (`data.sqlite3` in `~/.local/share/kiro-cli` or `…/amazon-q` on Linux,
 * `~/Library/Application Support/kiro-cli` or `…/amazon-q` on macOS; followed:
 * aws/amazon-q-developer-cli crates/chat-cli at 15cc8f3). Table `conversations(key, value)`
 * (migration 007): one row per working directory (`key`), `value` the ConversationState as serde
 * writes it: `{conversation_id, history: [{user, assistant, request_metadata}], transcript,
 * latest_summary, model_info: {model_id}, …}`; a user message `{content: {"Prompt": {prompt}} |
 * {"ToolUseResults": {tool_use_results}} | {"CancelledToolUses": {prompt, tool_use_results}},
 * env_context: {env_state: {current_working_directory}}, timestamp}`, a tool result
 * `{tool_use_id, content: [{"Text": …} | {"Json": …}], status}`, an assistant message
 * `{"Response": {message_id, content}}` or `{"ToolUse": {message_id, content, tool_uses: [{id,
 * name, args}]}}`, and request_metadata `{request_start_timestamp_ms, stream_end_timestamp_ms,
 * model_id}`. A database of older versions has no such table: no conversation was saved there.
 */

const conversationTables = ['conversations', 'conversations_v2'];

/** Whether a database is Kiro CLI's or Amazon Q's: its migrations, state and command history tables. */
export function isKiroDatabase(tables: Set<string>, columns: (table: string) => Set<string>): boolean {
	return tables.has('migrations') && tables.has('state') && tables.has('history') && columns('history').has('command') && columns('history').has('shell');
}

/** The tables of a Kiro database that hold conversations, by what they are called and hold. */
export function kiroConversationTables(tables: Set<string>, columns: (table: string) => Set<string>): string[] {
	return conversationTables.filter((table) => tables.has(table) && columns(table).has('value'));
}

class KiroConversation {
	readonly conversation: ConversationBuilder;

	constructor(agent: string) {
		this.conversation = new ConversationBuilder(agent);
	}

	private readonly edited = new Set<string>();
	private readonly commands = new Map<string, string>();
	private commits = 0;

	user(message: Json): void {
		this.conversation.time(factDate(message.timestamp));
		const env = isObject(message.env_context) && isObject(message.env_context.env_state) ? message.env_context.env_state : {};
		this.conversation.project(env.current_working_directory);
		const content = isObject(message.content) ? message.content : {};
		const [kind, body] = Object.entries(content)[0] ?? [];
		const fields = isObject(body) ? body : {};
		const results = Array.isArray(fields.tool_use_results) ? fields.tool_use_results.filter(isObject) : [];
		this.conversation.toolResults(results.map((result) => this.result(result)));
		if (kind === 'CancelledToolUses') this.conversation.system([{role: 'system', kind: 'prose', text: '[tool uses cancelled]'}]);
		if (text(fields.prompt)) this.conversation.prompt([{role: 'user', kind: 'prose', text: String(fields.prompt)}]);
	}

	private result(result: Json): Block {
		const output = (Array.isArray(result.content) ? result.content : [])
			.map((block) => (isObject(block) ? (typeof block.Text === 'string' ? block.Text : 'Json' in block ? toolResultText(block.Json) : '') : ''))
			.filter(Boolean)
			.join('\n');
		const failed = typeof result.status === 'string' && /error/iu.test(result.status);
		const command = typeof result.tool_use_id === 'string' ? this.commands.get(result.tool_use_id) : undefined;
		if (command) this.commits += commitsMade(command, output, failed);
		return {role: 'tool', kind: 'tool', text: toolOutputText(output, failed)};
	}

	assistant(message: Json, metadata: Json): void {
		const [, body] = Object.entries(message)[0] ?? [];
		const fields = isObject(body) ? body : {};
		const blocks: Block[] = [];
		if (text(fields.content)) blocks.push({role: 'assistant', kind: 'prose', text: String(fields.content)});
		for (const use of Array.isArray(fields.tool_uses) ? fields.tool_uses.filter(isObject) : []) {
			const name = String(use.name ?? use.orig_name ?? 'tool');
			for (const file of filesEditedBy(name, use.args)) this.edited.add(file);
			const command = shellCommand(use.args);
			if (command && typeof use.id === 'string') this.commands.set(use.id, command);
			blocks.push({role: 'tool_call', kind: 'tool', text: toolCallText(name, use.args)});
		}
		this.conversation.answer(blocks);
		this.conversation.time(factDate(metadata.request_start_timestamp_ms));
		this.conversation.time(factDate(metadata.stream_end_timestamp_ms));
		this.conversation.model(metadata.model_id);
	}

	finish(state: Json, key: string): ParsedSource {
		this.conversation.project(key);
		if (isObject(state.model_info)) this.conversation.model(state.model_info.model_id);
		return withSessionFacts(this.conversation.finish(), {sessionId: text(state.conversation_id), filesEdited: this.edited, commits: this.commits});
	}
}

/** One saved conversation (a row's ConversationState) read; `agent`: kiro-cli, or amazon-q for Amazon Q's database. */
export function readKiroConversation(state: Json, key: string, agent = 'kiro-cli'): ParsedSource {
	const reader = new KiroConversation(agent);
	for (const entry of Array.isArray(state.history) ? state.history.filter(isObject) : []) {
		if (isObject(entry.user)) reader.user(entry.user);
		if (isObject(entry.assistant)) reader.assistant(entry.assistant, isObject(entry.request_metadata) ? entry.request_metadata : {});
	}
	const summary = Array.isArray(state.latest_summary) ? state.latest_summary[0] : undefined;
	if (text(summary)) reader.conversation.system([{role: 'system', kind: 'prose', text: `[summary] ${String(summary)}`}]);
	return reader.finish(state, key);
}

export function* readKiroStore(db: AgentDatabase, file: string): Iterable<StoreSession> {
	// Amazon Q Developer CLI keeps its database in an `amazon-q` folder, Kiro CLI in `kiro-cli`.
	const agent = path.basename(path.dirname(file)) === 'amazon-q' ? 'amazon-q' : 'kiro-cli';
	for (const table of kiroConversationTables(new Set(db.tables.keys()), (name) => db.columns(name))) {
		const keyColumn = db.columns(table).has('key') ? 'key' : 'rowid';
		const rows = db.prepare(`SELECT ${keyColumn} AS key, length(value) AS size, substr(value, 1, 200) AS head FROM "${table}" WHERE budget()`).all() as Array<{key: string; size: number; head: string}>;
		const one = db.prepare(`SELECT ${db.capped('value')} AS value FROM "${table}" WHERE budget() AND ${keyColumn} = ?`);
		for (const row of rows) {
			const id = /"conversation_id"\s*:\s*"([^"\\]{1,200})"/u.exec(row.head)?.[1] ?? String(row.key);
			yield {
				id,
				signature: `${table}|${row.key}|${row.size}`,
				read() {
					const state = parsedJson((one.get(row.key) as {value: unknown} | undefined)?.value);
					return readKiroConversation(isObject(state) ? state : {}, String(row.key), agent);
				},
			};
		}
	}
}
