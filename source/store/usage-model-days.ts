import {prepared} from './prepared.js';
import {usageMeasureColumns} from './usage-measure-columns.js';
import type {SqliteDatabase} from './sqlite-database.js';

/**
 * The UTC days (usage-days.ts) with every project added together: a row per day, agent and model.
 * What `drill usage` reads by day, week, month, agent and model when no project is asked for
 * (4 392 rows for the benchmark's 50 000 sessions, against 52 593 days by project): reading and
 * sorting the finer rows was most of the report's time. Kept in step with the days, in the same
 * transaction; nothing here is a fact of its own.
 *
 * A session has one project, so its sessions here are the sum of the days' over projects, and a
 * session in more than one row (days or models) is in usage_spread as for the days.
 */

const columns = 'day, agent, model, sessions, messages, input, output, cache_write, cache_read, cost, estimated, unpriced, first, last';
const sums = 'sum(sessions), sum(messages), sum(input), sum(output), sum(cache_write), sum(cache_read), sum(cost), sum(estimated), sum(unpriced), min(first), max(last)';

export function createUsageModelDays(db: SqliteDatabase): void {
	db.exec(`
		CREATE TABLE IF NOT EXISTS usage_model_days (
			day TEXT NOT NULL,
			agent TEXT NOT NULL,
			model TEXT NOT NULL,
			${usageMeasureColumns},
			PRIMARY KEY (day, agent, model)
		) WITHOUT ROWID;
		DELETE FROM usage_model_days;
		INSERT INTO usage_model_days (${columns}) SELECT day, agent, model, ${sums} FROM usage_days GROUP BY 1, 2, 3;
	`);
}

/** Counts again the rows of the days, agents and models given, from the days (after the days changed, in their transaction). */
export function recountUsageModelDays(db: SqliteDatabase, keys: Iterable<{day: string; agent: string; model: string}>): void {
	const remove = prepared(db, 'DELETE FROM usage_model_days WHERE day = ? AND agent = ? AND model = ?');
	const recount = prepared(db, `INSERT INTO usage_model_days (${columns}) SELECT day, agent, model, ${sums} FROM usage_days WHERE day = ? AND agent = ? AND model = ? GROUP BY 1, 2, 3`);
	const seen = new Set<string>();
	for (const {day, agent, model} of keys) {
		const key = `${day}\u0000${agent}\u0000${model}`;
		if (seen.has(key)) continue;
		seen.add(key);
		remove.run(day, agent, model);
		recount.run(day, agent, model);
	}
}
