import {DrillError} from '../core/errors.js';

/**
 * The summary domain's node ids, exactly as the seed gives them:
 *   ""                              the list of namespaces (our extension: the tree has a top)
 *   "{namespace}"                   a namespace root
 *   "{namespace}:{item_id}"         an item's root
 *   "{namespace}:{item_id}#n{k}"    node k of an item (k = 0 is the item root)
 */
export type SummaryNodeId =
	| {kind: 'root'}
	| {kind: 'namespace'; namespace: string}
	| {kind: 'item'; namespace: string; itemId: string}
	| {kind: 'node'; namespace: string; itemId: string; ordinal: number};

// No separators, no white space, no control characters (C0, DEL, C1) and no bidi controls.
const forbidden = /[\s\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;
const maxOrdinal = 999_999_999;

export function isValidNamespace(value: string): boolean {
	return value.length > 0 && value.length <= 128 && !value.includes(':') && !value.includes('#') && !forbidden.test(value);
}

export function isValidItemId(value: string): boolean {
	return value.length > 0 && value.length <= 256 && !value.includes('#') && !forbidden.test(value);
}

const shapes = 'use "", "{namespace}", "{namespace}:{item_id}" or "{namespace}:{item_id}#n{ordinal}"';

function bad(nodeId: string, why: string): DrillError {
	const shown = nodeId.length > 80 ? `${JSON.stringify(nodeId.slice(0, 80))}…` : JSON.stringify(nodeId);
	return new DrillError('bad_node_id', `malformed summary node id ${shown}: ${why}`, shapes);
}

export function parseSummaryNodeId(nodeId: string): SummaryNodeId {
	if (typeof nodeId !== 'string') throw bad(String(nodeId), 'not a string');
	if (nodeId === '') return {kind: 'root'};
	const colon = nodeId.indexOf(':');
	if (colon === -1) {
		if (!isValidNamespace(nodeId)) throw bad(nodeId, 'a namespace has no "#", spaces or control characters');
		return {kind: 'namespace', namespace: nodeId};
	}
	const namespace = nodeId.slice(0, colon);
	let rest = nodeId.slice(colon + 1);
	let ordinal: number | undefined;
	const hash = rest.indexOf('#');
	if (hash !== -1) {
		const suffix = rest.slice(hash + 1);
		if (!/^n(0|[1-9]\d{0,8})$/u.test(suffix)) throw bad(nodeId, 'the part after "#" must be n followed by an ordinal, e.g. #n3');
		ordinal = Number(suffix.slice(1));
		if (ordinal > maxOrdinal) throw bad(nodeId, 'the ordinal is too large');
		rest = rest.slice(0, hash);
	}
	if (!isValidNamespace(namespace)) throw bad(nodeId, 'the namespace before ":" is empty or has forbidden characters');
	if (!isValidItemId(rest)) throw bad(nodeId, 'the item id after ":" is empty or has forbidden characters');
	return ordinal === undefined ? {kind: 'item', namespace, itemId: rest} : {kind: 'node', namespace, itemId: rest, ordinal};
}

export function formatSummaryNodeId(id: SummaryNodeId): string {
	switch (id.kind) {
		case 'root':
			return '';
		case 'namespace':
			return id.namespace;
		case 'item':
			return `${id.namespace}:${id.itemId}`;
		case 'node':
			return `${id.namespace}:${id.itemId}#n${id.ordinal}`;
	}
}

/** The id a hit or a child carries: the item form for ordinal 0, as the seed says. */
export function summaryNodeId(namespace: string, itemId: string, ordinal = 0): string {
	return ordinal === 0 ? `${namespace}:${itemId}` : `${namespace}:${itemId}#n${ordinal}`;
}
