import {render} from 'ink-testing-library';
import {describe, expect, it, vi} from 'vitest';
import type {UsageGroup} from '../../source/core/usage-report.js';
import {App} from '../../source/ui/app.js';
import {AppController} from '../../source/ui/controller.js';
import type {UsageService} from '../../source/ui/usage-service.js';
import {FakeServices, summaryTree} from './fake-services.js';

const group = (key: string, usd: number, extra: Partial<UsageGroup> = {}): UsageGroup => ({key, sessions: usd > 0 ? 1 : 0, messages: 1, input: usd * 1000, output: 0, cache_write: 0, cache_read: 0, total_tokens: usd * 1000, cost: usd > 0 ? {usd, exact: false} : {exact: false}, models: [], ...extra});

const usage: UsageService = {
	screen: () => ({
		days: [group('2026-10-01', 2), group('2026-10-02', 0), group('2026-10-03', 4)],
		agents: [group('claude-code', 6)],
		projects: [group('/src/pay', 6)],
		activity: Array.from({length: 7}, () => Array.from({length: 24}, () => 0)),
		total: group('', 6),
		zone: 'local time (UTC+00:00)',
	}),
	day: (day) => (day === '2026-10-03' ? [group('summary:x', 4, {title: 'Fix the cache', agent: 'claude-code'})] : []),
};

describe('the usage screen with ink-testing-library', () => {
	it('renders the App component: $ shows the chart, the latest day with use and its session', async () => {
		const services = new FakeServices({summary: summaryTree({notes: [{item: 'x', title: 'Fix the cache', topics: []}]})}) as FakeServices & {usage: UsageService};
		services.usage = usage;
		const controller = new AppController(services, {size: {columns: 80, rows: 24}, color: false, storeCheckMs: 0});
		const {lastFrame, unmount} = render(<App controller={controller} />);
		controller.start();
		controller.dispatch({type: 'key', key: {name: '$', text: '$'}});
		// Without colour, bold, dim and inverse stay: read the text without them.
		const plain = () => (lastFrame() ?? '').replace(/\u001b\[[0-9;]*m/gu, '');
		await vi.waitFor(() => expect(plain()).toContain('› Fix the cache · claude-code'));
		const frame = plain();
		expect(frame).toContain('Usage 2026-10-01 – 2026-10-03 · ≈ $6.00 · 6,000 tok · 1 session');
		expect(frame).toMatch(/\$4\.00 │.*█/u);
		expect(frame).toContain('Sat 2026-10-03 · ≈ $4.00');
		unmount();
	});
});
