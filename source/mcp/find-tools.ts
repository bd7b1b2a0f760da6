import type {McpServer} from '@modelcontextprotocol/sdk/server/mcp.js';
import {z} from 'zod';
import {find} from '../search/funnel/find.js';
import {maxFindOffset} from '../search/funnel/params.js';
import {findDefaults, type FindSource} from '../search/types.js';
import type {McpContext} from './context.js';
import {mcpHints} from './hints.js';
import {boundedText, checkedText, limits} from './limits.js';
import {renderFind} from './render.js';
import {describeShape, findOutput} from './schemas.js';
import {guardTool, toolResult} from './tool-result.js';

const findDescription = `Coarse-to-fine search when you have a topic but not the node: stage 1 ranks summary nodes (TLDRs, topic titles, summaries, keywords); stage 2 (drill=true, default) ranks the raw spans of the top items. Each hit's drill_node_id goes straight into walk(domain="summary", node_id=...) or read_nodes. source: 'summary' (default), 'knowledge' (ids for walk domain 'knowledge') or 'drill' (closed drills; drill_id walks in domain 'drills'). Page with offset; drop weak hits with min_score.`;

const searchFields = {
	query: boundedText('query', limits.query),
	scope: checkedText('scope', limits.name).optional(),
	method: z.enum(['keyword', 'semantic', 'keyword,semantic']).optional(),
	top_k: z.number().int().min(1).max(1000).optional(),
	offset: z.number().int().min(0).max(maxFindOffset).optional(),
	min_score: z.number().optional(),
	drill: z.boolean().optional(),
	drill_top_k: z.number().int().min(0).max(100).optional(),
	drill_per_item_top_k: z.number().int().min(1).max(100).optional(),
};

const findInput = describeShape(
	{...searchFields, source: z.enum(['summary', 'knowledge', 'drill']).optional()},
	{
		query: 'Natural-language query.',
		scope: "Only this summary namespace (e.g. 'conversation_session'); omit for all.",
		method: "'keyword', 'semantic' or 'keyword,semantic' (default).",
		top_k: `Stage-1 hits to return (default ${findDefaults.top_k}).`,
		offset: 'Stage-1 hits to skip first (default 0; the next page is offset + top_k).',
		min_score: 'Leave out stage-1 hits scoring below this.',
		drill: 'Run stage 2 over the top items (default true).',
		drill_top_k: `Items to drill (default ${findDefaults.drill_top_k}).`,
		drill_per_item_top_k: `Raw-span hits per drilled item (default ${findDefaults.drill_per_item_top_k}).`,
		source: "'summary' (default), 'knowledge' or 'drill'.",
	},
);

const read = {readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false} as const;

export function registerFindTools(server: McpServer, context: McpContext): void {
	const run = (args: z.infer<z.ZodObject<typeof searchFields>> & {source?: FindSource}) =>
		guardTool(async () => {
			const source = args.source ?? 'summary';
			const result = await find({...args, source}, source === 'knowledge' ? {knowledgeDir: context.config.knowledgeDir, hints: mcpHints} : {store: context.store(), knowledgeDir: context.config.knowledgeDir, hints: mcpHints});
			return toolResult(result, renderFind(result, args.top_k ?? findDefaults.top_k));
		});
	server.registerTool('find', {title: 'Find', description: findDescription, inputSchema: findInput, outputSchema: findOutput, annotations: read}, run);
	server.registerTool(
		'summary_search',
		{title: 'Summary search', description: "The seed's name for find with source='summary': same parameters (but source), same answer. Coarse-to-fine search over the summaries.", inputSchema: searchFields, outputSchema: findOutput, annotations: read},
		run,
	);
}
