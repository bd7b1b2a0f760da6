import {statSync} from 'node:fs';
import type {SummaryStore} from './summary-store.js';

export interface NamespaceStats {
	namespace: string;
	items: number;
	nodes: number;
	spans: number;
	/** The newest item's `generated_at`. */
	newest_item: string | null;
}

export interface StoreStats {
	store: string;
	/** The file and its write-ahead log, in bytes. */
	bytes: number;
	/** When the store was last written (the newer of the file's and its log's modification times). */
	last_write: string | null;
	namespaces: NamespaceStats[];
	totals: {items: number; nodes: number; spans: number};
}

function fileFacts(file: string): {bytes: number; modified: number} {
	let bytes = 0;
	let modified = 0;
	for (const part of [file, `${file}-wal`]) {
		try {
			const stats = statSync(part);
			bytes += stats.size;
			modified = Math.max(modified, stats.mtimeMs);
		} catch {
			// No log (or no file): nothing to add.
		}
	}
	return {bytes, modified};
}

/** What the store holds, per namespace, from the counts each item keeps (one pass over `items`). */
export function storeStats(store: SummaryStore): StoreStats {
	const rows = store.guard(
		() =>
			store
				.statement('SELECT namespace, count(*) AS items, coalesce(sum(node_count), 0) AS nodes, coalesce(sum(span_count), 0) AS spans, max(generated_at) AS newest_item FROM items GROUP BY namespace ORDER BY namespace')
				.all() as NamespaceStats[],
	);
	const totals = rows.reduce((sum, row) => ({items: sum.items + row.items, nodes: sum.nodes + row.nodes, spans: sum.spans + row.spans}), {items: 0, nodes: 0, spans: 0});
	const {bytes, modified} = fileFacts(store.file);
	return {store: store.file, bytes, last_write: modified ? new Date(modified).toISOString() : null, namespaces: rows, totals};
}
