import {spawn} from 'node:child_process';
import {existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync} from 'node:fs';
import {cpus, loadavg, tmpdir, totalmem} from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {type DocsSite, writeDocsSite} from './ingest/docs.js';
import {floorIndex} from './ingest/floor.js';
import {sessionFormats, writeCorpus, type SessionFormat} from './ingest/generate.js';
import {templatesIn, writeLongSession, writeRealArchive} from './ingest/real-archive.js';

/**
 * `npm run bench -- ingest [--case all|sessions|docs|archive|long] [--mb 200] [--pages 1000] [--split] [--keep]
 * [--smoke] [--runs N] [--compare OTHER/cli.js] [--profile] [--from DIR] [--lines N] [--into DIR]`. Each case is
 * run by the built `drill ingest` into a fresh store, wall time including the close-time search index build:
 * - sessions: MB of agent sessions (Claude Code, Codex CLI, Gemini CLI, aider, Claude agent events)
 *   and markdown (half each, one 20 MB session and one 20 MB heading-less document among them);
 *   `--split` also times transcripts and markdown on their own; a second run shows the skip path;
 *   `--formats claude-code,codex` limits the sessions to those formats.
 * - docs: a documentation site of `--pages` markdown pages of 2–10 KB with front matter, or the
 *   markdown pages of a real documentation folder (`--folder DIR`, only `.md` files in it).
 * - archive: `--mb` (500) MB of copies, with new ids, of the real Claude Code sessions and Codex rollouts
 *   under `--from DIR` (default: the real ones in fixtures/agents/real), then again unchanged.
 * - long: one Claude Code session of `--lines` (1 000 000) lines made of those real records, each
 *   string cut to 400 characters; its peak RSS is the figure.
 * `--into DIR` writes the generated archive or long session there and keeps it (made once, reused).
 * Throughput per wall second and per CPU second (the figure a loaded machine does not move), and
 * peak RSS. `--runs N` repeats each run; `--compare` alternates every run with another build's
 * cli.js (e.g. main's), so that both see the same load. `--smoke` (0.2 MB, 40 pages) is for CI: it
 * fails when any generated file is not ingested cleanly. `--profile` runs drill with `--profile` and
 * prints each run's phase breakdown (read, summarize, index, train) under its line.
 *
 * Each case also times, in the same run and alternating with drill's, a floor (bench/ingest/floor.ts):
 * the same files read, hashed and put into one FTS5 table in one transaction by a bare indexer in a
 * fresh process; drill's wall time is printed as a multiple of it.
 */

// The bundle puts this module in dist/chunks/, beside or under dist/cli.cjs.
const here = path.dirname(fileURLToPath(import.meta.url));
const cli = [path.join(here, 'cli.cjs'), path.join(here, '..', 'cli.cjs'), path.resolve('dist/cli.cjs')].find((file) => existsSync(file)) ?? 'dist/cli.cjs';

interface Run {
	seconds: number;
	/** User + system CPU seconds of the drill process (all its threads). */
	cpuSeconds: number;
	peakRssMb: number;
	report: {added: number; updated: number; skipped: number; failed: unknown[]; items: number; nodes: number; spans: number; seconds: number; subagents?: number};
	/** The phase breakdown drill wrote (`--profile`). */
	profile?: string;
}

function peakFromProc(pid: number): number {
	try {
		const status = readFileSync(`/proc/${pid}/status`, 'utf8');
		return Number(/VmHWM:\s+(\d+)/u.exec(status)?.[1] ?? 0) / 1024;
	} catch {
		return 0;
	}
}

/** Set by `--profile`: each drill run writes its phase breakdown, printed under its line. */
let profile = false;

/** A store path not used before: every fresh run starts from nothing. */
let stores = 0;
const freshStore = (work: string) => path.join(work, `store-${++stores}.db`);

