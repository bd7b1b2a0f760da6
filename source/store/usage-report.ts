import {DrillError} from '../core/errors.js';
import type {CostView} from '../core/usage.js';
import {usageGroupings, type ReportOptions, type UsageBlock, type UsageFilter, type UsageGroup, type UsageGrouping, type UsageReport, type UsageTotals} from '../core/usage-report.js';
import type {SummaryStore} from './summary-store.js';

/**
 * `drill usage`, the MCP tool `usage` and the app's usage screen: the usage rows (usage-rows.ts)
 * added up by a period or a dimension, over a span of days, read from the store alone. Days,
 * weeks and months are those of a time zone (UTC unless asked), worked out by SQLite from each
 * row's UTC hour.
 */

interface SumRow {
	key: string;
	sessions: number;
	messages: number;
	input: number;
	output: number;
	cache_write: number;
	cache_read: number;
	cost: number | null;
	estimated: number;
	unpriced: string | null;
	models: string | null;
	first: string | null;
	last: string | null;
}

const day = /^\d{4}-\d{2}-\d{2}$/u;

/** The SQLite modifier that turns a UTC time into the zone's: '+0 minutes', '+330 minutes', 'localtime'. */
export function zoneModifier(timezone: string | undefined): string {
	const zone = (timezone ?? 'UTC').trim();
	if (/^(?:utc|z|gmt)$/iu.test(zone)) return '+0 minutes';
	if (/^local$/iu.test(zone)) return 'localtime';
	const offset = /^([+-])(\d{1,2})(?::?(\d{2}))?$/u.exec(zone);
	if (offset && Number(offset[2]) <= 14 && Number(offset[3] ?? 0) < 60) return `${offset[1]}${Number(offset[2]) * 60 + Number(offset[3] ?? 0)} minutes`;
	throw new DrillError('bad_input', `unknown time zone ${JSON.stringify(zone)}`, 'give UTC, local, or an offset such as +05:30 or -8');
}

/**
 * The modifier for a filter: `local` as a fixed offset when this machine's zone keeps one offset
 * over the filter's span (no change of summer time in it), since SQLite's `localtime` costs a
 * call into the C library per row (3.7 s against 0.7 s for 150 000 rows at load 18).
 */
function filterModifier(store: SummaryStore, filter: UsageFilter): string {
	const modifier = zoneModifier(filter.timezone);
	if (modifier !== 'localtime') return modifier;
	const span = store.one<{first: string | null; last: string | null}>('SELECT min(hour) AS first, max(hour) AS last FROM usage_hours');
	const from = Date.parse(`${filter.since ?? span?.first?.slice(0, 10) ?? '1970-01-01'}T00:00:00Z`) - 86_400_000;
	const to = Date.parse(`${filter.until ?? span?.last?.slice(0, 10) ?? '1970-01-01'}T00:00:00Z`) + 2 * 86_400_000;
	if (!Number.isFinite(from) || !Number.isFinite(to)) return modifier;
	const offset = new Date(from).getTimezoneOffset();
	// Summer time changes at most twice a year: a look every week finds any change in the span.
	for (let at = from; at <= to; at += 7 * 86_400_000) if (new Date(at).getTimezoneOffset() !== offset) return modifier;
	if (new Date(to).getTimezoneOffset() !== offset) return modifier;
	return `${offset > 0 ? '-' : '+'}${Math.abs(offset)} minutes`;
}

/** The last UTC hour with use (`YYYY-MM-DDTHH`), from the hour index. */
export function latestUsageHour(store: SummaryStore): string | undefined {
	return store.one<{hour: string | null}>('SELECT max(hour) AS hour FROM usage_hours')?.hour ?? undefined;
}

