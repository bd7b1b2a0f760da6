import type {ChildProcess} from 'node:child_process';
import type {ExternalProgram} from './effects/external.js';

/** The program `o` or `e` runs: $PAGER (default `less -R`) or $EDITOR (default `vi`). */
export function programFor(program: ExternalProgram, env: NodeJS.ProcessEnv): string {
	const chosen = program === 'pager' ? env.PAGER : env.EDITOR;
	return chosen?.trim() || (program === 'pager' ? 'less -R' : 'vi');
}

// Taken when a program first runs: node:child_process costs a few milliseconds to load, before the first frame.
const spawn = () => process.getBuiltinModule('node:child_process').spawn;

/** How the app gives the terminal away and takes it back (see run-app). */
export interface Terminal {
	/** Keys off, raw mode off, the app's screen left, the cursor shown; nothing is drawn until `back`. */
	leave(): void;
	/** The app's screen, raw mode and keys again, the whole frame redrawn. */
	back(): void;
}

/**
 * Runs the pager or the editor on a file (at a line: `+N`, which less, vi, nano and emacs all
 * read) with the terminal handed over, and resolves with an error line or undefined once it
 * exited and the app has the terminal again. The command is run by `sh -c`, as git runs $PAGER,
 * so `less -R` or `code --wait` work as written; the file is an argument, never pasted into the
 * command. One program at a time: a second request while one runs is refused.
 */
export class Handover {
	private running = false;

	constructor(
		private readonly terminal: Terminal,
		private readonly env: NodeJS.ProcessEnv,
	) {}

	/** A program has the terminal (the app ignores ctrl-c's SIGINT meanwhile: it is the program's). */
	get active(): boolean {
		return this.running;
	}

	run(program: ExternalProgram, file: string, line?: number): Promise<string | undefined> {
		const command = programFor(program, this.env);
		const args = line === undefined ? [file] : [`+${line}`, file];
		return this.handOver(command, () => spawn()('/bin/sh', ['-c', `${command} "$@"`, 'drill', ...args], {stdio: 'inherit', env: this.env}), (code) =>
			code === 127 ? `${command}: command not found (set $${program === 'pager' ? 'PAGER' : 'EDITOR'})` : undefined,
		);
	}

	/**
	 * Runs a program (argv, no shell) in a folder with the terminal handed over, as `r` resumes a
	 * session in its agent; resolves with an error line, or undefined once it exited.
	 */
	runCommand(argv: readonly string[], cwd: string): Promise<string | undefined> {
		const [program, ...args] = argv;
		if (!program) return Promise.resolve('nothing to run');
		return this.handOver(program, () => spawn()(program, args, {stdio: 'inherit', env: this.env, cwd}), (code) => (code !== 0 && code !== null ? `${program} exited with status ${code}` : undefined));
	}

	private handOver(command: string, start: () => ChildProcess, failure: (code: number | null) => string | undefined): Promise<string | undefined> {
		if (this.running) return Promise.resolve('a program already has the terminal');
		this.running = true;
		this.terminal.leave();
		return new Promise((resolve) => {
			let settled = false;
			const settle = (error: string | undefined) => {
				if (settled) return;
				settled = true;
				this.running = false;
				this.terminal.back();
				resolve(error);
			};
			const child = start();
			child.on('error', (error) => settle(`cannot run ${command}: ${error.message}`));
			child.on('close', (code) => settle(failure(code)));
		});
	}
}
