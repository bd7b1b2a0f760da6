import {inertText} from '../core/inert-text.js';
import {openIndexedStore} from '../search/index.js';
import {retrainStoreLsa} from '../search/indexing/reindex.js';
import {diagnose, repairStore, type Diagnosis, type Repair} from '../store/doctor.js';
import {schemaVersion} from '../store/schema.js';
import {existsSync} from 'node:fs';
import {DrillError} from '../core/errors.js';
import {cleanStore, needsCleaning, type Cleaning} from '../ingest/secrets/clean-store.js';
import {SummaryStore} from '../store/summary-store.js';
import {defineCommand} from './command.js';
import {printJson, usageError} from './output.js';

function size(bytes: number): string {
	return bytes >= 1e6 ? `${(bytes / 1e6).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1e3))} KB`;
}

const isNewer = (diagnosis: Diagnosis): boolean => diagnosis.schema_version !== null && diagnosis.schema_version > schemaVersion;

function diagnosisText(diagnosis: Diagnosis): string {
	const head = `store ${diagnosis.store} (${size(diagnosis.bytes)}${diagnosis.wal_bytes > 0 ? ` and ${size(diagnosis.wal_bytes)} in its write-ahead log` : ''}${diagnosis.schema_version === null ? '' : `, schema ${diagnosis.schema_version}`}${diagnosis.items === null ? '' : `, ${diagnosis.items} items`}): ${diagnosis.healthy ? 'healthy' : 'damaged'} — checked in ${diagnosis.checked_ms} ms`;
	const newer = isNewer(diagnosis) ? [`  schema ${diagnosis.schema_version} is newer than this drill understands (${schemaVersion}): upgrade drill to read or write it`] : [];
	const notes = diagnosis.notes.map((note) => `  ${inertText(note, {singleLine: true})}`);
	if (diagnosis.healthy) return `${[head, ...newer, ...notes].join('\n')}\n`;
	const lines = [head, ...newer, ...notes, ...diagnosis.problems.slice(0, 10).map((problem) => `  ${inertText(problem, {singleLine: true})}`)];
	if (diagnosis.problems.length > 10) lines.push(`  … and ${diagnosis.problems.length - 10} more`);
	if (diagnosis.damaged_tables.length > 0) lines.push(`damaged tables: ${diagnosis.damaged_tables.join(', ')}`);
	return `${lines.join('\n')}\n`;
}

function repairText(repair: Repair, store: string): string {
	const lines = [`repaired: ${repair.salvaged} item${repair.salvaged === 1 ? '' : 's'} rebuilt into ${store}, search indexes rebuilt from them; the damaged file is kept at ${repair.damaged_copy}`];
	for (const lost of repair.lost) lines.push(`  lost ${inertText(lost.item, {singleLine: true})}: ${inertText(lost.reason, {singleLine: true})}`);
	for (const partial of repair.partial) lines.push(`  partly lost ${inertText(partial.item, {singleLine: true})}: ${partial.lost_nodes} nodes, ${partial.lost_spans} spans`);
	const {items, nodes, spans} = repair.unreadable_rows;
	if (items + nodes + spans > 0) lines.push(`  unreadable rows: ${items} items, ${nodes} nodes, ${spans} spans`);
	if (repair.lost.length === 0 && repair.partial.length === 0 && items + nodes + spans === 0) lines.push('  nothing was lost');
	return `${lines.join('\n')}\n`;
}

/** The secrets side of the store: with --repair, items written before redaction are redacted; without, whether any may be left. */
function secretsOf(file: string, repair: boolean): Cleaning | {unredacted: boolean} | undefined {
	if (!existsSync(file)) return undefined;
	let store: SummaryStore | undefined;
	try {
		store = repair ? openIndexedStore(file) : SummaryStore.open(file);
		return repair ? cleanStore(store, retrainStoreLsa) : {unredacted: needsCleaning(store)};
	} catch {
		// A store this drill cannot open as it is (read-only and older) is told about by the diagnosis.
		return undefined;
	} finally {
		store?.close();
	}
}

