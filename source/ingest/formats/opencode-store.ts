import path from 'node:path';
import type {AgentDatabase} from '../io/agent-database.js';
import type {StoreSession} from './store-session.js';
import {isObject, parsedJson, text, type Json} from './json-values.js';
import {readOpenCodeSession, type OpenCodeMessage} from './opencode.js';

/**
 * OpenCode's SQLite store (`~/.local/share/opencode/opencode.db`, or `opencode-<channel>.db`;
 * followed: anomalyco/opencode packages/opencode/src/storage/json-migration.ts at 062aa8c and
 * session/session.sql.ts): `session` rows (id, project_id, parent_id, directory, title, version,
 * time_created, time_updated, …), `message` and `part` rows whose `data` column is the message
 * or part object without its ids, and `project` rows (worktree) for sessions without a directory.
 * 1.16–1.17 add session columns (model, agent, cost, tokens_*), read as the session's model, cost
 * and (where its messages have none) tokens, and the tables `event` (an event log of the same
 * messages and parts), `session_message` (model switches) and `session_input` (queued prompts),
 * whose rows are counted as records of unused kinds.
 */

interface SessionRow {
	id: string;
	project_id?: string | null;
	parent_id?: string | null;
	directory?: string | null;
	title?: string | null;
	version?: string | null;
	time_created?: number | null;
	time_updated?: number | null;
	/** OpenCode 1.16+: the session's model (`{id, providerID}` JSON), cost and token totals. */
	model?: string | null;
	cost?: number | null;
	tokens_input?: number | null;
	tokens_output?: number | null;
	tokens_reasoning?: number | null;
	tokens_cache_read?: number | null;
	tokens_cache_write?: number | null;
}

/**
 * Kilo's CLI (Kilo-Org/kilocode, a fork of OpenCode 1.x, versions 7.x) keeps the same tables in
 * `~/.local/share/kilo/kilo.db`: told by that name, else by its messages' `providerID: "kilo"`.
 */
function storeAgent(db: AgentDatabase, file: string): 'opencode' | 'kilo-cli' {
	if (/^kilo[\w.-]*\.db$/iu.test(path.basename(file)) || path.basename(path.dirname(file)) === 'kilo') return 'kilo-cli';
	return db.prepare(`SELECT 1 FROM message WHERE budget() AND (data LIKE '%"providerID":"kilo"%' OR data LIKE '%"providerID": "kilo"%') LIMIT 1`).get() ? 'kilo-cli' : 'opencode';
}

/** Rows of OpenCode 1.16+'s newer tables that hold nothing the message and part rows do not: counted, not read. */
function unusedRows(db: AgentDatabase): (session: string) => number {
	const counts = [
		db.columns('event').has('aggregate_id') ? db.prepare('SELECT count(*) AS n FROM event WHERE budget() AND aggregate_id = ?') : undefined,
		db.columns('session_message').has('session_id') ? db.prepare('SELECT count(*) AS n FROM session_message WHERE budget() AND session_id = ?') : undefined,
		db.columns('session_input').has('session_id') ? db.prepare('SELECT count(*) AS n FROM session_input WHERE budget() AND session_id = ?') : undefined,
	].filter((statement) => statement !== undefined);
	return (session) => counts.reduce((sum, statement) => sum + ((statement.get(session) as {n: number}).n ?? 0), 0);
}

const modelId = (value: string | null | undefined) => {
	const model = parsedJson(value);
	return isObject(model) ? text(model.id) ?? text(model.modelID) : text(value);
};

/** The session columns read (a generated or unknown column never is). */
const sessionColumns = ['id', 'project_id', 'parent_id', 'directory', 'title', 'version', 'time_created', 'time_updated', 'model', 'cost', 'tokens_input', 'tokens_output', 'tokens_reasoning', 'tokens_cache_read', 'tokens_cache_write'];

export function* readOpenCodeStore(db: AgentDatabase, file: string): Iterable<StoreSession> {
	const agent = storeAgent(db, file);
	const unused = unusedRows(db);
	const worktree = new Map<string, string>();
	if (db.columns('project').has('worktree') && db.columns('project').has('id')) {
		for (const row of db.prepare(`SELECT id, ${db.capped('worktree')} AS worktree FROM project WHERE budget()`).all() as Array<{id: string; worktree: string}>) worktree.set(row.id, row.worktree);
	}
	const ordered = ['time_created', 'id'].filter((column) => db.columns('session').has(column)).join(', ') || 'rowid';
	const sessions = db.prepare(`SELECT ${db.select('session', sessionColumns)} FROM session WHERE budget() ORDER BY ${ordered}`).all() as SessionRow[];
	const summary = db.prepare(
		"SELECT (SELECT count(*) FROM message WHERE budget() AND session_id = @id) AS messages, (SELECT max(time_updated) FROM message WHERE budget() AND session_id = @id) AS messageAt, (SELECT count(*) FROM message WHERE budget() AND session_id = @id AND (data LIKE '%\"role\":\"user\"%' OR data LIKE '%\"role\": \"user\"%')) AS asked, (SELECT count(*) FROM part WHERE budget() AND session_id = @id) AS parts, (SELECT max(time_updated) FROM part WHERE budget() AND session_id = @id) AS partAt, (SELECT sum(length(data)) FROM part WHERE budget() AND session_id = @id) AS bytes",
	);
	const messageRows = db.prepare(`SELECT id, ${db.capped('data')} AS data FROM message WHERE budget() AND session_id = ? ORDER BY time_created, id`);
	const partRows = db.prepare(`SELECT id, message_id, ${db.capped('data')} AS data FROM part WHERE budget() AND session_id = ? ORDER BY message_id, id`);
	for (const row of sessions) {
		if (typeof row.id !== 'string') continue;
		const facts = summary.get({id: row.id}) as {messages: number; messageAt: number | null; asked: number; parts: number; partAt: number | null; bytes: number | null};
		if (facts.messages === 0 || facts.asked === 0) continue;
		yield {
			id: row.id,
			signature: `${row.time_updated}|${row.title}|${row.cost ?? ''}|${facts.messages}|${facts.messageAt}|${facts.parts}|${facts.partAt}|${facts.bytes}`,
			read() {
				const byMessage = new Map<string, Json[]>();
				for (const part of partRows.all(row.id) as Array<{id: string; message_id: string; data: string}>) {
					const data = parsedJson(part.data);
					if (!isObject(data)) continue;
					const list = byMessage.get(part.message_id) ?? [];
					list.push({...data, id: part.id});
					byMessage.set(part.message_id, list);
				}
				const messages: OpenCodeMessage[] = [];
				for (const message of messageRows.all(row.id) as Array<{id: string; data: string}>) {
					const data = parsedJson(message.data);
					if (isObject(data)) messages.push({info: {...data, id: message.id}, parts: byMessage.get(message.id) ?? []});
				}
				const directory = row.directory || (row.project_id ? worktree.get(row.project_id) : undefined);
				const totals = {input: row.tokens_input, output: row.tokens_output, reasoning: row.tokens_reasoning, cache_read: row.tokens_cache_read, cache_write: row.tokens_cache_write};
				const parsed = readOpenCodeSession({id: row.id, title: row.title, parentID: row.parent_id, directory, version: row.version, time: {created: row.time_created, updated: row.time_updated}, model: modelId(row.model), cost: row.cost, totals}, messages, agent);
				parsed.skipped = (parsed.skipped ?? 0) + unused(row.id);
				return parsed;
			},
		};
	}
}
