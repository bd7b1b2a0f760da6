import {summaryNodeId} from '../core/summary-node-id.js';
import type {SummaryStore} from '../store/summary-store.js';
import {markClose, markOpen} from './snippets.js';
import type {DrilledItem} from './types.js';

export interface DrillTarget {
	item: number;
	namespace: string;
	item_id: string;
}

/**
 * Stage 2: ranks the raw spans of the drilled items with FTS5 over spans, in one query for all of
 * them. bm25 counts each term's documents over the whole table once per query; a query per item
 * paid that full scan once per item (the slow part at 2M spans with common words).
 */
export function drillItems(store: SummaryStore, match: string, targets: readonly DrillTarget[], perItem: number): DrilledItem[] {
	const drilled = targets.map((target) => ({drill_node_id: summaryNodeId(target.namespace, target.item_id), spans: [] as DrilledItem['spans']}));
	if (!match || targets.length === 0) return drilled;
	const rows = store.guard(
		() =>
			store
				.statement(
					`SELECT s.item AS item, s.seq AS seq, s.node AS node, m.score AS score, m.snippet AS snippet
					 FROM (SELECT f.rowid AS id, -bm25(spans_fts) AS score, snippet(spans_fts, 0, '${markOpen}', '${markClose}', '…', 24) AS snippet
					       FROM spans_fts f WHERE spans_fts MATCH ? AND f.rowid IN (SELECT id FROM spans WHERE item IN (SELECT value FROM json_each(?)))) m
					 JOIN spans s ON s.id = m.id`,
				)
				.all(match, JSON.stringify(targets.map((target) => target.item))) as Array<{item: number; seq: number; node: number; score: number; snippet: string}>,
	);
	const byItem = new Map<number, typeof rows>();
	for (const row of rows) byItem.set(row.item, [...(byItem.get(row.item) ?? []), row]);
	targets.forEach((target, index) => {
		const spans = (byItem.get(target.item) ?? []).sort((a, b) => b.score - a.score || a.seq - b.seq).slice(0, perItem);
		drilled[index]!.spans = spans.map((row) => ({drill_node_id: summaryNodeId(target.namespace, target.item_id, row.node), seq: row.seq, snippet: row.snippet, score: row.score}));
	});
	return drilled;
}
