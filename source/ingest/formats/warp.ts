import type {AgentDatabase} from '../io/agent-database.js';
import type {ParsedSource} from '../model.js';
import type {StoreSession} from './store-session.js';
import {ConversationBuilder} from './conversation.js';
import {sqliteTime} from './goose-store.js';
import {isObject, parsedJson, text} from './json-values.js';
import {WireMessage} from './protobuf-wire.js';
import {withSessionFacts} from './session-facts.js';
import {toolOutputText} from './tool-text.js';
import {taskMessages, WarpTaskReader, type WarpMessage} from './warp-task.js';

/**
 * Warp's AI conversations, kept in the terminal's own database (`warp.sqlite`: Linux
 * `~/.local/state/warp-terminal/`, macOS `~/Library/Group Containers/2BBY89MBSN.dev.warp/Library/
 * Application Support/dev.warp.Warp-Stable/`; followed: warpdotdev/warp 19548ae,
 * crates/persistence/src/schema.rs and model.rs, app/src/persistence/agent.rs). Since mid-2025
 * (`agent_conversations`): one row per conversation (`conversation_data` JSON: usage, the parent
 * conversation of a child agent, its name; `summary` JSON since 2026-07: title, initial query,
 * working directory) and its tasks in `agent_tasks` (protobuf, warp-task.ts). Before (2024), and
 * still beside it, `ai_queries` keeps each exchange's input (`[{"Query": {"text", "context"}},
 * {"ActionResult": …}]`), working directory, status and model, and `ai_blocks` (dropped late
 * 2025) each exchange's answer (`{"Received": {"output": [{"Text": {"text"}}, …]}}`).
 */

interface QueryRow {
	exchange_id: string;
	conversation_id: string;
	start_ts: string | null;
	input: string | null;
	working_directory: string | null;
	model_id?: string | null;
	output?: string | null;
}

interface ConversationRow {
	conversation_id: string;
	conversation_data: string | null;
	last_modified_at: string | null;
	summary?: string | null;
}

/** Texts of a legacy exchange's parts (`{"Text": {"text"}}`, `{"Code": {"code"}}`, an action's result), in order. */
function partsText(value: unknown): string[] {
	if (typeof value === 'string') return value.trim() ? [value] : [];
	if (Array.isArray(value)) return value.flatMap(partsText);
	if (!isObject(value)) return [];
	for (const key of ['text', 'code', 'output', 'command', 'message']) if (typeof value[key] === 'string' && value[key].trim()) return [value[key]];
	return Object.values(value).flatMap(partsText);
}

/** A legacy exchange: the person's query, the results of actions it carried back, and the answer. */
function readExchange(row: QueryRow, conversation: ConversationBuilder): void {
	conversation.time(sqliteTime(row.start_ts));
	conversation.project(row.working_directory);
	conversation.model(row.model_id);
	const input = parsedJson(row.input);
	for (const part of Array.isArray(input) ? input.filter(isObject) : []) {
		if (isObject(part.Query) && text(part.Query.text)) conversation.prompt([{role: 'user', kind: 'prose', text: String(part.Query.text)}]);
		else if (isObject(part.ActionResult)) conversation.toolResults([{role: 'tool', kind: 'tool', text: toolOutputText(partsText(part.ActionResult.result).join('\n'))}]);
		else conversation.skipped++;
	}
	const output = parsedJson(row.output);
	const received = isObject(output) && isObject(output.Received) ? output.Received.output : undefined;
	const said = partsText(received).join('\n\n');
	if (said) conversation.answer([{role: 'assistant', kind: 'prose', text: said}]);
}

function readLegacy(conversationId: string, rows: QueryRow[]): ParsedSource {
	const conversation = new ConversationBuilder('warp');
	for (const row of rows) readExchange(row, conversation);
	return withSessionFacts(conversation.finish(), {sessionId: conversationId});
}

/** The root task's description: Warp's title for a conversation before it kept one in `summary`. */
function rootDescription(tasks: WireMessage[]): string | undefined {
	const root = tasks.find((task) => !task.message(3)?.text(1)) ?? tasks[0];
	return root?.text(2);
}

