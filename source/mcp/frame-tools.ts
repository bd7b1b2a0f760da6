import type {McpServer} from '@modelcontextprotocol/sdk/server/mcp.js';
import {z} from 'zod';
import {drillDown, drillUp, frameStatus, planScopes, planSinks, repairFrames, type DownResult, type StatusResult, type UpResult} from '../frames/index.js';
import type {McpContext} from './context.js';
import {boundedList, boundedText, checkedText, limits} from './limits.js';
import {describeShape, drillOutput, statusOutput, upOutput} from './schemas.js';
import {guardTool, toolResult, warningLines} from './tool-result.js';

const entry = (what: string) => checkedText(what);

const downFields = describeShape(
	{
		slug: checkedText('slug', limits.name).optional(),
		objective: entry('objective').optional(),
		scope: boundedList('scope').optional(),
		context: boundedList('context').optional(),
		refs: boundedList('refs').optional(),
		delegate: boundedList('delegate').optional(),
	},
	{
		slug: 'Short name of the new frame (default: from the objective).',
		objective: 'The narrower question the new frame answers (required to go down).',
		scope: "Paths or topics the frame is limited to, inside the current frame's scope.",
		context: 'Files copied into the frame: only the minimum it needs, never a whole transcript.',
		refs: 'References recorded without copying (node ids, URLs, issues).',
		delegate: 'Tasks for subagents, each with a fresh, isolated context.',
	},
);

const planAction = z.object({action: entry('action'), scope: z.enum(planScopes), sink: z.enum(planSinks), owner: entry('owner'), evidence: entry('evidence')});

/** undrill takes these bare; drill describes them. */
const upFields = {
	findings: boundedText('findings', limits.text).optional(),
	payload: boundedText('payload', limits.text).optional(),
	prevention_plan: z
		.array(planAction)
		.refine((plan) => plan.length <= limits.listEntries, {error: `prevention_plan is over the limit of ${limits.listEntries} actions`})
		.optional(),
	evidence: boundedList('evidence').optional(),
	issues: boundedList('issues').optional(),
	from: checkedText('from', limits.name).optional(),
};

const upDescriptions = {
	findings: 'What the drill found.',
	payload: 'The compressed result for the parent (default: the findings, compressed).',
	prevention_plan: 'Required to go up: [] when nothing should change, else parallel actions that stop the problem recurring.',
	evidence: 'Files or URLs that back the findings.',
	issues: 'Errors, surprises or gaps met (an empty plan with issues is a missed plan).',
	from: "The frame you expect to be current (its short sha; 'root' when none is open): the call is refused if another agent moved the cursor.",
};

const pathLine = (result: {path: Array<{id: string; slug: string}>}) => result.path.map((frame) => `${frame.id} ${frame.slug}`).join(' › ') || '(no open frame)';

const renderDown = (result: DownResult) => [`opened ${result.drill.id} ${result.drill.slug} (pass from="${result.drill.id}" to guard the next call)`, `path: ${pathLine(result)}`, ...result.context.map((doc) => `context: ${doc.document} (from ${doc.origin})`)].join('\n');

const renderUp = (result: UpResult) =>
	[
		`closed ${result.closed.id} ${result.closed.slug} with ${result.prevention_plan.length} plan action(s)`,
		result.parent ? `back in ${result.parent.id} ${result.parent.slug}` : `the root closed: ${result.post_drill?.merged_prevention_plan.length ?? 0} merged action(s) await the post-drill retrospect${result.post_drill?.plan_missed ? ' (the plan is empty although issues were met: it was missed)' : ''}`,
		`path: ${pathLine(result)}`,
		...warningLines(result.warnings),
	].join('\n');

