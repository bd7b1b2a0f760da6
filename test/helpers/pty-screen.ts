import {spawn, type IPty} from '@lydell/node-pty';
import {test} from 'vitest';
import {cliPath} from './cli.js';
import {ptySizes} from './pty-sizes.js';
import {XtermScreen} from './xterm-screen.js';

/**
 * The terminal a pty test gets unless it asks for a size: DRILL_PTY_SIZE (COLSxROWS). vitest.config.ts
 * runs test/terminal/ twice, at 80×24 and at 120×40; alone, a test file runs at 100×30.
 */
export const ptySize: {cols: number; rows: number} = (() => {
	const match = /^(\d+)x(\d+)$/u.exec(process.env.DRILL_PTY_SIZE ?? '');
	return match ? {cols: Number(match[1]), rows: Number(match[2])} : {cols: 100, rows: 30};
})();

/**
 * A pty test whose outcome does not depend on the project's terminal size runs in one of the two
 * terminal projects (the first, 80×24; and when its file runs alone): it sets its own size, draws
 * nothing, or checks a process or a file, not a layout. At the other size it would repeat the same
 * run. Every test that reads a layout at the project's size stays a plain `test`, run at both.
 */
export const testAtOneSize = test.skipIf(process.env.DRILL_PTY_SIZE !== undefined && process.env.DRILL_PTY_SIZE !== ptySizes[0]);

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
		const cols = options.cols ?? ptySize.cols;
		const rows = options.rows ?? ptySize.rows;
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

	/** Tree and detail side by side (source/ui/layout.ts, from 100 columns); narrower, Tab shows one or the other. */
	get wide(): boolean {
		return this.terminal.cols >= 100;
	}

	/**
	 * Waits until the explorer is on node `id` of `domain` and returns the screen. Wide, the detail
	 * pane names it; narrow, where the detail is hidden behind the tree, `y` (copy the id) names it
	 * on the status line ("copied conversation_session:k3x9"), asked again until it does.
	 */
	async waitForNode(id: string, domain = 'summary', timeoutMs = 10_000): Promise<string> {
		const shown = new RegExp(`${escapeRegExp(`${domain}:${id === '' ? "''" : id}`)}(?:\\s|$)`, 'mu');
		if (this.wide) return this.waitFor(shown, timeoutMs);
		const copied = new RegExp(`copied ${escapeRegExp(id === '' ? `the ${domain} root id ''` : id)}(?: |─)`, 'u');
		const until = performance.now() + timeoutMs;
		// Keys before the app has its screen would be echoed by the terminal, not read.
		await this.waitFor(/^└.*┘$/mu, timeoutMs);
		for (;;) {
			const text = await this.screen();
			if (shown.test(text) || copied.test(text)) return text;
			if (performance.now() > until) throw new Error(`${this.gone?.() ?? 'timed out'} waiting for the cursor on ${domain}:${id}; screen:\n${text}`);
			this.write('y');
			await this.waitFor(copied, 500).catch(() => undefined);
		}
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

function escapeRegExp(text: string): string {
	return text.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');
}
