import {inertText} from '../core/inert-text.js';
import {retrospect} from '../frames/retrospect.js';
import {defineCommand} from './command.js';
import {actionText, clean} from './frame-text.js';
import {printJson} from './output.js';
import {append} from '../core/arrays.js';

export const command = defineCommand({
	about: `
  The post-drill phase: route each action of a closed root drill's merged prevention plan to its
  sink. Without --apply it prints what it would write and writes nothing. Re-running is safe:
  every routed file carries a marker of its action, and nothing is written twice.`,
	usage: ['retrospect [--apply] [--drill SHA] [--json]'],
	flags: {
		apply: {type: 'boolean', help: 'write the files'},
		drill: {type: 'string', value: 'SHA', help: 'the root drill (default: the most recently closed root)'},
	},
	more: `
  Sinks (paths under the drills root)
    backlog             .agents/backlog/YYYY-MM-DD-<slug>.md
    code                .agents/backlog/YYYY-MM-DD-<slug>.md (kind: code)
    memory              .memory/mental-models/<slug>.md (created, or an entry appended)
    knowledgebase       <knowledge folder>/lessons/<slug>.md
    agentic-documents   .agents/proposals/YYYY-MM-DD-<slug>.md
    upstream-issue      upstream-issues/YYYY-MM-DD-<slug>.md (a draft to file by hand)
    workaround          .agents/workarounds.md (an entry appended)`,
	async run(cli, context) {
		const result = await retrospect(context.runtime.config, {apply: cli.flags.apply, drill: cli.flags.drill});
		if (context.json) {
			printJson(context.stdout, result);
			return 0;
		}
		const out: string[] = [];
		const mode = result.applied ? 'applied' : 'dry run: nothing written (--apply writes)';
		out.push(`retrospect of root drill ${result.root} (closed ${result.closed ?? '?'}) — ${mode}`);
		out.push(`  ${clean(result.objective)}`);
		if (result.previously_applied) out.push(`  already applied at ${result.previously_applied}; files routed then are left as they are`);
		out.push(`  merged plan: ${result.actions.length} action${result.actions.length === 1 ? '' : 's'}`);
		for (const action of result.actions) out.push(`    - ${actionText(action)}`);
		if (result.plan_missed) out.push(`  ${clean(result.plan_missed.message)}`, ...result.plan_missed.issues.map((issue) => `    - ${clean(`${issue.from}: ${issue.text}`)}`));
		for (const routed of result.routed) {
			const verb = routed.mode === 'unchanged' ? 'already routed' : result.applied ? (routed.mode === 'create' ? 'created' : 'appended to') : routed.mode === 'create' ? 'would create' : 'would append to';
			out.push('', `${verb} ${clean(routed.path)}  [${routed.sink}]`);
			if (!result.applied && routed.content) append(out, inertText(routed.content).trimEnd().split('\n').map((line) => `    │ ${line}`));
		}
		context.stdout.write(`${out.join('\n')}\n`);
		return 0;
	},
});
