import {summaryNodeId} from '../core/summary-node-id.js';
import type {SummaryStore} from '../store/summary-store.js';
import {markClose, markOpen, spanRange} from './snippets.js';
import type {DrilledItem} from './types.js';

export interface DrillTarget {
	item: number;
	namespace: string;
	item_id: string;
}

/**
 * Stage 2: ranks one item's raw spans with FTS5 over spans. An item's spans have contiguous row
 * ids (each item is written in one transaction), so a rowid range restricts FTS5 to the item
 * without a join (bound as BigInts: FTS5 ignores a REAL rowid bound).
 */
export function drillItem(store: SummaryStore, match: string, target: DrillTarget, perItem: number): DrilledItem {
	const drilled: DrilledItem = {drill_node_id: summaryNodeId(target.namespace, target.item_id), spans: []};
	const range = match ? spanRange(store, target.item) : undefined;
	if (!range) return drilled;
	const rows = store.guard(
		() =>
			store
				.statement(
					`SELECT s.seq AS seq, s.node AS node, -bm25(spans_fts) AS score, snippet(spans_fts, 0, '${markOpen}', '${markClose}', '…', 24) AS snippet
					 FROM spans_fts f JOIN spans s ON s.id = f.rowid
					 WHERE spans_fts MATCH ? AND f.rowid BETWEEN ? AND ? ORDER BY bm25(spans_fts) LIMIT ?`,
				)
				.all(match, BigInt(range.lo), BigInt(range.hi), perItem) as Array<{seq: number; node: number; score: number; snippet: string}>,
	);
	drilled.spans = rows.map((row) => ({drill_node_id: summaryNodeId(target.namespace, target.item_id, row.node), seq: row.seq, snippet: row.snippet, score: row.score}));
	return drilled;
}
