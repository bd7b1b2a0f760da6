import {spawn, type IPty} from '@lydell/node-pty';
import path from 'node:path';
import {XtermScreen} from './xterm-screen.js';

export const cliPath = path.resolve('dist/cli.js');

/** The environment of a person's terminal: no CI (Ink would print only the final frame), a TERM. */
export function terminalEnv(extra: NodeJS.ProcessEnv = {}): Record<string, string> {
	const env: NodeJS.ProcessEnv = {...process.env, TERM: 'xterm-256color', ...extra};
	for (const name of ['CI', 'CONTINUOUS_INTEGRATION', 'NODE_ENV', 'NO_COLOR', 'FORCE_COLOR']) if (!(name in extra)) delete env[name];
	for (const [name, value] of Object.entries(env)) if (value === undefined) delete env[name];
	return env as Record<string, string>;
}

/** The built `drill` in a real pseudo-terminal, read through a headless xterm. */
export class PtyScreen extends XtermScreen {
	readonly child: IPty;
	exitCode: number | undefined;
	private readonly exited: Promise<number>;

	/** `command` is what node runs before `args` (default: the built drill). */
	constructor(args: string[], options: {cols?: number; rows?: number; cwd?: string; env?: NodeJS.ProcessEnv; command?: string[]} = {}) {
		const cols = options.cols ?? 100;
		const rows = options.rows ?? 30;
		super(cols, rows);
		this.child = spawn(process.execPath, [...(options.command ?? [cliPath]), ...args], {name: 'xterm-256color', cols, rows, cwd: options.cwd ?? process.cwd(), env: terminalEnv(options.env)});
		this.child.onData((data) => this.feed(data));
		this.exited = new Promise((resolve) => {
			this.child.onExit(({exitCode}) => {
				this.exitCode = exitCode;
				resolve(exitCode);
			});
		});
		this.gone = () => (this.exitCode === undefined ? undefined : `drill exited (${this.exitCode})`);
	}

	write(data: string): void {
		this.child.write(data);
	}

	/** Resizes the terminal first, then the pty, so the app's redraw lands in the new size. */
	override resize(cols: number, rows: number): void {
		super.resize(cols, rows);
		this.child.resize(cols, rows);
	}

	exit(timeoutMs = 10_000): Promise<number> {
		return Promise.race([this.exited, new Promise<number>((_, reject) => setTimeout(() => reject(new Error(`drill did not exit; screen:\n${this.text()}`)), timeoutMs))]);
	}

	kill(): void {
		if (this.exitCode === undefined) this.child.kill();
		this.dispose();
	}
}