/** Runs `drill ingest` in a child process; peak RSS from /usr/bin/time, else from /proc polling. */
async function ingestRun(inputs: string[], store: string, program = cli): Promise<Run> {
	const useTime = existsSync('/usr/bin/time');
	// Another build (--compare) may not know --profile.
	const args = [program, 'ingest', ...inputs, '--store', store, '--json', ...(profile && program === cli ? ['--profile'] : [])];
	const started = performance.now();
	const child = useTime ? spawn('/usr/bin/time', ['-f', 'drill-bench-rss-kb %M cpu %U %S', process.execPath, ...args]) : spawn(process.execPath, args);
	let stdout = '';
	let stderr = '';
	let polled = 0;
	const poll = useTime ? undefined : setInterval(() => (polled = Math.max(polled, peakFromProc(child.pid!))), 50);
	child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
	child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
	const code: number = await new Promise((resolve) => child.on('close', (status) => resolve(status ?? -1)));
	if (poll) clearInterval(poll);
	const seconds = (performance.now() - started) / 1000;
	const rss = /drill-bench-rss-kb (\d+) cpu ([\d.]+) ([\d.]+)/u.exec(stderr);
	if (code > 1 || !stdout.trim().startsWith('{')) throw new Error(`drill ingest exited ${code}: ${stderr.slice(-500)}`);
	const profiled = profile ? /ingest profile[^\n]*\n(?: {2}.*\n)+/u.exec(stderr)?.[0] : undefined;
	return {seconds, cpuSeconds: rss ? Number(rss[2]) + Number(rss[3]) : Number.NaN, peakRssMb: rss ? Number(rss[1]) / 1024 : polled, report: JSON.parse(stdout) as Run['report'], ...(profiled ? {profile: profiled} : {})};
}

/** The bare indexer's run over the same inputs, in a fresh process (this bench's own entry, `--floor-child`). */
async function floorRun(folder: string, store: string): Promise<{seconds: number; cpuSeconds: number}> {
	const useTime = existsSync('/usr/bin/time');
	const args = [process.argv[1]!, 'ingest', '--floor-child', folder, store];
	const started = performance.now();
	const child = useTime ? spawn('/usr/bin/time', ['-f', 'drill-bench-rss-kb %M cpu %U %S', process.execPath, ...args]) : spawn(process.execPath, args);
	let stderr = '';
	child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
	child.stdout.resume();
	const code: number = await new Promise((resolve) => child.on('close', (status) => resolve(status ?? -1)));
	const seconds = (performance.now() - started) / 1000;
	if (code !== 0) throw new Error(`the floor indexer exited ${code}: ${stderr.slice(-500)}`);
	const cpu = /cpu ([\d.]+) ([\d.]+)/u.exec(stderr);
	return {seconds, cpuSeconds: cpu ? Number(cpu[1]) + Number(cpu[2]) : Number.NaN};
}

function floorLine(megabytes: number, floor: {seconds: number; cpuSeconds: number}, drill: Run): string {
	const cpu = Number.isFinite(floor.cpuSeconds) ? `  cpu ${floor.cpuSeconds.toFixed(2)} s` : '';
	const cpuRatio = Number.isFinite(floor.cpuSeconds) && Number.isFinite(drill.cpuSeconds) ? `, ${(drill.cpuSeconds / floor.cpuSeconds).toFixed(1)}× its cpu` : '';
	return `${'  floor (bare FTS5)'.padEnd(22)} ${megabytes.toFixed(1).padStart(7)} MB  ${floor.seconds.toFixed(2).padStart(6)} s  ${(megabytes / floor.seconds).toFixed(2).padStart(6)} MB/s${cpu}  → drill ${(drill.seconds / floor.seconds).toFixed(1)}× the floor's wall${cpuRatio}`;
}

