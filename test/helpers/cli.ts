import {spawnSync} from 'node:child_process';
import {chmodSync, mkdtempSync, readFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';

/** The built `drill` as installed: package.json's `bin`. */
export const cliPath = path.resolve((JSON.parse(readFileSync('package.json', 'utf8')) as {bin: {drill: string}}).bin.drill);

export interface CliResult {
	code: number;
	stdout: string;
	stderr: string;
}

/** Runs the built `drill` (or another file of the build, `cli`) with no terminal, in `cwd` (a fresh temp folder by default). */
export function runCli(args: string[], options: {cwd?: string; input?: string; env?: NodeJS.ProcessEnv; spawn?: {uid?: number; gid?: number}; cli?: string} = {}): CliResult {
	const result = spawnSync(process.execPath, [options.cli ?? cliPath, ...args], {
		...options.spawn,
		cwd: options.cwd ?? tempDir(),
		input: options.input ?? '',
		encoding: 'utf8',
		env: {...process.env, DRILL_STORE: '', NO_COLOR: '1', ...options.env},
		timeout: 60_000,
		// spawnSync keeps 1 MiB by default and then kills the child: an export of a few dozen
		// long documents was cut there, mid-line under load, so tests read a partial answer.
		maxBuffer: 1 << 30,
	});
	// A child killed by the timeout or the buffer limit gave a partial answer: say so, never hand it on as whole.
	// (EPIPE is not one: a command that refuses its input stops reading it, and its answer is whole.)
	const code = (result.error as NodeJS.ErrnoException | undefined)?.code;
	if (code === 'ETIMEDOUT' || code === 'ENOBUFS') throw new Error(`drill ${args.join(' ')}: ${result.error!.message}`);
	return {code: result.status ?? -1, stdout: result.stdout, stderr: result.stderr};
}

/** A fresh folder that other users may enter (tests run some commands as nobody). */
export function tempDir(prefix = 'drill-test-'): string {
	const dir = mkdtempSync(path.join(tmpdir(), prefix));
	chmodSync(dir, 0o755);
	return dir;
}

/** True when the text looks like a JavaScript stack trace. */
export function hasStackTrace(text: string): boolean {
	return /^\s+at .+:\d+/mu.test(text);
}