export const command = defineCommand({
	about: `
  Check the summary store for damage (every page, with SQLite's integrity check) and say which
  tables are hit. With --repair, rebuild a damaged store: every item that can still be read is
  written into a new store, whose search indexes are rebuilt from the items; the damaged file is
  moved aside (never deleted) and the report lists what could not be saved. --repair also
  redacts the secrets of items written before ingest redacted them (a store made by an older
  drill), as drill reindex does.

  Writers refuse a damaged store (drill ingest, import, up …): this is the command they point at.`,
	usage: ['doctor [--repair]', 'doctor --team [--team-url URL]'],
	flags: {
		repair: {type: 'boolean', help: 'rebuild a damaged store from what can be read (a healthy store is left alone)'},
		team: {type: 'boolean', help: 'check the team archive instead ($DRILL_TEAM_URL; docs/team.md): whether it\nanswers, its schema version and size, and the last push per machine'},
		teamUrl: {type: 'string', value: 'URL', help: 'the team database for --team (default: $DRILL_TEAM_URL)'},
	},
	more: `
  With --json it prints {store, bytes, wal_bytes, schema_version, healthy, problems, notes,
  damaged_tables, items, checked_ms, repair?: {salvaged, lost, partial, unreadable_rows,
  damaged_copy}, secrets?: {unredacted} or, with --repair, {items, redactions, rules}}.

  With --team --json it prints {url, tls, reachable, connect_ms, server_version, schema_version,
  drill_schema_version, items, tombstones, bytes, machines: [{machine, user, items, last_push}],
  problem?}.

  Exit status: 0 when the store is healthy or was repaired, 1 when it is damaged (with --team:
  0 when the archive answers and drill can use it, 1 otherwise).`,
	async run(cli, context) {
		if (cli.input.length > 0) throw usageError(`doctor takes no arguments, got ${JSON.stringify(cli.input[0])}`, 'see drill doctor --help');
		if (cli.flags.team || cli.flags.teamUrl) {
			if (cli.flags.repair) throw usageError('--repair mends the local store, not the team archive', 'run drill doctor --team and drill doctor --repair apart');
			const [{teamTarget}, {diagnoseTeam, teamDiagnosisText}] = await Promise.all([import('../team/connection.js'), import('../team/doctor.js')]);
			const diagnosis = await diagnoseTeam(teamTarget(cli.flags.teamUrl, '--team-url'));
			if (context.json) printJson(context.stdout, diagnosis);
			else context.stdout.write(inertText(teamDiagnosisText(diagnosis)));
			return diagnosis.reachable && !diagnosis.problem ? 0 : 1;
		}
		const store = context.runtime.config.storePath;
		const diagnosis = diagnose(store);
		// A salvage by this drill would write the items in its older schema and drop what it does not know.
		if (cli.flags.repair && !diagnosis.healthy && isNewer(diagnosis)) throw new DrillError('store_newer', `the store ${store} has schema version ${diagnosis.schema_version}, newer than this drill understands (${schemaVersion}), so it cannot repair it without losing data`, 'repair it with the drill that made it (upgrade drill)');
		const repair = cli.flags.repair && !diagnosis.healthy ? repairStore(store, openIndexedStore) : undefined;
		const secrets = (diagnosis.healthy || repair) && !isNewer(diagnosis) ? secretsOf(store, Boolean(cli.flags.repair)) : undefined;
		if (context.json) printJson(context.stdout, {...diagnosis, ...(repair ? {repair} : {}), ...(secrets ? {secrets} : {})});
		else {
			context.stdout.write(diagnosisText(diagnosis));
			if (repair) context.stdout.write(repairText(repair, store));
			else if (!diagnosis.healthy) context.stdout.write('run drill doctor --repair to rebuild the store from what can still be read\n');
			if (secrets && 'items' in secrets) context.stdout.write(`secrets: ${secrets.redactions} redacted in ${secrets.items} item${secrets.items === 1 ? '' : 's'} written before redaction (rules: ${secrets.rules})\n`);
			else if (secrets?.unredacted) context.stdout.write('secrets: the store holds items written before ingest redacted secrets; drill doctor --repair redacts them\n');
		}
		return diagnosis.healthy || repair ? 0 : 1;
	},
});
