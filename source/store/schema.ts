import type {Database} from 'better-sqlite3';
import {rebuildGroups} from './item-groups.js';
import {sourceFolder} from '../core/source-folder.js';
import {createUsageTable} from './usage-rows.js';
import {createUsageDays} from './usage-days.js';
import {createUsageModelDays} from './usage-model-days.js';
import {migratePackToParts} from './root-pack-parts.js';

/**
 * Forward migrations. The store's `PRAGMA user_version` is the number of migrations applied;
 * append new ones at the end, never edit a released one.
 */
export const migrations: Array<(db: Database) => void> = [
	(db) => {
		db.exec(`
			CREATE TABLE namespaces (
				name TEXT PRIMARY KEY,
				item_count INTEGER NOT NULL DEFAULT 0
			) WITHOUT ROWID;

			CREATE TABLE items (
				id INTEGER PRIMARY KEY,
				namespace TEXT NOT NULL,
				item_id TEXT NOT NULL,
				title TEXT NOT NULL,
				tldr TEXT NOT NULL DEFAULT '',
				generated_at TEXT NOT NULL,
				source_uri TEXT,
				source_kind TEXT,
				content_hash TEXT,
				node_count INTEGER NOT NULL,
				span_count INTEGER NOT NULL,
				UNIQUE (namespace, item_id)
			);
			CREATE INDEX items_by_time ON items (namespace, generated_at DESC, item_id);
			CREATE INDEX items_by_source ON items (source_uri);

			CREATE TABLE nodes (
				id INTEGER PRIMARY KEY,
				item INTEGER NOT NULL REFERENCES items (id) ON DELETE CASCADE,
				ordinal INTEGER NOT NULL,
				parent INTEGER,
				level INTEGER NOT NULL,
				title TEXT NOT NULL,
				summary TEXT NOT NULL DEFAULT '',
				-- one keyword per line
				keywords TEXT NOT NULL DEFAULT '',
				child_count INTEGER NOT NULL DEFAULT 0,
				UNIQUE (item, ordinal)
			);
			CREATE INDEX nodes_by_parent ON nodes (item, parent, ordinal);

			CREATE TABLE spans (
				id INTEGER PRIMARY KEY,
				item INTEGER NOT NULL REFERENCES items (id) ON DELETE CASCADE,
				seq INTEGER NOT NULL,
				node INTEGER NOT NULL,
				role TEXT NOT NULL,
				text TEXT NOT NULL,
				UNIQUE (item, seq)
			);
			CREATE INDEX spans_by_node ON spans (item, node, seq);

			-- The text stage 1 ranks: a node's title, summary, keywords, and (on the root) the item's TLDR.
			CREATE VIEW node_text AS
				SELECT n.id AS id, n.title AS title, n.summary AS summary,
					n.keywords AS keywords,
					CASE WHEN n.ordinal = 0 THEN i.tldr ELSE '' END AS tldr
				FROM nodes n JOIN items i ON i.id = n.item;
			CREATE VIRTUAL TABLE nodes_fts USING fts5 (
				title, summary, keywords, tldr,
				content = 'node_text', content_rowid = 'id', tokenize = 'porter unicode61 remove_diacritics 2'
			);
			CREATE VIRTUAL TABLE spans_fts USING fts5 (
				text, content = 'spans', content_rowid = 'id', tokenize = 'porter unicode61 remove_diacritics 2'
			);

			CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
		`);
	},
	// The funnel's own indexes (source/search): stage-1 keyword text in two tables, ranked each
	// against its own kind (bm25 normalizes by the average row length): item roots with their
	// summary fields and all the item's raw text (so lossy summaries do not hide what the spans
	// say), and inner nodes with their summary fields; node embeddings; the LSA model's term vectors. Filled by the search
	// indexer and `drill reindex`. The FTS tables are contentless: the indexer deletes a row by
	// giving back the text it indexed (contentless_delete would keep deleted rows in bm25's statistics).
	(db) => {
		db.exec(`
			CREATE VIRTUAL TABLE search_root_fts USING fts5 (
				title, summary, keywords, tldr, body, scope,
				content = '', tokenize = 'porter unicode61 remove_diacritics 2'
			);
			CREATE VIRTUAL TABLE search_node_fts USING fts5 (
				title, summary, keywords, scope,
				content = '', tokenize = 'porter unicode61 remove_diacritics 2'
			);
			-- One row per item the search indexer has seen; model = the embedding generation used (0 = none yet).
			CREATE TABLE search_items (
				item INTEGER PRIMARY KEY REFERENCES items (id) ON DELETE CASCADE,
				model INTEGER NOT NULL DEFAULT 0
			);
			CREATE INDEX search_items_by_model ON search_items (model);
			CREATE TABLE node_vectors (
				node INTEGER PRIMARY KEY REFERENCES nodes (id) ON DELETE CASCADE,
				item INTEGER NOT NULL,
				vector BLOB NOT NULL
			);
			CREATE INDEX node_vectors_by_item ON node_vectors (item);
			CREATE TABLE lsa_terms (
				term TEXT PRIMARY KEY,
				weight REAL NOT NULL,
				vector BLOB NOT NULL
			) WITHOUT ROWID;
		`);
	},
	// Which layout of stage-1 text each item's rows were written with (the tables are contentless:
	// removing an item's rows means giving back exactly the text they were written with). 1: the
	// root row holds the root's own fields; 2: also every inner node's title, summary and keywords.
	(db) => {
		db.exec('ALTER TABLE search_items ADD COLUMN text_version INTEGER NOT NULL DEFAULT 1');
	},
	// Provenance: every field of the interchange's `source` as a column (agent, project, the
	// session's start and end, model, counts, the line it starts at), the folder of the source for
	// `--group-by folder`, the indexes that list a group's items newest first (and let search filter
	// by agent or project), and the per-group counts behind the grouped views (item-groups.ts).
	(db) => {
		db.exec(`
			ALTER TABLE items ADD COLUMN agent TEXT;
			ALTER TABLE items ADD COLUMN project TEXT;
			ALTER TABLE items ADD COLUMN started_at TEXT;
			ALTER TABLE items ADD COLUMN ended_at TEXT;
			ALTER TABLE items ADD COLUMN model TEXT;
			ALTER TABLE items ADD COLUMN turns INTEGER;
			ALTER TABLE items ADD COLUMN tool_calls INTEGER;
			ALTER TABLE items ADD COLUMN source_line INTEGER;
			ALTER TABLE items ADD COLUMN source_folder TEXT;

			CREATE TABLE item_groups (
				namespace TEXT NOT NULL,
				key TEXT NOT NULL,
				value TEXT NOT NULL,
				parent TEXT NOT NULL DEFAULT '',
				item_count INTEGER NOT NULL,
				newest TEXT NOT NULL DEFAULT '',
				PRIMARY KEY (namespace, key, value)
			) WITHOUT ROWID;
			CREATE INDEX item_groups_by_parent ON item_groups (namespace, key, parent, value);
			CREATE INDEX item_groups_by_newest ON item_groups (namespace, key, newest DESC, value);
		`);
		db.function('drill_source_folder', {deterministic: true}, (uri: unknown) => sourceFolder(typeof uri === 'string' ? uri : null));
		db.exec(`
			UPDATE items SET source_folder = drill_source_folder(source_uri) WHERE source_uri IS NOT NULL;
			CREATE INDEX items_by_agent ON items (agent, namespace, generated_at DESC, item_id);
			CREATE INDEX items_by_project ON items (project, namespace, generated_at DESC, item_id);
			CREATE INDEX items_by_folder ON items (namespace, source_folder, generated_at DESC, item_id);
		`);
		rebuildGroups(db);
	},
	// Root vectors side by side, one row per item: the semantic list's coarse step reads one vector
	// per item, and reading them from node_vectors (a root every few nodes) touched a page per item
	// (3 000 items: ~120 ms of CPU on a cold connection, ~40 ms from here). Kept by the search
	// indexer with node_vectors (search/semantic/vectors.ts).
	(db) => {
		db.exec(`
			CREATE TABLE root_vectors (
				item INTEGER PRIMARY KEY REFERENCES items (id) ON DELETE CASCADE,
				node INTEGER NOT NULL,
				vector BLOB NOT NULL
			);
			INSERT INTO root_vectors (item, node, vector)
				SELECT n.item, n.id, v.vector FROM nodes n JOIN node_vectors v ON v.node = n.id WHERE n.ordinal = 0;
		`);
	},
	// Node vectors one row per item (its node ids and their vectors side by side) instead of one row
	// per node: the semantic list reads the nodes of a few hundred items per query, and a row per
	// node cost a Buffer and a B-tree step each (300 items of 10 nodes: ~18 ms of a first query,
	// ~3 ms from here); ingest writes a row per item, not per node. root_pack holds every root
	// vector in one row, rewritten when a writer closes (read only while its revision is current).
	(db) => {
		db.exec(`
			CREATE TABLE item_vectors (
				item INTEGER PRIMARY KEY REFERENCES items (id) ON DELETE CASCADE,
				nodes BLOB NOT NULL,
				vectors BLOB NOT NULL
			);
			CREATE TABLE root_pack (
				id INTEGER PRIMARY KEY CHECK (id = 1),
				revision TEXT NOT NULL,
				items BLOB NOT NULL,
				nodes BLOB NOT NULL,
				vectors BLOB NOT NULL
			);
		`);
		// Item by item: better-sqlite3 cannot write while a read iterates, and a whole store's vectors may not fit in memory.
		const insert = db.prepare('INSERT INTO item_vectors (item, nodes, vectors) VALUES (?, ?, ?)');
		const ofItem = db.prepare('SELECT node, vector FROM node_vectors WHERE item = ? ORDER BY node').raw(true);
		for (const item of db.prepare('SELECT DISTINCT item FROM node_vectors').pluck().all() as number[]) {
			const rows = ofItem.all(item) as Array<[number, Buffer]>;
			insert.run(item, Buffer.from(Int32Array.from(rows.map(([node]) => node)).buffer), Buffer.concat(rows.map(([, vector]) => vector)));
		}
		db.exec('DROP TABLE node_vectors');
	},
	// nodes_fts, the first keyword index over node text, has been read by nothing since the search
	// indexes (search_root_fts, search_node_fts) replaced it; keeping it cost every item write a
	// fourth FTS5 table (~7% of writing a docs page) and the store ~6% of its size.
	(db) => {
		db.exec('DROP TABLE IF EXISTS nodes_fts; DROP VIEW IF EXISTS node_text;');
	},
	// Acting on what is found (#23): the agent's own session id (what `drill resume` hands the
	// agent), the count of secrets redacted at ingest, and the sources `drill forget` removed, so
	// that `--watch` and `--agents` do not bring them back (a path: a file, or a folder and all in it;
	// a file's `#…` for one conversation of a file of many).
	(db) => {
		// Columns a store may already have (another branch's migration, a store rolled back by hand) are left as they are.
		const columns = new Set((db.prepare('PRAGMA table_info(items)').all() as Array<{name: string}>).map((column) => column.name));
		if (!columns.has('session_id')) db.exec('ALTER TABLE items ADD COLUMN session_id TEXT');
		if (!columns.has('redactions')) db.exec('ALTER TABLE items ADD COLUMN redactions INTEGER');
		db.exec(`
			CREATE TABLE IF NOT EXISTS forgotten_sources (
				path TEXT PRIMARY KEY,
				forgotten_at TEXT NOT NULL
			) WITHOUT ROWID;
			-- A store with items from before redaction is cleaned by drill doctor --repair or reindex; an empty one has nothing to clean.
			INSERT OR IGNORE INTO meta (key, value) SELECT 'secrets_redacted_with', 'a new store' WHERE NOT EXISTS (SELECT 1 FROM items);
		`);
	},
	// What a re-ingest of unchanged files needs (#26): each single-item source file's size and
	// modification time as last ingested, with the item it became and that item's hash, so that a
	// file whose size and mtime match is skipped on a stat instead of being read and hashed again.
	// A cache: dropping its rows only makes the next ingest read those files again.
	(db) => {
		db.exec(`
			CREATE TABLE IF NOT EXISTS source_stats (
				path TEXT PRIMARY KEY,
				size INTEGER NOT NULL,
				mtime_ms REAL NOT NULL,
				checked_ms REAL NOT NULL,
				run_key TEXT NOT NULL,
				namespace TEXT NOT NULL,
				item_id TEXT NOT NULL,
				content_hash TEXT NOT NULL
			) WITHOUT ROWID;
		`);
	},
	// What a session cost and changed (#22): the provenance fields without a column of their own
	// (tokens, files_edited, commits, subagents, parent_session, agent_title, own_title) as one JSON
	// object, and the session's total tokens, which its row in a listing shows.
	(db) => {
		const columns = new Set((db.prepare('PRAGMA table_info(items)').all() as Array<{name: string}>).map((column) => column.name));
		if (!columns.has('source_extra')) db.exec('ALTER TABLE items ADD COLUMN source_extra TEXT');
		if (!columns.has('tokens')) db.exec('ALTER TABLE items ADD COLUMN tokens INTEGER');
		// The LLM summarizer's answers by a hash of what it was asked (model and prompt): a re-ingest asks nothing twice.
		db.exec('CREATE TABLE IF NOT EXISTS llm_answers (key TEXT PRIMARY KEY, answer TEXT NOT NULL) WITHOUT ROWID');
	},
	// Usage and cost (#36): a row per session, UTC hour and model (store/usage-rows.ts), so that
	// `drill usage` and the app's usage screen add them up without reading an item; each session's
	// cost on its row for the listings. Sessions already stored get their totals at their start.
	(db) => createUsageTable(db),
	// A team archive (#37): the machine and user a pulled item came from (NULL for this machine's own
	// items), grouped like projects and agents; the items `drill forget` removed by id (a push sends
	// them as tombstones); and the archive's hash of each pulled item (a pull fetches only what changed).
	(db) => {
		const columns = new Set((db.prepare('PRAGMA table_info(items)').all() as Array<{name: string}>).map((column) => column.name));
		if (!columns.has('origin_machine')) db.exec('ALTER TABLE items ADD COLUMN origin_machine TEXT');
		if (!columns.has('origin_user')) db.exec('ALTER TABLE items ADD COLUMN origin_user TEXT');
		db.exec(`
			CREATE INDEX IF NOT EXISTS items_by_machine ON items (origin_machine, namespace, generated_at DESC, item_id);
			CREATE INDEX IF NOT EXISTS items_by_user ON items (origin_user, namespace, generated_at DESC, item_id);
			CREATE TABLE IF NOT EXISTS forgotten_items (
				namespace TEXT NOT NULL,
				item_id TEXT NOT NULL,
				forgotten_at TEXT NOT NULL,
				PRIMARY KEY (namespace, item_id)
			) WITHOUT ROWID;
			CREATE TABLE IF NOT EXISTS team_pulled (
				namespace TEXT NOT NULL,
				item_id TEXT NOT NULL,
				hash TEXT NOT NULL,
				PRIMARY KEY (namespace, item_id)
			) WITHOUT ROWID;
			INSERT OR IGNORE INTO item_groups (namespace, key, value, parent, item_count, newest)
				SELECT namespace, 'machine', coalesce(origin_machine, ''), '', count(*), max(generated_at) FROM items GROUP BY namespace, coalesce(origin_machine, '');
			INSERT OR IGNORE INTO item_groups (namespace, key, value, parent, item_count, newest)
				SELECT namespace, 'user', coalesce(origin_user, ''), '', count(*), max(generated_at) FROM items GROUP BY namespace, coalesce(origin_user, '');
		`);
	},
	// When each message was written (#38): search hits carry their own time. Older spans keep null.
	(db) => {
		const columns = new Set((db.prepare('PRAGMA table_info(spans)').all() as Array<{name: string}>).map((column) => column.name));
		if (!columns.has('time')) db.exec('ALTER TABLE spans ADD COLUMN time TEXT');
	},
	// Usage at scale (#36): the usage rows added up per UTC day, agent, project and model
	// (store/usage-days.ts), so that `drill usage` by day, week, month, agent, project or model reads
	// a row per day and kind of use instead of every session's hours. Filled from the usage rows.
	(db) => createUsageDays(db),
	// Usage at scale (#36): the days with every project added together (store/usage-model-days.ts), a
	// row per day, agent and model: what `drill usage` reads when no project is asked for.
	(db) => createUsageModelDays(db),
	// First query at 50 000 items (#38): the root pack holds 8-bit codes with a scale per dimension
	// (search/semantic/root-pack.ts), a quarter of the float bytes. A pack without scales holds float
	// rows and is read as such until a writer packs again.
	(db) => {
		const columns = new Set((db.prepare('PRAGMA table_info(root_pack)').all() as Array<{name: string}>).map((column) => column.name));
		if (!columns.has('scales')) db.exec('ALTER TABLE root_pack ADD COLUMN scales BLOB');
	},
	// First query at 50 000 items (#38): the root pack as a head and parts of 64 KB
	// (store/root-pack-parts.ts); SQLite read the one 6.4 MB blob at ~50 ms of CPU. A pack of
	// codes is moved into parts as it is; a float pack is left for the next writer to pack again.
	(db) => migratePackToParts(db),
];

export const schemaVersion = migrations.length;
