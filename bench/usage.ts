import {spawnSync} from 'node:child_process';
import {existsSync, mkdtempSync, renameSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import type {UsageBucket} from '../source/core/usage.js';
import type {ItemRecord} from '../source/store/interchange.js';
import {SummaryStore} from '../source/store/summary-store.js';
import {AppController} from '../source/ui/controller.js';
import {createServices} from '../source/ui/services.js';
import {benchRuntime, machine, ms, summarize, timeSync, type Summary} from './stats.js';

/** Sizes: the real benchmark (50 000 sessions over a year), and `--smoke` (a small store CI builds in seconds). */
const sizes = {full: {sessions: 50_000, runs: 15, cliRuns: 7}, smoke: {sessions: 500, runs: 3, cliRuns: 2}};
type Size = (typeof sizes)[keyof typeof sizes];

const agents = ['claude-code', 'codex', 'gemini-cli', 'opencode', 'cline', 'qwen-code'];
const models = ['claude-sonnet-4-5-20250929', 'claude-opus-4-1-20250805', 'claude-haiku-4-5-20251001', 'gpt-5-codex', 'gemini-2.5-pro', 'qwen3-coder-plus'];
const year = 365 * 24 * 3_600_000;
const end = Date.UTC(2026, 11, 5, 18);

/** Session `index`'s usage: 1–4 hours from its start, one or two models an hour, priced ahead (nothing to price at write). */
function buckets(index: number, start: number): UsageBucket[] {
	const list: UsageBucket[] = [];
	const hours = 1 + (index % 4);
	for (let hour = 0; hour < hours; hour++) {
		const at = new Date(start + hour * 3_600_000).toISOString();
		for (const model of index % 5 === 0 ? [models[index % models.length]!, models[(index + 2) % models.length]!] : [models[index % models.length]!]) {
			const input = 500 + ((index * 37 + hour * 11) % 5000);
			const output = 200 + ((index * 13 + hour) % 3000);
			const cacheRead = 20_000 + ((index * 101) % 200_000);
			list.push({hour: at.slice(0, 13), model, input, output, cache_write: input * 2, cache_read: cacheRead, messages: 3 + (hour % 9), ...(model.startsWith('qwen') ? {} : {usd: (input * 3 + output * 15 + cacheRead * 0.3 + input * 2 * 3.75) / 1e6}), last: at});
		}
	}
	return list;
}

function session(index: number, count: number): ItemRecord {
	const start = end - year + Math.floor((index / count) * year) + ((index * 7919) % 3_600_000);
	const started = new Date(start).toISOString();
	const usage = buckets(index, start);
	const tokens = {input: 0, output: 0, cache_read: 0, cache_write: 0};
	for (const bucket of usage) for (const kind of ['input', 'output', 'cache_read', 'cache_write'] as const) tokens[kind] += bucket[kind];
	const title = `Session ${index}`;
	return {
		namespace: 'conversation_session',
		item_id: `s${index}`,
		title,
		generated_at: started,
		source: {agent: agents[index % agents.length], project: `/home/bench/src/project-${(index * 7) % 40}`, started_at: started, model: usage[0]!.model, tokens, usage, ...(index % 6 === 3 ? {cost_usd: 0.5} : {})},
		tldr: '',
		nodes: [{ordinal: 0, parent: null, title, summary: '', keywords: [], spans: []}],
		spans: [],
	};
}

function generate(file: string, size: Size): void {
	const partial = `${file}.partial`;
	rmSync(partial, {force: true});
	const store = SummaryStore.open(partial, {write: true});
	store.db.pragma('synchronous = OFF');
	const started = performance.now();
	for (let from = 0; from < size.sessions; from += 1000) {
		store.db.transaction(() => {
			for (let index = from; index < Math.min(size.sessions, from + 1000); index++) store.writeItem(session(index, size.sessions));
		})();
		process.stderr.write(`\rgenerating: ${Math.min(size.sessions, from + 1000)} / ${size.sessions} sessions`);
	}
	store.db.pragma('wal_checkpoint(TRUNCATE)');
	store.close();
	renameSync(partial, file);
	process.stderr.write(`\rgenerated in ${((performance.now() - started) / 1000).toFixed(1)} s${' '.repeat(30)}\n`);
}

/** The built CLI, spawned: from process start to its exit. */
function cliRuns(file: string, args: string[], runs: number): Summary {
	// The built CLI of this clone (the bench runs from scripts/bench.mjs, so argv[1] is no guide).
	const cli = path.resolve('dist/cli.cjs');
	const samples: number[] = [];
	for (let run = 0; run < runs + 1; run++) {
		const start = performance.now();
		const result = spawnSync(process.execPath, [cli, 'usage', '--store', file, ...args], {encoding: 'utf8', env: {...process.env, NO_COLOR: '1'}});
		if (result.status !== 0) throw new Error(`drill usage ${args.join(' ')} failed: ${result.stderr}`);
		if (run > 0) samples.push(performance.now() - start);
	}
	return summarize(samples);
}

/** From `$` to the usage screen drawn with its data and its day's sessions, in the app's own controller. */
async function screenOpen(file: string, runs: number): Promise<Summary> {
	const services = createServices(benchRuntime(file));
	const controller = new AppController(services, {size: {columns: 120, rows: 40}, color: true, storeCheckMs: 0});
	controller.start();
	await controller.idle();
	const samples: number[] = [];
	for (let run = 0; run < runs + 1; run++) {
		const start = performance.now();
		controller.dispatch({type: 'key', key: {name: '$', text: '$'}});
		await controller.idle();
		const {screenModel} = await import('../source/ui/screen.js');
		screenModel(controller.getState());
		if (run > 0) samples.push(performance.now() - start);
		if (controller.getState().usage.status !== 'ready' || !controller.getState().usage.sessions) throw new Error('the usage screen did not load');
		controller.dispatch({type: 'key', key: {name: 'escape'}});
	}
	controller.dispose();
	services.close();
	return summarize(samples);
}

/**
 * `npm run bench -- usage [--fresh] [--smoke]`: `drill usage` and the app's usage screen on a
 * generated store of 50 000 sessions over a year (6 agents, 40 projects, 1–4 hours and one or two
 * models each).
 */
export async function run(args: string[]): Promise<void> {
	const smoke = args.includes('--smoke');
	const size = smoke ? sizes.smoke : sizes.full;
	const file = smoke ? path.join(mkdtempSync(path.join(tmpdir(), 'drill-bench-usage-')), 'smoke.db') : path.join(tmpdir(), `drill-bench-usage-${size.sessions}.db`);
	if (args.includes('--fresh')) rmSync(file, {force: true});
	if (!existsSync(file)) generate(file, size);
	const runtime = benchRuntime(file);
	const rows = (runtime.store().one<{rows: number}>('SELECT count(*) AS rows FROM usage_hours') ?? {rows: 0}).rows;
	console.log(`drill usage benchmark — ${machine()}`);
	console.log(`store: ${file} (${size.sessions.toLocaleString('en')} sessions, ${rows.toLocaleString('en')} usage rows, a year of days)`);
	console.log(`\n${'case'.padEnd(58)} ${'p50'.padStart(10)} ${'p95'.padStart(10)}`);
	const show = (label: string, figures: Summary) => console.log(`${label.padEnd(58)} ${ms(figures.p50).padStart(10)} ${ms(figures.p95).padStart(10)}`);
	for (const by of ['day', 'week', 'month', 'session', 'project', 'agent', 'model'] as const) show(`report --by ${by} (all days, in process)`, timeSync(() => runtime.usage({by, ...(by === 'session' ? {limit: 30} : {})}), size.runs, 2));
	show('report --by day --timezone local (all days, in process)', timeSync(() => runtime.usage({by: 'day', timezone: 'local'}), size.runs, 2));
	show('report --by day, the last 30 days (in process)', timeSync(() => runtime.usage({by: 'day', since: '2026-11-06', until: '2026-12-05'}), size.runs, 2));
	show('--blocks, claude-code (in process)', timeSync(() => runtime.usageBlocks({agent: 'claude-code'}), size.runs, 2));
	runtime.close();
	show('`drill usage` (built CLI, spawn to exit)', cliRuns(file, [], size.cliRuns));
	show('`drill usage --by model --json` (built CLI, spawn to exit)', cliRuns(file, ['--by', 'model', '--json'], size.cliRuns));
	show('usage screen: `$` to drawn with its data (in the app)', await screenOpen(file, size.runs));
	if (smoke) rmSync(path.dirname(file), {recursive: true, force: true});
	console.log(`\n(${size.runs} runs per in-process row after warm-up, ${size.cliRuns} per CLI row; medians and 95th percentiles; targets: drill usage < 200 ms, the usage screen < 150 ms)`);
}
