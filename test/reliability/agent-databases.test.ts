// The reliability suite (docs/reliability.md): hostile agent databases (issue 39, points 3 and 4).
// Each is a few KB made at test time, and would cost a naive reader hours, gigabytes of disk or
// its heap: read, each is one line against its file, and the run (or the watcher) goes on.
import {spawn} from 'node:child_process';
import {mkdirSync, readdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {afterEach, describe, expect, it, vi} from 'vitest';
import {cliPath, hasStackTrace, runCli, tempDir} from '../helpers/cli.js';
import {commentedTables, endlessSessionView, hugeGeneratedParts, joinedMessagesView} from '../helpers/hostile-databases.js';
import {sessionNamed} from './corpus.js';

const running: Array<ReturnType<typeof spawn>> = [];
afterEach(() => {
	for (const child of running.splice(0)) child.kill('SIGKILL');
});

/** The lines a report gives against each file, by file name. */
const failures = (report: {failed: Array<{path: string; reason: string}>}) => report.failed.map((failure) => `${path.basename(failure.path)}: ${failure.reason}`).sort();

const expected = [
	expect.stringMatching(/^commented\.db: is not read: its tables \(as SQLite lists them\) are not those of an OpenCode database/u),
	expect.stringMatching(/^crush-view\.db: is not read: "messages" is a view \(drill reads only an agent's own tables/u),
	expect.stringMatching(/^crush\.db: is not read: "messages\.parts" is a generated column/u),
	expect.stringMatching(/^opencode\.db: is not read: "session" is a view/u),
];

describe('hostile agent databases', () => {
	it('are each one line against their file, and the run ingests the rest and exits 0, leaving no copy behind', () => {
		const folder = tempDir();
		const corpus = path.join(folder, 'corpus');
		mkdirSync(corpus);
		endlessSessionView(path.join(corpus, 'opencode.db'));
		commentedTables(path.join(corpus, 'commented.db'));
		hugeGeneratedParts(path.join(corpus, 'crush.db'));
		joinedMessagesView(path.join(corpus, 'crush-view.db'));
		writeFileSync(path.join(corpus, 'session.jsonl'), sessionNamed('c0c0c0c0-0000-4000-8000-000000000003'));
		const tmp = tempDir('drill-tmp-');
		const result = runCli(['ingest', 'corpus', '--store', 's.db', '--json'], {cwd: folder, env: {TMPDIR: tmp}});
		expect(hasStackTrace(result.stderr), result.stderr).toBe(false);
		expect(result.code, result.stderr).toBe(0);
		const report = JSON.parse(result.stdout) as {added: number; failed: Array<{path: string; reason: string}>};
		expect(report.added).toBe(1);
		expect(failures(report)).toEqual(expected);
		expect(readdirSync(tmp)).toEqual([]);
	});

	it('leave `drill ingest --agents --watch` running: reported in its first round, and the next session still comes in', async () => {
		const home = tempDir('drill-home-');
		const project = path.join(home, '.claude', 'projects', '-home-ana-src-api');
		mkdirSync(project, {recursive: true});
		writeFileSync(path.join(project, 'one.jsonl'), sessionNamed('d0d0d0d0-0000-4000-8000-000000000004'));
		mkdirSync(path.join(home, '.local', 'share', 'opencode'), {recursive: true});
		endlessSessionView(path.join(home, '.local', 'share', 'opencode', 'opencode.db'));
		const repository = path.join(home, 'repo');
		mkdirSync(path.join(repository, '.crush'), {recursive: true});
		hugeGeneratedParts(path.join(repository, '.crush', 'crush.db'));
		const child = spawn(process.execPath, [cliPath, 'ingest', '--agents', '--watch', '--json', '--store', path.join(home, 's.db')], {cwd: repository, env: {...process.env, HOME: home, XDG_DATA_HOME: '', DRILL_STORE: '', NO_COLOR: '1'}});
		running.push(child);
		let stdout = '';
		let stderr = '';
		child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
		child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
		let exit: number | null | undefined;
		child.on('exit', (code) => (exit = code));
		const rounds = () => stdout.split('\n').filter(Boolean).map((line) => JSON.parse(line) as {round: number; added: number; failed: Array<{path: string; reason: string}>});
		const patience = {timeout: 60_000, interval: 200};
		await vi.waitFor(() => expect(rounds()[0]).toMatchObject({round: 0, added: 1}), patience);
		expect(failures(rounds()[0]!)).toEqual([expected[2], expected[3]]);
		writeFileSync(path.join(project, 'two.jsonl'), sessionNamed('e0e0e0e0-0000-4000-8000-000000000005'));
		await vi.waitFor(() => expect(rounds().slice(1).reduce((sum, round) => sum + round.added, 0)).toBe(1), patience);
		expect(exit, stderr).toBeUndefined();
		expect(hasStackTrace(stderr), stderr).toBe(false);
	}, 120_000);
});
