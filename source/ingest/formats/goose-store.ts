import type {AgentDatabase} from '../io/agent-database.js';
import type {StoreSession} from './store-session.js';
import {factDate} from './dates.js';
import {GooseMessages, gooseTokens} from './goose.js';
import {isObject, parsedJson, text, type Json} from './json-values.js';

/**
 * Goose's session store since 1.10 (`~/.local/share/goose/sessions/sessions.db`; followed:
 * block/goose crates/goose/src/session/session_manager.rs at 0164300, schema version 5):
 * `sessions` (id like `20251014_3`, name (or the older description), user_set_name, session_type
 * user|scheduled|sub_agent|hidden, working_dir, created_at/updated_at as SQLite timestamps,
 * token counts, accumulated totals) and `messages` (role, content_json — the message's content
 * list —, created_timestamp in seconds, metadata_json with userVisible/agentVisible). Hidden
 * sessions are Goose's own (not a conversation someone had) and are left out.
 */

/** A SQLite `CURRENT_TIMESTAMP` ("2025-10-14 09:30:00") is UTC; an RFC 3339 one says its zone. */
export function sqliteTime(value: unknown): string | undefined {
	if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(?:\.\d+)?$/u.test(value.trim())) return factDate(`${value.trim().replace(' ', 'T')}Z`);
	return factDate(value);
}

/** The session columns read (a generated or unknown column never is). */
const sessionFields = ['id', 'name', 'description', 'user_set_name', 'session_type', 'working_dir', 'created_at', 'updated_at', 'accumulated_total_tokens', 'accumulated_input_tokens', 'accumulated_output_tokens', 'total_tokens', 'input_tokens', 'output_tokens'];

export function* readGooseStore(db: AgentDatabase): Iterable<StoreSession> {
	const sessionColumns = db.columns('sessions');
	const hasMetadata = db.columns('messages').has('metadata_json');
	const ordered = sessionColumns.has('created_at') ? 'created_at, rowid' : 'rowid';
	const sessions = db.prepare(`SELECT ${db.select('sessions', sessionFields)} FROM sessions WHERE budget() ORDER BY ${ordered}`).all() as Json[];
	const summary = db.prepare("SELECT count(*) AS n, max(id) AS last, sum(length(content_json)) AS bytes, sum(role = 'user') AS asked FROM messages WHERE budget() AND session_id = ?");
	const messages = db.prepare(`SELECT role, ${db.capped('content_json')} AS content_json, created_timestamp${hasMetadata ? `, ${db.capped('metadata_json')} AS metadata_json` : ''} FROM messages WHERE budget() AND session_id = ? ORDER BY id`);
	for (const row of sessions) {
		const id = typeof row.id === 'string' ? row.id : undefined;
		if (!id || (sessionColumns.has('session_type') && row.session_type === 'hidden')) continue;
		const {n, last, bytes, asked} = summary.get(id) as {n: number; last: number | null; bytes: number | null; asked: number | null};
		if (!asked) continue;
		yield {
			id,
			signature: `${String(row.updated_at)}|${String(row.name)}|${String(row.accumulated_total_tokens)}|${n}|${last}|${bytes}`,
			read() {
				const reader = new GooseMessages();
				reader.conversation.time(sqliteTime(row.created_at));
				for (const message of messages.all(id) as Json[]) {
					const content = parsedJson(message.content_json);
					const metadata = parsedJson(message.metadata_json);
					reader.message({role: message.role, created: message.created_timestamp, content, ...(isObject(metadata) ? {metadata} : {})});
				}
				reader.conversation.time(sqliteTime(row.updated_at));
				// `user_set_name`: the person named the session (else Goose did).
				const name = text(row.name) ?? text(row.description);
				const renamed = row.user_set_name === 1 || row.user_set_name === true;
				return reader.finish({
					sessionId: id,
					...(renamed ? {userTitle: name} : {agentTitle: name}),
					project: text(row.working_dir),
					tokens: gooseTokens(row),
				});
			},
		};
	}
}
