// The reliability suite (docs/reliability.md): SIGKILL at spread-out moments of drill up and of
// an ingest. After each kill the store is whole and the frames are whole or repaired whole, and
// the next run ends where an uninterrupted one would have.
import {spawn} from 'node:child_process';
import {mkdirSync, readdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {parseDrillText} from '../../source/frames/files/drill-file.js';
import {cliPath, runCli, tempDir} from '../helpers/cli.js';
import {generatedMarkdown} from '../helpers/markdown.js';

const upKills = 8;
const ingestKills = 6;

/** Runs the CLI and kills it without warning after `delayMs` (or lets it finish first). */
function killAfter(args: string[], cwd: string, delayMs: number): Promise<{killed: boolean}> {
	const child = spawn(process.execPath, [cliPath, ...args], {cwd, stdio: 'ignore', env: {...process.env, DRILL_STORE: '', NO_COLOR: '1'}});
	return new Promise((resolve) => {
		const timer = setTimeout(() => child.kill('SIGKILL'), delayMs);
		child.on('exit', (_code, signal) => {
			clearTimeout(timer);
			resolve({killed: signal === 'SIGKILL'});
		});
	});
}

/** Every drill file under `.drills/`, parsed: a killed writer must never leave half of one. */
function drillFiles(root: string): string[] {
	const found: string[] = [];
	const visit = (dir: string) => {
		for (const entry of readdirSync(dir, {withFileTypes: true})) {
			const full = path.join(dir, entry.name);
			if (entry.isDirectory()) visit(full);
			else if (entry.name === `${path.basename(dir)}.md`) found.push(full);
		}
	};
	visit(path.join(root, '.drills'));
	return found;
}

describe('SIGKILL at any moment', () => {
	it(`of drill up (${upKills} times) leaves every drill file whole, and status --repair a consistent tree`, async () => {
		const root = tempDir();
		mkdirSync(path.join(root, '.git'));
		const store = path.join(root, 'frames.db');
		writeFileSync(path.join(root, 'evidence.log'), 'ERROR pool exhausted at 14:02\n'.repeat(2000));
		expect(runCli(['down', 'api-debug', '--objective', 'Why 502?', '--store', store], {cwd: root}).code).toBe(0);
		// How long one up takes on this machine now: the kills are spread over that.
		expect(runCli(['down', 'warm-up', '--objective', 'How long does an up take?', '--store', store], {cwd: root}).code).toBe(0);
		const started = performance.now();
		expect(runCli(['up', '--findings', 'Timed.', '--plan', '[]', '--evidence', 'evidence.log', '--store', store], {cwd: root}).code).toBe(0);
		const upMs = performance.now() - started;
		let kills = 0;
		for (let round = 0; round < upKills; round++) {
			expect(runCli(['down', `step-${round}`, '--objective', `Step ${round}: which part?`, '--store', store], {cwd: root}).code).toBe(0);
			const outcome = await killAfter(['up', '--findings', `Found part ${round}.`, '--plan', '[]', '--evidence', 'evidence.log', '--store', store], root, (upMs * (round + 1)) / (upKills + 1));
			if (outcome.killed) kills++;
			for (const file of drillFiles(root)) expect(() => parseDrillText(readFileSync(file, 'utf8'), {id: 'x', name: 'x', slug: 'x'}, file), file).not.toThrow();
			const repaired = runCli(['status', '--repair', '--store', store, '--json'], {cwd: root});
			expect(repaired.code, repaired.stderr).toBe(0);
			const status = JSON.parse(runCli(['status', '--json', '--store', store], {cwd: root}).stdout) as {problems: string[]; cursor: string | null; path: Array<{slug: string}>};
			expect(status.problems).toEqual([]);
			// Killed or not, the tree is one of the two states: the step still open, or closed into its parent.
			expect(status.path.map((link) => link.slug)).toEqual(status.path.length === 2 ? ['api-debug', `step-${round}`] : ['api-debug']);
			if (status.path.length === 2) expect(runCli(['up', '--findings', `Found part ${round}.`, '--plan', '[]', '--store', store], {cwd: root}).code).toBe(0);
		}
		expect(kills).toBeGreaterThan(upKills / 2);
		const top = JSON.parse(runCli(['status', '--json', '--store', store], {cwd: root}).stdout) as {counts: {drills: number; open: number; closed: number}};
		expect(top.counts).toEqual({drills: upKills + 2, open: 1, closed: upKills + 1});
	});

	it(`of an ingest (${ingestKills} times) leaves the store whole, and the next run ends where an uninterrupted one does`, async () => {
		const folder = tempDir();
		const input = path.join(folder, 'input');
		mkdirSync(input);
		for (let i = 0; i < 24; i++) writeFileSync(path.join(input, `notes-${String(i).padStart(2, '0')}.md`), generatedMarkdown(i, 60_000));
		const store = path.join(folder, 's.db');
		let kills = 0;
		for (let round = 0; round < ingestKills; round++) {
			if ((await killAfter(['ingest', 'input', '--store', store], folder, 300 + round * 250)).killed) kills++;
			// Killed before it made the store, there is none; else it is whole.
			const doctor = JSON.parse(runCli(['doctor', '--store', store, '--json'], {cwd: folder}).stdout) as {healthy?: boolean; error?: {message: string}};
			if (doctor.error) expect(doctor.error.message).toBe(`no store at ${store}`);
			else expect(doctor).toMatchObject({healthy: true});
		}
		expect(kills).toBeGreaterThan(0);
		const rest = JSON.parse(runCli(['ingest', 'input', '--store', store, '--json'], {cwd: folder}).stdout) as {added: number; skipped: number; failed: unknown[]};
		expect(rest.failed).toEqual([]);
		expect(rest.added + rest.skipped).toBe(24);
		const whole = path.join(folder, 'whole.db');
		runCli(['ingest', 'input', '--store', whole], {cwd: folder});
		const titles = (file: string) => runCli(['export', '--store', file], {cwd: folder}).stdout.split('\n').filter(Boolean).map((line) => JSON.parse(line) as {item_id: string; title: string; tldr: string}).map((item) => `${item.item_id} ${item.title} ${item.tldr}`).sort();
		expect(titles(store)).toEqual(titles(whole));
		expect(runCli(['find', 'ledger refund', '--store', store, '--json'], {cwd: folder}).code).toBe(0);
	});
});
