import type {ItemSource} from '../core/item-source.js';
import {estimateUsd} from '../core/prices.js';
import {bucketsOf, bucketTokens, sessionCost, tokenKinds, type UsageBucket} from '../core/usage.js';
import {prepared} from './prepared.js';
import type {SqliteDatabase} from './sqlite-database.js';

/**
 * The store's copy of each item's usage buckets, one row per item, UTC hour and model (with the
 * item's agent and project beside it, so `drill usage` groups without a join), and the session's
 * cost on its item row for the listings. Derived from the item's provenance when it is written:
 * nothing here is a fact of its own.
 */

/**
 * An item's provenance with its usage complete: a session with tokens but no buckets (an older
 * export, another summarizer's file) gets one at its start, and a bucket without a price is
 * priced from its counts where the table knows its model.
 */
export function withUsage(source: ItemSource, generatedAt: string): ItemSource {
	let usage = source.usage;
	if (!usage?.length) {
		const tokens = source.tokens;
		if (!tokens || Object.values(tokens).every((value) => !value)) return source;
		usage = bucketsOf([{at: source.started_at ?? generatedAt, ...(source.model ? {model: source.model} : {}), ...tokens}], estimateUsd);
		return usage.length > 0 ? {...source, usage} : source;
	}
	if (usage.every((bucket) => bucket.usd !== undefined || !bucket.model)) return source;
	return {...source, usage: usage.map((bucket) => (bucket.usd !== undefined || !bucket.model ? bucket : priced(bucket)))};
}

function priced(bucket: UsageBucket): UsageBucket {
	const at = `${bucket.hour}:30:00.000Z`;
	// Without the messages, the bucket is priced as one request of its mean size.
	const messages = Math.max(1, bucket.messages);
	const one = estimateUsd({model: bucket.model, at, input: bucket.input / messages, output: bucket.output / messages, cache_read: bucket.cache_read / messages, cache_write: bucket.cache_write / messages});
	return one === undefined ? bucket : {...bucket, usd: one * messages};
}

/**
 * What the agent recorded for the whole session, shared over its buckets (by their estimates,
 * else their tokens) when it did not record it per message: each hour's share of an exact total.
 */
function recordedShares(source: ItemSource, usage: readonly UsageBucket[]): Array<number | undefined> {
	const total = source.cost_usd;
	if (total === undefined || usage.some((bucket) => bucket.recorded_usd !== undefined)) return usage.map((bucket) => bucket.recorded_usd);
	const byEstimate = usage.every((bucket) => bucket.usd !== undefined) && usage.some((bucket) => (bucket.usd ?? 0) > 0);
	const weights = usage.map((bucket) => (byEstimate ? bucket.usd! : bucketTokens(bucket)));
	const sum = weights.reduce((a, b) => a + b, 0);
	return usage.map((_, index) => (sum > 0 ? (total * weights[index]!) / sum : index === 0 ? total : 0));
}

/** Writes the item's usage rows and its cost columns (inside the item's write transaction). */
export function writeUsage(db: SqliteDatabase, itemRowId: number, source: ItemSource): void {
	const usage = source.usage ?? [];
	const insert = prepared(
		db,
		`INSERT INTO usage_hours (item, hour, model, agent, project, input, output, cache_write, cache_read, messages, usd, recorded_usd, last)
		 VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		 ON CONFLICT (item, hour, model) DO UPDATE SET input = input + excluded.input, output = output + excluded.output, cache_write = cache_write + excluded.cache_write,
			cache_read = cache_read + excluded.cache_read, messages = messages + excluded.messages, usd = usd + excluded.usd,
			recorded_usd = CASE WHEN recorded_usd IS NULL AND excluded.recorded_usd IS NULL THEN NULL ELSE coalesce(recorded_usd, 0) + coalesce(excluded.recorded_usd, 0) END, last = max(last, excluded.last)`,
	);
	const recorded = recordedShares(source, usage);
	usage.forEach((bucket, index) => {
		insert.run(itemRowId, bucket.hour, bucket.model, source.agent ?? '', source.project ?? '', ...tokenKinds.map((kind) => bucket[kind]), bucket.messages, bucket.usd ?? null, recorded[index] ?? null, bucket.last ?? null);
	});
	const cost = sessionCost(source);
	if (cost) prepared(db, 'UPDATE items SET cost_usd = ?, cost_exact = ?, cost_unpriced = ? WHERE id = ?').run(cost.usd ?? null, cost.exact ? 1 : 0, cost.unpriced?.join('\n') ?? null, itemRowId);
}

/** The usage table, and every stored session's usage from what its provenance holds (a migration). */
export function createUsageTable(db: SqliteDatabase): void {
	db.exec(`
		CREATE TABLE IF NOT EXISTS usage_hours (
			item INTEGER NOT NULL REFERENCES items (id) ON DELETE CASCADE,
			hour TEXT NOT NULL,
			model TEXT NOT NULL,
			agent TEXT NOT NULL,
			project TEXT NOT NULL,
			input INTEGER NOT NULL,
			output INTEGER NOT NULL,
			cache_write INTEGER NOT NULL,
			cache_read INTEGER NOT NULL,
			messages INTEGER NOT NULL,
			usd REAL,
			recorded_usd REAL,
			last TEXT,
			PRIMARY KEY (item, hour, model)
		) WITHOUT ROWID;
		CREATE INDEX IF NOT EXISTS usage_by_hour ON usage_hours (hour);
	`);
	const columns = new Set((db.prepare('PRAGMA table_info(items)').all() as Array<{name: string}>).map((column) => column.name));
	if (!columns.has('cost_usd')) db.exec('ALTER TABLE items ADD COLUMN cost_usd REAL');
	if (!columns.has('cost_exact')) db.exec('ALTER TABLE items ADD COLUMN cost_exact INTEGER');
	if (!columns.has('cost_unpriced')) db.exec('ALTER TABLE items ADD COLUMN cost_unpriced TEXT');
	// Sessions stored before: their totals at their start (the next ingest reads them again, per message).
	const rows = db.prepare("SELECT id, generated_at, agent, project, started_at, model, source_extra FROM items WHERE tokens > 0 OR source_extra LIKE '%cost_usd%'").all() as Array<{id: number; generated_at: string; agent: string | null; project: string | null; started_at: string | null; model: string | null; source_extra: string | null}>;
	for (const row of rows) {
		let extra: ItemSource = {};
		try {
			extra = JSON.parse(row.source_extra ?? '{}') as ItemSource;
		} catch {
			continue;
		}
		const source: ItemSource = {...extra, ...(row.agent ? {agent: row.agent} : {}), ...(row.project ? {project: row.project} : {}), ...(row.started_at ? {started_at: row.started_at} : {}), ...(row.model ? {model: row.model} : {})};
		writeUsage(db, row.id, withUsage(source, row.generated_at));
	}
}
