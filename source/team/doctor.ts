import {toDrillError} from '../core/errors.js';
import {TeamClient, type TeamTarget} from './connection.js';
import {readSchemaVersion, teamSchemaVersion} from './schema.js';

/** What `drill doctor --team` says of the team database. */
export interface TeamDiagnosis {
	url: string;
	tls: boolean;
	reachable: boolean;
	/** Time to connect and log in. */
	connect_ms: number | null;
	server_version: string | null;
	/** The archive's schema (null: drill never wrote there), and this drill's. */
	schema_version: number | null;
	drill_schema_version: number;
	items: number | null;
	tombstones: number | null;
	/** The archive's tables with their indexes, on disk. */
	bytes: number | null;
	/** Per machine and user: items there, and the last push. */
	machines: Array<{machine: string; user: string; items: number; last_push: string}>;
	/** What is wrong, in one line (unreachable, refused, newer schema). */
	problem?: string;
}

export async function diagnoseTeam(target: TeamTarget): Promise<TeamDiagnosis> {
	const diagnosis: TeamDiagnosis = {url: target.shown, tls: target.tls, reachable: false, connect_ms: null, server_version: null, schema_version: null, drill_schema_version: teamSchemaVersion, items: null, tombstones: null, bytes: null, machines: []};
	const started = performance.now();
	let client: TeamClient | undefined;
	try {
		client = await TeamClient.connect(target);
		diagnosis.reachable = true;
		diagnosis.connect_ms = Math.round(performance.now() - started);
		diagnosis.server_version = (await client.query<{server_version: string}>('SHOW server_version'))[0]?.server_version ?? null;
		diagnosis.schema_version = await readSchemaVersion(client);
		if (diagnosis.schema_version === null || diagnosis.schema_version === 0) {
			diagnosis.problem = 'no drill archive here yet: drill push --to URL makes one';
			return diagnosis;
		}
		if (diagnosis.schema_version > teamSchemaVersion) diagnosis.problem = `schema ${diagnosis.schema_version} is newer than this drill understands (${teamSchemaVersion}): upgrade drill`;
		const [counts] = await client.query<{items: string; tombstones: string; bytes: string}>(
			"SELECT count(*) FILTER (WHERE NOT deleted)::text AS items, count(*) FILTER (WHERE deleted)::text AS tombstones, (pg_total_relation_size('drill_items') + pg_total_relation_size('drill_pushes'))::text AS bytes FROM drill_items",
		);
		diagnosis.items = Number(counts?.items ?? 0);
		diagnosis.tombstones = Number(counts?.tombstones ?? 0);
		diagnosis.bytes = Number(counts?.bytes ?? 0);
		const machines = await client.query<{machine: string; user_name: string; items: string; last_push: Date}>(
			`SELECT p.machine, p.user_name, p.last_push, (SELECT count(*) FROM drill_items d WHERE d.machine = p.machine AND d.user_name = p.user_name AND NOT d.deleted)::text AS items
			 FROM drill_pushes p ORDER BY p.last_push DESC`,
		);
		diagnosis.machines = machines.map((row) => ({machine: row.machine, user: row.user_name, items: Number(row.items), last_push: new Date(row.last_push).toISOString()}));
	} catch (error) {
		diagnosis.problem = toDrillError(error, 'drill doctor --team checks the connection').line;
	} finally {
		await client?.close();
	}
	return diagnosis;
}

function size(bytes: number): string {
	return bytes >= 1e9 ? `${(bytes / 1e9).toFixed(1)} GB` : bytes >= 1e6 ? `${(bytes / 1e6).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1e3))} KB`;
}

export function teamDiagnosisText(diagnosis: TeamDiagnosis): string {
	if (!diagnosis.reachable) return `team ${diagnosis.url}: unreachable — ${diagnosis.problem ?? 'no answer'}\n`;
	const head = [`team ${diagnosis.url}: reachable in ${diagnosis.connect_ms} ms${diagnosis.tls ? ' over TLS' : ''}, PostgreSQL ${diagnosis.server_version}`];
	if (diagnosis.schema_version !== null && diagnosis.schema_version > 0) head.push(`schema ${diagnosis.schema_version}`);
	if (diagnosis.items !== null) head.push(`${diagnosis.items} items${diagnosis.tombstones ? ` and ${diagnosis.tombstones} tombstones` : ''}, ${size(diagnosis.bytes ?? 0)}`);
	const lines = [head.join(', ')];
	if (diagnosis.problem) lines.push(`  ${diagnosis.problem}`);
	for (const machine of diagnosis.machines) lines.push(`  ${machine.user}@${machine.machine}: ${machine.items} items, last push ${machine.last_push}`);
	return `${lines.join('\n')}\n`;
}
