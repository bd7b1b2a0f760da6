// The reliability suite (docs/reliability.md): a full disk and a read-only mount, for real, on a
// small tmpfs mounted in a private mount namespace (`unshare -rm`, which needs no root on a
// kernel that allows user namespaces). Where the machine allows neither, the tests skip and say so.
import {spawnSync} from 'node:child_process';
import {existsSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {cliPath, hasStackTrace, tempDir} from '../helpers/cli.js';
import {generatedMarkdown} from '../helpers/markdown.js';

const unshare = '/usr/bin/unshare';

/** Whether a tmpfs can be mounted here in a private namespace; why not, when it cannot. */
function tmpfsSupport(): string | undefined {
	if (!existsSync(unshare)) return `${unshare} is missing`;
	const probe = tempDir();
	const result = spawnSync(unshare, ['-rm', 'sh', '-c', `mount -t tmpfs -o size=64k tmpfs '${probe}' && echo mounted`], {encoding: 'utf8', timeout: 10_000});
	return result.stdout.includes('mounted') ? undefined : `no tmpfs in a private mount namespace here (${(result.stderr || result.error?.message || 'unshare failed').trim()})`;
}

const unsupported = tmpfsSupport();
if (unsupported) process.stderr.write(`test/reliability/disk-full.test.ts skipped: ${unsupported}\n`);

interface Step {
	code: number;
	stdout: string;
	stderr: string;
}

/**
 * Runs a shell script inside a private mount namespace with a tmpfs of `size` at `mount`; each
 * `step NAME ARGS…` line runs `drill ARGS…` and keeps what it printed, read back as `steps[NAME]`.
 */
function inNamespace(size: string, script: string): {steps: Record<string, Step>; log: string; kept: (name: string) => string} {
	const work = tempDir();
	const mount = path.join(work, 'mnt');
	const out = path.join(work, 'out');
	mkdirSync(mount);
	mkdirSync(out);
	const prelude = [
		'set -u',
		`M='${mount}'`,
		`O='${out}'`,
		`step() { name=$1; shift; ${JSON.stringify(process.execPath)} ${JSON.stringify(cliPath)} "$@" > "$O/$name.out" 2> "$O/$name.err"; echo $? > "$O/$name.code"; }`,
		// Fills the disk to the last 4 KB page (or whatever `fill KB` leaves).
		'fill() { rm -f "$M/fill"; free=$(df -k "$M" | awk \'NR==2 {print $4}\'); head -c $(( (free - $1) * 1024 )) /dev/zero > "$M/fill" 2>/dev/null; true; }',
		`mount -t tmpfs -o size=${size} tmpfs "$M"`,
	].join('\n');
	const result = spawnSync(unshare, ['-rm', 'sh', '-c', `${prelude}\n${script}`], {encoding: 'utf8', timeout: 110_000, env: {...process.env, DRILL_STORE: '', NO_COLOR: '1', DRILL_LOCK_WAIT_MS: '500'}});
	const steps: Record<string, Step> = {};
	const listed = existsSync(path.join(out, '.steps')) ? readFileSync(path.join(out, '.steps'), 'utf8') : '';
	for (const name of listed.split('\n').filter(Boolean)) {
		steps[name] = {code: Number(readFileSync(path.join(out, `${name}.code`), 'utf8')), stdout: readFileSync(path.join(out, `${name}.out`), 'utf8'), stderr: readFileSync(path.join(out, `${name}.err`), 'utf8')};
	}
	return {steps, log: `${result.stdout}${result.stderr}`, kept: (name) => readFileSync(path.join(out, name), 'utf8')};
}

/** A failed step says so in exactly one line, without a stack trace or a plea to report a bug. */
function oneLine(step: Step | undefined, what: string): string {
	expect(step, what).toBeDefined();
	expect(step!.code, `${what}: ${step!.stderr}`).not.toBe(0);
	expect(hasStackTrace(step!.stderr), what).toBe(false);
	expect(step!.stderr, what).not.toMatch(/unexpected failure/u);
	expect(step!.stderr.trim().split('\n'), `${what}: ${step!.stderr}`).toHaveLength(1);
	return step!.stderr;
}

describe.skipIf(unsupported !== undefined)('on a full disk (a 1 MB tmpfs)', () => {
	it('drill down and drill up fail in one line, leaving no lock, no temporary file and no half-done step, whatever space is left', () => {
		// For each amount left (in KB), the frames try a down and an up; what status says after is kept.
		const leftovers = [0, 4, 8, 12, 16, 24];
		const script = leftovers
			.map((left) =>
				[
					`rm -rf "$M/p${left}"; mkdir -p "$M/p${left}/.git"; cd "$M/p${left}"`,
					`step down0-${left} down api --objective "Why does the API fail?"`,
					`fill ${left}`,
					`step down-${left} down db --objective "Which query exhausts the pool?"`,
					`step up-${left} up --findings "found it, $(head -c 20000 /dev/zero | tr '\\0' x)" --plan '[]'`,
					`ls -A .drills > "$O/ls-${left}"; find .drills -name '.tmp-*' > "$O/tmp-${left}"`,
					`rm -f "$M/fill"`,
					`step status-${left} status --json`,
					`printf '%s\\n' down0-${left} down-${left} up-${left} status-${left} >> "$O/.steps"`,
				].join('\n'),
			)
			.join('\n');
		const {steps, log, kept} = inNamespace('1m', script);
		expect(Object.keys(steps), log).toHaveLength(leftovers.length * 4);
		let failures = 0;
		for (const left of leftovers) {
			expect(steps[`down0-${left}`]!.code).toBe(0);
			for (const name of [`down-${left}`, `up-${left}`]) {
				if (steps[name]!.code === 0) continue;
				failures++;
				expect(oneLine(steps[name], name)).toMatch(/\(ENOSPC: no space left on device, \w+\); the disk is full: free some space, then run the command again \(nothing was half-written\)\n$|has open drills below it/u);
			}
			expect(kept(`ls-${left}`).split('\n'), `.drills after ${left} KB`).not.toContain('.lock');
			expect(kept(`tmp-${left}`), `temporary files after ${left} KB`).toBe('');
			const status = JSON.parse(steps[`status-${left}`]!.stdout) as {problems: string[]; path: Array<{slug: string}>; counts: {open: number; closed: number}};
			// Nothing half-done: the cursor is on the deepest open drill, nothing is left to repair.
			expect(status.problems, `status after ${left} KB`).toEqual([]);
			expect(status.path.map((link) => link.slug), `path after ${left} KB`).toEqual(status.counts.open === 2 ? ['api', 'db'] : status.counts.open === 1 ? ['api'] : []);
		}
		expect(failures).toBeGreaterThanOrEqual(3);
	});

	it('ingest stops at the first full disk, says what it committed in one line, and a rerun with room adds the rest', () => {
		const work = tempDir();
		const input = path.join(work, 'input');
		mkdirSync(input);
		const pages = 60;
		for (let i = 0; i < pages; i++) writeFileSync(path.join(input, `page-${String(i).padStart(2, '0')}.md`), generatedMarkdown(i, 20_000));
		const script = [
			`step full ingest '${input}' --store "$M/s.db" --json`,
			`step full-human ingest '${input}' --store "$M/s.db"`,
			`step doctor doctor --store "$M/s.db"`,
			'mount -o remount,size=16m "$M"',
			`step rerun ingest '${input}' --store "$M/s.db" --json`,
			'printf "%s\\n" full full-human doctor rerun >> "$O/.steps"',
		].join('\n');
		const {steps, log} = inNamespace('600k', script);
		expect(Object.keys(steps), log).toHaveLength(4);
		const full = JSON.parse(steps.full!.stdout) as {error: {code: string; message: string; details: {committed: {added: number; items: number}}}};
		expect(full.error).toMatchObject({code: 'store_full', message: expect.stringMatching(/^the disk holding the store .*s\.db is full \(database or disk is full\)$/u)});
		const committed = full.error.details.committed.added;
		expect(committed).toBeLessThan(pages);
		// Two lines in all: what was kept, and why it stopped; never a line per remaining file.
		expect(steps['full-human']!.stderr).toMatch(/^drill: ingest stopped; committed before stopping, and kept in the store: \d+ added, 0 updated \(\d+ items?\)\ndrill: the disk holding the store .* is full \(database or disk is full\); free some space, then run the command again: what was written stays in the store, and a rerun adds the rest\n$/u);
		expect(steps.doctor!.stdout).toMatch(/^store .*s\.db \(\d+ KB(?: and [\d.]+ [KM]B in its write-ahead log)?, schema \d+, \d+ items\): healthy/u);
		const rerun = JSON.parse(steps.rerun!.stdout) as {added: number; skipped: number; failed: unknown[]};
		expect(rerun.failed).toEqual([]);
		expect(rerun.added + rerun.skipped).toBe(pages);
	});
});

describe.skipIf(unsupported !== undefined)('on a read-only mount', () => {
	it('doctor checks the store, readers read it, and writers refuse in one line', () => {
		const work = tempDir();
		const page = path.join(work, 'page.md');
		writeFileSync(page, generatedMarkdown(1, 4000));
		const script = [
			`mkdir "$M/p" "$M/p/.git"; cd "$M/p"`,
			`step ingest ingest '${page}' --store "$M/p/s.db"`,
			'mount -o remount,ro "$M"',
			'step doctor doctor --store s.db',
			'step find find notes --store s.db',
			`step again ingest '${page}' --store s.db`,
			'step down down api --objective "Why?"',
			'printf "%s\\n" ingest doctor find again down >> "$O/.steps"',
		].join('\n');
		const {steps, log} = inNamespace('4m', script);
		expect(Object.keys(steps), log).toHaveLength(5);
		expect(steps.ingest!.code).toBe(0);
		expect(steps.doctor!.code, steps.doctor!.stderr).toBe(0);
		expect(steps.doctor!.stdout).toMatch(/^store .*s\.db \(\d+ KB, schema \d+, 1 items\): healthy/u);
		expect(steps.find!.code, steps.find!.stderr).toBe(0);
		expect(oneLine(steps.again, 'ingest on a read-only mount')).toMatch(/read-only/u);
		expect(oneLine(steps.down, 'down on a read-only mount')).toMatch(/EROFS: read-only file system\); the file system is mounted read-only/u);
	});
});

