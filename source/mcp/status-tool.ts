import {existsSync} from 'node:fs';
import {searchStatus} from '../search/indexing/search-status.js';
import {emptySearchReport, searchLine, searchReport, type SearchReport} from '../search/indexing/search-report.js';
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
	search: SearchReport;
	notices: string[];
}

/** The summary store at a glance: what it holds per namespace, and how far the search indexes cover it. */
export function storeStatus(context: McpContext): StoreStatus {
	const file = context.config.storePath;
	if (!existsSync(file)) {
		let notice: string;
		try {
			context.store();
			notice = 'the store appeared while reading it: ask again';
		} catch (error) {
			notice = asDrillError(error).lineFor(mcpHints);
		}
		return {store: file, exists: false, bytes: 0, last_write: null, namespaces: [], totals: {items: 0, nodes: 0, spans: 0}, search: emptySearchReport, notices: [notice]};
	}
	const store = context.store();
	const stats = context.runtime.storeStats();
	const search = searchStatus(store);
	return {
		...stats,
		exists: true,
		search: searchReport(store, search),
		notices: search.notices,
	};
}

function render(status: StoreStatus): string {
	if (!status.exists) return [`store ${status.store}: none yet`, ...status.notices.map((notice) => `note: ${notice}`)].join('\n');
	const lines = [
		`store ${status.store}: ${status.totals.items} items, ${status.totals.nodes} nodes, ${status.totals.spans} spans, ${(status.bytes / 1048576).toFixed(1)} MB, last written ${status.last_write ?? 'unknown'}`,
		...status.namespaces.map((ns) => `- ${ns.namespace}: ${ns.items} items, ${ns.nodes} nodes, ${ns.spans} spans, newest ${ns.newest_item ?? '—'}`),
		`search: ${searchLine(status.search, status.totals.items)}`,
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
