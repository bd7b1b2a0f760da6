import type {Depth} from '../core/depth.js';
import {sourceLine, type ItemSourceBrief} from '../core/item-source.js';
import type {Paging} from '../core/paging.js';
import {summaryNodeId} from '../core/summary-node-id.js';
import type {Breadcrumb, TreeChild, TreeView} from '../core/tree-view.js';
import type {ItemListRow} from '../store/summary-store.js';

export const rootCrumb: Breadcrumb = {node_id: '', title: 'summary'};

/** A summary-domain view: the fields every node has. */
export function summaryView(nodeId: string, depth: Depth, title: string, kind: string, parentId: string | null, breadcrumbs: Breadcrumb[], children: TreeChild[], total: number, paging: Paging): TreeView {
	return {domain: 'summary', node_id: nodeId, depth, title, kind, parent_id: parentId, breadcrumbs, children, children_total: total, offset: paging.offset, limit: paging.limit};
}

/** An item's provenance in brief: only the fields it has. */
function briefOf(item: ItemListRow): ItemSourceBrief | undefined {
	const brief: ItemSourceBrief = {};
	if (item.agent) brief.agent = item.agent;
	if (item.project) brief.project = item.project;
	if (item.started_at) brief.started_at = item.started_at;
	if (item.turns !== null) brief.turns = item.turns;
	if (item.tool_calls !== null) brief.tool_calls = item.tool_calls;
	if (item.tokens) brief.tokens_total = item.tokens;
	if (item.cost_usd !== null || item.cost_unpriced) {
		brief.cost = {...(item.cost_usd === null ? {} : {usd: item.cost_usd}), exact: item.cost_exact === 1, ...(item.cost_unpriced ? {unpriced: item.cost_unpriced.split('\n')} : {})};
	}
	return Object.keys(brief).length > 0 ? brief : undefined;
}

/** An item as a child of a listing: its id, title, topic count and provenance in brief. */
export function itemChild(item: ItemListRow, depth: Depth): TreeChild {
	const source = briefOf(item);
	return {
		node_id: summaryNodeId(item.namespace, item.item_id),
		name: item.title,
		has_children: item.topic_count > 0,
		child_count: item.topic_count,
		...(depth === 'index' ? {} : {summary: item.tldr}),
		...(source ? {source} : {}),
	};
}

/** An item in a full-depth listing: heading with id and time, provenance, TLDR. */
export function itemEntry(item: ItemListRow): string {
	const line = sourceLine(briefOf(item));
	return `## ${item.title} (${summaryNodeId(item.namespace, item.item_id)}) — ${item.generated_at}\n${line ? `${line}\n` : ''}${item.tldr}\n\n`;
}
