import type {GroupedFields} from './item-groups.js';
import {addToGroups, removeFromGroups} from './item-groups.js';
import type {SqliteDatabase} from './open.js';
import {prepared} from './prepared.js';
import {sourceFolder} from '../core/source-folder.js';

/**
 * Points an item at the file that holds it now (a rotated log: `live.jsonl` renamed to
 * `live.1.jsonl`), in one transaction with its folder groups; its content is unchanged, so
 * nothing else is rewritten. Returns false when there is no such item.
 */
export function moveItemSource(db: SqliteDatabase, namespace: string, itemId: string, uri: string): boolean {
	return db.transaction((): boolean => {
		const row = prepared(db, 'SELECT id, namespace, project, agent, origin_machine, origin_user, generated_at, source_folder FROM items WHERE namespace = ? AND item_id = ?').get(namespace, itemId) as (GroupedFields & {id: number}) | undefined;
		if (!row) return false;
		const folder = sourceFolder(uri);
		prepared(db, 'UPDATE items SET source_uri = ?, source_folder = ? WHERE id = ?').run(uri, folder, row.id);
		if (folder !== row.source_folder) {
			const {id: _id, ...grouped} = row;
			removeFromGroups(db, grouped);
			addToGroups(db, {...grouped, source_folder: folder});
		}
		return true;
	}).immediate();
}
