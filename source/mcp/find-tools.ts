import {z} from 'zod';
import {maxFindOffset, withinSpans} from '../search/funnel/params.js';
import {findDefaults, type FindSource} from '../search/types.js';
import type {McpContext} from './context.js';
import {findAnswer} from './find-answer.js';
import {mcpHints} from './hints.js';
import {boundedText, checkedText, limits} from './limits.js';
import {findOutput, readOnly, summarySearchOutput} from './schemas.js';
import {defineTool, type ToolDefinition} from './tool-table.js';

/**
 * find's defaults are sized for an agent's context: 5 hits, each drilled item with at most 3
 * passages, within 5 KB. summary_search keeps the seed's (top_k 8, drill_top_k 5,
 * drill_per_item_top_k 5): it is the seed's contract, which callers written against it rely on.
 */
export const agentFindDefaults = {top_k: 5, drill_top_k: 5, drill_per_item_top_k: 3, max_bytes: 5000} as const;
const seedFindDefaults = {top_k: findDefaults.top_k, drill_top_k: findDefaults.drill_top_k, drill_per_item_top_k: findDefaults.drill_per_item_top_k, max_bytes: 16_384} as const;

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
	max_bytes: z.number().int().min(512).max(limits.maxBudgetBytes).optional(),
	since: checkedText('since', limits.name).optional(),
	until: checkedText('until', limits.name).optional(),
	in: checkedText('in', limits.name).optional(),
};

const findInput = {
	query: searchFields.query,
	source: z.enum(['summary', 'knowledge', 'drill']).optional().describe("'summary' (default), 'knowledge' or 'drill' (closed frames)."),
	scope: searchFields.scope.describe("A namespace, e.g. 'conversation_session'."),
	method: searchFields.method,
	top_k: searchFields.top_k.describe(`Hits (default ${agentFindDefaults.top_k}).`),
	offset: searchFields.offset.describe('Hits to skip: the next page.'),
	min_score: searchFields.min_score,
	drill: searchFields.drill.describe('Add raw passages (default true).'),
	drill_top_k: searchFields.drill_top_k.describe(`Items given passages (default ${agentFindDefaults.drill_top_k}).`),
	drill_per_item_top_k: searchFields.drill_per_item_top_k.describe(`Passages per item (default ${agentFindDefaults.drill_per_item_top_k}).`),
	max_bytes: searchFields.max_bytes.describe(`Answer bound (default ${agentFindDefaults.max_bytes}).`),
	since: searchFields.since.describe("From then on: '2025-03-14', '7d', 'last week'."),
	until: searchFields.until.describe('Up to then.'),
	in: searchFields.in.describe("An item id: search only its messages."),
	agent: checkedText('agent', limits.name).optional().describe("e.g. 'claude', 'codex'."),
	project: checkedText('project', limits.name).optional().describe('Name or path.'),
};

const findDescription = `Search by topic: the best items with TLDR, hits and raw passages. Each drill_node_id goes into walk(domain="summary", node_id=…) or read_nodes (source 'knowledge': domain 'knowledge'; 'drill': drill_id in domain 'drills').`;

type SearchArgs = z.output<z.ZodObject<typeof searchFields>> & {source?: FindSource; agent?: string; project?: string};

export function findTools(context: McpContext): ToolDefinition[] {
	const run = async (args: SearchArgs, shape: 'find' | 'seed') => {
		const defaults = shape === 'find' ? agentFindDefaults : seedFindDefaults;
		const {max_bytes: maxBytes = defaults.max_bytes, ...rest} = args;
		// Inside one item, more of its passages: they are all the answer has.
		const perItem = args.drill_per_item_top_k ?? (args.in ? withinSpans : defaults.drill_per_item_top_k);
		const options = {...rest, top_k: args.top_k ?? defaults.top_k, drill_top_k: args.drill_top_k ?? defaults.drill_top_k, drill_per_item_top_k: perItem, source: args.source ?? 'summary'};
		const result = await context.runtime.find(options, {hints: mcpHints});
		return findAnswer(result, {shape, maxBytes, topK: options.top_k, offset: args.offset ?? 0});
	};
	return [
		defineTool({name: 'find', title: 'Find', description: findDescription, input: findInput, output: findOutput, annotations: readOnly, run: (args) => run(args, 'find')}),
		defineTool({
			name: 'summary_search',
			title: 'Summary search',
			description: "Same as find over the summaries, with the seed's answer shape (stage1_hits, candidate_items, drilled) and defaults (8 hits, 5 passages per item). Prefer find.",
			input: searchFields,
			output: summarySearchOutput,
			annotations: readOnly,
			twinOf: 'find',
			run: (args) => run(args, 'seed'),
		}),
	];
}
