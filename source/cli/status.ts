import {frameStatus, type StatusResult} from '../frames/status.js';
import {repairFrames} from '../frames/repair.js';
import {defineCommand} from './command.js';
import {actionText, clean, frameLabel, pathLine, sinkCounts, warn} from './frame-text.js';
import {printJson} from './output.js';
import {storeLabel} from '../store/locate.js';
import type {DrillConfig} from '../core/registry.js';
import {existsSync} from 'node:fs';
import type {Runtime} from '../runtime.js';
import {searchLine, searchReport, type SearchReport} from '../search/indexing/search-report.js';
import {searchStatus} from '../search/indexing/search-status.js';

/** The open store, as `drill status` names it and `--json` gives it. */
function storeOf(config: DrillConfig) {
	return {path: config.storePath, origin: config.storeOrigin ?? 'option'};
}

/** How far the search indexes cover the store, when there is one to read (status never fails for want of it). */
function searchOf(runtime: Runtime): {report: SearchReport; items: number} | undefined {
	if (!existsSync(runtime.config.storePath)) return undefined;
	try {
		const store = runtime.store();
		const status = searchStatus(store);
		return {report: searchReport(store, status), items: status.items};
	} catch {
		return undefined;
	}
}

function render(status: StatusResult, store: string, search?: {report: SearchReport; items: number}): string {
	const out: string[] = [`store    ${clean(store)}`];
	if (search) out.push(`search   ${clean(searchLine(search.report, search.items))}`);
	out.push(`drills   ${clean(status.root)}  (${status.counts.drills} drill${status.counts.drills === 1 ? '' : 's'}: ${status.counts.open} open, ${status.counts.closed} closed)`);
	out.push(`cursor   ${status.cursor ?? '(none: no drill open)'}`);
	out.push(`path     ${pathLine(status.path)}`);
	if (status.current) {
		out.push(`current  ${frameLabel(status.current)} [open] depth ${status.current.depth}  ${clean(status.current.file)}`);
		out.push(`         ${clean(status.current.objective)}`);
		if (status.current.scope.length) out.push(`scope    ${status.current.scope.map(clean).join(', ')}`);
	}
	const others = status.open.filter((frame) => !status.path.some((link) => link.id === frame.id));
	if (others.length) out.push(`open     also: ${others.map(frameLabel).join(', ')}`);
	const plan = status.pending_plan;
	const from = plan.source === 'open-frames' ? 'from closed child drills' : plan.source === 'closed-root' ? `merged in root ${plan.root}, not yet retrospected` : '';
	out.push(`plan     ${plan.actions.length ? `${sinkCounts(plan.actions)} pending, ${from}` : plan.plan_missed ? 'empty' : 'nothing pending'}`);
	for (const action of plan.actions) out.push(`         - ${actionText(action)}`);
	if (plan.plan_missed) out.push(`         the merged plan of ${plan.root} is empty, but its drills recorded issues: the plan was missed (drill retrospect)`);
	if (status.last_closed_root) out.push(`last     ${frameLabel(status.last_closed_root)} closed ${status.last_closed_root.closed ?? ''}`);
	for (const problem of status.problems) out.push(`problem  ${clean(problem)}`);
	if (status.problems.length) out.push('         drill status --repair fixes what it can');
	return `${out.join('\n')}\n`;
}

export const command = defineCommand({
	about: `
  Which store is open (the project's own .drill/store.db up the tree, else the user's), how far
  its search indexes cover it (the semantic model in use, why it was last trained, the
  vocabulary drift of what was folded into it since), and where the frames stand: the cursor, the path from the root drill to the current one, the open
  drills and the pending prevention plan. A cursor that points nowhere (or at two folders) is an
  error that says how to fix it.`,
	usage: ['status [--repair] [--json]'],
	flags: {
		repair: {
			type: 'boolean',
			help: 'recover from an interrupted command or a hand edit: remove temporary files, redo a\nmissing hand-over to a parent or post-drill merge, point the cursor at the deepest\nopen drill (or clear it), and index the closed drills in the store again',
		},
	},
	async run(cli, context) {
		if (cli.flags.repair) {
			const result = await repairFrames(context.runtime.framesConfig());
			const store = storeOf(context.runtime.config);
			if (context.json) printJson(context.stdout, {...result, store});
			else {
				const lines = result.repaired.length ? result.repaired.map((line) => `repaired ${clean(line)}`) : ['nothing to repair'];
				context.stdout.write(`${lines.join('\n')}\n${render(result.status, storeLabel(store))}`);
			}
			warn(context.stderr, result.warnings);
			return 0;
		}
		const status = frameStatus(context.runtime.config);
		const store = storeOf(context.runtime.config);
		const search = searchOf(context.runtime);
		if (context.json) printJson(context.stdout, {...status, store, ...(search ? {search: search.report} : {})});
		else context.stdout.write(render(status, storeLabel(store), search));
		return 0;
	},
});
