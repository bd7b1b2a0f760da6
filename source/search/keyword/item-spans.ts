import type {SummaryStore} from '../../store/summary-store.js';
import {quote} from '../funnel/query.js';
import type {ItemTermStats} from './term-stats.js';
import {append} from '../../core/arrays.js';

/** One raw span as stage 2 and passage scoring read it. */
export interface SpanRow {
	id: number;
	seq: number;
	/** The ordinal of the node that owns the span. */
	node: number;
	text: string;
	role: string;
	/** ISO 8601: when the message was written, when known. */
	time: string | null;
}

/** Matching spans read per item; past this, the first ones in the item's order are ranked. */
export const maxSpansRanked = 400;
/** An item with at most this many spans has them all read and matched here. */
const spansReadWhole = 64;

/** An item's span row ids: contiguous, since each item is written in one transaction. */
export function spanRange(store: SummaryStore, itemRowId: number): {lo: number; hi: number} | undefined {
	const row = store.guard(() => store.statement('SELECT min(id) AS lo, max(id) AS hi FROM spans WHERE item = ?').get(itemRowId) as {lo: number | null; hi: number | null});
	return row.lo === null || row.hi === null ? undefined : {lo: row.lo, hi: row.hi};
}

/**
 * The spans of one item worth scoring for a query, and how many spans the item has. A small item's
 * spans are all read (one seek; cheaper than asking FTS5, whose every term is looked up in every
 * segment); a large item's are those FTS5 finds within its row ids, `passes` in turn (the rarer
 * words first, so a common word cannot fill the read cap with weak matches), at most
 * `maxSpansRanked`.
 */
export function itemSpans(store: SummaryStore, itemRowId: number, passes: readonly string[], following = 0): {rows: SpanRow[]; spans: number} {
	const range = spanRange(store, itemRowId);
	if (!range || passes.length === 0) return {rows: [], spans: 0};
	const spans = range.hi - range.lo + 1;
	if (spans <= spansReadWhole) return {rows: store.guard(() => store.statement('SELECT id, seq, node, text, role, time FROM spans WHERE item = ? ORDER BY seq').all(itemRowId) as SpanRow[]), spans};
	// Row ids bound as BigInts: FTS5 ignores a REAL rowid bound and would read every match.
	const statement = store.statement(
		`SELECT s.id AS id, s.seq AS seq, s.node AS node, s.text AS text, s.role AS role, s.time AS time FROM spans s
		 WHERE s.id IN (SELECT rowid FROM spans_fts WHERE spans_fts MATCH ? AND rowid BETWEEN ? AND ? LIMIT ?)`,
	);
	const rows: SpanRow[] = [];
	const seen = new Set<number>();
	for (const match of passes) {
		if (rows.length >= maxSpansRanked) break;
		for (const row of store.guard(() => statement.all(match, BigInt(range.lo), BigInt(range.hi), maxSpansRanked) as SpanRow[])) {
			if (rows.length >= maxSpansRanked) break;
			if (!seen.has(row.id)) rows.push(row);
			seen.add(row.id);
		}
	}
	if (following > 0 && rows.length > 0) {
		// The spans after each matching one too (a passage runs on from it), read in one go.
		const have = new Set(rows.map((row) => row.seq));
		const wanted = new Set<number>();
		for (const seq of have) for (let next = seq + 1; next <= seq + following; next++) if (!have.has(next)) wanted.add(next);
		if (wanted.size > 0) append(rows, store.guard(() => store.statement('SELECT id, seq, node, text, role, time FROM spans WHERE item = ? AND seq IN (SELECT value FROM json_each(?))').all(itemRowId, JSON.stringify([...wanted])) as SpanRow[]));
	}
	return {rows, spans};
}

/** The FTS5 expressions `itemSpans` reads in turn: the query's rarer words (in at most half the items), then the common ones. */
export function spanPasses(terms: readonly string[], stats: ItemTermStats): string[] {
	const rare = terms.filter((term) => stats.documentFrequency(term) * 2 <= stats.items);
	const common = terms.filter((term) => !rare.includes(term));
	return [rare, common].filter((list) => list.length > 0).map((list) => list.map(quote).join(' OR '));
}
