import {summaryNodeId} from '../../core/summary-node-id.js';
import type {SpanRanker} from './span-ranking.js';
import type {DrilledItem} from '../types.js';

export interface DrillTarget {
	item: number;
	namespace: string;
	item_id: string;
}

/** Stage 2: one item's best raw spans, each with the node that owns it and a snippet. */
export function drillItem(spans: SpanRanker, target: DrillTarget, perItem: number): DrilledItem {
	return {
		drill_node_id: summaryNodeId(target.namespace, target.item_id),
		spans: spans
			.rank(target.item)
			.slice(0, perItem)
			.map((span) => ({drill_node_id: summaryNodeId(target.namespace, target.item_id, span.node), seq: span.seq, snippet: spans.snippet(span, 24), score: Number(span.score.toFixed(4))})),
	};
}
