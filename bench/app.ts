/**
 * `npm run bench -- app [--runs N] [--keys N] [--items N] [--only first|start|keys] [--parts tree,query,filter,own] [--store FILE]
 * [--smoke]`: the explorer in a real pseudo-terminal. The app is `dist/cli.cjs` (the bin) under the current folder, so
 * running this from another build's folder with `--store` (a wide store that build can read) measures that build.
 * (`--smoke`: 2 spawns, 10 keys, 300 children — it checks that the bench runs, its figures mean nothing).
 * - first frame: spawn → the whole main view on screen (tree rows and the status line), over N
 *   spawns, on the demo store built from fixtures/; and `npm start` → the same frame, in this
 *   (built) clone: npm itself, the check that dist/ is fresh, the demo store's check, the app;
 * - keypress → frame, in a namespace of 100 000 items (a store generated into a temp folder, with
 *   its search index): moving the cursor, toggling the depth (1/2/3) on one of the children;
 * - typing in the query box at 8 keys a second, so that live searches run (on their thread)
 *   between keys: key → the character on screen, and last key → the live results drawn;
 * - typing in the fuzzy filter over every loaded name: key → character, last key → answer drawn.
 * Every figure is a p50 and a p95. Each key is written after the previous frame has settled; a
 * latency is the arrival time of the output that shows the key's effect, minus the time the key
 * was written.
 */
import {EventEmitter} from 'node:events';
import {execFileSync} from 'node:child_process';
import {existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync} from 'node:fs';
import {cpus, loadavg, tmpdir} from 'node:os';
import path from 'node:path';
import {buildDemoStore} from '../source/cli/demo-store.js';
import {createRuntime} from '../source/runtime.js';
import {schemaVersion} from '../source/store/schema.js';
import {SummaryStore} from '../source/store/summary-store.js';
import {PassThrough} from 'node:stream';
import type {AppController} from '../source/ui/controller.js';
import {runApp} from '../source/ui/run-app.js';
import {createServices} from '../source/ui/services.js';
import {benchRuntime} from './stats.js';
import {PtyScreen} from '../test/helpers/pty-screen.js';

const wideNamespace = 'wide';
let wideChildren = 100_000;
const storeVersion = 'app-bench-2';

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
	// The schema version is in the name: builds of other schemas (other worktrees) keep their own.
	const file = path.join(folder, `wide-${wideChildren}-schema${schemaVersion}.db`);
	if (existsSync(file)) {
		let ready = false;
		try {
			const store = SummaryStore.open(file);
			ready = store.getMeta('bench') === storeVersion;
			store.close();
		} catch {
			// Unreadable (an interrupted build): made again below.
		}
		if (ready) return file;
		rmSync(file, {force: true});
	}
	mkdirSync(folder, {recursive: true});
	const started = performance.now();
	const store = benchRuntime(file).openWritableStore();
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

/** The main view is fully drawn: tree rows and the status line with its position. */
const mainView = (text: string) => /[▸▾] summary/u.test(text) && /\? help.*\d+\/\d+ ┘/u.test(text);

/** Spawn → `done` on screen (and the app quit with q when `quit`): the time it took. */
async function timeTo(spawn: () => PtyScreen, done: (text: string) => boolean, label: string, quit: boolean): Promise<number> {
	const started = performance.now();
	const screen = spawn();
	try {
		const arrived = await screen.until(done, label, 30_000);
		if (quit) {
			screen.write('q');
			await screen.exit();
		}
		return arrived - started;
	} finally {
		screen.kill();
		await pause(100);
	}
}

/** Spawn → the main view, on the demo store; and the same for a bare node printing one line. */
async function firstFrames(runs: number): Promise<{app: number[]; node: number[]}> {
	const demo = buildDemoStore({fixtures: demoFixtures(), repository: '.'});
	const times = {app: [] as number[], node: [] as number[]};
	for (let run = 0; run < runs; run++) {
		times.app.push(await timeTo(() => new PtyScreen(['--store', demo.storePath, '--knowledge', demo.knowledgeDir, '--drills', demo.drillsRoot]), mainView, 'the first frame', true));
		times.node.push(await timeTo(() => new PtyScreen(bareNode, {command: []}), (text) => text.includes('ready ┘'), 'ready', false));
	}
	return times;
}

/** npm's own script (what the `npm` command runs), to spawn `npm start` under node in the pty. */
function npmCli(): string {
	if (process.env.npm_execpath) return process.env.npm_execpath;
	return realpathSync(execFileSync('sh', ['-c', 'command -v npm'], {encoding: 'utf8'}).trim());
}

