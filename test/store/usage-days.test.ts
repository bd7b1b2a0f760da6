import path from 'node:path';
import Database from 'better-sqlite3';
import {beforeAll, describe, expect, it} from 'vitest';
import type {UsageBucket} from '../../source/core/usage.js';
import type {ReportOptions, UsageReport} from '../../source/core/usage-report.js';
import type {ItemRecord} from '../../source/store/interchange.js';
import {migrations} from '../../source/store/schema.js';
import {SummaryStore} from '../../source/store/summary-store.js';
import {usageReport} from '../../source/store/usage-report.js';
import {tempDir} from '../helpers/cli.js';
import {ingest} from '../helpers/ingest.js';
import {makeItem} from '../helpers/items.js';

/**
 * The report by day, week, month, agent, project and model is read from the UTC days
 * (store/usage-days.ts); these tests hold it to a count made here, in plain code, from every
 * session's hours (usage_hours): the same answer, through writes, forgets and re-ingests.
 */

interface HourRow {
	item: number;
	hour: string;
	model: string;
	agent: string;
	project: string;
	input: number;
	output: number;
	cache_write: number;
	cache_read: number;
	messages: number;
	usd: number | null;
	recorded_usd: number | null;
	last: string | null;
}

/** The Monday on or before a UTC day. */
function monday(day: string): string {
	const date = new Date(`${day}T00:00:00Z`);
	return new Date(date.getTime() - ((date.getUTCDay() + 6) % 7) * 86_400_000).toISOString().slice(0, 10);
}

/** What the report must say, counted from the hour rows. */
function countedFromHours(store: SummaryStore, options: ReportOptions) {
	const rows = store.all<HourRow>('SELECT * FROM usage_hours').filter((row) => (!options.since || row.hour.slice(0, 10) >= options.since) && (!options.until || row.hour.slice(0, 10) <= options.until) && (['agent', 'project', 'model'] as const).every((field) => options[field] === undefined || row[field] === options[field]));
	const keyOf = (row: HourRow) => (options.by === 'day' ? row.hour.slice(0, 10) : options.by === 'week' ? monday(row.hour.slice(0, 10)) : options.by === 'month' ? row.hour.slice(0, 7) : row[options.by as 'agent' | 'project' | 'model']);
	const add = (list: HourRow[]) => {
		const costs = list.map((row) => row.recorded_usd ?? row.usd).filter((cost): cost is number => cost !== null);
		const unpriced = [...new Set(list.filter((row) => row.recorded_usd === null && row.usd === null && row.input + row.output + row.cache_write + row.cache_read > 0).map((row) => row.model))].sort();
		return {
			sessions: new Set(list.map((row) => row.item)).size,
			messages: list.reduce((sum, row) => sum + row.messages, 0),
			tokens: (['input', 'output', 'cache_write', 'cache_read'] as const).map((kind) => list.reduce((sum, row) => sum + row[kind], 0)),
			usd: costs.length > 0 ? costs.reduce((a, b) => a + b, 0) : undefined,
			exact: costs.length > 0 && list.every((row) => row.recorded_usd !== null) && unpriced.length === 0,
			unpriced,
			models: [...new Set(list.map((row) => row.model))].sort(),
			first: list.map((row) => row.hour).sort()[0],
			last: list.map((row) => row.last ?? row.hour).sort().at(-1),
		};
	};
	const groups = new Map<string, HourRow[]>();
	for (const row of rows) groups.set(keyOf(row), [...(groups.get(keyOf(row)) ?? []), row]);
	return {groups: new Map([...groups].map(([key, list]) => [key, add(list)])), total: add(rows)};
}

