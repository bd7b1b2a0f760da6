import {append} from '../../core/arrays.js';
import type {ItemRecord} from '../../store/interchange.js';
import {isStorageFailure, type SqliteDatabase} from '../../store/open.js';
import {prepared} from '../../store/prepared.js';
import {indexItem, type SyncEmbedding} from './item-index.js';
import type {DeferredRows} from './text-index.js';

/**
 * Items this writer has just written, still in hand: what the indexer does with them without reading
 * them back from the store. Another process may replace or delete an item meanwhile (its row id may
 * even be reused), so an item is only taken for the row that still holds it.
 */

interface Stamped {
	namespace: string;
	item_id: string;
	generated_at: string;
	title: string;
	tldr: string;
	content_hash?: string | null | undefined;
	node_count: number;
	span_count: number;
}

/** What tells one written item from another under the same row id (the content hash, when it has one). */
export function itemStamp(item: Stamped): string {
	return [item.namespace, item.item_id, item.generated_at, item.title, item.tldr, item.content_hash ?? '', item.node_count, item.span_count].join('\u0000');
}

export function recordStamp(item: ItemRecord): string {
	return itemStamp({...item, node_count: item.nodes.length, span_count: item.spans.length});
}

/**
 * Whether the row still holds the item of `stamp`, not yet indexed: another writer that replaced
 * it under the same row id indexed its own version (a row in search_items).
 */
function holdsUnindexed(db: SqliteDatabase, itemRowId: number, stamp: string): boolean {
	const row = prepared(db, 'SELECT namespace, item_id, generated_at, title, tldr, content_hash, node_count, span_count, (SELECT 1 FROM search_items WHERE item = items.id) AS indexed FROM items WHERE id = ?').get(itemRowId) as (Stamped & {indexed: number | null}) | undefined;
	return row !== undefined && row.indexed === null && itemStamp(row) === stamp;
}

/**
 * Whether the item read back from the store counts as the item in hand: each span owned by one
 * node, in order, as a validated item has them (the store gives an unowned span to the root).
 */
export function readsBackAsWritten(item: ItemRecord): boolean {
	let owned = 0;
	for (const node of item.nodes) {
		owned += node.spans.length;
		for (let i = 1; i < node.spans.length; i++) if (node.spans[i]! <= node.spans[i - 1]!) return false;
	}
	return owned === item.spans.length;
}

/**
 * In a bulk run (an ingest), the search rows of this many items are written together, in the
 * transaction of the last of them: each commit of FTS5 rows writes a segment of its own (and merges
 * them), so one commit per item cost ~3x the time of the rows themselves. The items are still
 * written one per transaction: a killed run loses only the item in flight, and the search rows of
 * the few before it, which the next writer's close (or `drill reindex`) catches up from the store.
 */
export const searchBatchItems = 32;
/** …or fewer, once their text is this big (the items are held in memory until then). */
const searchBatchChars = 4 << 20;

/** Items written and not indexed yet (see `searchBatchItems`). */
export class PendingIndex {
	private readonly items = new Map<number, {item: ItemRecord; stamp: string}>();
	private chars = 0;

	/** Whether the batch is full: time to flush it. */
	get due(): boolean {
		return this.items.size >= searchBatchItems || this.chars >= searchBatchChars;
	}

	get empty(): boolean {
		return this.items.size === 0;
	}

	add(itemRowId: number, item: ItemRecord): void {
		this.items.set(itemRowId, {item, stamp: recordStamp(item)});
		for (const span of item.spans) this.chars += span.text.length;
	}

	/** The row is being deleted: nothing to index for it. */
	drop(itemRowId: number): void {
		this.items.delete(itemRowId);
	}

	/**
	 * Indexes every pending item its row still holds, inside the caller's transaction; the queue is
	 * empty afterwards even if this throws (what was not indexed is caught up from the store). Each
	 * item is indexed in a savepoint of its own: one whose rows cannot be built (no store failure,
	 * see isStorageFailure) is left unindexed and handed to `onFailure`, so that neither the item
	 * being written now nor the others of the batch pay for it.
	 */
	flush(db: SqliteDatabase, embedding: SyncEmbedding | undefined, onFailure?: (item: ItemRecord, error: unknown) => void): void {
		const items = [...this.items];
		this.items.clear();
		this.chars = 0;
		const indexOne = db.transaction((itemRowId: number, item: ItemRecord, rows: DeferredRows) => indexItem(db, itemRowId, item, embedding, rows));
		// The FTS5 rows of all of them go in after the savepoints, in one segment per table.
		const ready: DeferredRows = [];
		for (const [itemRowId, {item, stamp}] of items) {
			if (!holdsUnindexed(db, itemRowId, stamp)) continue;
			const rows: DeferredRows = [];
			try {
				indexOne(itemRowId, item, rows);
				append(ready, rows);
			} catch (error) {
				if (!onFailure || isStorageFailure(error)) throw error;
				onFailure(item, error);
			}
		}
		for (const write of ready) write();
	}
}
