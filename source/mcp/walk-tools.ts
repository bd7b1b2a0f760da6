import {z} from 'zod';
import {depths} from '../core/depth.js';
import {groupKeys} from '../core/summary-groups.js';
import {maxLimit} from '../core/tree-view.js';
import {maxContentChars, maxContentOffset, walkPage} from './content-page.js';
import type {McpContext} from './context.js';
import {withDomainHint} from './domain-hint.js';
import {boundedText, checkedText, limits} from './limits.js';
import {renderView, viewStructure} from './render.js';
import {describeShape, domainsOutput, readOnly, treeViewOutput} from './schemas.js';
import {toolResult} from './tool-result.js';
import {defineTool, type ToolDefinition} from './tool-table.js';

const walkDescription = `Open a node by its id (from walk, or a drill_node_id from find). depth 'index' (default): the node and its children; 'summary': with their summaries; 'full': its content, max_chars at a time (then content_offset). Domains: 'summary' ('' = namespaces, '{namespace}', '{namespace}:{item_id}', '{namespace}:{item_id}#n{ordinal}'), 'knowledge' (unit paths), 'drills' (frame ids).`;

const walkFields = {
	domain: checkedText('domain', limits.name),
	node_id: boundedText('node_id', limits.nodeId).default(''),
	depth: z.enum(depths).optional(),
	offset: z.number().int().min(0).optional(),
	limit: z.number().int().min(1).max(maxLimit).optional(),
	max_chars: z.number().int().min(1).max(maxContentChars).optional(),
	content_offset: z.number().int().min(0).max(maxContentOffset).optional(),
	group_by: z.enum(groupKeys).optional(),
	unfold: z.boolean().optional(),
};

const walkInput = describeShape(walkFields, {
	domain: "'summary', 'knowledge' or 'drills'.",
	node_id: "'' (default): the domain's top.",
	depth: "See above.",
	offset: 'First child listed (paging).',
	limit: 'Children listed (default 100).',
	max_chars: 'Content per answer (default 20000).',
	content_offset: 'Where the content starts: the next part.',
	group_by: "A namespace's items grouped.",
	unfold: 'Long tool outputs whole.',
});

export function walkTools(context: McpContext): ToolDefinition[] {
	const walk = (args: z.output<z.ZodObject<typeof walkFields>>) => {
		try {
			const {view, page} = walkPage(context.drillables, args.domain, args.node_id, args.depth ?? 'index', {offset: args.offset, limit: args.limit, maxChars: args.max_chars, contentOffset: args.content_offset, groupBy: args.group_by, unfold: args.unfold});
			return toolResult(viewStructure(view, page), renderView(view, page));
		} catch (error) {
			throw withDomainHint(context.drillables, args.domain, args.node_id, error);
		}
	};
	return [
		defineTool({name: 'walk', title: 'Walk a tree', description: walkDescription, input: walkInput, output: treeViewOutput, annotations: readOnly, run: walk}),
		defineTool({name: 'drill_tree', title: 'Drill tree', description: 'Same as walk: open a node by its id at depth index, summary or full. Prefer walk.', input: walkFields, output: treeViewOutput, annotations: readOnly, twinOf: 'walk', run: walk}),
		defineTool({
			name: 'available_domains',
			title: 'Available domains',
			description: 'The domains walk opens: summary, knowledge, drills.',
			input: {},
			output: domainsOutput,
			annotations: readOnly,
			run: () => {
				const domains = context.drillables.availableDomains();
				return toolResult({domains}, domains.join('\n'));
			},
		}),
	];
}