/** `npm start` → the whole main view, in this clone (built: the check finds dist/ fresh). */
async function npmStartFrames(runs: number): Promise<number[]> {
	const times: number[] = [];
	for (let run = 0; run < runs; run++) times.push(await timeTo(() => new PtyScreen(['start', '--silent'], {command: [npmCli()]}), mainView, 'the first frame of npm start', true));
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

interface Latencies {
	moves: number[];
	toggles: number[];
	queryKeys: number[];
	queryResults: number[];
	filterKeys: number[];
	filterAnswers: number[];
	names: number;
}

/** Types `text` a key at a time, `gap` ms apart, each once the previous one shows; the key latencies. */
async function typeInto(app: PtyScreen, bar: string, text: string, gap: number, into: number[]): Promise<number> {
	let last = 0;
	for (let at = 1; at <= text.length; at++) {
		last = performance.now();
		app.write(text[at - 1]!);
		// The bar shows the text, the caret (a blank cell) and one blank before its rule: an exact
		// match, so a typed space is not mistaken for the caret already on screen.
		const shown = `\n├ ${bar} ${text.slice(0, at)}  ─`;
		into.push((await app.until((screen) => screen.includes(shown), `"${text.slice(0, at)}" typed`)) - last);
		await pause(gap);
	}
	return last;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');

async function keyLatencies(store: string, moves: number, toggles: number, rounds: number, parts: Set<string>): Promise<Latencies> {
	const drills = mkdtempSync(path.join(tmpdir(), 'drill-bench-drills-'));
	const app = new PtyScreen(['--store', store, '--knowledge', drills, '--drills', drills, '--domain', 'summary', '--node', wideNamespace]);
	const times: Latencies = {moves: [], toggles: [], queryKeys: [], queryResults: [], filterKeys: [], filterAnswers: [], names: 0};
	try {
		await app.waitFor(/\? help/u, 20_000);
		app.write('l');
		// Wait until every child is loaded: the tree has all its rows and nothing is loading.
		await app.until((screen) => Number(/\/([\d,]+) ┘/u.exec(screen)?.[1]?.replaceAll(',', '') ?? 0) > wideChildren && !/loading/u.test(screen), 'all children loaded', 120_000);
		app.write('j');
		await app.waitFor(/Wide item/u);
		for (let key = 0; key < (parts.has('tree') ? moves : 0); key++) {
			const before = position(await app.screen());
			const sent = performance.now();
			app.write(key % 10 === 9 ? 'k' : 'j');
			// The position is on the last line: the frame is drawn whole when it changes.
			const arrived = await app.until((screen) => position(screen) !== before, `the cursor to move from ${before}`);
			times.moves.push(arrived - sent);
			await pause(40);
		}
		const depths = ['index', 'summary', 'full'];
		for (let key = 0; key < (parts.has('tree') ? toggles : 0); key++) {
			const depth = depths[(key + 1) % 3]!;
			const sent = performance.now();
			app.write(String(((key + 1) % 3) + 1));
			// The detail pane names the depth it was walked at: the frame is the new depth's view,
			// counted (like a move) when it is drawn down to its last line.
			times.toggles.push((await app.until((screen) => new RegExp(`· depth ${depth}[\\s\\S]*└.*┘`, 'u').test(screen), `depth ${depth}`)) - sent);
			await pause(40);
		}
		const id = (round: number) => String(Math.floor(((round + 1) * wideChildren) / (rounds + 1)) - 1).padStart(6, '0');
		// The query box: "N hits" shows once the search of the box's text answered.
		for (let round = 0; round < (parts.has('query') ? rounds : 0); round++) {
			app.write('/\u0015');
			await app.waitFor('\n├ /   ─');
			const text = `wide item ${id(round)}`;
			const last = await typeInto(app, '/', text, 120, times.queryKeys);
			times.queryResults.push((await app.until((screen) => new RegExp(`├ / ${escape(text)} .*\\d+ hits?`, 'u').test(screen), `live results for "${text}"`, 60_000)) - last);
			app.write('\u0015\u001b');
			await app.waitForGone('Enter run');
		}
		// The fuzzy filter over every loaded name, typed fast (40 ms a key).
		for (let round = 0; round < (parts.has('filter') ? rounds : 0); round++) {
			// f keeps the last filter's text: ctrl-u clears it.
			app.write('f\u0015');
			await app.waitFor('\n├ f   ─');
			const text = `wide item ${id(round)}`;
			const last = await typeInto(app, 'f', text, 40, times.filterKeys);
			const answered = new RegExp(`├ f ${escape(text)}  ─.*of ([\\d,]+) names`, 'u');
			times.filterAnswers.push((await app.until((screen) => answered.test(screen), `the filter's answer for "${text}"`, 60_000)) - last);
			times.names = Number(answered.exec(await app.screen())?.[1]?.replaceAll(',', '') ?? 0);
			app.write('\r');
			await app.waitFor(`summary:wide:w${id(round)}`, 20_000);
			app.write('\u001b');
			await app.waitForGone(`f ${text} [`);
		}
		app.write('q');
		await app.exit();
		return times;
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
	const services = createServices(createRuntime({storePath: store, knowledgeDir: folder, drillsRoot: folder}));
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
	// The first frame is painted before Ink loads: the controller comes once it has.
	for (let waited = 0; !controller; waited += 20) {
		if (waited > 60_000) throw new Error('the app did not start within 60 s');
		await pause(20);
	}
	await controller.idle();
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
	// --items 3000: the store a person's sessions make (issue 35 measures search settling there).
	else wideChildren = option(args, 'items', wideChildren);
	const runs = option(args, 'runs', smoke ? 2 : 10);
	const keys = option(args, 'keys', smoke ? 10 : 200);
	console.log(`app benchmark · node ${process.version} · ${cpus().length}× ${cpus()[0]?.model ?? 'cpu'} · pty 100×30`);
	const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
	console.log(`load average now: ${loadavg().map((load) => load.toFixed(2)).join(' ')}`);
	if (only === undefined || only === 'start') {
		const start = await npmStartFrames(runs);
		console.log(`npm start → first frame (a built clone, ${runs} runs): p50 ${ms(percentile(start, 50))}, p95 ${ms(percentile(start, 95))}, min ${ms(Math.min(...start))}`);
		if (only === 'start') return;
	}
	if (only !== 'keys') {
		const first = await firstFrames(runs);
		console.log(`first frame (spawn → full main view, demo store from ${demoFixtures()}, ${runs} runs): p50 ${ms(percentile(first.app, 50))}, p95 ${ms(percentile(first.app, 95))}, min ${ms(Math.min(...first.app))}`);
		console.log(`  floor: bare node spawn → first output, same pty: median ${ms(percentile(first.node, 50))}, min ${ms(Math.min(...first.node))}`);
		console.log(`  first frame / bare node (p50s): ${(percentile(first.app, 50) / percentile(first.node, 50)).toFixed(2)}× (issue 35 asks ≤ 1.5× on a quiet machine)`);
	}
	if (only === 'first') return;
	const given = args.includes('--store') ? args[args.indexOf('--store') + 1] : undefined;
	const parts = new Set((args.includes('--parts') ? args[args.indexOf('--parts') + 1]! : 'tree,query,filter,own').split(','));
	const store = given ?? wideStore();
	const toggles = smoke ? 3 : Math.max(30, Math.floor(keys / 4));
	const rounds = smoke ? 1 : 8;
	const latency = await keyLatencies(store, keys, toggles, rounds, parts);
	const figures = (values: number[]) => `p50 ${ms(percentile(values, 50))}, p95 ${ms(percentile(values, 95))}`;
	const items = wideChildren.toLocaleString('en-US');
	if (parts.has('tree')) {
		console.log(`cursor move in a node of ${items} children (${latency.moves.length} keys): ${figures(latency.moves)}, max ${ms(Math.max(...latency.moves))}`);
		console.log(`depth toggle 1/2/3 on one of them (${latency.toggles.length} keys): ${figures(latency.toggles)}, max ${ms(Math.max(...latency.toggles))}`);
	}
	if (parts.has('query')) console.log(`query box, typed at 8 keys/s over ${items} items (${latency.queryKeys.length} keys, live searches running): key → character ${figures(latency.queryKeys)}; last key → live results drawn (${latency.queryResults.length} queries) ${figures(latency.queryResults)}`);
	if (parts.has('filter')) console.log(`fuzzy filter over ${latency.names.toLocaleString('en-US')} loaded names, typed at 25 keys/s (${latency.filterKeys.length} keys): key → character ${figures(latency.filterKeys)}; last key → answer drawn (${latency.filterAnswers.length} queries) ${figures(latency.filterAnswers)}`);
	if (!parts.has('own')) return;
	const own = await inProcess(store, keys, toggles);
	console.log(`  the app's own share (in-process, no terminal): cursor move p50 ${ms(percentile(own.moves, 50))}, p95 ${ms(percentile(own.moves, 95))}; depth toggle p50 ${ms(percentile(own.toggles, 50))}, p95 ${ms(percentile(own.toggles, 95))}`);
	const echo = await echoLatency(Math.min(keys, 100));
	console.log(`  floor: key → echo from a bare raw-mode node, same pty (${echo.length} keys): p50 ${ms(percentile(echo, 50))}, p95 ${ms(percentile(echo, 95))}`);
}