function expectSameAsHours(store: SummaryStore, options: ReportOptions): void {
	const label = JSON.stringify(options);
	const report: UsageReport = usageReport(store, options);
	const counted = countedFromHours(store, options);
	expect(report.groups.map((group) => group.key).sort(), label).toEqual([...counted.groups.keys()].sort());
	const period = ['day', 'week', 'month'].includes(options.by);
	// Periods in time order; the others the costliest first, then the most tokens.
	const tokens = (key: string) => counted.groups.get(key)!.tokens.reduce((a, b) => a + b, 0);
	const ordered = [...counted.groups.keys()].sort((a, b) => (period ? (a < b ? -1 : 1) : (counted.groups.get(b)!.usd ?? 0) - (counted.groups.get(a)!.usd ?? 0) || tokens(b) - tokens(a) || (a < b ? -1 : 1)));
	expect(report.groups.map((group) => group.key), label).toEqual(ordered);
	for (const group of [...report.groups, {...report.total, key: 'total'}]) {
		const want = group.key === 'total' ? counted.total : counted.groups.get(group.key)!;
		const where = `${label} ${group.key}`;
		expect([group.sessions, group.messages, [group.input, group.output, group.cache_write, group.cache_read], group.cost.exact, group.cost.unpriced ?? []], where).toEqual([want.sessions, want.messages, want.tokens, want.exact, want.unpriced]);
		if (want.usd === undefined) expect(group.cost.usd, where).toBeUndefined();
		else expect(group.cost.usd, where).toBeCloseTo(want.usd, 9);
		if (!period || group.key === 'total') expect(group.models, where).toEqual(group.key === 'total' && period ? [] : want.models);
		if (group.key !== 'total') expect([(group as {first?: string}).first, (group as {last?: string}).last], where).toEqual([want.first, want.last]);
	}
	expect(report.total.sessions, label).toBe(counted.total.sessions);
}

const groupings = ['day', 'week', 'month', 'agent', 'project', 'model'] as const;
const filters: Array<Omit<ReportOptions, 'by'>> = [{}, {since: '2026-10-15'}, {until: '2026-10-15'}, {since: '2026-04-05', until: '2026-10-15'}, {agent: 'claude-code'}, {model: 'claude-sonnet-4-5'}, {project: '/src/pay', since: '2026-10-15'}, {model: 'gpt-5', until: '2026-10-14'}];

/** The days with the projects added together (usage-model-days.ts), as counted here from the hour rows. */
function expectModelDaysSameAsHours(store: SummaryStore): void {
	const rows = store.all<HourRow>('SELECT * FROM usage_hours');
	const counted = new Map<string, HourRow[]>();
	for (const row of rows) {
		const key = [row.hour.slice(0, 10), row.agent, row.model].join(' ');
		counted.set(key, [...(counted.get(key) ?? []), row]);
	}
	const kept = store.all<{day: string; agent: string; model: string; sessions: number; messages: number; input: number; output: number; cache_write: number; cache_read: number; cost: number | null; estimated: number; unpriced: number; first: string; last: string}>('SELECT * FROM usage_model_days');
	expect(kept.map((row) => [row.day, row.agent, row.model].join(' ')).sort()).toEqual([...counted.keys()].sort());
	for (const row of kept) {
		const list = counted.get([row.day, row.agent, row.model].join(' '))!;
		const costs = list.map((hour) => hour.recorded_usd ?? hour.usd).filter((cost): cost is number => cost !== null);
		const sum = (field: 'messages' | 'input' | 'output' | 'cache_write' | 'cache_read') => list.reduce((total, hour) => total + hour[field], 0);
		expect([row.sessions, row.messages, row.input, row.output, row.cache_write, row.cache_read, row.estimated, row.unpriced, row.first, row.last], row.day).toEqual([
			new Set(list.map((hour) => hour.item)).size,
			sum('messages'),
			sum('input'),
			sum('output'),
			sum('cache_write'),
			sum('cache_read'),
			list.filter((hour) => hour.recorded_usd === null).length,
			list.filter((hour) => hour.recorded_usd === null && hour.usd === null && hour.input + hour.output + hour.cache_write + hour.cache_read > 0).length,
			list.map((hour) => hour.hour).sort()[0],
			list.map((hour) => hour.last ?? hour.hour).sort().at(-1),
		]);
		if (costs.length === 0) expect(row.cost).toBeNull();
		else expect(row.cost).toBeCloseTo(costs.reduce((a, b) => a + b, 0), 9);
	}
}

function expectAllSameAsHours(store: SummaryStore): void {
	expectModelDaysSameAsHours(store);
	for (const by of groupings) for (const filter of filters) expectSameAsHours(store, {by, ...filter});
}

const bucket = (hour: string, model: string, tokens: Partial<UsageBucket>, usd?: number): UsageBucket => ({hour, model, input: 0, output: 0, cache_write: 0, cache_read: 0, messages: 1, ...tokens, ...(usd === undefined ? {} : {usd}), last: `${hour}:40:00.000Z`});

function session(id: string, source: NonNullable<ItemRecord['source']>): ItemRecord {
	return {...makeItem('conversation_session', id, {generatedAt: source.started_at ?? '2026-10-14T09:00:00.000Z'}), source};
}

