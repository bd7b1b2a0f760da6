import type {McpServer} from '@modelcontextprotocol/sdk/server/mcp.js';
import {z} from 'zod';
import type {Runtime} from '../runtime.js';
import type {FindResult} from '../search/types.js';
import {guardTool, toolResult} from './tool-result.js';

const searchDescription = `Coarse-to-fine retrieval funnel over the summaries. Use it when you have a topic or question but do not know which item holds it. Stage 1 ranks summary nodes (item TLDRs, topic titles, summaries, keywords); stage 2 (drill=true, the default) ranks the raw spans of the top items. Every stage1_hits and candidate_items entry carries a drill_node_id that drops straight into drill_tree/walk(domain="summary", node_id=...). Use drill_tree/walk instead when you already have a node id.`;

const searchInput = {
	query: z.string().describe('Natural-language query.'),
	scope: z.string().optional().describe("Restrict stage 1 to one summary namespace (e.g. 'conversation_session'); omit for all."),
	method: z.enum(['keyword', 'semantic', 'keyword,semantic']).optional().describe("'keyword', 'semantic', or 'keyword,semantic' (default, hybrid)."),
	top_k: z.number().int().min(1).max(1000).optional().describe('Stage-1 cap: how many summary nodes to consider (default 8).'),
	drill: z.boolean().optional().describe('Run stage 2 over the top candidates (default true).'),
	drill_top_k: z.number().int().min(0).max(100).optional().describe('How many distinct items to drill (default 5).'),
	drill_per_item_top_k: z.number().int().min(0).max(100).optional().describe('How many raw-span hits per drilled item (default 5).'),
};

function renderResult(result: FindResult): string {
	const lines = [`${result.stage1_hits.length} hits for ${JSON.stringify(result.query)} (${result.method})`];
	for (const hit of result.stage1_hits) lines.push(`${hit.rank}. ${hit.drill_node_id} — ${hit.title}: ${hit.snippet}`);
	for (const item of result.drilled) for (const span of item.spans) lines.push(`   ↳ ${span.drill_node_id} span ${span.seq}: ${span.snippet}`);
	for (const notice of result.notices ?? []) lines.push(`note: ${notice}`);
	return lines.join('\n');
}

export function registerFindTools(server: McpServer, runtime: Runtime): void {
	const run = async (args: z.infer<z.ZodObject<typeof searchInput>> & {source?: 'summary' | 'knowledge' | 'drill'}) => {
		const result = await runtime.find({...args, source: args.source ?? 'summary'});
		return toolResult(result, renderResult(result));
	};
	server.registerTool(
		'summary_search',
		{title: 'Summary search', description: `${searchDescription} (summary_search is the same as find with source='summary'.)`, inputSchema: searchInput, annotations: {readOnlyHint: true}},
		async (args) => guardTool(() => run(args)),
	);
	server.registerTool(
		'find',
		{
			title: 'Find',
			description: `${searchDescription} find is the universal verb: source='summary' (default) searches the summary store, 'knowledge' the knowledge folder's units (ids for walk domain 'knowledge'), 'drill' closed drills' findings, payloads and plans (each hit also carries drill_id for walk domain 'drills').`,
			inputSchema: {...searchInput, source: z.enum(['summary', 'knowledge', 'drill']).optional().describe("'summary' (default), 'knowledge' or 'drill'.")},
			annotations: {readOnlyHint: true},
		},
		async (args) => guardTool(() => run(args)),
	);
}
