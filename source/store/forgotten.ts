import path from 'node:path';
import {pathToFileURL} from 'node:url';
import {fileOfSourceUri, shownSourceUri} from '../core/source-uri.js';
import {deleteItem} from './write-item.js';
import {addItemTerms, purgeForgottenText, walCheckpointed} from './purge-forgotten.js';
import type {SummaryStore} from './summary-store.js';

/**
 * What `drill forget` removes and remembers. A forgotten source is a path: a file, a folder (and
 * everything under it), or `file#…`, one conversation of a file that holds many. Ingest leaves
 * forgotten sources out (so `--watch` and `--agents` do not bring them back) until
 * `drill ingest --include-forgotten PATH` takes them back in.
 */

/**
 * The forgettable source an item's `source.uri` names: its path, and `#…` for one item of a file
 * of many (a `file:` URI read as its path and fragment); undefined for a URL of another scheme.
 */
export function forgettableSource(uri: string | null | undefined): string | undefined {
	if (!uri || fileOfSourceUri(uri) === undefined) return undefined;
	return shownSourceUri(uri);
}

/** True when `uri` (a path or a `file:` URI) is `source` itself, inside the folder `source`, or one item of the file `source`. */
export function isUnder(given: string, source: string): boolean {
	const uri = given.startsWith('file:') ? shownSourceUri(given) : given;
	if (uri === source) return true;
	const folder = source.endsWith(path.sep) ? source : `${source}${path.sep}`;
	return uri.startsWith(folder) || uri.startsWith(`${source}#`);
}

export function forgottenSources(store: SummaryStore): string[] {
	return store.all<{path: string}>('SELECT path FROM forgotten_sources ORDER BY path').map((row) => row.path);
}

export interface ForgottenItem {
	namespace: string;
	item_id: string;
	title: string;
	source_uri: string | null;
}

/** The items that came from a file or folder (any of the items of a file of many). */
export function itemsFromSource(store: SummaryStore, source: string): ForgottenItem[] {
	const folder = source.endsWith(path.sep) ? source : `${source}${path.sep}`;
	// Items of a file of many name it by `file:` URI, the others by path.
	const url = pathToFileURL(source).href.replace(/\/$/u, '');
	// A range on the index, not LIKE: paths hold `%` and `_`.
	return store.all<ForgottenItem>(
		`SELECT namespace, item_id, title, source_uri FROM items
		 WHERE source_uri IN (?, ?) OR (source_uri >= ? AND source_uri < ?) OR (source_uri >= ? AND source_uri < ?)
		    OR (source_uri >= ? AND source_uri < ?) OR (source_uri >= ? AND source_uri < ?)
		 ORDER BY namespace, generated_at DESC, item_id`,
		source,
		url,
		folder,
		`${folder}\u{10FFFF}`,
		`${source}#`,
		`${source}#\u{10FFFF}`,
		`${url}/`,
		`${url}/\u{10FFFF}`,
		`${url}#`,
		`${url}#\u{10FFFF}`,
	);
}

/**
 * Removes the items (their nodes, spans and search rows: the store's indexers run) and remembers
 * the sources, all in one transaction: a reader sees them all there or all gone. Then their text
 * leaves the file at once (purge-forgotten.ts). Returns how many items it removed, and whether
 * the `-wal` could be emptied.
 */
export function forget(store: SummaryStore, items: readonly ForgottenItem[], sources: readonly string[]): {removed: number; walEmptied: boolean} {
	const now = new Date().toISOString();
	return store.write((db) => {
		const secure = db.pragma('secure_delete', {simple: true});
		db.pragma('secure_delete = ON');
		try {
			const terms = new Set<string>();
			const removed = db.transaction(() => {
				let count = 0;
				// Remembered by id too: a push to a team archive sends them as tombstones (source/team/push.ts).
				const byId = db.prepare('INSERT INTO forgotten_items (namespace, item_id, forgotten_at) VALUES (?, ?, ?) ON CONFLICT (namespace, item_id) DO UPDATE SET forgotten_at = excluded.forgotten_at');
				const rowOf = db.prepare('SELECT id FROM items WHERE namespace = ? AND item_id = ?');
				for (const item of items) {
					const row = rowOf.get(item.namespace, item.item_id) as {id: number} | undefined;
					if (row) addItemTerms(db, row.id, terms);
					if (!deleteItem(db, item.namespace, item.item_id, store.indexers)) continue;
					count++;
					byId.run(item.namespace, item.item_id, now);
				}
				const remember = db.prepare('INSERT INTO forgotten_sources (path, forgotten_at) VALUES (?, ?) ON CONFLICT (path) DO NOTHING');
				for (const source of sources) remember.run(source, now);
				return count;
			}).immediate();
			// Run again with nothing left to remove, it still empties a -wal another program kept full then.
			const purge = removed > 0 ? purgeForgottenText(db, terms) : {walEmptied: walCheckpointed(db)};
			return {removed, walEmptied: purge.walEmptied};
		} finally {
			db.pragma(`secure_delete = ${Number(secure)}`);
		}
	});
}

/** Takes the forgotten sources at or under each path back (`--include-forgotten`); returns them. */
export function includeForgotten(store: SummaryStore, paths: readonly string[]): string[] {
	const taken = forgottenSources(store).filter((source) => paths.some((given) => isUnder(source, given) || isUnder(given, source)));
	if (taken.length === 0) return [];
	store.write((db) => {
		const drop = db.prepare('DELETE FROM forgotten_sources WHERE path = ?');
		db.transaction(() => {
			for (const source of taken) drop.run(source);
		})();
	});
	return taken;
}
