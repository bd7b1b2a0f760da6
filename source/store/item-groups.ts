import type {SqliteDatabase} from './sqlite-database.js';
import {prepared} from './prepared.js';
import {folderChain, parentFolder} from '../core/source-folder.js';

/**
 * The counts behind the grouped views (`{namespace}#{key}`): one row per group of a namespace,
 * kept in step by every item write and delete (in the item's own transaction), so listing the
 * groups of a namespace of 100 000 items reads a few rows instead of counting them all.
 *
 *   key       value                                  parent                  newest
 *   project   the item's project, '' for none        ''                      newest generated_at
 *   agent     the item's agent, '' for none          ''                      newest generated_at
 *   machine   the machine a pulled item came from,   ''                      newest generated_at
 *             '' for this machine's own
 *   user      the user a pulled item came from,      ''                      newest generated_at
 *             '' for this machine's own
 *   day       the UTC day of generated_at            ''                      ''
 *   folder    every folder above the item's source,  the enclosing folder,   ''
 *             e.g. "/", "/docs/", "/docs/guides/"    '' for a top folder
 *
 * item_count counts the items in the group (for a folder, every item below it).
 */
export interface GroupedFields {
	namespace: string;
	project: string | null;
	agent: string | null;
	origin_machine: string | null;
	origin_user: string | null;
	generated_at: string;
	source_folder: string | null;
}

type Dated = 'project' | 'agent' | 'machine' | 'user';
type Entry = {key: Dated | 'day' | 'folder'; value: string; parent: string; newest: string};

function entries(item: GroupedFields): Entry[] {
	const list: Entry[] = [
		{key: 'project', value: item.project ?? '', parent: '', newest: item.generated_at},
		{key: 'agent', value: item.agent ?? '', parent: '', newest: item.generated_at},
		{key: 'machine', value: item.origin_machine ?? '', parent: '', newest: item.generated_at},
		{key: 'user', value: item.origin_user ?? '', parent: '', newest: item.generated_at},
		{key: 'day', value: item.generated_at.slice(0, 10), parent: '', newest: ''},
	];
	if (item.source_folder) for (const folder of folderChain(item.source_folder)) list.push({key: 'folder', value: folder, parent: parentFolder(folder), newest: ''});
	return list;
}

/** Counts a just-written item into its groups. */
export function addToGroups(db: SqliteDatabase, item: GroupedFields): void {
	// Only projects, agents, machines and users keep a newest time: setting it on the others would rewrite their
	// index entry for nothing (SQLite updates every index on a column that is SET).
	const counted = prepared(
		db,
		`INSERT INTO item_groups (namespace, key, value, parent, item_count, newest) VALUES (?, ?, ?, ?, 1, '')
		 ON CONFLICT (namespace, key, value) DO UPDATE SET item_count = item_count + 1`,
	);
	const dated = prepared(
		db,
		`INSERT INTO item_groups (namespace, key, value, parent, item_count, newest) VALUES (?, ?, ?, ?, 1, ?)
		 ON CONFLICT (namespace, key, value) DO UPDATE SET item_count = item_count + 1, newest = max(newest, excluded.newest)`,
	);
	for (const entry of entries(item)) {
		if (entry.newest) dated.run(item.namespace, entry.key, entry.value, entry.parent, entry.newest);
		else counted.run(item.namespace, entry.key, entry.value, entry.parent);
	}
}

/** Takes a just-deleted item (its row already gone) out of its groups. */
export function removeFromGroups(db: SqliteDatabase, item: GroupedFields): void {
	const decrement = prepared(db, 'UPDATE item_groups SET item_count = item_count - 1 WHERE namespace = ? AND key = ? AND value = ? RETURNING item_count, newest');
	const drop = prepared(db, 'DELETE FROM item_groups WHERE namespace = ? AND key = ? AND value = ?');
	const newestOf = (column: string) => prepared(db, `SELECT coalesce(max(generated_at), '') AS newest FROM items WHERE ${column} IS ? AND namespace = ?`);
	const newest: Record<Dated, ReturnType<typeof prepared>> = {project: newestOf('project'), agent: newestOf('agent'), machine: newestOf('origin_machine'), user: newestOf('origin_user')};
	const setNewest = prepared(db, 'UPDATE item_groups SET newest = ? WHERE namespace = ? AND key = ? AND value = ?');
	for (const entry of entries(item)) {
		const left = decrement.get(item.namespace, entry.key, entry.value) as {item_count: number; newest: string} | undefined;
		if (!left) continue;
		if (left.item_count <= 0) drop.run(item.namespace, entry.key, entry.value);
		else if (entry.key !== 'day' && entry.key !== 'folder' && left.newest === item.generated_at) {
			const row = newest[entry.key].get(entry.value === '' ? null : entry.value, item.namespace) as {newest: string};
			setNewest.run(row.newest, item.namespace, entry.key, entry.value);
		}
	}
}

/** Recounts every group from the items (the migration that adds the table; a repair). */
export function rebuildGroups(db: SqliteDatabase): void {
	db.exec(`
		DELETE FROM item_groups;
		INSERT INTO item_groups (namespace, key, value, parent, item_count, newest)
			SELECT namespace, 'project', coalesce(project, ''), '', count(*), max(generated_at) FROM items GROUP BY namespace, coalesce(project, '');
		INSERT INTO item_groups (namespace, key, value, parent, item_count, newest)
			SELECT namespace, 'agent', coalesce(agent, ''), '', count(*), max(generated_at) FROM items GROUP BY namespace, coalesce(agent, '');
		INSERT INTO item_groups (namespace, key, value, parent, item_count, newest)
			SELECT namespace, 'day', substr(generated_at, 1, 10), '', count(*), '' FROM items GROUP BY namespace, substr(generated_at, 1, 10);
	`);
	// The migration that adds the origin columns counts their groups itself (this runs before it on an old store).
	const columns = new Set((db.prepare('PRAGMA table_info(items)').all() as Array<{name: string}>).map((column) => column.name));
	for (const [key, column] of [['machine', 'origin_machine'], ['user', 'origin_user']] as const) {
		if (!columns.has(column)) continue;
		db.exec(`INSERT INTO item_groups (namespace, key, value, parent, item_count, newest)
			SELECT namespace, '${key}', coalesce(${column}, ''), '', count(*), max(generated_at) FROM items GROUP BY namespace, coalesce(${column}, '')`);
	}
	const folders = new Map<string, {namespace: string; value: string; count: number}>();
	const rows = db.prepare('SELECT namespace, source_folder, count(*) AS n FROM items WHERE source_folder IS NOT NULL GROUP BY namespace, source_folder').all() as Array<{namespace: string; source_folder: string; n: number}>;
	for (const row of rows) {
		for (const folder of folderChain(row.source_folder)) {
			const id = `${row.namespace}\u0000${folder}`;
			const known = folders.get(id);
			if (known) known.count += row.n;
			else folders.set(id, {namespace: row.namespace, value: folder, count: row.n});
		}
	}
	const insert = db.prepare("INSERT INTO item_groups (namespace, key, value, parent, item_count, newest) VALUES (?, 'folder', ?, ?, ?, '')");
	for (const folder of folders.values()) insert.run(folder.namespace, folder.value, parentFolder(folder.value), folder.count);
}