function line(label: string, megabytes: number, run: Run): string {
	const {report} = run;
	const perCpu = Number.isFinite(run.cpuSeconds) ? `  cpu ${run.cpuSeconds.toFixed(1).padStart(5)} s = ${(megabytes / run.cpuSeconds).toFixed(2).padStart(5)} MB/cpu-s` : '';
	return `${label.padEnd(22)} ${megabytes.toFixed(1).padStart(7)} MB  ${run.seconds.toFixed(1).padStart(6)} s  ${(megabytes / run.seconds).toFixed(2).padStart(6)} MB/s${perCpu}  peak RSS ${run.peakRssMb.toFixed(0).padStart(4)} MB  items ${report.items} (+${report.added} ~${report.updated} =${report.skipped} !${report.failed.length})  nodes ${report.nodes}  spans ${report.spans}`;
}

const loadText = () => loadavg().map((value) => value.toFixed(2)).join(' ');

interface Options {
	work: string;
	smoke: boolean;
	runs: number;
	/** Another build's cli.js to alternate with. */
	compare?: string;
	flag(name: string): boolean;
	value(name: string, fallback: number): number;
	text(name: string): string | undefined;
}

/** Runs a fresh ingest `runs` times (alternating with the other build when comparing), printing each. */
async function timed(label: string, megabytes: number, inputs: string[], options: Options, floorOf?: string): Promise<Run[]> {
	const runs: Run[] = [];
	for (let i = 0; i < options.runs; i++) {
		const run = await ingestRun(inputs, freshStore(options.work));
		runs.push(run);
		process.stdout.write(`${line(label, megabytes, run)}  load ${loadText()}\n`);
		if (run.profile) process.stdout.write(run.profile);
		if (floorOf) process.stdout.write(`${floorLine(megabytes, await floorRun(floorOf, freshStore(options.work)), run)}  load ${loadText()}\n`);
		if (options.compare) process.stdout.write(`${line(`${label} [other]`, megabytes, await ingestRun(inputs, freshStore(options.work), options.compare))}  load ${loadText()}\n`);
	}
	return runs;
}

const realTemplates = (options: Options) => {
	const from = options.text('--from') ?? path.resolve('fixtures/agents/real');
	if (!existsSync(from)) throw new Error(`--from ${from}: no such folder`);
	const templates = templatesIn(from);
	if (templates.length === 0) throw new Error(`--from ${from}: no Claude Code session or Codex rollout in it`);
	return {from, templates};
};

/** Where a case's generated input goes: `--into DIR` (kept, and reused when already made), else the work folder. */
function inputFolder(options: Options, name: string): {folder: string; made: boolean} {
	const into = options.text('--into');
	const folder = into ? path.resolve(into, name) : path.join(options.work, name);
	return {folder, made: Boolean(into) && existsSync(path.join(folder, '.made'))};
}

const folderBytes = (folder: string) => readdirSync(folder, {recursive: true, encoding: 'utf8'}).reduce((sum, file) => sum + (file.endsWith('.jsonl') ? statSync(path.join(folder, file)).size : 0), 0);

async function archiveCase(options: Options): Promise<void> {
	const megabytes = options.value('--mb', options.smoke ? 1 : 500);
	const {from, templates} = realTemplates(options);
	const {folder, made} = inputFolder(options, `archive-${megabytes}`);
	if (!made) {
		process.stdout.write(`archive case: copying ${templates.length} real sessions from ${from} to ${megabytes} MB with new ids …\n`);
		const archive = await writeRealArchive(folder, megabytes, templates);
		writeFileSync(path.join(folder, '.made'), `${archive.files} files\n`);
	}
	const total = folderBytes(folder) / 1e6;
	process.stdout.write(`archive case: ${folder}, ${total.toFixed(1)} MB\n`);
	const [fresh] = await timed('archive (fresh store)', total, [folder], options);
	// A real log may hold a torn line (reported, the rest of it read): every copy must still be a session or a subagent in one.
	const files = readdirSync(folder, {recursive: true, encoding: 'utf8'}).filter((file) => file.endsWith('.jsonl')).length;
	const {added, subagents = 0, failed} = fresh!.report;
	if (added + subagents < files) throw new Error(`${files} copied sessions gave ${added} items and ${subagents} subagents: ${JSON.stringify(failed.slice(0, 3))}`);
	if (failed.length > 0) process.stdout.write(`${failed.length} files with a line that could not be read (the rest of each was), e.g. ${JSON.stringify(failed[0])}\n`);
	const store = freshStore(options.work);
	await ingestRun([folder], store);
	process.stdout.write(`${line('archive again (unchanged)', total, await ingestRun([folder], store))}\n`);
	process.stdout.write('targets: ≥ 10 MB/s at 500 MB, peak RSS ≤ 400 MB; unchanged ≥ 150 MB/s\n\n');
}

