import {formatGroupId} from '../../core/summary-groups.js';
import {parentFolder, sourceFolder} from '../../core/source-folder.js';
import {groupingOf} from '../grouping.js';
import type {Services} from '../services.js';

/**
 * The way down to an item through the group nodes of a grouped namespace, so that a search hit
 * or `--node` opens in the tree as it is shown: `ns#project` → `ns#project=/home/ana/api` → the
 * item. Undefined when the item's group cannot be told from what a walk says of it (a day
 * grouping of an item without a start time): the namespace is then shown ungrouped.
 */

/** Document formats: their namespaces open grouped by folder. */
const documentKinds = new Set(['markdown', 'text', 'html']);

/** Whether a namespace holds documents (its newest item was read from markdown, text or HTML). */
export function isDocumentNamespace(services: Services, namespace: string): boolean {
	try {
		const first = services.walk('summary', namespace, 'index', {limit: 1}).children[0];
		if (!first) return false;
		const kind = services.walk('summary', first.node_id, 'index', {limit: 1}).source?.kind;
		return kind !== undefined && documentKinds.has(kind);
	} catch {
		return false;
	}
}

/** The group ids between a grouped namespace row (`ns#key`) and one of its items, top first. */
export function groupsAbove(services: Services, groupedId: string, itemId: string): string[] | undefined {
	const {namespace, grouping} = groupingOf(groupedId);
	if (grouping === 'none') return [];
	const source = services.walk('summary', itemId, 'index', {limit: 1}).source ?? {};
	switch (grouping) {
		case 'project':
			return [formatGroupId(namespace, 'project', source.project ?? '')];
		case 'agent':
			return [formatGroupId(namespace, 'agent', source.agent ?? '')];
		case 'machine':
			return [formatGroupId(namespace, 'machine', source.machine ?? '')];
		case 'user':
			return [formatGroupId(namespace, 'user', source.user ?? '')];
		case 'day':
			return source.started_at ? [formatGroupId(namespace, 'day', source.started_at.slice(0, 10))] : undefined;
		case 'folder': {
			const folder = sourceFolder(source.uri);
			const base = services.walk('summary', groupedId, 'index', {limit: 1}).group?.base ?? '';
			if (!folder || folder === base || !folder.startsWith(base)) return [];
			const chain: string[] = [];
			for (let at = folder; at !== base && at !== ''; at = parentFolder(at)) chain.unshift(formatGroupId(namespace, 'folder', at === '/' ? '/' : at.slice(base.length, -1)));
			return chain;
		}
	}
}