/** Sessions over two days, with two models in a day, a recorded cost, a model without a price, and one without hours. */
const sessions: ItemRecord[] = [
	session('a', {agent: 'claude-code', project: '/src/pay', started_at: '2026-10-14T09:10:00.000Z', usage: [bucket('2026-10-14T09', 'claude-sonnet-4-5', {input: 100, output: 50, cache_read: 1000}, 1.5), bucket('2026-10-14T23', 'claude-sonnet-4-5', {input: 10, output: 5}, 0.5), bucket('2026-10-15T00', 'claude-sonnet-4-5', {input: 7}, 0.25), bucket('2026-10-15T00', 'claude-haiku-4-5', {output: 3}, 0.01)]}),
	session('b', {agent: 'claude-code', project: '/src/pay', started_at: '2026-10-15T16:00:00.000Z', usage: [bucket('2026-10-15T16', 'claude-opus-4-1', {output: 10}, 2), bucket('2026-10-15T16', 'glm-4.6', {input: 7}), bucket('2026-10-15T17', 'claude-sonnet-4-5', {input: 70}, 0.7)]}),
	session('c', {agent: 'opencode', project: '/src/web', started_at: '2026-10-15T01:00:00.000Z', cost_usd: 3, usage: [bucket('2026-10-15T01', 'gpt-5', {input: 30}, 1), bucket('2026-10-19T01', 'gpt-5', {input: 60}, 2)]}),
	session('d', {agent: 'codex', started_at: '2026-10-16T10:00:00.000Z', model: 'gpt-5-codex', tokens: {input: 1_000_000, output: 100_000}}),
	session('e', {agent: 'claude-code', project: '/src/web', started_at: '2026-10-14T08:00:00.000Z', usage: [bucket('2026-10-14T08', 'claude-sonnet-4-5', {input: 5, cache_write: 40}, 0.05)]}),
];

/** The migrations that make the days and the days by model, found by what they call (later migrations do not move them). */
const usageMigrations = ['createUsageDays', 'createUsageModelDays'].map((name) => migrations.findIndex((migration) => migration.toString().includes(name)));

