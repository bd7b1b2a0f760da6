import {DrillError, quotedShort} from './errors.js';
import {formatGroupId, groupKeyHint, groupValueProblem, isGroupKey, type GroupKey} from './summary-groups.js';

/**
 * The summary domain's node ids, exactly as the seed gives them:
 *   ""                              the list of namespaces (our extension: the tree has a top)
 *   "{namespace}"                   a namespace root
 *   "{namespace}:{item_id}"         an item's root
 *   "{namespace}:{item_id}#n{k}"    node k of an item (k = 0 is the item root)
 * and the grouped views of a namespace (see summary-groups.ts):
 *   "{namespace}#{key}"             the namespace's groups by key
 *   "{namespace}#{key}={value}"     one group's items
 */
export type SummaryNodeId =
	| {kind: 'root'}
	| {kind: 'namespace'; namespace: string}
	| {kind: 'item'; namespace: string; itemId: string}
	| {kind: 'node'; namespace: string; itemId: string; ordinal: number}
	| {kind: 'grouping'; namespace: string; key: GroupKey}
	| {kind: 'group'; namespace: string; key: GroupKey; value: string};

// No separators, no white space, no control characters (C0, DEL, C1) and no bidi controls.
const forbidden = /[\s\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;
const maxOrdinal = 999_999_999;
// Longer than any id a namespace and a group value can make, even fully percent-encoded.
const maxGroupIdLength = 16_384;

export function isValidNamespace(value: string): boolean {
	return value.length > 0 && value.length <= 128 && !value.includes(':') && !value.includes('#') && !forbidden.test(value);
}

export function isValidItemId(value: string): boolean {
	return value.length > 0 && value.length <= 256 && !value.includes('#') && !forbidden.test(value);
}

const shapes = 'use "", "{namespace}", "{namespace}:{item_id}" or "{namespace}:{item_id}#n{ordinal}" (groups: "{namespace}#{key}" or "{namespace}#{key}={value}")';

function bad(nodeId: string, why: string): DrillError {
	return new DrillError('bad_node_id', `malformed summary node id ${quotedShort(nodeId)}: ${why}`, shapes);
}

function badGroup(nodeId: string, why: string): DrillError {
	return new DrillError('bad_node_id', bad(nodeId, why).message, `${groupKeyHint}; item ids are "{namespace}:{item_id}" or "{namespace}:{item_id}#n{ordinal}"`);
}

/** `{namespace}#{key}` or `{namespace}#{key}={value}`: the part before the first "#" has no ":". */
function parseGroupId(nodeId: string, hash: number): SummaryNodeId {
	const namespace = nodeId.slice(0, hash);
	if (!isValidNamespace(namespace)) throw badGroup(nodeId, 'the namespace before "#" is empty or has forbidden characters');
	if (nodeId.length > maxGroupIdLength) throw badGroup(nodeId, `a group id is at most ${maxGroupIdLength} characters`);
	const rest = nodeId.slice(hash + 1);
	const equals = rest.indexOf('=');
	const key = equals === -1 ? rest : rest.slice(0, equals);
	if (!isGroupKey(key)) throw badGroup(nodeId, `unknown group key ${JSON.stringify(key.slice(0, 40))}`);
	if (equals === -1) return {kind: 'grouping', namespace, key};
	const raw = rest.slice(equals + 1);
	if (forbidden.test(raw)) throw badGroup(nodeId, 'white space and control characters in a group value are written %XX (e.g. %20 for a space)');
	let value: string;
	try {
		value = decodeURIComponent(raw);
	} catch {
		throw badGroup(nodeId, 'the group value has a "%" that does not start a UTF-8 escape (write "%" itself as %25)');
	}
	const problem = groupValueProblem(key, value);
	if (problem) throw badGroup(nodeId, problem);
	return {kind: 'group', namespace, key, value};
}

export function parseSummaryNodeId(nodeId: string): SummaryNodeId {
	if (typeof nodeId !== 'string') throw bad(String(nodeId), 'not a string');
	if (nodeId === '') return {kind: 'root'};
	const colon = nodeId.indexOf(':');
	const firstHash = nodeId.indexOf('#');
	if (firstHash !== -1 && (colon === -1 || firstHash < colon)) return parseGroupId(nodeId, firstHash);
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
		case 'grouping':
			return formatGroupId(id.namespace, id.key);
		case 'group':
			return formatGroupId(id.namespace, id.key, id.value);
	}
}

/** The id a hit or a child carries: the item form for ordinal 0, as the seed says. */
export function summaryNodeId(namespace: string, itemId: string, ordinal = 0): string {
	return ordinal === 0 ? `${namespace}:${itemId}` : `${namespace}:${itemId}#n${ordinal}`;
}
