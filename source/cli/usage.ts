import {usageGroupings, type UsageGrouping} from '../core/usage-report.js';
import {blockLines, usageLines} from '../core/usage-text.js';
import {inertText} from '../core/inert-text.js';
import {defineCommand} from './command.js';
import {printJson, usageError} from './output.js';

export const command = defineCommand({
	// The store's usage rows and nothing else: the light runtime (usage-runtime.ts).
	reads: 'usage',
	about: `
  What the agents' sessions used and cost, from the store alone (no log is read again): tokens
  split into input, output, cache writes and cache reads, counted once per message, added up by
  day, week, month, session, project, agent or model. A cost is drill's estimate (≈) from a
  maintained price table (@pydantic/genai-prices, read offline) unless the agent recorded it
  itself (OpenCode, Crush, Cline); a model the table does not know is named, never priced at $0.
  Days are UTC unless --timezone says otherwise.`,
	usage: ['usage [--by day|week|month|session|project|agent|model] [--since DAY] [--until DAY] [options]', 'usage --blocks [--agent AGENT] [options]'],
	flags: {
		by: {type: 'string', default: 'day', value: 'day|week|month|session|project|agent|model', help: 'what to add up by (sessions: the most recent first; projects, agents, models: the costliest)'},
		since: {type: 'string', value: 'DAY', help: 'from this day on (YYYY-MM-DD, in the time zone)'},
		until: {type: 'string', value: 'DAY', help: 'up to and including this day'},
		blocks: {type: 'boolean', help: "Claude's 5-hour blocks, as ccusage counts them (Claude Code's sessions unless --agent says)"},
		agent: {type: 'string', value: 'AGENT', help: 'only this agent (claude-code, codex, gemini-cli, …)'},
		project: {type: 'string', value: 'PATH', help: 'only sessions in this project (its path as the sessions give it)'},
		model: {type: 'string', value: 'MODEL', help: 'only this model (as the logs name it)'},
		timezone: {type: 'string', default: 'UTC', value: 'UTC|local|±HH:MM', help: 'the zone days, weeks and months are counted in'},
		limit: {type: 'number', value: 'N', help: 'at most N rows (default: 30 for --by session, else all); the total counts every one'},
	},
	more: `
  With --json it prints {by, timezone, since?, until?, groups: [{key, sessions, messages, input,
  output, cache_write, cache_read, total_tokens, cost: {usd?, exact, unpriced?}, models, first,
  last, …}], more, total}; with --blocks, {agent, blocks: [{start, end, last, active, gap, …}]}.
  The MCP tool usage answers the same.

  Examples
    drill usage                             cost and tokens per day
    drill usage --by model --since 2026-10-01
    drill usage --by session --limit 10     the ten most recent sessions, with their ids
    drill usage --blocks                    Claude Code's 5-hour blocks`,
	run(cli, context) {
		const by = cli.flags.by as UsageGrouping;
		if (!usageGroupings.includes(by)) throw usageError(`--by ${JSON.stringify(cli.flags.by)} is not a grouping`, `give one of ${usageGroupings.join(', ')}`);
		if (cli.input.length > 0) throw usageError(`usage takes no arguments, got ${JSON.stringify(cli.input[0])}`, 'filter with --since, --until, --agent, --project or --model');
		if (cli.flags.limit !== undefined && (!Number.isSafeInteger(cli.flags.limit) || cli.flags.limit < 0)) throw usageError(`--limit ${cli.flags.limit} is not a count`, 'give a whole number ≥ 0');
		const filter = {
			...(cli.flags.since ? {since: cli.flags.since} : {}),
			...(cli.flags.until ? {until: cli.flags.until} : {}),
			...(cli.flags.project ? {project: cli.flags.project} : {}),
			...(cli.flags.model ? {model: cli.flags.model} : {}),
			timezone: cli.flags.timezone,
		};
		if (cli.flags.blocks) {
			const agent = cli.flags.agent ?? 'claude-code';
			const blocks = context.runtime.usageBlocks({...filter, agent});
			if (context.json) printJson(context.stdout, {agent, blocks});
			else context.stdout.write(`${blockLines(blocks, inertText(agent, {singleLine: true})).join('\n')}\n`);
			return 0;
		}
		const limit = cli.flags.limit ?? (by === 'session' ? 30 : undefined);
		const report = context.runtime.usage({...filter, ...(cli.flags.agent ? {agent: cli.flags.agent} : {}), by, ...(limit === undefined ? {} : {limit})});
		if (context.json) printJson(context.stdout, report);
		else context.stdout.write(`${usageLines(report, context.stdout.columns || 100).map((line) => inertText(line, {singleLine: true})).join('\n')}\n`);
		return 0;
	},
});
