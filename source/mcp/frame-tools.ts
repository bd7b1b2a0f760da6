import {z} from 'zod';
import {DrillError} from '../core/errors.js';
import {drillDown, drillUp, frameStatus, planScopes, planSinks, repairFrames, retrospect, type DownResult, type RetrospectResult, type StatusResult, type UpResult} from '../frames/index.js';
import type {McpContext} from './context.js';
import {boundedList, checkedText, limits} from './limits.js';
import {describeShape, drillOutput, retrospectOutput, statusOutput, writes} from './schemas.js';
import {toolResult, warningLines} from './tool-result.js';
import {defineTool, type ToolCall, type ToolDefinition} from './tool-table.js';
import {append} from '../core/arrays.js';

const downFields = {
	slug: checkedText('slug', limits.name).optional(),
	objective: checkedText('objective').optional(),
	scope: boundedList('scope').optional(),
	context: boundedList('context').optional(),
	refs: boundedList('refs').optional(),
	delegate: boundedList('delegate').optional(),
	new_root: z.boolean().optional(),
};

const downDescriptions = {
	slug: 'Short name.',
	objective: 'The narrower question (required going down).',
	scope: "Paths or topics inside the current frame's.",
	context: 'Files copied in: only what the frame needs.',
	refs: 'References kept, not copied.',
	delegate: 'Tasks for subagents.',
	new_root: 'A top-level frame beside the open ones (they stay open).',
};

const planAction = z.strictObject({action: checkedText('action'), scope: z.enum(planScopes), sink: z.enum(planSinks), owner: checkedText('owner'), evidence: checkedText('evidence')});

/** undrill takes these bare; drill describes them. */
const upFields = {
	findings: checkedText('findings', limits.text).optional(),
	payload: checkedText('payload', limits.text).optional(),
	prevention_plan: z
		.array(planAction)
		.refine((plan) => plan.length <= limits.listEntries, {error: `prevention_plan is over the limit of ${limits.listEntries} actions`})
		.optional(),
	evidence: boundedList('evidence').optional(),
	issues: boundedList('issues').optional(),
	from: checkedText('from', limits.name).optional(),
};

const upDescriptions = {
	findings: 'What the frame found.',
	payload: 'The result for the parent (default: from the findings).',
	prevention_plan: "Required going up: [] or actions that stop the problem recurring.",
	evidence: 'Files or URLs.',
	issues: 'Errors or surprises met.',
	from: "The frame to act on (default: the current one; 'root': none open).",
};

const upOnly = ['findings', 'payload', 'prevention_plan', 'evidence', 'issues'] as const;
const downOnly = Object.keys(downFields) as Array<keyof typeof downFields>;

type Frame = {id: string; slug: string};

/**
 * The frames in an answer as an agent needs them: id, slug, objective, status, depth, parent (and
 * scope when it has one); the folder, file and times are the CLI's --json to give. Any object
 * shaped like a frame summary, anywhere in the answer, is cut down so.
 */
function briefFrames(value: unknown): unknown {
	if (Array.isArray(value)) return value.map(briefFrames);
	if (typeof value !== 'object' || value === null) return value;
	const record = value as Record<string, unknown>;
	if (typeof record.id === 'string' && typeof record.slug === 'string' && typeof record.file === 'string' && 'created' in record) {
		const {id, slug, objective, status, depth, parent, scope} = record as {id: string; slug: string; objective: string; status: string; depth: number; parent: string | null; scope?: string[]};
		return {id, slug, objective, status, depth, parent, ...(scope?.length ? {scope} : {})};
	}
	return Object.fromEntries(Object.entries(record).map(([key, entry]) => [key, briefFrames(entry)]));
}

/** A frame tool's answer: the library's result with its frames brief, and the text. */
const frameResult = (value: object, text: string) => toolResult(briefFrames(value) as object, text);
const frameText = (frame: Frame) => `${frame.id} ${frame.slug}`;
const pathLine = (path: readonly Frame[]) => path.map(frameText).join(' › ') || '(no open frame)';
const actions = (count: number) => `${count} action${count === 1 ? '' : 's'}`;

