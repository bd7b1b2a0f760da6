import {spawn} from 'node:child_process';
import {existsSync, mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {cpus, loadavg, tmpdir, totalmem} from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {sessionFormats, writeCorpus, type SessionFormat} from './ingest/generate.js';

/**
 * `npm run bench -- ingest [--mb 200] [--split] [--keep] [--smoke]`: generates MB of agent sessions
 * (Claude Code, Codex CLI, Gemini CLI, aider, Claude agent events) and markdown (half each, one
 * 20 MB session and one 20 MB heading-less document among them), runs the built `drill ingest` on
 * them in a fresh store, and prints throughput and peak RSS. `--split` also times transcripts and
 * markdown on their own; a second run shows the skip path. `--formats claude-code,codex` limits the
 * sessions to those formats. `--smoke` (0.2 MB, split too) is for CI: it fails when any generated file is
 * not ingested cleanly.
 */

// The bundle puts this module in dist/chunks/, beside or under dist/cli.js.
const here = path.dirname(fileURLToPath(import.meta.url));
const cli = [path.join(here, 'cli.js'), path.join(here, '..', 'cli.js'), path.resolve('dist/cli.js')].find((file) => existsSync(file)) ?? 'dist/cli.js';

interface Run {
	seconds: number;
	/** User + system CPU seconds of the drill process (all its threads). */
	cpuSeconds: number;
	peakRssMb: number;
	report: {added: number; updated: number; skipped: number; failed: unknown[]; items: number; nodes: number; spans: number; seconds: number};
}

function peakFromProc(pid: number): number {
	try {
		const status = readFileSync(`/proc/${pid}/status`, 'utf8');
		return Number(/VmHWM:\s+(\d+)/u.exec(status)?.[1] ?? 0) / 1024;
	} catch {
		return 0;
	}
}

/** Runs `drill ingest` in a child process; peak RSS from /usr/bin/time, else from /proc polling. */
async function ingestRun(inputs: string[], store: string): Promise<Run> {
	const useTime = existsSync('/usr/bin/time');
	const args = [cli, 'ingest', ...inputs, '--store', store, '--json'];
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
	return {seconds, cpuSeconds: rss ? Number(rss[2]) + Number(rss[3]) : Number.NaN, peakRssMb: rss ? Number(rss[1]) / 1024 : polled, report: JSON.parse(stdout) as Run['report']};
}

function line(label: string, megabytes: number, run: Run): string {
	const {report} = run;
	const perCpu = Number.isFinite(run.cpuSeconds) ? `  cpu ${run.cpuSeconds.toFixed(1).padStart(5)} s = ${(megabytes / run.cpuSeconds).toFixed(2).padStart(5)} MB/cpu-s` : '';
	return `${label.padEnd(22)} ${megabytes.toFixed(1).padStart(7)} MB  ${run.seconds.toFixed(1).padStart(6)} s  ${(megabytes / run.seconds).toFixed(2).padStart(6)} MB/s${perCpu}  peak RSS ${run.peakRssMb.toFixed(0).padStart(4)} MB  items ${report.items} (+${report.added} ~${report.updated} =${report.skipped} !${report.failed.length})  nodes ${report.nodes}  spans ${report.spans}`;
}

const loadText = () => loadavg().map((value) => value.toFixed(2)).join(' ');

export async function run(args: string[]): Promise<void> {
	const flag = (name: string) => args.includes(name);
	const value = (name: string, fallback: number) => {
		const at = args.indexOf(name);
		return at >= 0 && args[at + 1] ? Number(args[at + 1]) : fallback;
	};
	const smoke = flag('--smoke');
	const megabytes = value('--mb', smoke ? 0.2 : 200);
	const work = mkdtempSync(path.join(tmpdir(), 'drill-bench-ingest-'));
	try {
		process.stdout.write(`ingest benchmark · ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'} · ${(totalmem() / 2 ** 30).toFixed(0)} GB · node ${process.version} · load ${loadText()}\n`);
		process.stdout.write(`generating ${megabytes} MB in ${work} …\n`);
		const generated = performance.now();
		const at = args.indexOf('--formats');
		const kinds = (at >= 0 && args[at + 1] ? args[at + 1]!.split(',') : Object.keys(sessionFormats)) as SessionFormat[];
		const unknown = kinds.filter((kind) => !(kind in sessionFormats));
		if (unknown.length > 0) throw new Error(`--formats: ${unknown.join(', ')} unknown; use some of ${Object.keys(sessionFormats).join(', ')}`);
		process.stdout.write(`sessions: ${kinds.join(', ')}\n`);
		const corpus = await writeCorpus(path.join(work, 'input'), megabytes, 42, kinds);
		const total = (corpus.transcriptBytes + corpus.markdownBytes) / 1e6;
		process.stdout.write(`generated ${total.toFixed(1)} MB in ${((performance.now() - generated) / 1000).toFixed(1)} s\n\n`);
		if (flag('--split') || smoke) {
			process.stdout.write(`${line('transcripts (fresh)', corpus.transcriptBytes / 1e6, await ingestRun([corpus.transcripts], path.join(work, 'a.db')))}\n`);
			process.stdout.write(`${line('markdown (fresh)', corpus.markdownBytes / 1e6, await ingestRun([corpus.markdown], path.join(work, 'b.db')))}\n`);
		}
		const store = path.join(work, 'all.db');
		const fresh = await ingestRun([corpus.folder], store);
		process.stdout.write(`${line('all (fresh store)', total, fresh)}\n`);
		if (fresh.report.failed.length > 0) throw new Error(`drill ingest could not read every generated file: ${JSON.stringify(fresh.report.failed.slice(0, 3))}`);
		process.stdout.write(`${line('all again (unchanged)', total, await ingestRun([corpus.folder], store))}\n`);
		process.stdout.write(`\nload average now ${loadText()} (other processes share these cores: MB/cpu-s is the figure that does not depend on them)\n`);
		process.stdout.write('targets: ≥ 5 MB/s extractive, peak RSS < 400 MB\n');
	} finally {
		if (flag('--keep')) process.stdout.write(`kept ${work}\n`);
		else rmSync(work, {recursive: true, force: true});
	}
}