function readConversation(row: ConversationRow, tasks: WireMessage[], queries: QueryRow[]): ParsedSource {
	const conversation = new ConversationBuilder('warp');
	const reader = new WarpTaskReader(conversation);
	const messages: WarpMessage[] = tasks.flatMap((task) => taskMessages(task));
	reader.read(messages);
	const data = parsedJson(row.conversation_data);
	const usage = isObject(data) && isObject(data.conversation_usage_metadata) ? data.conversation_usage_metadata : {};
	const usedModel = Array.isArray(usage.token_usage) ? usage.token_usage.find(isObject)?.model_id : undefined;
	const summary = parsedJson(row.summary);
	const title = (isObject(summary) ? text(summary.title) : undefined) ?? rootDescription(tasks);
	conversation.project(reader.project ?? (isObject(summary) ? summary.initial_working_directory : undefined) ?? queries.find((query) => query.working_directory)?.working_directory);
	conversation.model(reader.model ?? usedModel ?? queries.find((query) => query.model_id)?.model_id);
	for (const query of queries) conversation.time(sqliteTime(query.start_ts));
	const parent = isObject(data) ? text(data.parent_conversation_id) : undefined;
	return withSessionFacts(conversation.finish(), {sessionId: row.conversation_id, agentTitle: title, filesEdited: reader.edited, commits: reader.commits, parentSession: parent});
}

/** Whether Warp hides the conversation from its history: only automatic code-diff suggestions, no query of the person's. */
function unlisted(row: ConversationRow): boolean {
	const summary = parsedJson(row.summary);
	return isObject(summary) && summary.is_unlisted_auto_code_diff === true;
}

export function* readWarpStore(db: AgentDatabase): Iterable<StoreSession> {
	const hasBlocks = db.has('ai_blocks');
	const hasModel = db.columns('ai_queries').has('model_id');
	const queries = db.has('ai_queries')
		? db.prepare(
				`SELECT q.exchange_id, q.conversation_id, q.start_ts, ${db.capped('q.input')} AS input, ${db.capped('q.working_directory')} AS working_directory${hasModel ? ', q.model_id' : ''}${hasBlocks ? `, ${db.capped('b.output')} AS output` : ''} FROM ai_queries q${hasBlocks ? ' LEFT JOIN ai_blocks b ON b.exchange_id = q.exchange_id' : ''} WHERE budget() AND q.conversation_id = ? ORDER BY q.start_ts, q.id`,
			)
		: undefined;
	const seen = new Set<string>();
	if (db.has('agent_conversations') && db.has('agent_tasks')) {
		const hasSummary = db.columns('agent_conversations').has('summary');
		const rows = db.prepare(`SELECT conversation_id, ${db.capped('conversation_data')} AS conversation_data, last_modified_at${hasSummary ? `, ${db.capped('summary')} AS summary` : ''} FROM agent_conversations WHERE budget() ORDER BY id`).all() as ConversationRow[];
		const signature = db.prepare('SELECT count(*) AS n, sum(length(task)) AS bytes, max(last_modified_at) AS at FROM agent_tasks WHERE budget() AND conversation_id = ?');
		const taskRows = db.prepare(`SELECT ${db.capped('task')} AS task FROM agent_tasks WHERE budget() AND conversation_id = ? ORDER BY id`);
		for (const row of rows) {
			if (typeof row.conversation_id !== 'string' || seen.has(row.conversation_id)) continue;
			seen.add(row.conversation_id);
			if (unlisted(row)) continue;
			const {n, bytes, at} = signature.get(row.conversation_id) as {n: number; bytes: number | null; at: string | null};
			if (n === 0) continue;
			yield {
				id: row.conversation_id,
				signature: `${row.last_modified_at}|${n}|${bytes}|${at}|${row.summary ?? ''}`,
				read() {
					const tasks = (taskRows.all(row.conversation_id) as Array<{task: Buffer}>).flatMap((task) => WireMessage.of(task.task) ?? []);
					return readConversation(row, tasks, queries ? (queries.all(row.conversation_id) as QueryRow[]) : []);
				},
			};
		}
	}
	if (!queries) return;
	// Conversations kept only as exchanges: Warp before agent_conversations (2024), with their answers in ai_blocks.
	const legacy = db.prepare(`SELECT conversation_id, count(*) AS n, max(start_ts) AS at, sum(length(input)) AS bytes FROM ai_queries WHERE budget() GROUP BY conversation_id ORDER BY min(start_ts)`).all() as Array<{conversation_id: string; n: number; at: string | null; bytes: number | null}>;
	for (const row of legacy) {
		if (typeof row.conversation_id !== 'string' || seen.has(row.conversation_id)) continue;
		yield {
			id: row.conversation_id,
			signature: `${row.n}|${row.at}|${row.bytes}`,
			read: () => readLegacy(row.conversation_id, queries.all(row.conversation_id) as QueryRow[]),
		};
	}
}