async function longCase(options: Options): Promise<void> {
	const lines = options.value('--lines', options.smoke ? 2000 : 1_000_000);
	const {folder, made} = inputFolder(options, `long-${lines}`);
	const file = path.join(folder, 'long-session.jsonl');
	if (!made) {
		const {from, templates} = realTemplates(options);
		process.stdout.write(`long case: one session of ${lines} lines from the real records in ${from} …\n`);
		await writeLongSession(file, lines, templates);
		writeFileSync(path.join(folder, '.made'), `${lines} lines\n`);
	}
	const total = statSync(file).size / 1e6;
	process.stdout.write(`long case: ${file}, ${lines} lines, ${total.toFixed(1)} MB\n`);
	const [fresh] = await timed('long session (fresh)', total, [file], options);
	if (fresh!.report.failed.length > 0 || fresh!.report.items !== 1) throw new Error(`drill ingest did not make one item of the long session: ${JSON.stringify(fresh!.report)}`);
	process.stdout.write('target: peak RSS < 400 MB at 1M lines\n\n');
}

async function sessionsCase(options: Options): Promise<void> {
	const megabytes = options.value('--mb', options.smoke ? 0.2 : 200);
	const at = options.text('--formats');
	const kinds = (at ? at.split(',') : Object.keys(sessionFormats)) as SessionFormat[];
	const unknown = kinds.filter((kind) => !(kind in sessionFormats));
	if (unknown.length > 0) throw new Error(`--formats: ${unknown.join(', ')} unknown; use some of ${Object.keys(sessionFormats).join(', ')}`);
	process.stdout.write(`sessions case: generating ${megabytes} MB (${kinds.join(', ')}) …\n`);
	const generated = performance.now();
	const corpus = await writeCorpus(path.join(options.work, 'input'), megabytes, 42, kinds);
	const total = (corpus.transcriptBytes + corpus.markdownBytes) / 1e6;
	process.stdout.write(`generated ${total.toFixed(1)} MB in ${((performance.now() - generated) / 1000).toFixed(1)} s\n\n`);
	if (options.flag('--split') || options.smoke) {
		await timed('transcripts (fresh)', corpus.transcriptBytes / 1e6, [corpus.transcripts], options);
		await timed('markdown (fresh)', corpus.markdownBytes / 1e6, [corpus.markdown], options);
	}
	const [fresh] = await timed('all (fresh store)', total, [corpus.folder], options, corpus.folder);
	if (fresh!.report.failed.length > 0) throw new Error(`drill ingest could not read every generated file: ${JSON.stringify(fresh!.report.failed.slice(0, 3))}`);
	const store = freshStore(options.work);
	await ingestRun([corpus.folder], store);
	process.stdout.write(`${line('all again (unchanged)', total, await ingestRun([corpus.folder], store))}\n`);
	process.stdout.write('targets: ≥ 10 MB/s extractive at 200 MB, peak RSS < 400 MB; unchanged ≥ 150 MB/s\n\n');
}

