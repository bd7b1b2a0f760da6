import path from 'node:path';
import Database from 'better-sqlite3';
import {describe, expect, it} from 'vitest';
import type {ItemRecord} from '../../source/store/interchange.js';
import {migrations} from '../../source/store/schema.js';
import {SummaryStore} from '../../source/store/summary-store.js';
import {usageBlocks, usageReport} from '../../source/store/usage-report.js';
import type {UsageBucket} from '../../source/core/usage.js';
import {tempDir} from '../helpers/cli.js';
import {drillErrorOf} from '../helpers/errors.js';
import {makeItem} from '../helpers/items.js';

const bucket = (hour: string, model: string, tokens: Partial<UsageBucket>, usd?: number): UsageBucket => ({hour, model, input: 0, output: 0, cache_write: 0, cache_read: 0, messages: 1, ...tokens, ...(usd === undefined ? {} : {usd}), last: `${hour}:40:00.000Z`});

function session(id: string, source: NonNullable<ItemRecord['source']>): ItemRecord {
	return {...makeItem('conversation_session', id, {generatedAt: source.started_at ?? '2026-10-14T09:00:00.000Z'}), source};
}

function store(): SummaryStore {
	const opened = SummaryStore.open(path.join(tempDir(), 'store.db'), {write: true});
	opened.writeItem(session('a', {agent: 'claude-code', project: '/src/pay', started_at: '2026-10-14T09:10:00.000Z', usage: [bucket('2026-10-14T09', 'claude-sonnet-4-5', {input: 100, output: 50, cache_read: 1000}, 1.5), bucket('2026-10-14T23', 'claude-sonnet-4-5', {input: 10, output: 5}, 0.5)]}));
	opened.writeItem(session('b', {agent: 'claude-code', project: '/src/pay', started_at: '2026-10-15T16:00:00.000Z', usage: [bucket('2026-10-15T16', 'claude-opus-4-1', {output: 10}, 2), bucket('2026-10-15T16', 'glm-4.6', {input: 7})]}));
	// The agent recorded the session's cost: exact, shared over its hours by their estimates.
	opened.writeItem(session('c', {agent: 'opencode', project: '/src/web', started_at: '2026-10-15T01:00:00.000Z', cost_usd: 3, usage: [bucket('2026-10-15T01', 'gpt-5', {input: 30}, 1), bucket('2026-10-16T01', 'gpt-5', {input: 60}, 2)]}));
	// Tokens without buckets (another summarizer's file): one bucket at its start, priced from the table.
	opened.writeItem(session('d', {agent: 'codex', started_at: '2026-10-16T10:00:00.000Z', model: 'gpt-5-codex', tokens: {input: 1_000_000, output: 100_000}}));
	opened.writeItem(makeItem('docs', 'page'));
	return opened;
}

