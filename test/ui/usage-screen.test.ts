import {afterEach, describe, expect, test} from 'vitest';
import type {UsageGroup} from '../../source/core/usage-report.js';
import {helpSections} from '../../source/ui/key-table.js';
import {useScheme} from '../../source/ui/theme.js';
import type {UsageService} from '../../source/ui/usage-service.js';
import type {UsageScreenData} from '../../source/ui/usage-types.js';
import {FakeServices, summaryTree} from './fake-services.js';
import {renderApp, type RenderedApp} from './render-app.js';

const summary = summaryTree({
	conversation_session: [
		{item: 'k3x9', title: 'API debugging', topics: ['Reproducing the 502s', 'Pool exhaustion']},
		{item: 'q8mt3', title: 'Slow invoices query', topics: ['The plan']},
	],
});

const group = (key: string, usd: number, tokens: number, sessions: number, extra: Partial<UsageGroup> = {}): UsageGroup => ({key, sessions, messages: sessions * 10, input: tokens, output: 0, cache_write: 0, cache_read: 0, total_tokens: tokens, cost: usd > 0 ? {usd, exact: false} : {exact: false}, models: usd > 0 ? ['claude-sonnet-4-5'] : [], ...extra});

/** Thirty days of use, the busiest on the 12th; the last day with use the 28th. */
function screenData(): UsageScreenData {
	const days = Array.from({length: 30}, (_, index) => {
		const key = `2026-10-${String(index + 1).padStart(2, '0')}`;
		const usd = index === 11 ? 9.5 : index < 28 && index % 3 === 0 ? 1 + index / 10 : 0;
		return group(key, usd, Math.round(usd * 100_000), usd > 0 ? 2 : 0);
	});
	const activity = Array.from({length: 7}, (_, weekday) => Array.from({length: 24}, (_, hour) => (weekday >= 1 && weekday <= 5 && hour >= 9 && hour <= 17 ? hour - 8 : 0)));
	return {
		days,
		agents: [group('claude-code', 30, 3_000_000, 20), group('codex', 8.25, 900_000, 6)],
		projects: [group('/home/ana/src/payments', 25, 2_500_000, 12), group('/home/ana/src/ledger', 13.25, 1_400_000, 14)],
		activity,
		total: group('', 38.25, 3_900_000, 26),
		zone: 'local time (UTC+00:00)',
	};
}

class UsageFake implements UsageService {
	readonly days: string[] = [];
	constructor(private readonly data: UsageScreenData | Error) {}
	screen(): UsageScreenData {
		if (this.data instanceof Error) throw this.data;
		return this.data;
	}
	day(day: string): UsageGroup[] {
		this.days.push(day);
		return [
			group('conversation_session:k3x9', 1.2, 120_000, 1, {title: 'API debugging', agent: 'claude-code'}),
			group('conversation_session:q8mt3', 0.5, 50_000, 1, {title: 'Slow invoices query', agent: 'codex'}),
		];
	}
}

function services(data: UsageScreenData | Error = screenData()): {services: FakeServices; usage: UsageFake} {
	const usage = new UsageFake(data);
	const fake = new FakeServices({summary}) as FakeServices & {usage: UsageService};
	fake.usage = usage;
	return {services: fake, usage};
}

let app: RenderedApp | undefined;
afterEach(async () => {
	if (app) await app.quit();
	app = undefined;
	useScheme('dark');
});