function renderStatus(status: StatusResult & {repaired?: string[]; warnings?: string[]}): string {
	const lines = [...(status.repaired ?? []).map((line) => `repaired: ${line}`)];
	if (status.repaired?.length === 0) lines.push('nothing to repair');
	lines.push(`cursor: ${status.cursor ?? 'none (pass from="root" to open the first frame)'}`, `path: ${pathLine(status)}`);
	if (status.objective) lines.push(`objective: ${status.objective}`);
	lines.push(`drills: ${status.counts.drills} (${status.counts.open} open, ${status.counts.closed} closed)`);
	const plan = status.pending_plan;
	if (plan.actions.length > 0) lines.push(`pending plan: ${plan.actions.length} action(s) from ${plan.source === 'open-frames' ? 'closed child frames' : `root ${plan.root}, not yet retrospected`}`);
	for (const action of plan.actions) lines.push(`- ${action.sink}: ${action.action}`);
	for (const problem of status.problems) lines.push(`problem: ${problem}`);
	if (status.problems.length > 0 && !status.repaired) lines.push('drill_status(repair=true) fixes what it can');
	lines.push(...warningLines(status.warnings));
	return lines.join('\n');
}

const write = {readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false} as const;

export function registerFrameTools(server: McpServer, context: McpContext): void {
	const cwd = context.config.drillsRoot;
	const up = async (args: z.infer<z.ZodObject<typeof upFields>>) => {
		const result = await drillUp(context.frames(), {findings: args.findings, payload: args.payload, plan: args.prevention_plan, evidence: args.evidence, issues: args.issues, from: args.from, cwd});
		return toolResult(result, renderUp(result));
	};
	server.registerTool(
		'drill',
		{
			title: 'Drill down or up',
			description: `Scoped work frames (the .drills/ tree). direction='down' (default) opens a strictly narrower child of the current frame with only the context you pass, and moves the cursor into it. direction='up' (= undrill) closes the current frame with findings and a prevention_plan ([] if nothing should change, else parallel actions that stop the problem recurring); only the payload and the plan reach the parent. Pass from=<the current frame's id> (drill_status or the last answer has it; 'root' when none is open): if another agent moved the cursor, the call is refused instead of acting on the wrong frame.`,
			inputSchema: {direction: z.enum(['down', 'up']).optional().describe("'down' (default) or 'up'."), ...downFields, ...describeShape(upFields, upDescriptions)},
			outputSchema: drillOutput,
			annotations: write,
		},
		async (args) =>
			guardTool(async () => {
				if (args.direction === 'up') return up(args);
				const result = await drillDown(context.frames(), {slug: args.slug, objective: args.objective ?? '', scope: args.scope, context: args.context, refs: args.refs, delegate: args.delegate, from: args.from, cwd});
				return toolResult(result, renderDown(result));
			}),
	);
	server.registerTool(
		'undrill',
		{
			title: 'Undrill',
			description: "The same as drill with direction='up': close the current frame with findings and a prevention_plan ([] allowed); from=<its id> refuses the call if another agent moved the cursor.",
			inputSchema: upFields,
			outputSchema: upOutput,
			annotations: write,
		},
		async (args) => guardTool(() => up(args)),
	);
	server.registerTool(
		'drill_status',
		{
			title: 'Drill status',
			description:
				"Where the frame cursor is: the path of frames from the root to the current one (the current id is what from= takes), its objective, the open frames, the pending prevention plan and any problems. Reads only, unless repair=true: that fixes what an interrupted command or a hand edit left (temporary files, a missing hand-over or merge, the cursor) and indexes the closed drills for find(source='drill').",
			inputSchema: {repair: z.boolean().optional().describe('Fix the problems found, then answer the status (default false).')},
			outputSchema: statusOutput,
			annotations: {readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false},
		},
		async (args) =>
			guardTool(async () => {
				if (args.repair) {
					const result = await repairFrames(context.frames());
					const answer = {...result.status, repaired: result.repaired, warnings: result.warnings};
					return toolResult(answer, renderStatus(answer));
				}
				const status = frameStatus(context.frames());
				return toolResult(status, renderStatus(status));
			}),
	);
}
