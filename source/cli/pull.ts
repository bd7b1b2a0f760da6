import {inertText} from '../core/inert-text.js';
import type {PullFilter} from '../team/pull.js';
import {defineCommand} from './command.js';
import {printJson, usageError} from './output.js';
import {SummaryStore} from '../store/summary-store.js';
import {searchStatus} from '../search/indexing/search-status.js';

const shownSkips = 20;
const units: Record<string, number> = {m: 60_000, h: 3_600_000, d: 86_400_000, w: 7 * 86_400_000};

/** `--since`: an ISO 8601 date or time, or an age (`30m`, `12h`, `7d`, `2w`) counted back from now. */
export function sinceTime(value: string, now = Date.now()): string {
	const age = /^(\d+)\s*([mhdw])$/u.exec(value.trim());
	if (age) return new Date(now - Number(age[1]) * units[age[2]!]!).toISOString();
	const time = Date.parse(value);
	if (!/^\d{4}-\d{2}-\d{2}/u.test(value.trim()) || Number.isNaN(time)) throw usageError(`--since ${JSON.stringify(value.slice(0, 40))} is not a date or an age`, 'give a date (2026-11-28, 2026-11-28T14:00Z) or an age (12h, 7d, 2w)');
	return new Date(time).toISOString();
}

function searchNotices(storePath: string): string[] {
	const store = SummaryStore.open(storePath);
	try {
		return searchStatus(store).notices;
	} finally {
		store.close();
	}
}

function plural(count: number, word: string): string {
	return `${count} ${word}${count === 1 ? '' : 's'}`;
}

export const command = defineCommand({
	about: `
  Bring the team archive's items (docs/team.md) into this store: sessions and documents pushed
  from other machines, labelled with the machine and user they come from. Local items are never
  touched: a pulled item is stored as NAMESPACE:USER@MACHINE/ITEM, only what changed in the
  archive since the last pull is fetched, and items pushed from this machine stay where they are.
  Pulled items walk, search and export like local ones (resume says the session lives on
  another machine); walk --group-by machine or user, or b in the explorer, groups them.`,
	usage: ['pull [--from URL] [--user NAME] [--project NAME] [--agent NAME] [--since WHEN]'],
	flags: {
		from: {type: 'string', value: 'URL', help: 'the team database (default: $DRILL_TEAM_URL; the password from\nPGPASSWORD or ~/.pgpass)'},
		user: {type: 'string', value: 'NAME', help: 'only items this user pushed'},
		project: {type: 'string', value: 'NAME', help: "only items of this project: its path, or its folder's name"},
		agent: {type: 'string', value: 'NAME', help: 'only sessions of this agent (claude-code, codex, …)'},
		since: {type: 'string', value: 'WHEN', help: 'only items made since a date (2026-11-28) or for an age (7d, 12h)'},
	},
	more: `
  With --json it prints {url, added, updated, unchanged, removed, forgotten, skipped: [{id, reason}],
  skipped_count, bytes, origins: {USER@MACHINE: items}, seconds, search_notices: [what search
  lacks until drill reindex, e.g. after a pull too big to train the semantic model on]}.

  Examples
    drill pull
    drill pull --user ana --since 7d
    drill pull --project api --agent claude-code
    drill walk summary conversation_session --group-by machine`,
	async run(cli, context) {
		if (cli.input.length > 0) throw usageError(`pull takes no arguments, got ${JSON.stringify(cli.input[0])}`, 'give the database with --from URL');
		const filter: PullFilter = {};
		if (cli.flags.user) filter.user = cli.flags.user;
		if (cli.flags.project) filter.project = cli.flags.project;
		if (cli.flags.agent) filter.agent = cli.flags.agent;
		if (cli.flags.since) filter.since = sinceTime(cli.flags.since);
		const [{teamTarget, TeamClient}, {localLabels}, {pullInto}, {ItemProgress}] = await Promise.all([import('../team/connection.js'), import('../team/labels.js'), import('../team/pull.js'), import('../team/progress.js')]);
		const target = teamTarget(cli.flags.from, '--from');
		const labels = localLabels();
		const started = performance.now();
		const client = await TeamClient.connect(target);
		let progress: InstanceType<typeof ItemProgress> | undefined;
		const store = context.runtime.openWritableStore();
		let report;
		try {
			report = await pullInto(store, client, {
				labels,
				filter,
				onPlan: (items) => {
					progress = new ItemProgress(context.stderr, 'pull', items, Boolean(context.stderr.isTTY) && !context.json);
				},
				onBatch: (items, bytes) => progress?.add(items, bytes),
			});
		} finally {
			progress?.end();
			store.close();
			await client.close();
		}
		// A large pull leaves the semantic model to the next ingest or reindex (team/pull.ts): say so here, not only in find.
		const notices = report.added + report.updated > 0 ? searchNotices(context.runtime.config.storePath) : [];
		const answer = {url: target.shown, ...report, seconds: Number(((performance.now() - started) / 1000).toFixed(3)), search_notices: notices};
		if (context.json) printJson(context.stdout, answer);
		else {
			for (const skipped of report.skipped.slice(0, shownSkips)) context.stderr.write(`drill: skipped ${inertText(skipped.id, {singleLine: true})}: ${inertText(skipped.reason, {singleLine: true})}\n`);
			if (report.skipped_count > shownSkips) context.stderr.write(`drill: … and ${report.skipped_count - shownSkips} more skipped (drill pull --json lists them)\n`);
			const origins = Object.entries(report.origins).map(([origin, count]) => `${count} from ${origin}`).join(', ');
			const parts = [`pulled ${plural(report.added + report.updated, 'item')} from ${target.shown}${origins ? ` (${origins})` : ''}`, `${report.unchanged} unchanged`];
			if (report.removed > 0) parts.push(`${report.removed} cop${report.removed === 1 ? 'y' : 'ies'} of forgotten items removed`);
			if (report.forgotten > 0) parts.push(`${report.forgotten} forgotten here left out`);
			context.stdout.write(`${inertText(`${parts.join(', ')} in ${answer.seconds} s`, {singleLine: true})}\n`);
			for (const notice of notices) context.stderr.write(`drill: ${notice}\n`);
		}
		return 0;
	},
});