describe('the usage screen', () => {
	test('$ opens it at 80×24: the totals, cost per day as bars, the latest day with use and its sessions, the keys on the status line', async () => {
		const {services: fake, usage} = services();
		app = await renderApp(fake, {columns: 80, rows: 24});
		app.press('$');
		const screen = await app.screen.waitFor('API debugging · claude-code');
		expect(screen).toContain('Usage 2026-10-01 – 2026-10-30 · ≈ $38.25 · 3.9M tok · 26 sessions');
		expect(screen).toContain('cost per day, local time (UTC+00:00) (c: tokens)');
		expect(screen).toMatch(/\$9\.50 │.*█/u);
		expect(screen).toContain('Wed 2026-10-28 · ≈ $3.70 · 370k tok · 2 sessions');
		expect(screen).toMatch(/› API debugging · claude-code\s+≈ \$1\.20\s+120k tok\s+1 session/u);
		expect(screen).toMatch(/←→ day/u);
		expect(usage.days).toEqual(['2026-10-28']);
		// Every line of the screen fits its 80 columns and the frame stays below the terminal's height.
		const lines = (await app.screen.lines()).filter((line) => line.trim());
		expect(lines.length).toBeLessThanOrEqual(23);
		for (const line of lines) expect(line.length).toBeLessThanOrEqual(80);
	});

	test('←→ choose the day, ↑↓ a session of it, Enter opens that session in the tree', async () => {
		const {services: fake, usage} = services();
		app = await renderApp(fake, {columns: 100, rows: 40});
		app.press('$');
		await app.screen.waitFor('› API debugging');
		app.press('h');
		await app.screen.waitFor('Tue 2026-10-27 · — · 0 tok · 0 sessions');
		app.press('l');
		await app.screen.waitFor('Wed 2026-10-28');
		app.press('j');
		await app.screen.waitFor(/› Slow invoices query · codex/u);
		app.press('\r');
		const tree = await app.screen.waitFor(/Slow invoices query/u);
		expect(tree).not.toContain('cost per day');
		expect(app.controller.getState().mode).toBe('browse');
		expect(app.controller.getState().tree.nodes.get(app.controller.getState().tree.rows[app.controller.getState().tree.cursor]!)?.id).toBe('conversation_session:q8mt3');
		expect(usage.days).toEqual(['2026-10-28', '2026-10-27', '2026-10-28']);
	});

	test('in the light theme, in colour: the same screen', async () => {
		useScheme('light');
		const {services: fake} = services();
		app = await renderApp(fake, {columns: 100, rows: 40, color: true});
		app.press('$');
		const screen = await app.screen.waitFor('› API debugging');
		expect(screen).toMatch(/\$9\.50 │.*█/u);
		expect(screen).toContain('Sessions at work by weekday and hour');
		expect(app.screen.raw).toMatch(/\x1b\[(?:3[0-9]|38;)/u);
	});

	test('c charts tokens instead; by agent and project; the week\'s rhythm as shades that read without colour', async () => {
		const {services: fake} = services();
		app = await renderApp(fake, {columns: 100, rows: 40, color: false});
		app.press('$');
		await app.screen.waitFor('› API debugging');
		app.press('c');
		const screen = await app.screen.waitFor('tokens per day, local time (UTC+00:00) (c: cost)');
		expect(screen).toMatch(/950k │/u);
		expect(screen).toMatch(/claude-code\s+≈ \$30\.00\s+3\.0M tok\s+20 sessions/u);
		expect(screen).toMatch(/\/home\/ana\/src\/ledger\s+≈ \$13\.25/u);
		expect(screen).toContain('Sessions at work by weekday and hour, local time (UTC+00:00)');
		// Monday 09:00–17:00 from light to the darkest shade; the weekend empty.
		expect(screen).toMatch(/Mon {2}\s{9}░+▒+▓+█+\s*│/u);
		expect(screen).toMatch(/Sun {2}\s*│/u);
		expect(app.screen.raw).not.toMatch(/\x1b\[3[0-9];?[0-9;]*m|\x1b\[38;/u);
	});

	test('says what went wrong when usage cannot be read, and Esc goes back to the tree', async () => {
		const {services: fake} = services(new Error('the store is locked'));
		app = await renderApp(fake, {columns: 80, rows: 24});
		app.press('$');
		await app.screen.waitFor('usage could not be read: the store is locked');
		app.press('\u001b');
		await app.screen.waitFor(/↑↓ move/u);
		expect(app.controller.getState().mode).toBe('browse');
	});

	test('the help lists the key that opens it and the screen\'s own keys', async () => {
		const {services: fake} = services();
		app = await renderApp(fake, {columns: 120, rows: 60});
		app.press('?');
		const help = await app.screen.waitFor('Usage screen ($)');
		expect(help).toMatch(/← h → l\s+the day before \/ after/u);
		const everywhere = helpSections().find((section) => section.title === 'Everywhere')!;
		expect(everywhere.rows).toContainEqual({keys: '$', help: "usage and cost: per day, by agent and project, the week's rhythm"});
	});
});