function renderDown(result: DownResult): string {
	const lines = [`opened ${frameText(result.drill)} (depth ${result.drill.depth}); the cursor is there: pass from="${result.drill.id}" to act on it`, `path: ${pathLine(result.path)}`];
	if (result.set_aside?.length) lines.push(`set aside, still open: ${result.set_aside.map(frameText).join(', ')} (from=<its id> works in one)`);
	for (const doc of result.context) lines.push(`context: ${doc.document} (from ${doc.origin})`);
	return lines.join('\n');
}

function renderUp(result: UpResult): string {
	const lines = [`closed ${frameText(result.closed)} with ${actions(result.prevention_plan.length)} in its plan`];
	if (result.parent) lines.push(`back in ${frameText(result.parent)}; path: ${pathLine(result.path)}`);
	else {
		const merged = result.post_drill?.merged_prevention_plan ?? [];
		if (merged.length > 0) lines.push(`the root closed: its merged plan has ${actions(merged.length)} (${[...new Set(merged.map((action) => action.sink))].join(', ')}); run retrospect() to see where each goes, then retrospect(apply=true) to write them`);
		else if (result.post_drill?.plan_missed) lines.push('the root closed with an empty merged plan, but its drills recorded issues: the plan was missed; run retrospect() to see them and add the actions');
		else lines.push('the root closed with an empty merged plan: nothing to retrospect');
		lines.push(result.cursor ? `the cursor is back in ${pathLine(result.path)}, set aside while this root was open` : 'no frame is open now');
	}
	append(lines, warningLines(result.warnings));
	return lines.join('\n');
}

function renderStatus(status: StatusResult & {repaired?: string[]; warnings?: string[]}): string {
	const lines = [...(status.repaired ?? []).map((line) => `repaired: ${line}`)];
	if (status.repaired?.length === 0) lines.push('nothing to repair');
	lines.push(`cursor: ${status.cursor ?? 'none (drill opens a top-level frame)'}`, `path: ${pathLine(status.path)}`);
	if (status.objective) lines.push(`objective: ${status.objective}`);
	const onPath = new Set(status.path.map((frame) => frame.id));
	const aside = status.open.filter((frame) => !onPath.has(frame.id));
	if (aside.length > 0) lines.push(`set aside, still open: ${aside.map(frameText).join(', ')} (from=<its id> works in one)`);
	lines.push(`drills: ${status.counts.drills} (${status.counts.open} open, ${status.counts.closed} closed)`);
	const plan = status.pending_plan;
	if (plan.actions.length > 0) lines.push(`pending plan: ${actions(plan.actions.length)} from ${plan.source === 'open-frames' ? 'closed child frames' : `root ${plan.root}, not yet retrospected: retrospect(apply=true) routes them`}`);
	for (const action of plan.actions) lines.push(`- ${action.sink}: ${action.action}`);
	for (const problem of status.problems) lines.push(`problem: ${problem}`);
	if (status.problems.length > 0 && !status.repaired) lines.push('drill_status(repair=true) fixes what it can');
	lines.push(...warningLines(status.warnings));
	return lines.join('\n');
}

function renderRetrospect(result: RetrospectResult): string {
	const lines = [`retrospect of root ${result.root} (${result.objective}): ${actions(result.actions.length)}`];
	for (const routed of result.routed) lines.push(`- ${routed.sink} → ${routed.path} (${routed.mode}): ${routed.action}`);
	if (result.plan_missed) lines.push(`plan missed: ${result.plan_missed.message}`, ...result.plan_missed.issues.map((issue) => `- issue from ${issue.from}: ${issue.text}`));
	if (result.applied) lines.push(result.routed.length ? 'written' : 'nothing to write');
	else if (result.routed.some((routed) => routed.mode !== 'unchanged')) lines.push('a dry run: nothing written yet; retrospect(apply=true) writes these');
	if (result.previously_applied) lines.push(`applied before, at ${result.previously_applied}: what it wrote is left as it is`);
	return lines.join('\n');
}

