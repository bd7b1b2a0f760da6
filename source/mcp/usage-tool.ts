import {z} from 'zod';
import {usageGroupings} from '../core/usage-report.js';
import {blockLines, usageLines} from '../core/usage-text.js';
import type {McpContext} from './context.js';
import {checkedText, limits} from './limits.js';
import {describeShape, readOnly, usageOutput} from './schemas.js';
import {toolResult} from './tool-result.js';
import {defineTool, type ToolDefinition} from './tool-table.js';

/** The most groups (or blocks) one answer lists: the totals count the rest. */
const maxGroups = 100;
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/u, {error: 'give a day as YYYY-MM-DD'});

const usageInput = describeShape(
	{
		by: z.enum(usageGroupings).optional(),
		since: day.optional(),
		until: day.optional(),
		agent: checkedText('agent', limits.name).optional(),
		project: checkedText('project').optional(),
		model: checkedText('model', limits.name).optional(),
		timezone: checkedText('timezone', 16).optional(),
		blocks: z.boolean().optional(),
		limit: z.number().int().min(1).max(maxGroups).optional(),
	},
	{
		by: 'Default day.',
		since: 'YYYY-MM-DD.',
		until: 'YYYY-MM-DD.',
		agent: 'e.g. claude-code.',
		project: 'A project path.',
		model: 'A model name.',
		timezone: "UTC, local or +05:30.",
		blocks: "Claude's 5-hour blocks.",
		limit: 'Default 30: latest periods, costliest others.',
	},
);

/**
 * `usage`: what `drill usage --json` answers (tokens by kind, cost with its label, per period or
 * dimension, or 5-hour blocks), read from the store, bounded to `limit` groups.
 */
export function usageTool(context: McpContext): ToolDefinition {
	return defineTool({
		name: 'usage',
		title: 'Usage and cost',
		description: 'Tokens by kind and cost of sessions per period or dimension; cost is estimated unless the agent recorded it.',
		input: usageInput,
		output: usageOutput,
		annotations: readOnly,
		run: (args) => {
			const filter = {...(args.since ? {since: args.since} : {}), ...(args.until ? {until: args.until} : {}), ...(args.project ? {project: args.project} : {}), ...(args.model ? {model: args.model} : {}), ...(args.timezone ? {timezone: args.timezone} : {})};
			const limit = args.limit ?? 30;
			if (args.blocks) {
				const agent = args.agent ?? 'claude-code';
				const all = context.runtime.usageBlocks({...filter, agent});
				const blocks = all.slice(Math.max(0, all.length - limit));
				const answer = {agent, blocks, more: all.length - blocks.length};
				return toolResult(answer, [...blockLines(blocks, agent), ...(answer.more > 0 ? [`(${answer.more} earlier blocks not listed)`] : [])].join('\n'));
			}
			const report = context.runtime.usage({...filter, ...(args.agent ? {agent: args.agent} : {}), by: args.by ?? 'day', limit});
			return toolResult(report, usageLines(report).join('\n'));
		},
	});
}
