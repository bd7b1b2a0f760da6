import path from 'node:path';
import {beforeAll, describe, expect, it} from 'vitest';
import {hasStackTrace, runCli, tempDir} from '../helpers/cli.js';

let store: string;

beforeAll(() => {
	store = path.join(tempDir(), 'store.db');
	const ingested = runCli(['ingest', path.resolve('fixtures/usage'), '--store', store]);
	expect(ingested.code, ingested.stderr).toBe(0);
});

const usage = (...args: string[]) => runCli(['usage', '--store', store, ...args]);

describe('drill usage', () => {
	it('prints cost and tokens per day, estimates marked ≈, the totals last', () => {
		const {code, stdout} = usage();
		expect(code).toBe(0);
		const lines = stdout.trimEnd().split('\n');
		expect(lines[0]).toBe('Usage by day (UTC) · 3 sessions, 167 messages');
		expect(lines[1]).toMatch(/^day\s+sessions\s+input\s+output\s+cache wr\s+cache rd\s+total\s+cost$/u);
		expect(lines.slice(2, 5).map((line) => line.split(/\s{2,}/u)[0])).toEqual(['2025-09-16', '2026-04-05', '2026-05-07']);
		expect(lines[5]).toMatch(/^total\s+3\s+383k\s+112k\s+257k\s+6\.3M\s+7\.1M\s+≈ \$7\.35$/u);
		expect(stdout).toContain('≈ estimated from the price table');
	});

	it('--json gives the same groups and totals, with every count whole; --by model, --since and --until narrow it', () => {
		const all = JSON.parse(usage('--json', '--by', 'model').stdout);
		expect(all.by).toBe('model');
		expect(all.groups.map((group: {key: string}) => group.key)).toEqual(['gpt-5.5', 'claude-sonnet-4-6', 'gemini-2.5-pro', 'claude-opus-4-6', 'claude-haiku-4-5-20251001']);
		expect(all.groups[0]).toMatchObject({sessions: 1, messages: 79, input: 299416, output: 49351, cache_write: 0, cache_read: 4196992, total_tokens: 4545759, cost: {exact: false}});
		const april = JSON.parse(usage('--json', '--since', '2026-04-01', '--until', '2026-04-30').stdout);
		expect(april.groups.map((group: {key: string}) => group.key)).toEqual(['2026-04-05']);
		expect(april.total.sessions).toBe(1);
	});

	it('--by session lists the most recent first with the id walk takes; --blocks gives Claude Code\'s 5-hour blocks', () => {
		const sessions = JSON.parse(usage('--json', '--by', 'session').stdout);
		expect(sessions.groups.map((group: {agent: string}) => group.agent)).toEqual(['codex', 'claude-code', 'gemini-cli']);
		expect(sessions.groups[0].key).toMatch(/^conversation_session:/u);
		const blocks = JSON.parse(usage('--json', '--blocks').stdout);
		expect(blocks.agent).toBe('claude-code');
		expect(blocks.blocks.map((block: {start: string; end: string; messages: number}) => [block.start, block.end, block.messages])).toEqual([['2026-04-05T05:00:00.000Z', '2026-04-05T10:00:00.000Z', 61]]);
		expect(usage('--blocks').stdout).toMatch(/^5-hour blocks of claude-code \(UTC\) · 1 block/u);
	});

	it('says in one line what was wrong with a bad option, and what would do', () => {
		for (const [args, message] of [
			[['--by', 'year'], /--by "year" is not a grouping; give one of day, week, month, session, project, agent, model/u],
			[['--since', 'yesterday'], /--since "yesterday" is not a day.*YYYY-MM-DD/u],
			[['--timezone', 'Mars'], /unknown time zone "Mars"/u],
			[['--limit', '-2'], /--limit -2 is not a count/u],
		] as const) {
			const result = usage(...args);
			expect(result.code, args.join(' ')).not.toBe(0);
			expect(result.stderr.trim().split('\n')).toHaveLength(1);
			expect(result.stderr).toMatch(message);
			expect(hasStackTrace(result.stderr)).toBe(false);
		}
		expect(JSON.parse(usage('--by', 'year', '--json').stdout).error.code).toBe('bad_argument');
		expect(runCli(['usage', '--help']).stdout).toContain('--by day|week|month|session|project|agent|model');
	});
});
