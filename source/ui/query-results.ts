import {summaryNodeId} from '../core/summary-node-id.js';
import type {ResultRow} from './app-types.js';
import type {FindResult} from './services.js';

/**
 * The results list: every stage-1 hit in rank order, and under the first hit of each drilled item
 * that item's drilled spans. Every row jumps to its own drill_node_id.
 */
export function resultRows(result: FindResult): ResultRow[] {
	const domain = result.source === 'knowledge' ? 'knowledge' : result.source === 'drill' ? 'drills' : 'summary';
	const spansByItem = new Map(result.drilled.map((drill) => [drill.drill_node_id, drill.spans]));
	const shown = new Set<string>();
	const rows: ResultRow[] = [];
	for (const hit of result.stage1_hits) {
		rows.push({kind: 'hit', domain, target: domain === 'drills' ? (hit.drill_id ?? hit.drill_node_id) : hit.drill_node_id, title: `${hit.rank} ${hit.title}`, snippet: hit.snippet, note: hit.matched_by.join('+')});
		const item = summaryNodeId(hit.namespace, hit.item_id);
		const spans = spansByItem.get(item);
		if (!spans || shown.has(item)) continue;
		shown.add(item);
		for (const span of spans) rows.push({kind: 'span', domain, target: domain === 'drills' ? (hit.drill_id ?? span.drill_node_id) : span.drill_node_id, title: `span ${span.seq}`, snippet: span.snippet, note: span.drill_node_id.slice(item.length) || '#n0'});
	}
	return rows;
}
