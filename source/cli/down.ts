import {drillDown} from '../frames/down.js';
import {defineCommand} from './command.js';
import {clean, frameLabel, pathLine} from './frame-text.js';
import {printJson, usageError} from './output.js';
import {runUp, upFlags} from './up.js';

export const command = defineCommand({
	about: `
  Open a narrower drill under the current one (an agent's /drill; the MCP tool drill). Creates
  .drills/YYYY-MM-DD-HHMMSS-sha-slug/ with its same-named drill file under the current drill's
  .drills/ (or the root .drills/), copies in only the given context files, and moves the cursor.`,
	usage: ['down SLUG --objective TEXT [--scope PATH_OR_TOPIC…] [--context FILE…] [--delegate TEXT…]', 'down --direction up …     the same as drill up (its options below)'],
	flags: {
		objective: {type: 'string', value: 'TEXT', help: 'the narrower question this frame answers (required)'},
		scope: {type: 'string', multiple: true, value: 'PATH_OR_TOPIC', help: "what the frame is limited to (repeatable); must lie inside the current\ndrill's scope when both have one (default: the current drill's scope)"},
		context: {type: 'string', multiple: true, value: 'FILE', help: 'a file copied in as a document beside the drill file (repeatable)'},
		ref: {type: 'string', multiple: true, value: 'TEXT', help: 'a reference recorded, not copied: a node id, URL or issue (repeatable)'},
		delegate: {type: 'string', multiple: true, value: 'TEXT', help: 'a task for a subagent with a fresh, isolated context (repeatable)'},
		maxDepth: {type: 'number', value: 'N', help: 'the deepest a drill may nest (default 8)'},
		direction: {type: 'string', default: 'down', value: 'down|up', help: 'down (default) or up'},
		...upFlags,
		from: {type: 'string', value: 'SHA|root', help: 'the drill to act on: descend from it or close it, if it is open with\nnothing open below it (root: only while no drill is open), so two agents\ndrilling at once cannot both win; default: the current drill'},
		newRoot: {type: 'boolean', help: 'open a top-level drill even while others are open: they stay open, set\naside (reach them with --from SHA), and the cursor moves to the new one'},
	},
	more: `
  A new frame must be strictly narrower: a slug and an objective no enclosing drill has, a scope
  inside the current one, and no deeper than --max-depth.

  Examples
    drill down api-debug --objective "Why does /orders return 502 under load?" --scope services/api
    drill down db-optim --objective "Which query exhausts the pool?" --scope services/api/db --context logs/pool.log`,
	async run(cli, context) {
		const direction = cli.flags.direction;
		if (direction === 'up') {
			if (cli.input.length > 0) throw usageError(`drill up takes no SLUG, got ${JSON.stringify(cli.input[0])}`, 'drop the slug: up closes the current drill');
			return runUp(cli.flags, context);
		}
		if (direction !== 'down') throw usageError(`unknown --direction ${JSON.stringify(direction)}`, 'use down (the default) or up');
		const [slug, extra] = cli.input;
		if (extra !== undefined) throw usageError(`drill down takes one SLUG, got also ${JSON.stringify(extra)}`, 'quote a slug with spaces, or let it come from --objective');
		if (!cli.flags.objective) throw usageError('drill down needs --objective TEXT', 'say the narrower question this frame answers, e.g. --objective "Which query exhausts the pool?"');
		const maxDepth = cli.flags.maxDepth;
		if (maxDepth !== undefined && (!Number.isInteger(maxDepth) || maxDepth < 1 || maxDepth > 64)) throw usageError(`--max-depth must be a whole number from 1 to 64, got ${maxDepth}`, 'e.g. --max-depth 8');
		const result = await drillDown(
			{...context.runtime.config, ...(maxDepth === undefined ? {} : {maxDepth})},
			{slug, objective: cli.flags.objective, scope: cli.flags.scope, context: cli.flags.context, refs: cli.flags.ref, delegate: cli.flags.delegate, from: cli.flags.from, newRoot: cli.flags.newRoot},
		);
		if (context.json) printJson(context.stdout, result);
		else {
			const out = [
				`drilled down to ${frameLabel(result.drill)} (depth ${result.drill.depth})`,
				`  objective  ${clean(result.drill.objective)}`,
				`  folder     ${clean(result.drill.path)}`,
				`  path       ${pathLine(result.path)}`,
			];
			if (result.drill.scope.length) out.push(`  scope      ${result.drill.scope.map(clean).join(', ')}`);
			if (result.context.length) out.push(`  context    ${result.context.map((doc) => clean(doc.document)).join(', ')}`);
			if (result.delegation.length) out.push(`  delegate   ${result.delegation.map(clean).join('; ')}`);
			if (result.set_aside?.length) out.push(`  set aside  ${result.set_aside.map(frameLabel).join(', ')} (still open; --from SHA works in one)`);
			context.stdout.write(`${out.join('\n')}\n`);
		}
		return 0;
	},
});
