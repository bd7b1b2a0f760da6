import {spawnSync} from 'node:child_process';
import type {ExternalProgram} from './effects/external.js';

/** The program `o` or `e` runs: $PAGER (default `less -R`) or $EDITOR (default `vi`). */
export function programFor(program: ExternalProgram, env: NodeJS.ProcessEnv): string {
	const chosen = program === 'pager' ? env.PAGER : env.EDITOR;
	return chosen?.trim() || (program === 'pager' ? 'less -R' : 'vi');
}

/**
 * Runs the pager or the editor on a file (at a line: `+N`, which less, vi, nano and emacs all
 * read) with the terminal handed over: the app leaves its screen and raw mode, the program gets
 * the terminal's stdin, stdout and stderr, and the app takes the terminal back after it. The
 * command is run by `sh -c`, as git runs $PAGER, so `less -R` or `code --wait` work as written;
 * the file is passed as an argument, never pasted into the command.
 */
export function runExternal(program: ExternalProgram, file: string, line: number | undefined, env: NodeJS.ProcessEnv, terminal: {leave(): void; back(): void}): string | undefined {
	const command = programFor(program, env);
	const args = line === undefined ? [file] : [`+${line}`, file];
	terminal.leave();
	let result: ReturnType<typeof spawnSync>;
	try {
		// The app waits: nothing is drawn and no key is read while the program has the terminal.
		result = spawnSync('/bin/sh', ['-c', `${command} "$@"`, 'drill', ...args], {stdio: 'inherit', env});
	} finally {
		terminal.back();
	}
	if (result.error) return `cannot run ${command}: ${result.error.message}`;
	if (result.status === 127) return `${command}: command not found (set $${program === 'pager' ? 'PAGER' : 'EDITOR'})`;
	return undefined;
}
