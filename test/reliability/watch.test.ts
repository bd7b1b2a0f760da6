// The reliability suite (docs/reliability.md), live: hostile files that appear while
// `drill ingest --agents --watch` runs are reported against themselves, and the watcher goes on.
import {spawn} from 'node:child_process';
import {mkdirSync, renameSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {afterEach, describe, expect, it, vi} from 'vitest';
import {cliPath, hasStackTrace, runCli, tempDir} from '../helpers/cli.js';
import {makeFifo} from '../helpers/special-files.js';
import {sessionNamed} from './corpus.js';

const running: Array<ReturnType<typeof spawn>> = [];
afterEach(() => {
	for (const child of running.splice(0)) child.kill('SIGKILL');
});

const patience = {timeout: 60_000, interval: 200};

function uriOf(store: string, id: string): string | undefined {
	const result = runCli(['walk', 'summary', id, '--json', '--store', store]);
	return result.code === 0 ? (JSON.parse(result.stdout) as {source?: {uri?: string}}).source?.uri : undefined;
}

describe('drill ingest --agents --watch with hostile files arriving', () => {
	it('ingests a 150,000-line log, reports or counts the rest file by file, follows a rotated log, and keeps running', async () => {
		const home = tempDir('drill-home-');
		const project = path.join(home, '.claude', 'projects', '-home-ana-src-api');
		mkdirSync(project, {recursive: true});
		const live = path.join(project, 'live.jsonl');
		writeFileSync(live, sessionNamed('a0a0a0a0-0000-4000-8000-000000000001'));
		const cwd = tempDir();
		const store = path.join(cwd, 's.db');
		const child = spawn(process.execPath, [cliPath, 'ingest', '--agents', '--watch', '--json', '--store', store], {cwd, env: {...process.env, HOME: home, DRILL_STORE: '', NO_COLOR: '1'}});
		running.push(child);
		let stdout = '';
		let stderr = '';
		child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
		child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
		const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
		const rounds = () => stdout.split('\n').filter(Boolean).map((line) => JSON.parse(line) as {round: number; added: number; skipped_files: number; failed: Array<{path: string; reason: string}>; conflicts: unknown[]; files: Array<{path: string; change: string}>});
		await vi.waitFor(() => expect(rounds()[0]).toMatchObject({round: 0, added: 1}), patience);
		const first = (JSON.parse(runCli(['walk', 'summary', 'conversation_session', '--json', '--store', store]).stdout) as {children: Array<{node_id: string}>}).children[0]!.node_id;

		writeFileSync(path.join(project, 'tiny-lines.jsonl'), `${Array.from({length: 150_000}, (_, i) => JSON.stringify({role: i % 2 ? 'assistant' : 'user', content: `m${i}`})).join('\n')}\n`);
		writeFileSync(path.join(project, 'nested.jsonl'), `${'['.repeat(100_000)}${']'.repeat(100_000)}\n`);
		writeFileSync(path.join(project, 'binary.jsonl'), Buffer.from([0, 1, 2, 0, 0, 255, 10]));
		writeFileSync(path.join(project, 'latin1.jsonl'), Buffer.from('{"role": "user", "content": "caf\xe9"}\n', 'latin1'));
		makeFifo(path.join(project, 'pipe.jsonl'));
		// A log rotated under the watcher: the session moves with its file, the next one takes the name.
		renameSync(live, path.join(project, 'live.1.jsonl'));
		writeFileSync(live, sessionNamed('b0b0b0b0-0000-4000-8000-000000000002'));

		await vi.waitFor(() => {
			const seen = rounds().slice(1);
			// The 150,000-line log and the session now at live.jsonl; the one at live.1.jsonl is unchanged, and moves.
			expect(seen.reduce((sum, round) => sum + round.added, 0)).toBe(2);
			// A log drill cannot decode is reported against its file, in one line; files that are not
			// transcripts at all (the binary one, the JSON of nested arrays) are counted, as in any
			// folder walk; the pipe is left out unread.
			expect(seen.flatMap((round) => round.failed.map((failure) => `${path.basename(failure.path)}: ${failure.reason}`)).sort()).toEqual([
				expect.stringMatching(/^latin1\.jsonl: is not valid UTF-8 \(line 1\); convert the file to UTF-8/u),
			]);
			expect(seen.reduce((sum, round) => sum + round.skipped_files, 0)).toBe(2);
		}, patience);
		await vi.waitFor(() => expect(uriOf(store, first)).toBe(path.join(project, 'live.1.jsonl')), patience);
		expect(rounds().flatMap((round) => round.conflicts)).toEqual([]);
		expect(child.exitCode).toBeNull();
		child.kill('SIGTERM');
		expect(await exited).toBe(0);
		expect(hasStackTrace(stderr), stderr).toBe(false);
		expect(stderr).not.toMatch(/store .* failed|unexpected failure/u);
	}, 180_000);
});