describe.skipIf(unsupported !== undefined)('on a read-only mount after a full disk stopped an ingest (commits left in the -wal)', () => {
	for (const shm of ['with its -shm', 'without its -shm'] as const) {
		it(`reads the store with its -wal, ${shm}: doctor says healthy, find answers, and where no copy can be made it is "unreadable here", never damaged`, () => {
			const work = tempDir();
			const input = path.join(work, 'input');
			mkdirSync(input);
			for (let i = 0; i < 60; i++) writeFileSync(path.join(input, `page-${String(i).padStart(2, '0')}.md`), generatedMarkdown(i, 20_000));
			const script = [
				`step full ingest '${input}' --store "$M/s.db" --json`,
				shm === 'without its -shm' ? 'rm -f "$M/s.db-shm"' : 'true',
				'stat -c %s "$M/s.db-wal" > "$O/wal-bytes" 2>/dev/null || echo 0 > "$O/wal-bytes"',
				'mount -o remount,ro "$M"',
				'step doctor doctor --store "$M/s.db" --json',
				'step find find notes --store "$M/s.db" --json',
				// No private copy can be made where the temporary folder is the read-only mount itself.
				'TMPDIR="$M" step nocopy doctor --store "$M/s.db"',
				'printf "%s\\n" full doctor find nocopy >> "$O/.steps"',
			].join('\n');
			const {steps, log, kept} = inNamespace('600k', script);
			expect(Object.keys(steps), log).toHaveLength(4);
			expect(steps.full!.code).not.toBe(0);
			expect(Number(kept('wal-bytes')), 'the -wal holds commits').toBeGreaterThan(0);
			expect(steps.doctor!.code, steps.doctor!.stderr).toBe(0);
			const diagnosis = JSON.parse(steps.doctor!.stdout) as {healthy: boolean; problems: string[]; notes: string[]};
			expect(diagnosis).toMatchObject({healthy: true, problems: []});
			expect(steps.find!.code, steps.find!.stderr).toBe(0);
			if (shm === 'with its -shm') expect(steps.nocopy!.code, steps.nocopy!.stderr).toBe(0);
			else {
				expect(diagnosis.notes.join('\n')).toMatch(/read from a private copy of both/u);
				const line = oneLine(steps.nocopy, 'doctor with no room for a copy');
				expect(line).toMatch(/cannot be read here: its write-ahead log \(\d+ bytes of commits not yet in the file\) needs a -shm file beside it/u);
				expect(line).not.toMatch(/damaged|malformed|--repair/u);
			}
		});
	}
});
