import type {SqliteDatabase} from './open.js';
import {isCorruption} from '../core/errors.js';
import type {ItemRecord, ItemSource, NodeRecord, SpanRecord} from './interchange.js';
import {validateItem} from './interchange.js';
import {addTo, append} from '../core/arrays.js';

/**
 * Reading what can still be read out of a damaged store, row by row: a table is read in rowid
 * ranges, and a range that fails is read again one row at a time, so only the rows on damaged
 * pages are lost. What SQLite's `.recover` does for a whole file, for the three tables that hold
 * a store's items (the search indexes are rebuilt from them, not salvaged).
 */

type Row = Record<string, unknown>;

export interface SalvagedTable {
	rows: Row[];
	/** Row ids that could not be read. */
	unreadable: number;
}

const chunk = 500;

function attempt<T>(action: () => T): {value?: T; failed: boolean} {
	try {
		return {value: action(), failed: false};
	} catch (error) {
		if (isCorruption(error)) return {failed: true};
		throw error;
	}
}

/** Every readable row of `table` (which has an integer primary key `id`), in id order. */
export function salvageTable(db: SqliteDatabase, table: 'items' | 'nodes' | 'spans'): SalvagedTable {
	const range = db.prepare(`SELECT * FROM ${table} WHERE id > ? ORDER BY id LIMIT ${chunk}`);
	const one = db.prepare(`SELECT * FROM ${table} WHERE id = ?`);
	const max = attempt(() => (db.prepare(`SELECT max(id) AS n FROM ${table}`).get() as {n: number | null}).n ?? 0);
	// Without a readable maximum, stop once the table has certainly ended: no row is smaller than 16 bytes.
	const bound = max.failed ? Math.ceil(((db.pragma('page_count', {simple: true}) as number) * (db.pragma('page_size', {simple: true}) as number)) / 16) : max.value!;
	const rows: Row[] = [];
	let unreadable = 0;
	let after = 0;
	while (after < bound) {
		const read = attempt(() => range.all(after) as Row[]);
		if (!read.failed) {
			if (read.value!.length === 0) break;
			append(rows, read.value!);
			after = Number(read.value!.at(-1)!.id);
			continue;
		}
		// A damaged stretch: the rows of the next range one at a time.
		const end = Math.min(after + chunk, bound);
		for (let id = after + 1; id <= end; id++) {
			const row = attempt(() => one.get(id) as Row | undefined);
			if (row.failed) unreadable++;
			else if (row.value) rows.push(row.value);
		}
		after = end;
	}
	return {rows, unreadable};
}

export interface LostItem {
	/** `namespace:item_id` when the item's own row was readable, else `row N`. */
	item: string;
	reason: string;
}

export interface PartialItem {
	item: string;
	lost_nodes: number;
	lost_spans: number;
}

export interface SalvageResult {
	items: ItemRecord[];
	lost: LostItem[];
	partial: PartialItem[];
	unreadable_rows: {items: number; nodes: number; spans: number};
}

const sourceFields = ['agent', 'project', 'started_at', 'ended_at', 'model'] as const;
const countFields = ['turns', 'tool_calls'] as const;

function sourceOf(row: Row): ItemSource {
	const source: ItemSource = {};
	if (typeof row.source_uri === 'string') source.uri = row.source_uri;
	if (typeof row.source_kind === 'string') source.kind = row.source_kind;
	for (const field of sourceFields) if (typeof row[field] === 'string') source[field] = row[field];
	for (const field of countFields) if (typeof row[field] === 'number') source[field] = row[field];
	if (typeof row.source_line === 'number') source.line = row.source_line;
	return source;
}

/**
 * The items of a damaged store, rebuilt from whatever rows are readable: an item whose root
 * node is lost gets one made from its own row; nodes whose parent is lost hang from the root;
 * spans whose node is lost belong to the root. Items whose own row is lost cannot be named and
 * are reported by row.
 */
export function salvageItems(db: SqliteDatabase): SalvageResult {
	const items = salvageTable(db, 'items');
	const nodes = salvageTable(db, 'nodes');
	const spans = salvageTable(db, 'spans');
	const nodesOf = new Map<number, Row[]>();
	for (const node of nodes.rows) addTo(nodesOf, Number(node.item), node);
	const spansOf = new Map<number, Row[]>();
	for (const span of spans.rows) {
		const list = spansOf.get(Number(span.item));
		if (list) list.push(span);
		else spansOf.set(Number(span.item), [span]);
	}
	const result: SalvageResult = {items: [], lost: [], partial: [], unreadable_rows: {items: items.unreadable, nodes: nodes.unreadable, spans: spans.unreadable}};
	const named = new Set<number>();
	for (const row of items.rows) {
		const id = Number(row.id);
		named.add(id);
		const name = `${String(row.namespace)}:${String(row.item_id)}`;
		const ownNodes = (nodesOf.get(id) ?? []).sort((a, b) => Number(a.ordinal) - Number(b.ordinal));
		const ownSpans = (spansOf.get(id) ?? []).sort((a, b) => Number(a.seq) - Number(b.seq));
		const ordinals = new Set(ownNodes.map((node) => Number(node.ordinal)));
		const records: NodeRecord[] = [];
		if (!ordinals.has(0)) records.push({ordinal: 0, parent: null, title: String(row.title ?? ''), summary: String(row.tldr ?? ''), keywords: [], spans: []});
		for (const node of ownNodes) {
			const ordinal = Number(node.ordinal);
			const parent = ordinal === 0 ? null : ordinals.has(Number(node.parent)) ? Number(node.parent) : 0;
			records.push({ordinal, parent, title: String(node.title ?? ''), summary: String(node.summary ?? ''), keywords: String(node.keywords ?? '').split('\n').filter(Boolean), spans: []});
		}
		const byOrdinal = new Map(records.map((node) => [node.ordinal, node]));
		const spanRecords: SpanRecord[] = ownSpans.map((span) => ({seq: Number(span.seq), role: String(span.role ?? 'text'), text: String(span.text ?? ''), ...(typeof span.time === 'string' && !Number.isNaN(Date.parse(span.time)) ? {time: span.time} : {})}));
		for (const span of ownSpans) (byOrdinal.get(Number(span.node)) ?? byOrdinal.get(0)!).spans.push(Number(span.seq));
		try {
			const item = validateItem(
				{
					namespace: row.namespace,
					item_id: row.item_id,
					title: row.title,
					tldr: row.tldr,
					generated_at: row.generated_at,
					source: sourceOf(row),
					...(typeof row.content_hash === 'string' ? {content_hash: row.content_hash} : {}),
					nodes: records,
					spans: spanRecords,
				},
				`item row ${id}`,
			);
			result.items.push(item);
			const lostNodes = Math.max(0, Number(row.node_count ?? 0) - ownNodes.length);
			const lostSpans = Math.max(0, Number(row.span_count ?? 0) - ownSpans.length);
			if (lostNodes > 0 || lostSpans > 0) result.partial.push({item: name, lost_nodes: lostNodes, lost_spans: lostSpans});
		} catch (error) {
			result.lost.push({item: name, reason: (error as Error).message});
		}
	}
	const orphaned = new Set([...nodesOf.keys(), ...spansOf.keys()].filter((id) => !named.has(id)));
	for (const id of [...orphaned].sort((a, b) => a - b)) result.lost.push({item: `row ${id}`, reason: `its item row is unreadable (${nodesOf.get(id)?.length ?? 0} nodes and ${spansOf.get(id)?.length ?? 0} spans were readable but cannot be named)`});
	return result;
}
