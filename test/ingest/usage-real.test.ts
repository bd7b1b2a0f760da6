import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {SummaryStore} from '../../source/store/summary-store.js';
import {usageReport} from '../../source/store/usage-report.js';
import {tempDir} from '../helpers/cli.js';
import {ingest} from '../helpers/ingest.js';

/** fixtures/usage/README.md's hand count: [agent, hour, model, messages, input, output, cache write, cache read, USD]. */
const handCount: Array<[string, string, string, number, number, number, number, number, number]> = [
	['claude-code', '2026-04-05T05', 'claude-haiku-4-5-20251001', 12, 2363, 5834, 64085, 438964, 0.155536],
	['claude-code', '2026-04-05T05', 'claude-opus-4-6', 4, 6, 1529, 15740, 39107, 0.156184],
	['claude-code', '2026-04-05T05', 'claude-sonnet-4-6', 22, 28, 6368, 89292, 529096, 0.589178],
	['claude-code', '2026-04-05T06', 'claude-opus-4-6', 8, 10, 1842, 26956, 99596, 0.264373],
	['claude-code', '2026-04-05T06', 'claude-sonnet-4-6', 15, 25, 9327, 61167, 748455, 0.593893],
	['codex', '2026-05-07T15', 'gpt-5.5', 30, 120638, 16744, 0, 801536, 1.506278],
	['codex', '2026-05-07T16', 'gpt-5.5', 31, 126707, 20337, 0, 1815168, 2.151229],
	['codex', '2026-05-07T17', 'gpt-5.5', 18, 52071, 12270, 0, 1580288, 1.418599],
	['gemini-cli', '2025-09-16T20', 'gemini-2.5-pro', 27, 81051, 37766, 0, 293152, 0.515618],
];

describe('usage of real sessions (fixtures/usage)', () => {
	it('matches the hand count per hour and model: each message once, subagents with their session, priced at list prices', async () => {
		const storePath = path.join(tempDir(), 'store.db');
		const report = await ingest(['fixtures/usage'], {storePath, workers: false});
		expect(report.failed).toEqual([]);
		const store = SummaryStore.open(storePath);
		const rows = store.all<{agent: string; hour: string; model: string; messages: number; input: number; output: number; cache_write: number; cache_read: number; usd: number}>(
			'SELECT agent, hour, model, messages, input, output, cache_write, cache_read, usd FROM usage_hours ORDER BY agent, hour, model',
		);
		expect(rows.map(({usd, ...counts}) => Object.values(counts))).toEqual(handCount.map((row) => row.slice(0, 8)));
		rows.forEach((row, index) => expect(row.usd, `${row.hour} ${row.model}`).toBeCloseTo(handCount[index]![8], 6));
		// One session per agent: the Claude Code session holds its three subagents' use.
		const byAgent = usageReport(store, {by: 'agent'});
		expect(byAgent.groups.map((group) => [group.key, group.sessions, group.cost.exact])).toEqual([['codex', 1, false], ['claude-code', 1, false], ['gemini-cli', 1, false]]);
		expect(byAgent.total.cost.usd).toBeCloseTo(handCount.reduce((sum, row) => sum + row[8], 0), 5);
		store.close();
	});
});
