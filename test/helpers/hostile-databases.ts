// Agent databases made to hurt a reader (issue 39, points 3 and 4), generated at test time and
// tiny: each is a few KB on disk and would cost a naive reader hours, gigabytes or its heap.
import Database from 'better-sqlite3';

/** Tables OpenCode 1.x has beside `session` (as anomalyco/opencode's session.sql.ts declares them). */
const openCodeMessageTables = `
	CREATE TABLE message (id TEXT PRIMARY KEY, session_id TEXT NOT NULL, time_created INTEGER, time_updated INTEGER, data TEXT NOT NULL);
	CREATE TABLE part (id TEXT PRIMARY KEY, message_id TEXT NOT NULL, session_id TEXT NOT NULL, time_created INTEGER, time_updated INTEGER, data TEXT NOT NULL);
	INSERT INTO message VALUES ('msg_1', 'ses_1', 1, 1, '{"role":"user","time":{"created":1}}');
	INSERT INTO part VALUES ('prt_1', 'msg_1', 'ses_1', 1, 1, '{"type":"text","text":"hello"}');`;

/**
 * An `opencode.db` whose `session` is a view over an endless recursive CTE, sorted (a reader's
 * ORDER BY spills the sorter to disk without end). The view's text carries
 * `/* CREATE TABLE session (…) *\/`, so a reader that tells tables from the file's text sees one.
 */
export function endlessSessionView(file: string): void {
	const db = new Database(file);
	db.exec(`${openCodeMessageTables}
		CREATE VIEW session /* CREATE TABLE session (id TEXT, title TEXT, time_created INTEGER, time_updated INTEGER) */ AS
			WITH RECURSIVE endless(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM endless)
			SELECT 'ses_' || n AS id, printf('%.1000c', 'x') AS title, n AS time_created, n AS time_updated FROM endless;`);
	db.close();
}

/** A database with no OpenCode table at all, whose text declares them in a comment of another table's SQL. */
export function commentedTables(file: string): void {
	const db = new Database(file);
	db.exec(`CREATE TABLE notes /* CREATE TABLE session (id TEXT, title TEXT) CREATE TABLE message (id TEXT, data TEXT) CREATE TABLE part (id TEXT, data TEXT) */ (body TEXT);
		INSERT INTO notes VALUES ('nothing here');`);
	db.close();
}

/** Crush's tables (charmbracelet/crush internal/db/migrations), with `messages.parts` as given. */
function crushTables(parts: string): string {
	return `
	CREATE TABLE sessions (id TEXT PRIMARY KEY, parent_session_id TEXT, title TEXT NOT NULL, message_count INTEGER, prompt_tokens INTEGER, completion_tokens INTEGER, cost REAL, updated_at INTEGER, created_at INTEGER, summary_message_id TEXT);
	CREATE TABLE messages (id TEXT PRIMARY KEY, session_id TEXT NOT NULL, role TEXT NOT NULL, created_at INTEGER, updated_at INTEGER, model TEXT, provider TEXT);
	CREATE TABLE files (id TEXT PRIMARY KEY, session_id TEXT NOT NULL, path TEXT NOT NULL, content TEXT, version INTEGER, created_at INTEGER, updated_at INTEGER);
	INSERT INTO sessions (id, title, updated_at, created_at) VALUES ('s1', 'a session', 1, 1);
	INSERT INTO messages (id, session_id, role, created_at, updated_at) VALUES ('m1', 's1', 'user', 1, 1);
	ALTER TABLE messages ADD COLUMN ${parts};`;
}

/** A `.crush/crush.db` whose `messages.parts` is a virtual generated column of 400 MB per row (added after the rows, so making it computes nothing). */
export function hugeGeneratedParts(file: string): void {
	const db = new Database(file);
	db.exec(crushTables(`parts TEXT GENERATED ALWAYS AS (printf('%.400000000c', 'x')) VIRTUAL`));
	// Without the table's old text in the free space of its first page (as Crush's own file would be).
	db.exec('VACUUM');
	db.close();
}

/** A `crush.db` whose `messages` is a view over 10⁹ joined rows (its head declares the table in a comment). */
export function joinedMessagesView(file: string): void {
	const db = new Database(file);
	db.exec(`${crushTables("parts TEXT DEFAULT '[]'").replaceAll(' messages', ' real_messages')}
		CREATE TABLE digits (d INTEGER);
		INSERT INTO digits VALUES (0), (1), (2), (3), (4), (5), (6), (7), (8), (9);
		CREATE VIEW messages /* CREATE TABLE messages (id TEXT, session_id TEXT, role TEXT, parts TEXT) */ AS
			SELECT 'm' AS id, 's1' AS session_id, 'user' AS role, '[]' AS parts, 1 AS created_at, 1 AS updated_at
			FROM digits a, digits b, digits c, digits d, digits e, digits f, digits g, digits h, digits i;`);
	db.close();
}
