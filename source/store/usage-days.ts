import {prepared} from './prepared.js';
import type {SqliteDatabase} from './sqlite-database.js';
import {usageMeasureColumns} from './usage-measure-columns.js';
import {recountUsageModelDays} from './usage-model-days.js';

/**
 * The usage rows (usage-rows.ts) added up per UTC day, agent, project and model: what `drill
 * usage` reads by day, week, month, agent, project and model instead of every session's hours (a
 * row per day and model of each session, 150 000 rows for 50 000 sessions, against a row per day,
 * agent, project and model here). Kept in step by every item write and delete, in the item's own
 * transaction, like the group counts (item-groups.ts); nothing here is a fact of its own.
 *
 * `sessions` counts the sessions with use on that day in that model, so a sum over several rows
 * counts twice a session with more than one day or model in them: usage_spread lists the days and
 * models of those sessions (a few in a hundred), and a report takes off the sessions it counted
 * more than once (store/usage-report.ts).
 */

const sums = `sum(messages), sum(input), sum(output), sum(cache_write), sum(cache_read), sum(coalesce(recorded_usd, usd)),
	sum(recorded_usd IS NULL), sum(recorded_usd IS NULL AND usd IS NULL AND input + output + cache_write + cache_read > 0), min(hour), max(coalesce(last, hour))`;
const columns = 'day, agent, project, model, sessions, messages, input, output, cache_write, cache_read, cost, estimated, unpriced, first, last';

export function createUsageDays(db: SqliteDatabase): void {
	db.exec(`
		CREATE TABLE IF NOT EXISTS usage_days (
			day TEXT NOT NULL,
			agent TEXT NOT NULL,
			project TEXT NOT NULL,
			model TEXT NOT NULL,
			${usageMeasureColumns},
			PRIMARY KEY (day, agent, project, model)
		) WITHOUT ROWID;
		CREATE TABLE IF NOT EXISTS usage_spread (
			item INTEGER NOT NULL REFERENCES items (id) ON DELETE CASCADE,
			day TEXT NOT NULL,
			model TEXT NOT NULL,
			agent TEXT NOT NULL,
			project TEXT NOT NULL,
			PRIMARY KEY (item, day, model)
		) WITHOUT ROWID;
		CREATE INDEX IF NOT EXISTS usage_spread_by_day ON usage_spread (day);
	`);
	rebuildUsageDays(db);
}

/** Every row again from the usage rows (the migration that adds the tables). */
function rebuildUsageDays(db: SqliteDatabase): void {
	db.exec(`
		DELETE FROM usage_days;
		INSERT INTO usage_days (${columns})
			SELECT substr(hour, 1, 10), agent, project, model, count(DISTINCT item), ${sums} FROM usage_hours GROUP BY 1, 2, 3, 4;
		DELETE FROM usage_spread;
		INSERT INTO usage_spread (item, day, model, agent, project)
			SELECT item, substr(hour, 1, 10), model, agent, project FROM usage_hours
			WHERE item IN (SELECT item FROM usage_hours GROUP BY item HAVING count(DISTINCT substr(hour, 1, 10) || ' ' || model) > 1)
			GROUP BY 1, 2, 3;
	`);
}

/** Counts a just-written item's usage rows into the days (after writeUsage, in its transaction). */
export function addToUsageDays(db: SqliteDatabase, itemRowId: number): void {
	prepared(
		db,
		`INSERT INTO usage_days (${columns})
			SELECT substr(hour, 1, 10), agent, project, model, 1, ${sums} FROM usage_hours WHERE item = ? GROUP BY 1, 2, 3, 4
		 ON CONFLICT (day, agent, project, model) DO UPDATE SET sessions = sessions + 1, messages = messages + excluded.messages,
			input = input + excluded.input, output = output + excluded.output, cache_write = cache_write + excluded.cache_write, cache_read = cache_read + excluded.cache_read,
			cost = CASE WHEN cost IS NULL THEN excluded.cost WHEN excluded.cost IS NULL THEN cost ELSE cost + excluded.cost END,
			estimated = estimated + excluded.estimated, unpriced = unpriced + excluded.unpriced, first = min(first, excluded.first), last = max(last, excluded.last)`,
	).run(itemRowId);
	prepared(
		db,
		`INSERT INTO usage_spread (item, day, model, agent, project)
			SELECT item, substr(hour, 1, 10), model, agent, project FROM usage_hours
			WHERE item = ? AND (SELECT count(DISTINCT substr(hour, 1, 10) || ' ' || model) FROM usage_hours WHERE item = ?) > 1
			GROUP BY 1, 2, 3`,
	).run(itemRowId, itemRowId);
	recountUsageModelDays(db, prepared(db, 'SELECT DISTINCT substr(hour, 1, 10) AS day, agent, model FROM usage_hours WHERE item = ?').all(itemRowId) as Array<{day: string; agent: string; model: string}>);
}

/**
 * Removes an item's usage rows (before the item itself) and counts the days they were in again
 * from the rows left: a sum taken apart would keep the rounding of costs added and removed, and
 * could not say what the first and last hours are now.
 */
export function removeUsage(db: SqliteDatabase, itemRowId: number): void {
	const keys = prepared(db, 'SELECT DISTINCT substr(hour, 1, 10) AS day, agent, project, model FROM usage_hours WHERE item = ?').all(itemRowId) as Array<{day: string; agent: string; project: string; model: string}>;
	if (keys.length === 0) return;
	prepared(db, 'DELETE FROM usage_hours WHERE item = ?').run(itemRowId);
	prepared(db, 'DELETE FROM usage_spread WHERE item = ?').run(itemRowId);
	const remove = prepared(db, 'DELETE FROM usage_days WHERE day = ? AND agent = ? AND project = ? AND model = ?');
	const recount = prepared(
		db,
		`INSERT INTO usage_days (${columns})
			SELECT substr(hour, 1, 10), agent, project, model, count(DISTINCT item), ${sums} FROM usage_hours
			WHERE hour > ? AND hour < ? AND agent = ? AND project = ? AND model = ? GROUP BY 1, 2, 3, 4`,
	);
	for (const key of keys) {
		remove.run(key.day, key.agent, key.project, key.model);
		recount.run(key.day, `${key.day}U`, key.agent, key.project, key.model);
	}
	recountUsageModelDays(db, keys);
}
