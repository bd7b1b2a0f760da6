import type {McpServer} from '@modelcontextprotocol/sdk/server/mcp.js';
import {z} from 'zod';
import type {DrillConfig} from '../core/registry.js';
import {drillDown, drillUp, frameStatus, type DownResult, type StatusResult, type UpResult} from '../frames/index.js';
import {guardTool, toolResult} from './tool-result.js';

const downFields = {
	slug: z.string().optional().describe('Short name of the new frame (made a safe folder name); default from the objective.'),
	objective: z.string().optional().describe('The narrower question the new frame answers (required to go down).'),
	scope: z.array(z.string()).optional().describe("Paths or topics the frame is limited to; must lie inside the current frame's scope."),
	context: z.array(z.string()).optional().describe('Files copied into the frame as documents: only the minimum the frame needs, never a whole transcript.'),
	refs: z.array(z.string()).optional().describe('References recorded without copying (node ids, URLs, issue numbers).'),
	delegate: z.array(z.string()).optional().describe('Tasks for subagents, each with a fresh, isolated context.'),
};

const planAction = z.object({
	action: z.string(),
	scope: z.enum(['universal', 'project', 'user', 'agent', 'session']),
	sink: z.enum(['backlog', 'memory', 'knowledgebase', 'agentic-documents', 'upstream-issue', 'code', 'workaround']),
	owner: z.string(),
	evidence: z.string(),
});

const upFields = {
	findings: z.string().optional().describe('What the drill found.'),
	payload: z.string().optional().describe('The compressed result for the parent (default: the findings, compressed).'),
	prevention_plan: z.array(planAction).optional().describe('Required when going up: the parallel actions that stop the problem recurring ([] when there are none).'),
	evidence: z.array(z.string()).optional().describe('Files or URLs that back the findings.'),
	issues: z.array(z.string()).optional().describe('Errors, surprises or gaps met (an empty plan with issues is reported as a missed plan).'),
};

const from = {from: z.string().optional().describe("Act only if this is still the current frame (a short sha, or 'root' for none); guards against a racing agent.")};

function renderPath(result: {path: Array<{id: string; slug: string}>}): string {
	return result.path.map((frame) => `${frame.id} ${frame.slug}`).join(' › ') || '(no open frame)';
}

const renderDown = (result: DownResult) => `opened ${result.drill.id} ${result.drill.slug}\npath: ${renderPath(result)}`;
const renderUp = (result: UpResult) =>
	`closed ${result.closed.id} ${result.closed.slug} with ${result.prevention_plan.length} plan action(s)\n${result.parent ? `back in ${result.parent.id} ${result.parent.slug}` : 'the root closed: run the post-drill retrospect'}\npath: ${renderPath(result)}`;
const renderStatus = (status: StatusResult) =>
	`cursor: ${status.cursor ?? 'none'}\npath: ${renderPath(status)}${status.objective ? `\nobjective: ${status.objective}` : ''}\nopen: ${status.counts.open}, closed: ${status.counts.closed}`;

export function registerFrameTools(server: McpServer, config: DrillConfig): void {
	const cwd = config.drillsRoot;
	const up = async (args: z.infer<z.ZodObject<typeof upFields & typeof from>>) => {
		const result = await drillUp(config, {findings: args.findings, payload: args.payload, plan: args.prevention_plan, evidence: args.evidence, issues: args.issues, from: args.from, cwd});
		return toolResult(result, renderUp(result));
	};
	server.registerTool(
		'drill',
		{
			title: 'Drill down or up',
			description:
				"Scoped work frames (the .drills/ tree). direction='down' (default) opens a strictly narrower child frame under the current one with only the context you pass (never the whole transcript) and moves the cursor into it. direction='up' (same as undrill) closes the current frame: give findings and a prevention_plan ([] if nothing should change; else parallel actions, each {action, scope: universal|project|user|agent|session, sink: backlog|memory|knowledgebase|agentic-documents|upstream-issue|code|workaround, owner, evidence}); only the compressed payload and the plan go to the parent. Call drill_status first to see where the cursor is.",
			inputSchema: {direction: z.enum(['down', 'up']).optional().describe("'down' (default) or 'up'."), ...downFields, ...upFields, ...from},
		},
		async (args) =>
			guardTool(async () => {
				if (args.direction === 'up') return up(args);
				const result = await drillDown(config, {slug: args.slug, objective: args.objective ?? '', scope: args.scope, context: args.context, refs: args.refs, delegate: args.delegate, from: args.from, cwd});
				return toolResult(result, renderDown(result));
			}),
	);
	server.registerTool(
		'undrill',
		{
			title: 'Undrill',
			description: 'Close the current frame and return to its parent (the same as drill with direction=up): findings, a compressed payload, and a required prevention_plan ([] allowed). When the root closes, the merged plan is ready for the post-drill retrospect.',
			inputSchema: {...upFields, ...from},
		},
		async (args) => guardTool(() => up(args)),
	);
	server.registerTool(
		'drill_status',
		{
			title: 'Drill status',
			description: 'Where the cursor is: the path of frames from the root to the current one, its objective, the open frames and the prevention plan pending from closed child frames.',
			annotations: {readOnlyHint: true},
		},
		async () =>
			guardTool(() => {
				const status = frameStatus(config);
				return toolResult(status, renderStatus(status));
			}),
	);
}