/** Refuses parameters of the other direction: the agent meant something else, and silence would do the wrong thing. */
function checkDirection(args: Record<string, unknown>, direction: 'down' | 'up'): void {
	const wrong = (direction === 'up' ? downOnly : upOnly).filter((key) => args[key] !== undefined);
	if (wrong.length === 0) return;
	const takes = direction === 'up' ? `going up takes ${[...upOnly, 'from'].join(', ')}` : `going down takes ${[...downOnly, 'from'].join(', ')}; give direction="up" (or call undrill) to close a frame`;
	throw new DrillError('bad_argument', `${wrong.join(', ')} ${wrong.length === 1 ? 'is a parameter' : 'are parameters'} of going ${direction === 'up' ? 'down' : 'up'}, not of direction="${direction}"`, takes);
}

export function frameTools(context: McpContext): ToolDefinition[] {
	const cwd = context.config.drillsRoot;
	const up = async (args: z.output<z.ZodObject<typeof upFields>>, call: ToolCall) => {
		const result = await drillUp(context.frames(), {findings: args.findings, payload: args.payload, plan: args.prevention_plan, evidence: args.evidence, issues: args.issues, from: args.from, seen: call.session.lastCursor, cwd});
		call.session.lastCursor = result.cursor;
		// The payload is the agent's own words, given a moment ago: its length, not an echo.
		const {payload, ...rest} = result;
		return frameResult({...rest, payload_chars: payload.length}, renderUp(result));
	};
	const drillFields = {direction: z.enum(['down', 'up']).optional().describe("'down' (default) or 'up'."), ...describeShape(downFields, downDescriptions), ...describeShape(upFields, upDescriptions)};
	return [
		defineTool({
			name: 'drill',
			title: 'Drill down or up',
			description:
				"Scoped work frames (.drills/). 'down' (default) opens a strictly narrower frame under the current one with only the context you pass; 'up' (= undrill) closes it with findings and a prevention_plan, passing only payload and plan up. Pass from=<your frame's id> so no other agent's move misdirects the call.",
			input: drillFields,
			output: drillOutput,
			annotations: writes,
			writes: true,
			run: async (args, call) => {
				const direction = args.direction ?? 'down';
				checkDirection(args, direction);
				if (direction === 'up') return up(args, call);
				const result = await drillDown(context.frames(), {slug: args.slug, objective: args.objective ?? '', scope: args.scope, context: args.context, refs: args.refs, delegate: args.delegate, newRoot: args.new_root, from: args.from, seen: call.session.lastCursor, cwd});
				call.session.lastCursor = result.cursor;
				return frameResult(result, renderDown(result));
			},
		}),
		defineTool({
			name: 'undrill',
			title: 'Undrill',
			description: "Same as drill with direction='up': close your frame with findings and a prevention_plan ([] allowed).",
			input: upFields,
			output: drillOutput,
			annotations: writes,
			twinOf: 'drill',
			writes: true,
			run: up,
		}),
		defineTool({
			name: 'drill_status',
			title: 'Drill status',
			description: 'The frame cursor: its path, frames set aside, the pending plan, problems (repair=true fixes them).',
			input: {repair: z.boolean().optional()},
			output: statusOutput,
			annotations: {...writes, idempotentHint: true},
			writes: (args) => args.repair === true,
			run: async (args, call) => {
				if (args.repair) {
					const result = await repairFrames(context.frames());
					const answer = {...result.status, repaired: result.repaired, warnings: result.warnings};
					call.session.lastCursor = answer.cursor;
					return frameResult(answer, renderStatus(answer));
				}
				const status = frameStatus(context.frames());
				call.session.lastCursor = status.cursor;
				return frameResult(status, renderStatus(status));
			},
		}),
		defineTool({
			name: 'retrospect',
			title: 'Retrospect',
			description: "After a root frame closes: routes its merged plan's actions to their sinks (backlog, memory, …). Dry run unless apply=true; never writes twice.",
			input: {
				apply: z.boolean().optional(),
				drill: checkedText('drill', limits.name).optional().describe('The root frame (default: the last closed).'),
			},
			output: retrospectOutput,
			annotations: {...writes, idempotentHint: true},
			writes: (args) => args.apply === true,
			run: async (args) => {
				const result = await retrospect(context.frames(), {apply: args.apply, drill: args.drill});
				return toolResult(result, renderRetrospect(result));
			},
		}),
	];
}
