import {spawn} from 'node:child_process';
import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {afterEach, describe, expect, it, vi} from 'vitest';
import {buildStore} from '../../helpers/agent-store.js';
import {cliPath, tempDir} from '../../helpers/cli.js';

/** `drill ingest --watch --json` following an agent's SQLite store and a folder with binary files in it. */

const children: Array<ReturnType<typeof spawn>> = [];
afterEach(() => {
	for (const child of children.splice(0)) child.kill('SIGKILL');
});

function watchJson(args: string[], cwd: string) {
	const child = spawn(process.execPath, [cliPath, 'ingest', ...args, '--watch', '--json'], {cwd, env: {...process.env, DRILL_STORE: '', NO_COLOR: '1'}});
	children.push(child);
	let stdout = '';
	child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
	const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
	return {child, exited, rounds: () => stdout.split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, any>)};
}

const patience = {timeout: 30_000, interval: 100};
const session = '7c1e0b52-9a44-4f0e-8d1b-2f6a3c9e5d10';

describe('--watch and the agents', () => {
	it('reads a store again when a commit changes it (seen by its -wal), and only the session that changed', async () => {
		const folder = tempDir('drill-watch-store-');
		const file = path.join(folder, 'stores', 'crush.db');
		mkdirSync(path.dirname(file));
		const writer = buildStore('fixtures/agents/crush.store.json', file, {keepOpen: true})!;
		try {
			const watcher = watchJson([path.dirname(file), '--store', path.join(folder, 's.db')], folder);
			await vi.waitFor(() => expect(watcher.rounds()[0]).toMatchObject({round: 0, added: 2, failed: []}), patience);
			// Crush adds a turn: the WAL grows, the database file itself is not touched.
			writer.prepare('INSERT INTO messages (id, session_id, role, parts, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)').run('m10', session, 'user', JSON.stringify([{type: 'text', data: {text: 'Now do the same for the low tide alarms.'}}]), 1767605000000, 1767605000);
			await vi.waitFor(
				() =>
					expect(watcher.rounds().flatMap((round) => round.files)).toContainEqual(
						expect.objectContaining({path: file, change: 'changed', report: expect.objectContaining({updated: 1, skipped: 1, failed: []})}),
					),
				patience,
			);
			watcher.child.kill('SIGTERM');
			expect(await watcher.exited).toBe(0);
		} finally {
			writer.close();
		}
	}, 120_000);

	it('never takes its own store for an agent’s, though it is a database in the watched folder', async () => {
		const folder = tempDir('drill-watch-own-store-');
		writeFileSync(path.join(folder, 'notes.md'), '# Notes\n\nThe harbour gauge feed.\n');
		const watcher = watchJson(['.', '--store', 's.db'], folder);
		await vi.waitFor(() => expect(watcher.rounds()[0]).toMatchObject({round: 0, added: 1, failed: []}), patience);
		// A listing after round 0 wrote to s.db: had s.db been watched, its change would be in this round or one before.
		writeFileSync(path.join(folder, 'more.md'), '# More notes\n\nThe tide table.\n');
		await vi.waitFor(() => expect(watcher.rounds().flatMap((round) => round.files).map((file) => path.basename(file.path))).toContain('more.md'), patience);
		expect(watcher.rounds().flatMap((round) => round.files).map((file) => path.basename(file.path))).not.toContain('s.db');
		watcher.child.kill('SIGTERM');
		expect(await watcher.exited).toBe(0);
	}, 120_000);

	it('skips and counts a binary file found in a watched folder, as a one-off ingest does', async () => {
		const folder = tempDir('drill-watch-binary-');
		const watched = path.join(folder, 'logs');
		mkdirSync(watched);
		writeFileSync(path.join(watched, 'notes.md'), '# Notes\n\nThe harbour gauge feed.\n');
		writeFileSync(path.join(watched, 'capture.bin'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 13, 0, 1, 2, 3]));
		const watcher = watchJson([watched, '--store', path.join(folder, 's.db')], folder);
		await vi.waitFor(() => expect(watcher.rounds()[0]).toMatchObject({round: 0, added: 1, skipped_files: 1, failed: []}), patience);
		writeFileSync(path.join(watched, 'later.bin'), Buffer.from([0, 0, 0, 0, 1, 2]));
		await vi.waitFor(() => expect(watcher.rounds().find((round) => round.round > 0)).toMatchObject({skipped_files: 1, failed: [], files: [expect.objectContaining({change: 'new'})]}), patience);
		watcher.child.kill('SIGTERM');
		expect(await watcher.exited).toBe(0);
	}, 120_000);
});
