/**
 * `npm run bench -- app [--runs N] [--keys N] [--only first|keys] [--smoke]`: the explorer in a real pseudo-terminal
 * (`--smoke`: 2 spawns, 10 keys, 300 children — it checks that the bench runs, its figures mean nothing).
 * - first frame: spawn → the whole main view on screen (tree rows and the status line), median
 *   and p95 over N spawns, on the demo store built from fixtures/;
 * - keypress → frame: p50/p95 of moving the cursor inside a node of 100 000 children (a store
 *   generated into a temp folder), and of toggling the depth (1/2/3) on one of those children.
 * Each key is written after the previous frame has settled; the latency is the arrival time of
 * the output that shows the key's effect, minus the time the key was written.
 */
import {EventEmitter} from 'node:events';
import {existsSync, mkdirSync, mkdtempSync} from 'node:fs';
import {cpus, loadavg, tmpdir} from 'node:os';
import path from 'node:path';
import {buildDemoStore} from '../source/cli/demo-store.js';
import {SummaryStore} from '../source/store/summary-store.js';
import {openWritableStore} from '../source/store/writable.js';
import {PassThrough} from 'node:stream';
import type {AppController} from '../source/ui/controller.js';
import {runApp} from '../source/ui/run-app.js';
import {createServices} from '../source/ui/services.js';
import {PtyScreen} from '../test/helpers/pty-screen.js';

const wideNamespace = 'wide';
let wideChildren = 100_000;
const storeVersion = 'app-bench-1';

function option(args: string[], name: string, fallback: number): number {
	const at = args.indexOf(`--${name}`);
	const value = at === -1 ? undefined : Number(args[at + 1]);
	return value !== undefined && Number.isInteger(value) && value > 0 ? value : fallback;
}