describe('usage in the store', () => {
	it('adds up by day (UTC or another zone), with estimates labelled, exact costs where the agent recorded them, and models without a price named', () => {
		const opened = store();
		const days = usageReport(opened, {by: 'day'});
		expect(days.groups.map((group) => [group.key, group.sessions, group.total_tokens, group.cost.usd === undefined ? undefined : Number(group.cost.usd.toFixed(4)), group.cost.exact, group.cost.unpriced])).toEqual([
			['2026-10-14', 1, 1165, 2, false, undefined],
			['2026-10-15', 2, 47, 3, false, ['glm-4.6']],
			['2026-10-16', 2, 1_100_060, 4.25, false, undefined],
		]);
		// gpt-5-codex at $1.25 in and $10 out per million tokens.
		expect(days.total).toMatchObject({sessions: 4, input: 1_000_207, output: 100_065, cache_read: 1000});
		expect(days.total.cost.usd).toBeCloseTo(2 + 2 + 3 + 1.25 + 1, 6);
		// Nine hours east, a's last hour (23:00 UTC) is on the 15th, b's (16:00 UTC) on the 16th.
		expect(usageReport(opened, {by: 'day', timezone: '+09:00'}).groups.map((group) => [group.key, group.total_tokens])).toEqual([['2026-10-14', 1150], ['2026-10-15', 15 + 30], ['2026-10-16', 17 + 60 + 1_100_000]]);
		expect(usageReport(opened, {by: 'day', since: '2026-10-15', until: '2026-10-15'}).total.sessions).toBe(2);
		opened.close();
	});

	it('groups by week, month, session, project, agent and model; a recorded total is exact', () => {
		const opened = store();
		expect(usageReport(opened, {by: 'week'}).groups.map((group) => group.key)).toEqual(['2026-10-12']);
		expect(usageReport(opened, {by: 'month'}).groups.map((group) => group.key)).toEqual(['2026-10']);
		const sessions = usageReport(opened, {by: 'session', limit: 2});
		// The most recent first.
		expect(sessions.groups.map((group) => [group.key, group.title, group.agent])).toEqual([['conversation_session:d', 'Session d', 'codex'], ['conversation_session:c', 'Session c', 'opencode']]);
		expect(sessions.more).toBe(2);
		// Each group is one session (counted without DISTINCT); the total still counts every session once.
		expect(sessions.groups.map((group) => group.sessions)).toEqual([1, 1]);
		expect(sessions.total.sessions).toBe(4);
		expect(sessions.groups[1]!.cost).toEqual({usd: 3, exact: true});
		expect(usageReport(opened, {by: 'agent'}).groups.map((group) => group.key)).toEqual(['claude-code', 'opencode', 'codex']);
		expect(usageReport(opened, {by: 'project'}).groups.map((group) => [group.key, group.sessions])).toEqual([['/src/pay', 2], ['/src/web', 1], ['', 1]]);
		// The costliest first; at the same cost, the most tokens.
		expect(usageReport(opened, {by: 'model', agent: 'claude-code'}).groups.map((group) => group.key)).toEqual(['claude-sonnet-4-5', 'claude-opus-4-1', 'glm-4.6']);
		expect(opened.one('SELECT cost_usd, cost_exact, cost_unpriced FROM items WHERE item_id = ?', 'b')).toEqual({cost_usd: 2, cost_exact: 0, cost_unpriced: 'glm-4.6'});
		opened.close();
	});

	it('5-hour blocks start at the hour of the first message after a block and hold what comes within five hours; longer pauses are gaps', () => {
		const opened = store();
		const blocks = usageBlocks(opened, {agent: 'claude-code'}, new Date('2026-10-15T17:00:00Z'));
		expect(blocks.map((block) => [block.start, block.end, block.gap, block.active, block.total_tokens])).toEqual([
			['2026-10-14T09:00:00.000Z', '2026-10-14T14:00:00.000Z', false, false, 1150],
			['2026-10-14T14:40:00.000Z', '2026-10-14T23:00:00.000Z', true, false, 0],
			['2026-10-14T23:00:00.000Z', '2026-10-15T04:00:00.000Z', false, false, 15],
			['2026-10-15T04:40:00.000Z', '2026-10-15T16:00:00.000Z', true, false, 0],
			['2026-10-15T16:00:00.000Z', '2026-10-15T21:00:00.000Z', false, true, 17],
		]);
		opened.close();
	});

	it('refuses a bad day, zone or grouping in one line that says what would do', () => {
		const opened = store();
		expect(drillErrorOf(() => usageReport(opened, {by: 'day', since: '14/10/2026'})).line).toMatch(/--since "14\/10\/2026" is not a day.*YYYY-MM-DD/u);
		expect(drillErrorOf(() => usageReport(opened, {by: 'day', timezone: 'Mars/Olympus'})).line).toMatch(/unknown time zone.*UTC, local, or an offset/u);
		expect(drillErrorOf(() => usageReport(opened, {by: 'year' as 'day'})).line).toMatch(/give one of day, week, month, session, project, agent, model/u);
		expect(drillErrorOf(() => usageReport(opened, {by: 'day', since: '2026-10-16', until: '2026-10-15'})).line).toMatch(/after --until/u);
		opened.close();
	});

	it('an older store gets its sessions\' totals at their start when it is opened (the next ingest reads them per message)', () => {
		const file = path.join(tempDir(), 'store.db');
		const db = new Database(file);
		// A store of schema 10, the last before usage rows (migration 11).
		const beforeUsage = 10;
		for (const migration of migrations.slice(0, beforeUsage)) migration(db);
		db.pragma(`user_version = ${beforeUsage}`);
		db.prepare("INSERT INTO namespaces (name, item_count) VALUES ('conversation_session', 1)").run();
		db.prepare(`INSERT INTO items (namespace, item_id, title, generated_at, node_count, span_count, agent, started_at, model, source_extra, tokens)
			VALUES ('conversation_session', 'old', 'Old', '2026-01-02T03:04:05.000Z', 1, 0, 'claude-code', '2026-01-02T03:04:05.000Z', 'claude-sonnet-4-5', ?, 1100)`).run(JSON.stringify({tokens: {input: 1000, output: 100}}));
		db.close();
		const opened = SummaryStore.open(file, {write: true});
		const report = usageReport(opened, {by: 'day'});
		expect(report.groups.map((group) => [group.key, group.input, group.output])).toEqual([['2026-01-02', 1000, 100]]);
		expect(report.total.cost.usd).toBeCloseTo((1000 * 3 + 100 * 15) / 1e6, 9);
		opened.close();
	});
});
