import {DrillError, quotedShort} from '../core/errors.js';
import {parseSummaryNodeId} from '../core/summary-node-id.js';
import type {ItemRow, SummaryStore} from './summary-store.js';

/** The item a summary node id names, and the node in it (ordinal 0: the item's root). */
export interface NodeOfItem {
	row: ItemRow;
	ordinal: number;
}

/**
 * The item of `NAMESPACE:ITEM` or `NAMESPACE:ITEM#nK` (what resume, export and forget act on); a
 * namespace, a group or the root names no one item and is refused, saying what would do.
 */
export function itemOfNode(store: SummaryStore, nodeId: string): NodeOfItem {
	const id = parseSummaryNodeId(nodeId);
	if (id.kind !== 'item' && id.kind !== 'node') {
		throw new DrillError('bad_node_id', `${quotedShort(nodeId)} is not an item or a node in one`, 'give NAMESPACE:ITEM or NAMESPACE:ITEM#nK, e.g. from drill find or drill walk summary NAMESPACE');
	}
	const row = store.item(id.namespace, id.itemId);
	if (!row) throw new DrillError('not_found', `no item ${quotedShort(`${id.namespace}:${id.itemId}`)} in the store`, `drill walk summary ${id.namespace} lists its items`);
	const ordinal = id.kind === 'node' ? id.ordinal : 0;
	if (ordinal !== 0 && !store.node(row.id, ordinal)) throw new DrillError('not_found', `the item ${id.namespace}:${id.itemId} has no node #n${ordinal}`, `it has nodes #n0 to #n${row.node_count - 1}`);
	return {row, ordinal};
}