describe('usage by day, agent, project and model, from the UTC days', () => {
	let storePath: string;

	beforeAll(async () => {
		storePath = path.join(tempDir(), 'store.db');
		// Real Claude Code, Codex and Gemini CLI sessions (fixtures/usage, counted by hand in test/ingest/usage-real.test.ts).
		const report = await ingest(['fixtures/usage'], {storePath, workers: false});
		expect(report.failed).toEqual([]);
		const store = SummaryStore.open(storePath, {write: true});
		for (const item of sessions) store.writeItem(item);
		store.close();
	});

	it('answers as every session\'s hours do, for every grouping and filter', () => {
		const store = SummaryStore.open(storePath);
		expect(store.one<{rows: number}>('SELECT count(*) AS rows FROM usage_days')!.rows).toBeGreaterThan(10);
		// Two projects of claude-code on the 14th: fewer rows once the projects are added together.
		expect(store.one<{rows: number}>('SELECT count(*) AS rows FROM usage_model_days')!.rows).toBeLessThan(store.one<{rows: number}>('SELECT count(*) AS rows FROM usage_days')!.rows);
		// a (two days, two models), b (two models) and c (two days) are in more than one row.
		expect(store.all<{item_id: string}>('SELECT DISTINCT i.item_id FROM usage_spread s JOIN items i ON i.id = s.item ORDER BY 1').map((row) => row.item_id)).toEqual(expect.arrayContaining(['a', 'b', 'c']));
		expectAllSameAsHours(store);
		// Spot figures: a and e on the 14th, a, b and c on the 15th; a counted once over its two days.
		const days = usageReport(store, {by: 'day', since: '2026-10-14', until: '2026-10-15'});
		expect(days.groups.map((group) => [group.key, group.sessions])).toEqual([['2026-10-14', 2], ['2026-10-15', 3]]);
		expect(days.total.sessions).toBe(4);
		expect(usageReport(store, {by: 'model', agent: 'claude-code', since: '2026-10-14', until: '2026-10-15'}).groups.find((group) => group.key === 'claude-sonnet-4-5')!.sessions).toBe(3);
		store.close();
	});

	it('a page, which records no usage, changes no day, and a session written after it is counted as before', () => {
		const file = path.join(tempDir(), 'store.db');
		const store = SummaryStore.open(file, {write: true});
		const [first, ...rest] = sessions;
		store.writeItem(first!);
		const days = () => store.all('SELECT * FROM usage_days ORDER BY day, agent, project, model');
		const before = days();
		// Written without the three usage-day statements (write-item.ts): they would find no hours of it.
		store.writeItem(makeItem('document', 'page', {generatedAt: '2026-10-14T09:30:00.000Z'}));
		expect(store.one<{rows: number}>("SELECT count(*) AS rows FROM usage_hours h JOIN items i ON i.id = h.item WHERE i.item_id = 'page'")!.rows).toBe(0);
		expect(days()).toEqual(before);
		for (const item of rest) store.writeItem(item);
		expectAllSameAsHours(store);
		store.close();
	});

	it('stays right when sessions are forgotten and re-ingested with other hours, and equals a count made again from scratch', () => {
		const file = path.join(tempDir(), 'store.db');
		const store = SummaryStore.open(file, {write: true});
		for (const item of sessions) store.writeItem(item);
		expect(store.deleteItem('conversation_session', 'b')).toBe(true);
		expectAllSameAsHours(store);
		// a re-ingested: its second day gone, another model on the first.
		store.writeItem(session('a', {agent: 'claude-code', project: '/src/pay', started_at: '2026-10-14T09:10:00.000Z', usage: [bucket('2026-10-14T09', 'claude-sonnet-4-5', {input: 100, output: 50}, 1.25), bucket('2026-10-14T10', 'gpt-5', {input: 9}, 0.5)]}));
		// c re-ingested on one day only: no longer spread.
		store.writeItem(session('c', {agent: 'opencode', project: '/src/web', started_at: '2026-10-15T01:00:00.000Z', cost_usd: 3, usage: [bucket('2026-10-15T01', 'gpt-5', {input: 30}, 1)]}));
		store.writeItem(sessions[1]!);
		expectAllSameAsHours(store);
		expect(store.deleteItem('conversation_session', 'e')).toBe(true);
		expect(store.deleteItem('conversation_session', 'd')).toBe(true);
		expectAllSameAsHours(store);
		const tables = {usage_days: 'day, agent, project, model', usage_model_days: 'day, agent, model'};
		const kept = Object.entries(tables).map(([table, order]) => store.all<Record<string, unknown>>(`SELECT * FROM ${table} ORDER BY ${order}`));
		const spread = store.all('SELECT * FROM usage_spread ORDER BY item, day, model');
		// The migrations' count from the hour rows (the days, then the days by model): the same rows (costs to rounding).
		for (const at of usageMigrations) migrations[at]!(store.db as unknown as Database.Database);
		Object.entries(tables).forEach(([table, order], index) => {
			const again = store.all<Record<string, unknown>>(`SELECT * FROM ${table} ORDER BY ${order}`);
			expect(again.map(({cost, ...rest}) => rest), table).toEqual(kept[index]!.map(({cost, ...rest}) => rest));
			again.forEach((row, at) => expect(row.cost, table).toBeCloseTo(kept[index]![at]!.cost as number, 12));
		});
		expect(store.all('SELECT * FROM usage_spread ORDER BY item, day, model')).toEqual(spread);
		store.deleteItem('conversation_session', 'a');
		store.deleteItem('conversation_session', 'b');
		store.deleteItem('conversation_session', 'c');
		expect(store.one<{rows: number}>('SELECT count(*) AS rows FROM (SELECT day FROM usage_days UNION ALL SELECT day FROM usage_spread UNION ALL SELECT day FROM usage_model_days)')!.rows).toBe(0);
		store.close();
	});

	it.each([
		['the days', 'DROP TABLE usage_days; DROP TABLE usage_spread; DROP TABLE usage_model_days;', 0],
		['the days by model', 'DROP TABLE usage_model_days;', 1],
	])('an existing store from before %s gets them from its usage rows when it is opened', (_, drop, migration) => {
		const file = path.join(tempDir(), 'store.db');
		const store = SummaryStore.open(file, {write: true});
		for (const item of sessions) store.writeItem(item);
		store.close();
		// The store as that version left it: the tables it did not have gone, its version that many less.
		const db = new Database(file);
		db.exec(drop);
		db.pragma(`user_version = ${usageMigrations[migration]}`);
		db.close();
		const reopened = SummaryStore.open(file, {write: true});
		expectAllSameAsHours(reopened);
		reopened.close();
	});
});
