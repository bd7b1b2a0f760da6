import {spawn, spawnSync} from 'node:child_process';
import {existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync} from 'node:fs';
import {hostname} from 'node:os';
import path from 'node:path';
import {beforeAll, describe, expect, it} from 'vitest';
import {DrillError} from '../../source/core/errors.js';
import {drillDown, frameStatus, repairFrames} from '../../source/frames/index.js';
import {withFrameLock} from '../../source/frames/files/lock.js';
import {scanTree} from '../../source/frames/files/tree.js';
import {project, spawnCli} from './helpers.js';

beforeAll(() => {
	expect(existsSync('dist/cli.cjs'), 'run npm run build first').toBe(true);
});

/** The pid of a process that has exited: nothing holds it. */
function deadPid(): number {
	const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {encoding: 'utf8'});
	return Number(child.stdout);
}

describe('the .drills lock', () => {
	it('is an O_EXCL file holding the pid and the time, removed afterwards', async () => {
		const config = project();
		const dir = path.join(config.drillsRoot, '.drills');
		const seen = await withFrameLock(dir, () => JSON.parse(readFileSync(path.join(dir, '.lock'), 'utf8')) as {pid: number; host: string; created: string});
		expect(seen).toMatchObject({pid: process.pid, host: hostname()});
		expect(Number.isNaN(Date.parse(seen.created))).toBe(false);
		expect(existsSync(path.join(dir, '.lock'))).toBe(false);
	});

	it('breaks a stale lock whose process is gone', async () => {
		const config = project();
		const dir = path.join(config.drillsRoot, '.drills');
		mkdirSync(dir, {recursive: true});
		writeFileSync(path.join(dir, '.lock'), JSON.stringify({pid: deadPid(), host: hostname(), created: '2026-01-01T00:00:00Z'}));
		expect(frameStatus(config).problems).toContain('a stale lock left by a process that is gone (.drills/.lock)');
		const down = await drillDown({...config, lockWaitMs: 0}, {slug: 'a', objective: 'A?'});
		expect(down.cursor).toMatch(/^[0-9a-f]{6}$/u);
		expect(existsSync(path.join(dir, '.lock'))).toBe(false);
	});

	it('is cleared by status --repair when status reports it stale, which says so', async () => {
		const config = project();
		await drillDown(config, {slug: 'a', objective: 'A?'});
		const lock = path.join(config.drillsRoot, '.drills', '.lock');
		writeFileSync(lock, JSON.stringify({pid: deadPid(), host: hostname(), created: '2026-01-01T00:00:00Z'}));
		expect(frameStatus(config).problems).toContain('a stale lock left by a process that is gone (.drills/.lock)');
		const repaired = await repairFrames(config);
		expect(repaired.repaired[0]).toMatch(/^removed the stale lock \.drills\/\.lock left by process \d+ on .* \(since 2026-01-01T00:00:00Z\), which is gone$/u);
		expect(repaired.status.problems).toEqual([]);
		expect(existsSync(lock)).toBe(false);
	});

	it('takes a lock that is a link or a pipe (never one of its own) as stale, without reading it', async () => {
		const config = project();
		const dir = path.join(config.drillsRoot, '.drills');
		mkdirSync(dir, {recursive: true});
		symlinkSync('/dev/zero', path.join(dir, '.lock'));
		expect(frameStatus(config).problems).toContain('a stale lock left by a process that is gone (.drills/.lock)');
		expect((await drillDown({...config, lockWaitMs: 0}, {slug: 'a', objective: 'A?'})).cursor).toMatch(/^[0-9a-f]{6}$/u);
		expect(existsSync(path.join(dir, '.lock'))).toBe(false);
	});

	it('waits for a live holder, then refuses with frame_locked', async () => {
		const config = project();
		const dir = path.join(config.drillsRoot, '.drills');
		mkdirSync(dir, {recursive: true});
		const lock = path.join(dir, '.lock');
		// A real process holds the lock, as another drill command would.
		const holder = spawn(process.execPath, ['-e', `require('fs').writeFileSync(${JSON.stringify(lock)}, JSON.stringify({pid: process.pid, host: require('os').hostname(), created: new Date().toISOString()}), {flag: 'wx'}); console.log('held'); setTimeout(() => {}, 20000)`]);
		await new Promise<void>((resolve) => holder.stdout.once('data', () => resolve()));
		try {
			let error: unknown;
			try {
				await drillDown({...config, lockWaitMs: 300}, {slug: 'a', objective: 'A?'});
			} catch (caught) {
				error = caught;
			}
			expect(error).toBeInstanceOf(DrillError);
			expect((error as DrillError).code).toBe('frame_locked');
			expect((error as DrillError).message).toContain(`locked by process ${holder.pid}`);
			expect(scanTree(config.drillsRoot).drills).toEqual([]);
			expect(existsSync(lock)).toBe(true);
		} finally {
			holder.kill();
		}
	});

	it('lets exactly one of two concurrent drill down --from root win (two processes)', async () => {
		const config = project();
		const args = (slug: string) => ['down', slug, '--objective', `Question ${slug}?`, '--from', 'root', '--drills', config.drillsRoot, '--json'];
		const results = await Promise.all([spawnCli(args('first'), {cwd: config.drillsRoot}), spawnCli(args('second'), {cwd: config.drillsRoot})]);
		const winners = results.filter((result) => result.code === 0);
		const losers = results.filter((result) => result.code !== 0);
		expect(winners).toHaveLength(1);
		expect(losers).toHaveLength(1);
		expect(JSON.parse(losers[0]!.stdout).error.code).toMatch(/^(frame_moved|frame_locked)$/u);
		const tree = scanTree(config.drillsRoot);
		expect(tree.drills).toHaveLength(1);
		expect(tree.leftovers).toEqual([]);
		expect(frameStatus(config).cursor).toBe(JSON.parse(winners[0]!.stdout).drill.id);
	});

	it('keeps one consistent chain when two drill down run at once without --from', async () => {
		const config = project();
		const args = (slug: string) => ['down', slug, '--objective', `Question ${slug}?`, '--drills', config.drillsRoot, '--json'];
		const results = await Promise.all([spawnCli(args('left'), {cwd: config.drillsRoot}), spawnCli(args('right'), {cwd: config.drillsRoot})]);
		const created = results.filter((result) => result.code === 0).map((result) => JSON.parse(result.stdout).drill as {id: string; depth: number});
		for (const result of results.filter((result) => result.code !== 0)) expect(JSON.parse(result.stdout).error.code).toBe('frame_locked');
		const status = frameStatus(config);
		// Serialized by the lock: the later one nests under the earlier; never two open roots.
		expect(status.open).toHaveLength(created.length);
		expect(status.open.filter((frame) => frame.depth === 1)).toHaveLength(1);
		expect(status.path.map((frame) => frame.id)).toEqual(created.sort((a, b) => a.depth - b.depth).map((drill) => drill.id));
		expect(status.problems).toEqual([]);
	});
});
