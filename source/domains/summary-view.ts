import type {Depth} from '../core/depth.js';
import {briefSource, sourceLine} from '../core/item-source.js';
import type {Paging} from '../core/paging.js';
import {summaryNodeId} from '../core/summary-node-id.js';
import type {Breadcrumb, TreeChild, TreeView} from '../core/tree-view.js';
import {itemSource, type ItemRow} from '../store/summary-store.js';

export const rootCrumb: Breadcrumb = {node_id: '', title: 'summary'};

/** A summary-domain view: the fields every node has. */
export function summaryView(nodeId: string, depth: Depth, title: string, kind: string, parentId: string | null, breadcrumbs: Breadcrumb[], children: TreeChild[], total: number, paging: Paging): TreeView {
	return {domain: 'summary', node_id: nodeId, depth, title, kind, parent_id: parentId, breadcrumbs, children, children_total: total, offset: paging.offset, limit: paging.limit};
}

/** An item as a child of a listing: its id, title, topic count and provenance in brief. */
export function itemChild(item: ItemRow, depth: Depth): TreeChild {
	const source = briefSource(itemSource(item));
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
export function itemEntry(item: ItemRow): string {
	const line = sourceLine(itemSource(item));
	return `## ${item.title} (${summaryNodeId(item.namespace, item.item_id)}) — ${item.generated_at}\n${line ? `${line}\n` : ''}${item.tldr}\n\n`;
}
