import {DrillError} from '../core/errors.js';
import {drillUp} from '../frames/up.js';
import {parsePlanText} from '../frames/plan/plan.js';
import {defineCommand, type CommandContext, type FlagTable} from './command.js';
import {actionText, clean, frameLabel, pathLine, sinkCounts, textOrFile, warn} from './frame-text.js';
import {printJson} from './output.js';
import {readInput} from './read-input.js';

export const upFlags = {
	findings: {type: 'string', value: 'TEXT|FILE', help: 'what the drill found (else the Findings section written in the drill file)'},
	payload: {type: 'string', value: 'TEXT|FILE', help: 'the compressed result for the parent (default: the findings, compressed)'},
	plan: {type: 'string', value: 'FILE', help: 'the prevention_plan: a JSON or YAML array of actions ([] for none), or\n{"prevention_plan": […]}; - reads standard input; inline JSON works too'},
	evidence: {type: 'string', multiple: true, value: 'PATH|URL', help: 'evidence to link (repeatable); files outside the drills root are copied in'},
	issue: {type: 'string', multiple: true, value: 'TEXT', help: 'an error, surprise or gap the drill met (repeatable)'},
	from: {type: 'string', value: 'SHA', help: 'the drill to close: the current one (default), or an open one set aside\nby --new-root; refused if it is closed or has an open drill below it'},
} as const satisfies FlagTable;

export interface UpFlags {
	findings?: string;
	payload?: string;
	plan?: string;
	evidence?: string[];
	issue?: string[];
	from?: string;
}

/** --plan takes a file (.json, .yaml), - for standard input, or the JSON/YAML itself (e.g. '[]'). */
async function readPlan(value: string | undefined): Promise<unknown> {
	if (value === undefined) return undefined;
	if (value.trim() === '') throw new DrillError('plan_invalid', '--plan is empty', "give a JSON or YAML file of actions, - for standard input, or inline JSON such as '[]'");
	const inline = /^\s*[[{]/u.test(value);
	const text = inline ? value : await readInput(value).catch((error: unknown) => {
		if (error instanceof DrillError && error.code === 'not_found') throw new DrillError('plan_invalid', `no plan file ${value}`, "give a JSON or YAML file of actions, - for standard input, or inline JSON such as '[]'");
		throw error;
	});
	return parsePlanText(text, inline ? 'the --plan value' : value === '-' ? 'the plan on standard input' : value);
}

export async function runUp(flags: UpFlags, context: CommandContext): Promise<number> {
	const stdinUsers = [flags.findings, flags.payload, flags.plan].filter((value) => value === '-').length;
	if (stdinUsers > 1) throw new DrillError('bad_argument', 'only one of --findings, --payload and --plan can read standard input (-)', 'give the others as files');
	const result = await drillUp(context.runtime.framesConfig(), {
		findings: await textOrFile(flags.findings),
		payload: await textOrFile(flags.payload),
		plan: await readPlan(flags.plan),
		evidence: flags.evidence,
		issues: flags.issue,
		from: flags.from,
	});
	if (context.json) printJson(context.stdout, result);
	else {
		const out: string[] = [];
		const resumed = result.parent ? undefined : result.path.at(-1);
		out.push(result.parent ? `closed ${frameLabel(result.closed)}; back in ${frameLabel(result.parent)}` : resumed ? `closed root drill ${frameLabel(result.closed)}; the cursor is back in ${frameLabel(resumed)}, set aside while it was open` : `closed root drill ${frameLabel(result.closed)}; no drill is open now`);
		out.push(`  payload   ${clean(result.payload.split('\n')[0] ?? '')}${result.payload.includes('\n') ? ' …' : ''}`);
		out.push(`  plan      ${sinkCounts(result.prevention_plan)}`);
		if (result.evidence.length) out.push(`  evidence  ${result.evidence.map(clean).join(', ')}`);
		if (result.path.length) out.push(`  path      ${pathLine(result.path)}`);
		if (result.post_drill) {
			const post = result.post_drill;
			out.push(`  post-drill merged plan: ${sinkCounts(post.merged_prevention_plan)}`);
			for (const action of post.merged_prevention_plan) out.push(`    - ${actionText(action)}`);
			if (post.plan_missed) out.push(`  the merged plan is empty, but drills recorded issues (${post.issues.map((issue) => clean(`${issue.from}: ${issue.text}`)).join('; ')}): retrospect why the plan was missed`);
			out.push('  next: drill retrospect (dry run), then drill retrospect --apply');
		}
		context.stdout.write(`${out.join('\n')}\n`);
	}
	warn(context.stderr, result.warnings);
	return 0;
}

export const command = defineCommand({
	about: `
  Close the current drill and return to its parent (an agent's /undrill; the MCP tool undrill).
  Finalizes the drill file (Findings, Return Payload, Prevention Plan, Evidence), hands only the
  payload and the plan to the parent's Child Results, and moves the cursor up. Closing a root
  drill runs the post-drill merge of every plan in its tree.`,
	usage: ['up --plan FILE [--findings TEXT|FILE] [--payload FILE] [--evidence PATH…]'],
	flags: upFlags,
	more: `
  Each action: action, scope (universal|project|user|agent|session),
  sink (backlog|memory|knowledgebase|agentic-documents|upstream-issue|code|workaround), owner, evidence.

  Examples
    drill up --findings findings.md --plan '[]'
    drill undrill --findings "Pool capped at 10" --plan plan.yaml --evidence logs/pool.log`,
	run(cli, context) {
		if (cli.input.length > 0) throw new DrillError('bad_argument', `drill up takes no arguments, got ${JSON.stringify(cli.input[0])}`, 'give findings with --findings TEXT|FILE and the plan with --plan FILE');
		return runUp(cli.flags, context);
	},
});
