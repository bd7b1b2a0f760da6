import {inertText} from '../core/inert-text.js';
import {toDrillError} from '../core/errors.js';
import type {SummaryStore} from '../store/summary-store.js';
import type {PushReport} from '../team/push.js';
import {defineCommand, type CommandContext} from './command.js';
import {printJson, usageError} from './output.js';

const shownRefusals = 20;

function plural(count: number, word: string): string {
	return `${count} ${word}${count === 1 ? '' : 's'}`;
}

function reportLine(report: PushReport & {url: string; seconds: number}): string {
	const parts = [`pushed ${plural(report.sent, 'item')} to ${report.url} as ${report.user}@${report.machine}`, `${report.unchanged} unchanged`];
	if (report.tombstones > 0) parts.push(`${plural(report.tombstones, 'forgotten item')} deleted there`);
	if (report.refused_count > 0) parts.push(`${report.refused_count} refused (secrets)`);
	return `${parts.join(', ')} (${(report.bytes / 1e6).toFixed(1)} MB in ${report.seconds} s)`;
}

async function pushOnce(store: SummaryStore, url: string | undefined, context: CommandContext): Promise<PushReport & {url: string; seconds: number}> {
	const [{teamTarget, TeamClient}, {localLabels}, {pushStore}, {ItemProgress}] = await Promise.all([import('../team/connection.js'), import('../team/labels.js'), import('../team/push.js'), import('../team/progress.js')]);
	const target = teamTarget(url, '--to');
	const labels = localLabels();
	const started = performance.now();
	const client = await TeamClient.connect(target);
	// A second connection: the server makes one batch's search vectors while it takes the next (two cores).
	const second = await TeamClient.connect(target).catch(() => undefined);
	let progress: InstanceType<typeof ItemProgress> | undefined;
	try {
		const report = await pushStore(store, second ? [client, second] : [client], {
			labels,
			onPlan: (items) => {
				progress = new ItemProgress(context.stderr, 'push', items, Boolean(context.stderr.isTTY) && !context.json);
			},
			onBatch: (items, bytes) => progress?.add(items, bytes),
			...(process.env.DRILL_TEAM_BATCH ? {batchItems: Math.max(1, Number(process.env.DRILL_TEAM_BATCH) || 1)} : {}),
		});
		return {...report, url: target.shown, seconds: Number(((performance.now() - started) / 1000).toFixed(3))};
	} finally {
		progress?.end();
		await Promise.all([client.close(), second?.close()]);
	}
}

function printReport(report: PushReport & {url: string; seconds: number}, context: CommandContext, round?: number): void {
	if (context.json) {
		if (round === undefined) printJson(context.stdout, report);
		else context.stdout.write(`${JSON.stringify({round, ...report})}\n`);
		return;
	}
	for (const refused of report.refused.slice(0, shownRefusals)) context.stderr.write(`drill: refused ${inertText(refused.id, {singleLine: true})}: it still holds a secret (${refused.kinds.join(', ')}); drill reindex redacts it\n`);
	if (report.refused_count > shownRefusals) context.stderr.write(`drill: … and ${report.refused_count - shownRefusals} more refused (drill push --json lists them)\n`);
	context.stdout.write(`${inertText(reportLine(report), {singleLine: true})}\n`);
}

/** Waits until another connection commits to the store (SQLite's data_version moves), or until stopped. */
async function storeChanged(store: SummaryStore, intervalMs: number, stopped: () => boolean): Promise<void> {
	const version = () => store.guard(() => store.db.pragma('data_version', {simple: true}) as number);
	const start = version();
	while (!stopped() && version() === start) await new Promise((resolve) => setTimeout(resolve, intervalMs));
}

export const command = defineCommand({
	about: `
  Send this store's items to the team archive, a PostgreSQL database (docs/team.md), labelled
  with this machine's name and user (DRILL_MACHINE and DRILL_USER set others) and with their
  provenance. Only what the archive does not have goes, by each item's hash: a second push sends
  nothing. Items go in batches, one transaction each, with a progress bar on a terminal. Items
  pulled from other machines are never pushed back.

  Only redacted text leaves this machine: every item is checked again with ingest's secret rules,
  and one that still holds a secret is refused (listed; drill reindex redacts it). Items that
  drill forget removed go as tombstones: the archive deletes their text.`,
	usage: ['push [--to URL] [--watch]'],
	flags: {
		to: {type: 'string', value: 'URL', help: 'the team database: postgres://USER@HOST[:PORT]/DATABASE\n(default: $DRILL_TEAM_URL); the password comes from PGPASSWORD\nor ~/.pgpass, never from here. TLS is on unless the host is\nthis machine (?sslmode=disable turns it off)'},
		watch: {type: 'boolean', help: 'keep running: push again whenever the store changes (drill\ningest --watch writing); ctrl-c or SIGTERM stops'},
	},
	more: `
  With --json it prints {url, machine, user, local_items, sent, unchanged, tombstones, refused:
  [{id, kinds}], refused_count, bytes, batches, seconds}; with --watch, one such object per line
  per round. Exit status: 0 when every item was pushed, 1 when some were refused.

  Examples
    export DRILL_TEAM_URL=postgres://ana@db.example.com/drill   # PGPASSWORD or ~/.pgpass: the password
    drill push
    drill push --to postgres://ana@localhost/drill --json
    drill ingest --agents --watch & drill push --watch`,
	async run(cli, context) {
		if (cli.input.length > 0) throw usageError(`push takes no arguments, got ${JSON.stringify(cli.input[0])}`, 'give the database with --to URL');
		const store = context.runtime.store();
		if (!cli.flags.watch) {
			const report = await pushOnce(store, cli.flags.to, context);
			printReport(report, context);
			return report.refused_count > 0 ? 1 : 0;
		}
		let stopping = false;
		const stop = () => {
			stopping = true;
		};
		process.once('SIGINT', stop);
		process.once('SIGTERM', stop);
		const intervalMs = Number(process.env.DRILL_TEAM_WATCH_MS) || 1000;
		for (let round = 0; !stopping; round++) {
			try {
				printReport(await pushOnce(store, cli.flags.to, context), context, round);
			} catch (error) {
				const failure = toDrillError(error, 'drill doctor --team checks the connection');
				// A missing URL or a password in argv will not get better: stop. A server away may come back.
				if (failure.code !== 'team_error') throw failure;
				context.stderr.write(`drill: ${inertText(failure.line, {singleLine: true})} (trying again when the store changes)\n`);
			}
			await storeChanged(store, intervalMs, () => stopping);
		}
		return 0;
	},
});
