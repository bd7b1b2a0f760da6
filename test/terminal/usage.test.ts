import path from 'node:path';
import {afterEach, beforeAll, describe, expect, test} from 'vitest';
import {runCli, tempDir} from '../helpers/cli.js';
import {PtyScreen} from '../helpers/pty-screen.js';

let store: string;
let app: PtyScreen | undefined;

beforeAll(() => {
	store = path.join(tempDir(), 'store.db');
	const ingested = runCli(['ingest', path.resolve('fixtures/usage'), '--store', store]);
	expect(ingested.code, ingested.stderr).toBe(0);
});
afterEach(() => {
	app?.kill();
	app = undefined;
});

describe('the usage screen in a terminal', () => {
	test('$ opens it on the last days with use; a day\'s session opens in the tree with Enter; q quits', async () => {
		// TZ fixes the days the screen counts in (local time), NO_COLOR takes the colours away.
		app = new PtyScreen(['--store', store, '--drills', tempDir()], {env: {TZ: 'UTC', NO_COLOR: '1'}});
		await app.waitFor(/^└.*┘$/mu);
		app.write('$');
		// The day's sessions are read just after the screen is drawn.
		let text = await app.waitFor(/› Build physics reasoning pipeline/u);
		// The window ends today, or on the last day with use when it had none (the fixtures' is 2026-05-07).
		expect(text).toMatch(/Usage \d{4}-\d{2}-\d{2} – \d{4}-\d{2}-\d{2} · ≈ \$5\.08 · 4\.5M tok · 1 session/u);
		expect(text).toContain('cost per day, local time (UTC+00:00) (c: tokens)');
		expect(text).toMatch(/\$5\.08 │ +█/u);
		expect(text).toContain('Thu 2026-05-07 · ≈ $5.08 · 4.5M tok · 1 session');
		for (const line of text.split('\n')) expect(line.length).toBeLessThanOrEqual(app.terminal.cols);
		app.write('\r');
		text = await app.waitForNode('conversation_session:ba4d23c4f9f8');
		expect(text).not.toContain('cost per day');
		app.write('q');
		expect(await app.exit()).toBe(0);
	});
});