/** A day's start in the zone, as the UTC hour that holds it (`2026-10-14T00` in UTC). */
function dayStartHour(date: string, modifier: string, field: string): string {
	if (!day.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`))) throw new DrillError('bad_input', `--${field} ${JSON.stringify(date)} is not a day`, 'give it as YYYY-MM-DD, e.g. 2026-10-14');
	if (modifier === 'localtime') {
		const [year, month, dayOfMonth] = date.split('-').map(Number) as [number, number, number];
		return new Date(year, month - 1, dayOfMonth).toISOString().slice(0, 13);
	}
	const minutes = Number(modifier.split(' ')[0]);
	return new Date(Date.parse(`${date}T00:00:00Z`) - minutes * 60_000).toISOString().slice(0, 13);
}

function nextDay(date: string): string {
	return new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/** The WHERE clause and its parameters for a filter (over usage_hours `u`). */
function where(filter: UsageFilter, modifier: string): {sql: string; params: unknown[]} {
	const clauses: string[] = [];
	const params: unknown[] = [];
	if (filter.since) {
		clauses.push('u.hour >= ?');
		params.push(dayStartHour(filter.since, modifier, 'since'));
	}
	if (filter.until) {
		dayStartHour(filter.until, modifier, 'until');
		clauses.push('u.hour < ?');
		params.push(dayStartHour(nextDay(filter.until), modifier, 'until'));
	}
	if (filter.since && filter.until && filter.since > filter.until) throw new DrillError('bad_input', `--since ${filter.since} is after --until ${filter.until}`, 'give the earlier day to --since');
	for (const field of ['agent', 'project', 'model'] as const) {
		const value = filter[field];
		if (value === undefined) continue;
		clauses.push(`u.${field} = ?`);
		params.push(value);
	}
	return {sql: clauses.length > 0 ? `WHERE ${clauses.join(' AND ')}` : '', params};
}

/**
 * The sums of a group of rows; `models` lists the models too (a second DISTINCT aggregate: as dear
 * as the session count). A group of one session's rows (`--by session`) is one session: counted
 * without the DISTINCT aggregate (a fifth of that report's time over 50 000 sessions).
 */
function sumsOf(models: boolean, oneSession = false): string {
	return `${oneSession ? '1' : 'count(DISTINCT u.item)'} AS sessions, sum(u.messages) AS messages, sum(u.input) AS input, sum(u.output) AS output,
	sum(u.cache_write) AS cache_write, sum(u.cache_read) AS cache_read, sum(coalesce(u.recorded_usd, u.usd)) AS cost,
	sum(u.recorded_usd IS NULL) AS estimated,
	group_concat(DISTINCT CASE WHEN u.recorded_usd IS NULL AND u.usd IS NULL AND u.input + u.output + u.cache_write + u.cache_read > 0 THEN u.model END) AS unpriced,
	${models ? 'group_concat(DISTINCT u.model)' : 'NULL'} AS models, min(u.hour) AS first, max(coalesce(u.last, u.hour)) AS last`;
}
const sums = sumsOf(true);

function totals(row: SumRow | undefined): UsageTotals {
	const input = row?.input ?? 0;
	const output = row?.output ?? 0;
	const cacheWrite = row?.cache_write ?? 0;
	const cacheRead = row?.cache_read ?? 0;
	const unpriced = row?.unpriced ? row.unpriced.split(',').map((model) => model || 'an unnamed model') : [];
	const cost: CostView = {...(row?.cost === null || row?.cost === undefined ? {} : {usd: row.cost}), exact: row !== undefined && row.cost !== null && row.estimated === 0 && unpriced.length === 0};
	if (unpriced.length > 0) cost.unpriced = [...new Set(unpriced)].sort();
	return {
		sessions: row?.sessions ?? 0,
		messages: row?.messages ?? 0,
		input,
		output,
		cache_write: cacheWrite,
		cache_read: cacheRead,
		total_tokens: input + output + cacheWrite + cacheRead,
		cost,
		models: row?.models ? [...new Set(row.models.split(','))].filter(Boolean).sort() : [],
	};
}

function periodKey(by: UsageGrouping, modifier: string): string | undefined {
	const at = `u.hour || ':00:00'`;
	if (by === 'day') return modifier === '+0 minutes' ? 'substr(u.hour, 1, 10)' : `date(${at}, '${modifier}')`;
	// ISO weeks: the Monday on or before the day.
	if (by === 'week') return `date(${at}, '${modifier}', '-6 days', 'weekday 1')`;
	if (by === 'month') return modifier === '+0 minutes' ? 'substr(u.hour, 1, 7)' : `strftime('%Y-%m', ${at}, '${modifier}')`;
	return undefined;
}

/**
 * Whether the report can be read from the UTC days (usage-days.ts): every grouping but sessions,
 * when days are UTC, or for agents, projects and models over all days (where no day's edge counts).
 */
function fromDays(options: ReportOptions, modifier: string): boolean {
	if (options.by === 'session') return false;
	return modifier === '+0 minutes' || (!periodKey(options.by, modifier) && !options.since && !options.until);
}

/** The usage report: one group per period or dimension value, and the totals of everything the filter kept. */
export function usageReport(store: SummaryStore, options: ReportOptions): UsageReport {
	if (!usageGroupings.includes(options.by)) throw new DrillError('bad_input', `--by ${JSON.stringify(options.by)} is not a grouping`, `give one of ${usageGroupings.join(', ')}`);
	const modifier = filterModifier(store, options);
	const period = periodKey(options.by, modifier);
	const {groups, sessions} = fromDays(options, modifier) ? dayGroups(store, options) : hourGroups(store, options, modifier, period);
	const total = totals(groups.length === 0 ? undefined : {...mergeRows(groups), sessions, first: groups.reduce<string | null>((min, row) => (row.first && (!min || row.first < min) ? row.first : min), null), last: groups.reduce<string | null>((max, row) => (row.last && (!max || row.last > max) ? row.last : max), null)});
	const limit = options.limit !== undefined && options.limit >= 0 ? options.limit : groups.length;
	// Periods keep the most recent, the other groupings the first in their order.
	const kept = period ? groups.slice(Math.max(0, groups.length - limit)) : groups.slice(0, limit);
	const shown = kept.map((row): UsageGroup => ({key: String(row.key), ...totals(row), ...(row.first ? {first: row.first} : {}), ...(row.last ? {last: row.last} : {})}));
	if (options.by === 'session') describeSessions(store, shown);
	return {by: options.by, timezone: options.timezone ?? 'UTC', ...(options.since ? {since: options.since} : {}), ...(options.until ? {until: options.until} : {}), groups: shown, more: groups.length - shown.length, total};
}

/** The order of the groups (over the grouped rows, whose names are the sums'): periods by time, sessions the most recent first, the rest the costliest first. */
function orderOf(by: UsageGrouping, period: string | undefined): string {
	return period ? 'key' : by === 'session' ? 'last DESC, key' : 'coalesce(cost, 0) DESC, input + output + cache_write + cache_read DESC, key';
}

/** The groups from every session's hours (usage_hours), and the sessions in all of them. */
function hourGroups(store: SummaryStore, options: ReportOptions, modifier: string, period: string | undefined): {groups: SumRow[]; sessions: number} {
	const filter = where(options, modifier);
	const key = period ?? (options.by === 'session' ? 'u.item' : `u.${options.by}`);
	// One pass over the rows: the totals are the groups' sums, and their sessions a count of distinct items (read from an index).
	const groups = store.all<SumRow>(`SELECT * FROM (SELECT ${key} AS key, ${sumsOf(!period, options.by === 'session')} FROM usage_hours u ${filter.sql} GROUP BY 1) ORDER BY ${orderOf(options.by, period)}`, ...filter.params);
	const sessions = groups.length === 0 ? 0 : (store.one<{sessions: number}>(`SELECT count(DISTINCT u.item) AS sessions FROM usage_hours u ${filter.sql}`, ...filter.params)?.sessions ?? 0);
	return {groups, sessions};
}

/** The WHERE clause and its parameters for a filter over UTC days (usage_days `d`, usage_spread `s`). */
function dayWhere(filter: UsageFilter, table: 'd' | 's'): {sql: string; params: unknown[]} {
	// The same checks, and messages, as for hours.
	where(filter, '+0 minutes');
	const clauses: string[] = [];
	const params: unknown[] = [];
	if (filter.since) {
		clauses.push(`${table}.day >= ?`);
		params.push(filter.since);
	}
	if (filter.until) {
		clauses.push(`${table}.day <= ?`);
		params.push(filter.until);
	}
	for (const field of ['agent', 'project', 'model'] as const) {
		const value = filter[field];
		if (value === undefined) continue;
		clauses.push(`${table}.${field} = ?`);
		params.push(value);
	}
	return {sql: clauses.length > 0 ? `WHERE ${clauses.join(' AND ')}` : '', params};
}

/**
 * The groups from the UTC days (usage-days.ts): a row per day, agent, project and model, or with
 * the projects added together (usage-model-days.ts) when the report neither groups nor filters by
 * project, a twelfth of the rows to read. A session in more than one of a group's rows (over two
 * days, or with two models) is counted once: usage_spread lists those sessions' days and models,
 * and each group gives back what it counted twice.
 */
function dayGroups(store: SummaryStore, options: ReportOptions): {groups: SumRow[]; sessions: number} {
	const key = (table: 'd' | 's') => (options.by === 'day' ? `${table}.day` : options.by === 'week' ? `date(${table}.day, '-6 days', 'weekday 1')` : options.by === 'month' ? `substr(${table}.day, 1, 7)` : `${table}.${options.by}`);
	const days = dayWhere(options, 'd');
	const period = options.by === 'day' || options.by === 'week' || options.by === 'month';
	// By model, a group's model is its key: no list of distinct models to make (two sorts of every row fewer).
	const unpriced = options.by === 'model' ? 'CASE WHEN max(d.unpriced) > 0 THEN d.model END' : 'group_concat(DISTINCT CASE WHEN d.unpriced > 0 THEN d.model END)';
	const models = period ? 'NULL' : options.by === 'model' ? 'd.model' : 'group_concat(DISTINCT d.model)';
	const groups = store.all<SumRow>(
		`SELECT * FROM (SELECT ${key('d')} AS key, sum(d.sessions) AS sessions, sum(d.messages) AS messages, sum(d.input) AS input, sum(d.output) AS output,
			sum(d.cache_write) AS cache_write, sum(d.cache_read) AS cache_read, sum(d.cost) AS cost, sum(d.estimated) AS estimated,
			${unpriced} AS unpriced, ${models} AS models,
			min(d.first) AS first, max(d.last) AS last
		 FROM ${options.by === 'project' || options.project !== undefined ? 'usage_days' : 'usage_model_days'} d ${days.sql} GROUP BY 1) ORDER BY ${orderOf(options.by, period ? 'key' : undefined)}`,
		...days.params,
	);
	if (groups.length === 0) return {groups, sessions: 0};
	const spread = dayWhere(options, 's');
	const twice = new Map(store.all<{key: string; extra: number}>(`SELECT ${key('s')} AS key, count(*) - count(DISTINCT s.item) AS extra FROM usage_spread s ${spread.sql} GROUP BY 1`, ...spread.params).map((row) => [row.key, row.extra]));
	// Two counts rather than count(DISTINCT): the distinct items come in key order, without a sort (13 M instructions against 32 M at 50 000 sessions).
	const extra = store.one<{extra: number}>(`SELECT (SELECT count(*) FROM usage_spread s ${spread.sql}) - (SELECT count(*) FROM (SELECT DISTINCT s.item FROM usage_spread s ${spread.sql})) AS extra`, ...spread.params, ...spread.params)?.extra ?? 0;
	let sessions = -extra;
	for (const group of groups) {
		sessions += group.sessions;
		group.sessions -= twice.get(group.key) ?? 0;
	}
	return {groups, sessions};
}

/** A session group's key becomes its node id (`namespace:item_id`), with its title, start, agent and project. */
function describeSessions(store: SummaryStore, groups: UsageGroup[]): void {
	if (groups.length === 0) return;
	const rows = store.all<{id: number; namespace: string; item_id: string; title: string; started_at: string | null; generated_at: string; agent: string | null; project: string | null}>(
		'SELECT id, namespace, item_id, title, started_at, generated_at, agent, project FROM items WHERE id IN (SELECT value FROM json_each(?))',
		JSON.stringify(groups.map((group) => Number(group.key))),
	);
	const byId = new Map(rows.map((row) => [String(row.id), row]));
	for (const group of groups) {
		const row = byId.get(group.key);
		if (!row) continue;
		group.key = `${row.namespace}:${row.item_id}`;
		group.title = row.title;
		group.started_at = row.started_at ?? row.generated_at;
		if (row.agent) group.agent = row.agent;
		if (row.project) group.project = row.project;
	}
}

const blockMs = 5 * 3_600_000;

/**
 * Usage in 5-hour blocks, as ccusage counts them: a block starts at the UTC hour of the first
 * message after the previous block, and holds every message less than five hours after its start
 * (rows are hourly, so a message exactly five hours after it, to the millisecond, falls in the next
 * block); a pause of more than five hours after a block's last message is a gap, up to the hour of
 * the next one.
 */
export function usageBlocks(store: SummaryStore, filter: UsageFilter, now = new Date()): UsageBlock[] {
	const modifier = filterModifier(store, filter);
	const clause = where(filter, modifier);
	const rows = store.all<SumRow & {item: number}>(`SELECT u.hour AS key, u.item AS item, ${sums} FROM usage_hours u ${clause.sql} GROUP BY u.hour, u.item ORDER BY u.hour`, ...clause.params);
	const blocks: UsageBlock[] = [];
	let current: {start: number; rows: Array<SumRow & {item: number}>} | undefined;
	const close = () => {
		if (!current) return;
		const last = current.rows.map((row) => row.last ?? `${row.key}:00:00.000Z`).sort().at(-1)!;
		const end = current.start + blockMs;
		const merged = {...totals(mergeRows(current.rows)), sessions: new Set(current.rows.map((row) => row.item)).size};
		blocks.push({start: new Date(current.start).toISOString(), end: new Date(end).toISOString(), last, active: now.getTime() - Date.parse(last) < blockMs && now.getTime() < end, gap: false, ...merged});
	};
	for (const row of rows) {
		const hour = Date.parse(`${row.key}:00:00Z`);
		if (current && hour - current.start >= blockMs) {
			close();
			const previousLast = Date.parse(blocks.at(-1)!.last!);
			if (hour - previousLast > blockMs) blocks.push({start: new Date(previousLast + blockMs).toISOString(), end: new Date(hour).toISOString(), active: false, gap: true, ...totals(undefined)});
			current = undefined;
		}
		current ??= {start: hour, rows: []};
		current.rows.push(row);
	}
	close();
	return blocks;
}

/** Rows added up (a block's hours and sessions). */
function mergeRows(rows: SumRow[]): SumRow {
	const merged: SumRow = {key: '', sessions: 0, messages: 0, input: 0, output: 0, cache_write: 0, cache_read: 0, cost: null, estimated: 0, unpriced: null, models: null, first: null, last: null};
	const unpriced = new Set<string>();
	const models = new Set<string>();
	for (const row of rows) {
		merged.messages += row.messages;
		merged.input += row.input;
		merged.output += row.output;
		merged.cache_write += row.cache_write;
		merged.cache_read += row.cache_read;
		if (row.cost !== null) merged.cost = (merged.cost ?? 0) + row.cost;
		merged.estimated += row.estimated;
		for (const model of row.unpriced?.split(',') ?? []) unpriced.add(model);
		for (const model of row.models?.split(',') ?? []) models.add(model);
	}
	merged.unpriced = unpriced.size > 0 ? [...unpriced].join(',') : null;
	merged.models = models.size > 0 ? [...models].join(',') : null;
	return merged;
}

/**
 * Activity by weekday and hour (the usage screen's heatmap): how many sessions were at work in
 * each hour of each weekday, over the filter's days, in its time zone. `[weekday][hour]`, Sunday 0.
 */
export function usageActivity(store: SummaryStore, filter: UsageFilter): number[][] {
	const modifier = filterModifier(store, filter);
	const clause = where(filter, modifier);
	const at = `u.hour || ':00:00'`;
	const cells = store.all<{weekday: string; hour: string; sessions: number}>(
		`SELECT strftime('%w', ${at}, '${modifier}') AS weekday, strftime('%H', ${at}, '${modifier}') AS hour, count(DISTINCT u.item || ' ' || u.hour) AS sessions FROM usage_hours u ${clause.sql} GROUP BY 1, 2`,
		...clause.params,
	);
	const grid = Array.from({length: 7}, () => Array.from({length: 24}, () => 0));
	for (const cell of cells) grid[Number(cell.weekday)]![Number(cell.hour)] = cell.sessions;
	return grid;
}