/** A real documentation folder (`--folder`): its markdown pages, counted as the generated site is. */
function existingSite(folder: string): DocsSite {
	if (!existsSync(folder)) throw new Error(`--folder ${folder}: no such folder`);
	const pages = readdirSync(folder, {recursive: true, encoding: 'utf8'}).filter((file) => file.endsWith('.md') && statSync(path.join(folder, file)).isFile());
	const bytes = pages.reduce((sum, file) => sum + statSync(path.join(folder, file)).size, 0);
	return {folder, pages: pages.length, bytes};
}

async function docsCase(options: Options): Promise<void> {
	const folder = options.text('--folder');
	const site = folder ? existingSite(folder) : writeDocsSite(path.join(options.work, 'site'), options.value('--pages', options.smoke ? 40 : 1000));
	process.stdout.write(folder ? `docs case: ${folder}, ${site.pages} markdown pages, ${(site.bytes / 1e6).toFixed(1)} MB\n` : `docs case: ${site.pages} markdown pages of 2–10 KB with front matter, ${(site.bytes / 1e6).toFixed(1)} MB\n`);
	const [fresh] = await timed('docs (fresh store)', site.bytes / 1e6, [site.folder], options, site.folder);
	if (fresh!.report.failed.length > 0) throw new Error(`drill ingest could not read every generated page: ${JSON.stringify(fresh!.report.failed.slice(0, 3))}`);
	// A real folder may hold the same page twice (one item for both); the generated one may not.
	if (!folder && fresh!.report.items !== site.pages) throw new Error(`${site.pages} pages became ${fresh!.report.items} items`);
	const store = freshStore(options.work);
	await ingestRun([site.folder], store);
	process.stdout.write(`${line('docs again (unchanged)', site.bytes / 1e6, await ingestRun([site.folder], store))}\n`);
	process.stdout.write('targets: ≥ 3 MB/s including the search index build, ≤ 9× the floor; unchanged ≥ 150 MB/s\n\n');
}

export async function run(args: string[]): Promise<void> {
	if (args[0] === '--floor-child') {
		floorIndex(args[1]!, args[2]!);
		return;
	}
	const at = (name: string) => args.indexOf(name);
	const text = (name: string) => (at(name) >= 0 ? args[at(name) + 1] : undefined);
	const smoke = args.includes('--smoke');
	profile = args.includes('--profile');
	const which = text('--case') ?? 'all';
	const cases = ['sessions', 'docs', 'archive', 'long'];
	if (which !== 'all' && !cases.includes(which)) throw new Error(`--case ${which}: use all, ${cases.join(', ')}`);
	const compare = text('--compare');
	if (compare && !existsSync(compare)) throw new Error(`--compare ${compare}: no such file (give another build's dist/cli.js)`);
	const work = mkdtempSync(path.join(tmpdir(), 'drill-bench-ingest-'));
	const options: Options = {
		work,
		smoke,
		runs: Math.max(1, Number(text('--runs') ?? 1) || 1),
		...(compare ? {compare} : {}),
		flag: (name) => args.includes(name),
		value: (name, fallback) => (text(name) ? Number(text(name)) : fallback),
		text,
	};
	try {
		process.stdout.write(`ingest benchmark · ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'} · ${(totalmem() / 2 ** 30).toFixed(0)} GB · node ${process.version} · load ${loadText()}\n`);
		if (compare) process.stdout.write(`each run alternates with ${compare} ([other])\n`);
		if (which === 'all' || which === 'sessions') await sessionsCase(options);
		if (which === 'all' || which === 'docs') await docsCase(options);
		if (which === 'all' || which === 'archive') await archiveCase(options);
		if (which === 'all' || which === 'long') await longCase(options);
		process.stdout.write(`load average now ${loadText()} (other processes share these cores: MB/cpu-s is the figure that does not depend on them)\n`);
	} finally {
		if (options.flag('--keep')) process.stdout.write(`kept ${work}\n`);
		else rmSync(work, {recursive: true, force: true});
	}
}
