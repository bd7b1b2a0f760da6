// Issue 39, point 9: values an agent database may hold that its reader did not expect.
import Database from 'better-sqlite3';
import {describe, expect, it} from 'vitest';
import {AgentDatabase} from '../../../source/ingest/io/agent-database.js';
import {readCrushStore} from '../../../source/ingest/formats/crush.js';
import {readOpenCodeStore} from '../../../source/ingest/formats/opencode-store.js';

describe('agent database values', () => {
	it('reads OpenCode rows whose JSON has a space after each colon (as another writer formats it), not skipping the session', () => {
		const db = new Database(':memory:');
		db.exec(`CREATE TABLE session (id TEXT PRIMARY KEY, title TEXT, directory TEXT, time_created INTEGER, time_updated INTEGER);
			CREATE TABLE message (id TEXT PRIMARY KEY, session_id TEXT, time_created INTEGER, time_updated INTEGER, data TEXT);
			CREATE TABLE part (id TEXT PRIMARY KEY, message_id TEXT, session_id TEXT, time_created INTEGER, time_updated INTEGER, data TEXT);
			INSERT INTO session VALUES ('ses_1', 'Spaced JSON', '/src/api', 1, 2);
			INSERT INTO message VALUES ('msg_1', 'ses_1', 1, 1, '{"role": "user", "time": {"created": 1}}');
			INSERT INTO part VALUES ('prt_1', 'msg_1', 'ses_1', 1, 1, '{"type": "text", "text": "Why does the gateway retry?"}');`);
		const sessions = [...readOpenCodeStore(new AgentDatabase(db), '/home/ana/.local/share/opencode/opencode.db')];
		expect(sessions.map((session) => session.id)).toEqual(['ses_1']);
		expect(sessions[0]!.read().facts.title).toBe('Spaced JSON');
	});

	it('reads a Crush session whose title is a blob as its text, instead of losing the session', () => {
		const db = new Database(':memory:');
		db.exec(`CREATE TABLE sessions (id TEXT PRIMARY KEY, parent_session_id TEXT, title BLOB, message_count INTEGER, prompt_tokens INTEGER, completion_tokens INTEGER, cost REAL, updated_at INTEGER, created_at INTEGER);
			CREATE TABLE messages (id TEXT PRIMARY KEY, session_id TEXT, role TEXT, parts TEXT, model TEXT, created_at INTEGER, updated_at INTEGER);
			CREATE TABLE files (id TEXT PRIMARY KEY, session_id TEXT, path TEXT);
			INSERT INTO sessions (id, title, created_at, updated_at) VALUES ('s1', CAST('Blob title' AS BLOB), 1, 2);
			INSERT INTO messages VALUES ('m1', 's1', 'user', '[{"type":"text","data":{"text":"Fix the retry storm"}}]', NULL, 1, 1);`);
		const [session] = [...readCrushStore(new AgentDatabase(db), '/src/api/.crush/crush.db')];
		expect(session!.read().facts.title).toBe('Blob title');
	});
});
