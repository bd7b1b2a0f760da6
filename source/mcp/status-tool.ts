import {existsSync} from 'node:fs';
import {searchStatus} from '../search/indexing/search-status.js';
import type {McpContext} from './context.js';
import {mcpHints} from './hints.js';
import {readOnly, storeStatusOutput} from './schemas.js';
import {asDrillError, toolResult} from './tool-result.js';
import {defineTool, type ToolDefinition} from './tool-table.js';

export interface StoreStatus {
	store: string;
	exists: boolean;
	bytes: number;
	last_write: string | null;
	namespaces: Array<{namespace: string; items: number; nodes: number; spans: number; newest_item: string | null}>;
	totals: {items: number; nodes: number; spans: number};
	search: {keyword_items: number; embedder: string | null; embedded_items: number; semantic_built_at: string | null; semantic_built_items: number; stale: boolean};
	notices: string[];
}

/** The summary store at a glance: what it holds per namespace, and how far the search indexes cover it. */
export function storeStatus(context: McpContext): StoreStatus {
	const file = context.config.storePath;
	const empty = {keyword_items: 0, embedder: null, embedded_items: 0, semantic_built_at: null, semantic_built_items: 0, stale: false};
	if (!existsSync(file)) {
		let notice: string;
		try {
			context.store();
			notice = 'the store appeared while reading it: ask again';
		} catch (error) {
			notice = asDrillError(error).lineFor(mcpHints);
		}
		return {store: file, exists: false, bytes: 0, last_write: null, namespaces: [], totals: {items: 0, nodes: 0, spans: 0}, search: empty, notices: [notice]};
	}
	const store = context.store();
	const stats = context.runtime.storeStats();
	const search = searchStatus(store);
	return {
		...stats,
		exists: true,
		search: {
			keyword_items: search.keywordItems,
			embedder: search.semantic?.embedder ?? null,
			embedded_items: search.embeddedItems,
			semantic_built_at: search.semantic?.builtAt ?? null,
			semantic_built_items: search.semantic?.builtItems ?? 0,
			stale: search.stale,
		},
		notices: search.notices,
	};
}

/**
 * Between retrainings a search uses the last model: items written since it was trained are folded
 * into its basis as they are written, and the next write that finds the store grown by a quarter
 * retrains it (search/indexing/train-phase.ts).
 */
function modelInUse(status: StoreStatus): string {
	const since = status.totals.items - status.search.semantic_built_items;
	if (status.search.stale) return `, the last model in use (${since} items written since; retrained by the next ingest or drill reindex)`;
	return since > 0 ? `, the last model in use with ${since} items written since folded in (retrained once the store grows by a quarter)` : '';
}

function render(status: StoreStatus): string {
	if (!status.exists) return [`store ${status.store}: none yet`, ...status.notices.map((notice) => `note: ${notice}`)].join('\n');
	const lines = [
		`store ${status.store}: ${status.totals.items} items, ${status.totals.nodes} nodes, ${status.totals.spans} spans, ${(status.bytes / 1048576).toFixed(1)} MB, last written ${status.last_write ?? 'unknown'}`,
		...status.namespaces.map((ns) => `- ${ns.namespace}: ${ns.items} items, ${ns.nodes} nodes, ${ns.spans} spans, newest ${ns.newest_item ?? '—'}`),
		`search: ${status.search.keyword_items}/${status.totals.items} items keyword-indexed; semantic ${status.search.embedder ? `${status.search.embedder}, ${status.search.embedded_items} items embedded, built ${status.search.semantic_built_at} on ${status.search.semantic_built_items} items${modelInUse(status)}` : 'none'}`,
		...status.notices.map((notice) => `note: ${notice}`),
	];
	return lines.join('\n');
}

export function storeStatusTool(context: McpContext): ToolDefinition {
	return defineTool({
		name: 'store_status',
		title: 'Store status',
		description: "The summary store: items, nodes and spans per namespace, last write, semantic index state.",
		input: {},
		output: storeStatusOutput,
		annotations: readOnly,
		run: () => {
			const status = storeStatus(context);
			return toolResult(status, render(status));
		},
	});
}
