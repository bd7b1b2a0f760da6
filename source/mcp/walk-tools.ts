import type {McpServer} from '@modelcontextprotocol/sdk/server/mcp.js';
import {z} from 'zod';
import {depths} from '../core/depth.js';
import type {Drillables} from '../core/registry.js';
import type {TreeView} from '../core/tree-view.js';
import {guardTool, toolResult} from './tool-result.js';

const walkDescription = `Walk a tree-shaped resource at one of three depths. Use it when you already have a node id (from a previous walk, or a drill_node_id from summary_search/find) and want to navigate its structure; no ranking is done. Depths: 'index' (default; the node and its children's names only — cheapest, use for catalog browsing), 'summary' (each child's summary text too — use for triage: which child matters?), 'full' (the node's content and its whole subtree, bounded by max_chars). Domains: 'summary' (node ids '' for the namespaces, '{namespace}' for a namespace's items newest first, '{namespace}:{item_id}' for an item, '{namespace}:{item_id}#n{ordinal}' for a node inside it), 'knowledge' (unit paths like 'architecture/summarization-framework'; '' is the top), 'drills' (a drill's short sha; '' lists the root drills). Call available_domains for the list. Wide nodes page with offset/limit.`;

const walkInput = {
	domain: z.string().describe("Registered domain name, e.g. 'summary', 'knowledge' or 'drills'."),
	node_id: z.string().describe("Domain-specific node id; '' is the domain's top."),
	depth: z.enum(depths).optional().describe("'index' (default), 'summary' or 'full'."),
	offset: z.number().int().min(0).optional().describe('First child to list (default 0).'),
	limit: z.number().int().min(1).max(10_000).optional().describe('Children per page (default 100).'),
	max_chars: z.number().int().min(1).optional().describe('Bound on full-depth content (default 20000).'),
};

function renderView(view: TreeView): string {
	const lines = [`${view.domain} ${view.node_id || "''"} — ${view.title} [${view.kind}] (${view.children_total} children)`];
	if (view.summary) lines.push(view.summary);
	for (const child of view.children) lines.push(`- ${child.node_id}: ${child.name}${child.summary ? ` — ${child.summary}` : ''}`);
	if (view.children.length < view.children_total) lines.push(`… ${view.children_total - view.offset - view.children.length} more (offset/limit)`);
	if (view.content !== undefined) lines.push('', view.content, ...(view.truncated ? ['… truncated (raise max_chars)'] : []));
	return lines.join('\n');
}

export function registerWalkTools(server: McpServer, drillables: Drillables): void {
	for (const name of ['drill_tree', 'walk']) {
		server.registerTool(
			name,
			{
				title: name === 'walk' ? 'Walk a tree' : 'Drill tree',
				description: `${walkDescription}${name === 'walk' ? ' (walk is the canonical short name of drill_tree; both are the same op.)' : ' (drill_tree and walk are the same op.)'}`,
				inputSchema: walkInput,
				annotations: {readOnlyHint: true},
			},
			async (args) =>
				guardTool(() => {
					const view = drillables.walk(args.domain, args.node_id, args.depth ?? 'index', {offset: args.offset, limit: args.limit, maxChars: args.max_chars});
					return toolResult(view, renderView(view));
				}),
		);
	}
	server.registerTool(
		'available_domains',
		{
			title: 'Available domains',
			description: 'List the registered domains that drill_tree/walk can navigate (and find can search).',
			annotations: {readOnlyHint: true},
		},
		async () =>
			guardTool(() => {
				const domains = drillables.availableDomains();
				return toolResult({domains}, domains.join('\n'));
			}),
	);
}