function percentile(values: number[], p: number): number {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const pause = (time: number) => new Promise((resolve) => setTimeout(resolve, time));

/** A store with one namespace of `wideChildren` items (kept in the temp folder between runs). */
function wideStore(): string {
	const folder = path.join(tmpdir(), 'drill-bench-app');
	const file = path.join(folder, `wide-${wideChildren}.db`);
	if (existsSync(file)) {
		const store = SummaryStore.open(file);
		const ready = store.getMeta('bench') === storeVersion;
		store.close();
		if (ready) return file;
	}
	mkdirSync(folder, {recursive: true});
	const started = performance.now();
	const store = openWritableStore(file);
	store.db.transaction(() => {
		for (let index = 0; index < wideChildren; index++) {
			const id = String(index).padStart(6, '0');
			const title = `Wide item ${id} about ${['retries', 'pools', 'caches', 'queues', 'tokens'][index % 5]}`;
			store.writeItem({
				namespace: wideNamespace,
				item_id: `w${id}`,
				title,
				generated_at: new Date(Date.UTC(2026, 0, 1) - index * 60_000).toISOString(),
				tldr: `Item ${id} of the wide namespace.`,
				nodes: [
					{ordinal: 0, parent: null, title, summary: `The root of wide item ${id}.`, keywords: ['wide'], spans: []},
					{ordinal: 1, parent: 0, title: `Topic of ${id}`, summary: `The only topic of wide item ${id}.`, keywords: [], spans: []},
				],
				spans: [],
			});
		}
	})();
	store.setMeta('bench', storeVersion);
	store.close();
	console.log(`generated ${wideChildren.toLocaleString('en-US')} items into ${file} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
	return file;
}

// The floor under the figures on this machine at this moment: a bare node that prints one line,
// and one that echoes a counter for each key in raw mode, in the same pseudo-terminal.
const bareNode = ['-e', "process.stdout.write('ready ┘')"];
const echoNode = ['-e', "process.stdin.setRawMode(true); let n = 0; process.stdin.on('data', (d) => { if (String(d) === 'q') process.exit(0); process.stdout.write(`\\r${++n}/1 ┘`); });"];

/** The demo's fixtures (fixtures/summaries.json), else the explorer's own small set. */
function demoFixtures(): string {
	return existsSync(path.join('fixtures', 'summaries.json')) ? 'fixtures' : path.join('fixtures', 'app');
}

/** Spawn → the main view is fully drawn (tree rows and the status line with its position). */
async function firstFrames(runs: number): Promise<{app: number[]; node: number[]}> {
	const demo = buildDemoStore({fixtures: demoFixtures(), repository: '.'});
	const times = {app: [] as number[], node: [] as number[]};
	for (let run = 0; run < runs; run++) {
		for (const which of ['app', 'node'] as const) {
			const started = performance.now();
			const screen = which === 'app' ? new PtyScreen(['--store', demo.storePath, '--knowledge', demo.knowledgeDir, '--drills', demo.drillsRoot]) : new PtyScreen(bareNode, {command: []});
			try {
				const arrived = which === 'app' ? await screen.until((text) => /▸ summary/u.test(text) && /\? help.*\d+\/\d+ ┘/u.test(text), 'the first frame') : await screen.until((text) => text.includes('ready ┘'), 'ready');
				times[which].push(arrived - started);
				if (which === 'app') {
					screen.write('q');
					await screen.exit();
				}
			} finally {
				screen.kill();
			}
			await pause(100);
		}
	}
	return times;
}

/** Keypress → echo from a bare raw-mode node: the pty and scheduling part of every key's latency. */
async function echoLatency(keys: number): Promise<number[]> {
	const screen = new PtyScreen(echoNode, {command: []});
	const times: number[] = [];
	try {
		for (let key = 1; key <= keys; key++) {
			const sent = performance.now();
			screen.write('j');
			times.push((await screen.until((text) => text.includes(`${key}/1 ┘`), `echo ${key}`)) - sent);
			await pause(40);
		}
	} finally {
		screen.kill();
	}
	return times;
}

/** The tree position on the status line, e.g. "1,235/100,004". */
function position(screen: string): string | undefined {
	return /(\d[\d,]*)\/(\d[\d,]*) ┘/u.exec(screen)?.[1];
}

async function keyLatencies(store: string, moves: number, toggles: number): Promise<{moves: number[]; toggles: number[]; typing: number[]; filterAnswer: number}> {
	const drills = mkdtempSync(path.join(tmpdir(), 'drill-bench-drills-'));
	const app = new PtyScreen(['--store', store, '--knowledge', drills, '--drills', drills, '--domain', 'summary', '--node', wideNamespace]);
	try {
		await app.waitFor(/\? help/u, 20_000);
		app.write('l');
		// Wait until every child is loaded: the tree has all its rows and nothing is loading.
		await app.until((screen) => Number(/\/([\d,]+) ┘/u.exec(screen)?.[1]?.replaceAll(',', '') ?? 0) > wideChildren && !/loading/u.test(screen), 'all children loaded', 120_000);
		app.write('j');
		await app.waitFor(/Wide item/u);
		const moveTimes: number[] = [];
		for (let key = 0; key < moves; key++) {
			const before = position(await app.screen());
			const sent = performance.now();
			app.write(key % 10 === 9 ? 'k' : 'j');
			// The position is on the last line: the frame is drawn whole when it changes.
			const arrived = await app.until((screen) => position(screen) !== before, `the cursor to move from ${before}`);
			moveTimes.push(arrived - sent);
			await pause(40);
		}
		const toggleTimes: number[] = [];
		const depths = ['index', 'summary', 'full'];
		for (let key = 0; key < toggles; key++) {
			const depth = depths[(key + 1) % 3]!;
			const sent = performance.now();
			app.write(String(((key + 1) % 3) + 1));
			// The detail pane names the depth it was walked at: the frame is the new depth's view,
			// counted (like a move) when it is drawn down to its last line.
			toggleTimes.push(await app.until((screen) => new RegExp(`· depth ${depth}[\\s\\S]*└.*┘`, 'u').test(screen), `depth ${depth}`));
			toggleTimes[toggleTimes.length - 1]! -= sent;
			await pause(40);
		}
		// The fuzzy filter over every loaded name: each typed character must show at once
		// while the searches run in slices behind it; then the time until the answer is drawn.
		app.write('f');
		await app.waitFor('fuzzy');
		const last = String(wideChildren - 1).padStart(6, '0');
		const typed = `wide item ${last}`;
		const typingTimes: number[] = [];
		let started = 0;
		for (let at = 1; at <= typed.length; at++) {
			const sent = performance.now();
			if (at === 1) started = sent;
			app.write(typed[at - 1]!);
			// The bar shows the text, the caret (a blank cell) and one blank before its rule: an exact
			// match, so a typed space is not mistaken for the caret already on screen.
			const bar = `\n├ f ${typed.slice(0, at)}  ─`;
			typingTimes.push((await app.until((screen) => screen.includes(bar), `"${typed.slice(0, at)}" in the filter`)) - sent);
			await pause(40);
		}
		// Every loaded name is searched: the wide namespace's children plus the rows above them (domains
		// and namespaces, however many are registered), so the count is read, never assumed.
		const answered = await app.until((screen) => Number(/\d[\d,]* of ([\d,]+) names/u.exec(screen)?.[1]?.replaceAll(',', '') ?? 0) > wideChildren, 'the filter answer', 60_000);
		app.write('\r');
		await app.waitFor(`summary:wide:w${last}`, 20_000);
		app.write('q');
		await app.exit();
		return {moves: moveTimes, toggles: toggleTimes, typing: typingTimes, filterAnswer: answered - started};
	} finally {
		app.kill();
	}
}

/**
 * The app's own share of a keypress, without a terminal or another process: keys go into
 * `runApp` through a stream, and the time runs until the frame is handed to the output stream.
 */
async function inProcess(store: string, moves: number, toggles: number): Promise<{moves: number[]; toggles: number[]}> {
	const folder = mkdtempSync(path.join(tmpdir(), 'drill-bench-inprocess-'));
	const services = createServices({storePath: store, knowledgeDir: folder, drillsRoot: folder});
	let sentAt = 0;
	let took = -1;
	const stdout = Object.assign(new EventEmitter(), {
		columns: 100,
		rows: 30,
		isTTY: true,
		write(data: string) {
			if (sentAt && data.length > 100) {
				took = performance.now() - sentAt;
				sentAt = 0;
			}
			return true;
		},
	});
	const stdin = new PassThrough();
	let controller: AppController | undefined;
	const exited = runApp({services, stdin, stdout, alternateScreen: false, initial: {domain: 'summary', node: wideNamespace}, onStart: (started) => (controller = started)});
	stdin.write('l');
	await pause(50);
	await controller!.idle();
	const press = async (key: string) => {
		took = -1;
		sentAt = performance.now();
		stdin.write(key);
		while (took < 0) await new Promise((resolve) => setImmediate(resolve));
		await pause(20);
		return took;
	};
	const times = {moves: [] as number[], toggles: [] as number[]};
	for (let key = 0; key < moves; key++) times.moves.push(await press(key % 10 === 9 ? 'k' : 'j'));
	for (let key = 0; key < toggles; key++) times.toggles.push(await press(String(((key + 1) % 3) + 1)));
	stdin.write('\u0003');
	await exited;
	services.close();
	return times;
}

export async function run(args: string[]): Promise<void> {
	const smoke = args.includes('--smoke');
	if (smoke) wideChildren = 300;
	const runs = option(args, 'runs', smoke ? 2 : 10);
	const keys = option(args, 'keys', smoke ? 10 : 200);
	console.log(`app benchmark · node ${process.version} · ${cpus().length}× ${cpus()[0]?.model ?? 'cpu'} · pty 100×30`);
	const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
	console.log(`load average now: ${loadavg().map((load) => load.toFixed(2)).join(' ')}`);
	if (only !== 'keys') {
		const first = await firstFrames(runs);
		console.log(`first frame (spawn → full main view, demo store from ${demoFixtures()}, ${runs} runs): median ${ms(percentile(first.app, 50))}, p95 ${ms(percentile(first.app, 95))}, min ${ms(Math.min(...first.app))}`);
		console.log(`  floor: bare node spawn → first output, same pty: median ${ms(percentile(first.node, 50))}, min ${ms(Math.min(...first.node))}`);
	}
	if (only === 'first') return;
	const store = wideStore();
	const toggles = smoke ? 3 : Math.max(30, Math.floor(keys / 4));
	const latency = await keyLatencies(store, keys, toggles);
	console.log(`cursor move in a node of ${wideChildren.toLocaleString('en-US')} children (${latency.moves.length} keys): p50 ${ms(percentile(latency.moves, 50))}, p95 ${ms(percentile(latency.moves, 95))}, max ${ms(Math.max(...latency.moves))}`);
	console.log(`depth toggle 1/2/3 on one of them (${latency.toggles.length} keys): p50 ${ms(percentile(latency.toggles, 50))}, p95 ${ms(percentile(latency.toggles, 95))}, max ${ms(Math.max(...latency.toggles))}`);
	console.log(`filter typing over the ${wideChildren.toLocaleString('en-US')} loaded names and the rows above them (${latency.typing.length} characters, searches running): p50 ${ms(percentile(latency.typing, 50))}, p95 ${ms(percentile(latency.typing, 95))}; first key → answer drawn ${ms(latency.filterAnswer)}`);
	const own = await inProcess(store, keys, toggles);
	console.log(`  the app's own share (in-process, no terminal): cursor move p50 ${ms(percentile(own.moves, 50))}, p95 ${ms(percentile(own.moves, 95))}; depth toggle p50 ${ms(percentile(own.toggles, 50))}, p95 ${ms(percentile(own.toggles, 95))}`);
	const echo = await echoLatency(Math.min(keys, 100));
	console.log(`  floor: key → echo from a bare raw-mode node, same pty (${echo.length} keys): p50 ${ms(percentile(echo, 50))}, p95 ${ms(percentile(echo, 95))}`);
}
