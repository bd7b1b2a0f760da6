import {DrillError} from '../core/errors.js';
import type {TeamClient} from './connection.js';

/**
 * The team archive's tables in PostgreSQL. Forward migrations: the database's version is the
 * number applied (`drill_team_meta.schema_version`); append new ones, never edit a released one.
 * They run in one transaction under an advisory lock, so two drills that meet a new database at
 * the same moment apply them once.
 *
 * drill_items holds one row per item and origin: the interchange record as pushed (`record`,
 * JSON text), the fields a pull filters by, and `search`, the stage-1 text as a tsvector (title A,
 * raw text D, and the words only its keywords (B) or summaries and TLDR (C) add; archive-row.ts)
 * under a GIN index. A forgotten item is a tombstone:
 * its row keeps only who, which item and when (`deleted`), its text is gone.
 */
const migrations: string[] = [
	`
	CREATE TABLE drill_items (
		id bigserial PRIMARY KEY,
		machine text NOT NULL,
		user_name text NOT NULL,
		namespace text NOT NULL,
		item_id text NOT NULL,
		hash text NOT NULL,
		deleted boolean NOT NULL DEFAULT false,
		title text NOT NULL DEFAULT '',
		tldr text NOT NULL DEFAULT '',
		generated_at timestamptz,
		agent text,
		project text,
		source text,
		record text,
		search tsvector,
		pushed_at timestamptz NOT NULL DEFAULT now(),
		UNIQUE (machine, user_name, namespace, item_id)
	);
	CREATE INDEX drill_items_search ON drill_items USING gin (search);
	CREATE INDEX drill_items_pushed ON drill_items (pushed_at);
	CREATE INDEX drill_items_user ON drill_items (user_name, generated_at);
	CREATE TABLE drill_pushes (
		machine text NOT NULL,
		user_name text NOT NULL,
		last_push timestamptz NOT NULL,
		items bigint NOT NULL DEFAULT 0,
		PRIMARY KEY (machine, user_name)
	);
	`,
];

export const teamSchemaVersion = migrations.length;

/** Any number taken as the lock's key; the same in every drill. */
const migrationLock = 7_370_337;

async function currentVersion(client: TeamClient): Promise<number | null> {
	const [exists] = await client.query<{found: string | null}>("SELECT to_regclass('drill_team_meta')::text AS found");
	if (!exists?.found) return null;
	const [row] = await client.query<{value: string}>("SELECT value FROM drill_team_meta WHERE key = 'schema_version'");
	return row ? Number(row.value) : 0;
}

/** The database's schema version (null: drill has never written to it), without changing anything. */
export async function readSchemaVersion(client: TeamClient): Promise<number | null> {
	return currentVersion(client);
}

function newerError(version: number, client: TeamClient): DrillError {
	return new DrillError('team_error', `the team database at ${client.target.shown} has schema version ${version}, newer than this drill understands (${teamSchemaVersion})`, 'upgrade drill on this machine');
}

/** Brings the database to this drill's schema (creating it in an empty database); refuses a newer one. */
export async function ensureSchema(client: TeamClient): Promise<number> {
	const seen = await currentVersion(client);
	if (seen === teamSchemaVersion) return seen;
	if (seen !== null && seen > teamSchemaVersion) throw newerError(seen, client);
	return client.transaction(async () => {
		await client.query('SELECT pg_advisory_xact_lock($1)', [migrationLock]);
		await client.query('CREATE TABLE IF NOT EXISTS drill_team_meta (key text PRIMARY KEY, value text NOT NULL)');
		// Read again under the lock: another drill may have migrated meanwhile.
		const version = (await currentVersion(client)) ?? 0;
		if (version > teamSchemaVersion) throw newerError(version, client);
		for (let at = version; at < teamSchemaVersion; at++) await client.query(migrations[at]!);
		await client.query("INSERT INTO drill_team_meta (key, value) VALUES ('schema_version', $1) ON CONFLICT (key) DO UPDATE SET value = excluded.value", [String(teamSchemaVersion)]);
		return teamSchemaVersion;
	});
}

/** For readers (pull, find --team): a database drill never wrote to, or a newer one, is refused. */
export async function requireSchema(client: TeamClient): Promise<void> {
	const version = await currentVersion(client);
	if (version === null || version === 0) throw new DrillError('team_error', `the team database at ${client.target.shown} holds no drill archive yet`, 'drill push --to URL sends this store there first');
	if (version > teamSchemaVersion) throw newerError(version, client);
	if (version < teamSchemaVersion) await ensureSchema(client);
}
