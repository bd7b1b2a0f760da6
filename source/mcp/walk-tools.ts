import type {McpServer} from '@modelcontextprotocol/sdk/server/mcp.js';
import {z} from 'zod';
import {depths} from '../core/depth.js';
import {groupKeys} from '../core/summary-groups.js';
import {maxLimit} from '../core/tree-view.js';
import type {McpContext} from './context.js';
import {boundedText, checkedText, limits} from './limits.js';
import {renderView, viewStructure} from './render.js';
import {describeShape, domainsOutput, treeViewOutput} from './schemas.js';
import {guardTool, toolResult} from './tool-result.js';

const walkDescription = `Walk a tree at one of three depths when you have a node id (from a walk, or a drill_node_id from find); no ranking. Depth 'index' (default): the node and its children's names, cheapest; 'summary': each child's summary too, for triage; 'full': the node's content and its subtree (bounded by max_chars), sent once, in the text. Domains: 'summary' ('' = namespaces, '{namespace}' = its items newest first, '{namespace}:{item_id}' = an item, '{namespace}:{item_id}#n{ordinal}' = a node), 'knowledge' (unit paths, e.g. 'architecture/summarization-framework'), 'drills' (short shas). Wide nodes page with offset/limit.`;

export const maxContentChars = 2_000_000;

const walkFields = {
	domain: checkedText('domain', limits.name),
	node_id: boundedText('node_id', limits.nodeId).default(''),
	depth: z.enum(depths).optional(),
	offset: z.number().int().min(0).optional(),
	limit: z.number().int().min(1).max(maxLimit).optional(),
	max_chars: z.number().int().min(1).max(maxContentChars).optional(),
	group_by: z.enum(groupKeys).optional(),
	unfold: z.boolean().optional(),
};

export const walkInput = describeShape(walkFields, {
	domain: "'summary', 'knowledge' or 'drills' (see available_domains).",
	node_id: "The node's id in its domain; '' (the default) is the domain's top.",
	depth: "'index' (default), 'summary' or 'full'.",
	offset: 'First child to list (default 0).',
	limit: 'Children per page (default 100).',
	max_chars: 'Bound on the content at depth full (default 20000).',
	group_by: "A summary namespace's items grouped: the view of '{namespace}#{key}', whose children '{namespace}#{key}={value}' list a group's items.",
	unfold: 'At depth full, long tool calls and outputs whole (default false: more than 80 lines show as the first 50 and the last 20).',
});

const read = {readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false} as const;

export function registerWalkTools(server: McpServer, context: McpContext): void {
	const walk = (args: z.infer<z.ZodObject<typeof walkFields>>) =>
		guardTool(() => {
			const view = context.drillables.walk(args.domain, args.node_id, args.depth ?? 'index', {offset: args.offset, limit: args.limit, maxChars: args.max_chars, groupBy: args.group_by, unfold: args.unfold});
			return toolResult(viewStructure(view), renderView(view));
		});
	server.registerTool('walk', {title: 'Walk a tree', description: walkDescription, inputSchema: walkInput, outputSchema: treeViewOutput, annotations: read}, walk);
	server.registerTool(
		'drill_tree',
		{title: 'Drill tree', description: "The seed's long name for walk: same parameters, same answer. Walk a tree-shaped resource (summary, knowledge, drills) at depth index, summary or full.", inputSchema: walkFields, outputSchema: treeViewOutput, annotations: read},
		walk,
	);
	server.registerTool(
		'available_domains',
		{title: 'Available domains', description: 'The registered domains that walk/drill_tree navigate (and find searches).', outputSchema: domainsOutput, annotations: read},
		async () =>
			guardTool(() => {
				const domains = context.drillables.availableDomains();
				return toolResult({domains}, domains.join('\n'));
			}),
	);
}
