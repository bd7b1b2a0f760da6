import xterm from '@xterm/headless';

// @xterm/headless is CommonJS.
const {Terminal} = xterm;

interface Waiter {
	test: (screen: string) => boolean;
	resolve: (arrivedAt: number) => void;
}

export interface CellStyle {
	fg: number;
	bold: boolean;
	underline: boolean;
	inverse: boolean;
	row: number;
	column: number;
}

/**
 * A headless terminal that output is fed into: `screen()` is what a person would see, `raw`
 * every byte written, `until()` the moment the screen first passed a test.
 */
export class XtermScreen {
	readonly terminal: InstanceType<typeof Terminal>;
	raw = '';
	/** Set by the owner to explain a wait that can no longer succeed (e.g. the process exited). */
	gone: (() => string | undefined) | undefined;
	private parsed: Promise<void> = Promise.resolve();
	private waiters: Waiter[] = [];
	private lastFeed = 0;

	/** `convertEol` does what a pty's line discipline does (LF → CR LF) for output that bypasses one. */
	constructor(cols: number, rows: number, options: {convertEol?: boolean} = {}) {
		this.terminal = new Terminal({cols, rows, allowProposedApi: true, convertEol: options.convertEol ?? false});
	}

	feed(data: string): void {
		const arrivedAt = performance.now();
		this.lastFeed = arrivedAt;
		this.raw += data;
		this.parsed = this.parsed.then(
			() =>
				new Promise((resolve) =>
					this.terminal.write(data, () => {
						this.check(arrivedAt);
						resolve();
					}),
				),
		);
	}

	private check(arrivedAt: number): void {
		if (this.waiters.length === 0) return;
		const screen = this.text();
		this.waiters = this.waiters.filter((waiter) => {
			if (!waiter.test(screen)) return true;
			waiter.resolve(arrivedAt);
			return false;
		});
	}

	text(): string {
		const buffer = this.terminal.buffer.active;
		const lines: string[] = [];
		for (let row = 0; row < this.terminal.rows; row++) lines.push(buffer.getLine(buffer.viewportY + row)?.translateToString(true) ?? '');
		return lines.join('\n');
	}

	/** The visible screen, rows joined by newlines, trailing blanks trimmed. */
	async screen(): Promise<string> {
		await this.parsed;
		return this.text();
	}

	async lines(): Promise<string[]> {
		return (await this.screen()).split('\n');
	}

	/** The arrival time of the output that made the screen pass `test` (now, if it already does). */
	async until(test: (screen: string) => boolean, label: string, timeoutMs = 10_000): Promise<number> {
		if (test(await this.screen())) return performance.now();
		return new Promise((resolve, reject) => {
			const waiter: Waiter = {
				test,
				resolve: (arrivedAt) => {
					clearTimeout(timer);
					resolve(arrivedAt);
				},
			};
			const timer = setTimeout(() => {
				this.waiters = this.waiters.filter((other) => other !== waiter);
				reject(new Error(`${this.gone?.() ?? 'timed out'} waiting for ${label}; screen:\n${this.text()}`));
			}, timeoutMs);
			this.waiters.push(waiter);
		});
	}

	/** Waits until the screen shows `text` (or matches it) and returns the screen. */
	async waitFor(text: string | RegExp, timeoutMs = 10_000): Promise<string> {
		await this.until((screen) => (typeof text === 'string' ? screen.includes(text) : text.test(screen)), String(text), timeoutMs);
		return this.screen();
	}

	/**
	 * Waits for `text` and then until nothing more has arrived for `quietMs`: a frame is written top
	 * to bottom, and on a loaded machine it may arrive in pieces; this returns the whole of it.
	 */
	async waitForFrame(text: string | RegExp, quietMs = 150, timeoutMs = 10_000): Promise<string> {
		await this.waitFor(text, timeoutMs);
		while (performance.now() - this.lastFeed < quietMs) await new Promise((resolve) => setTimeout(resolve, quietMs / 3));
		return this.screen();
	}

	/** Waits until the screen no longer shows `text`. */
	async waitForGone(text: string, timeoutMs = 10_000): Promise<string> {
		await this.until((screen) => !screen.includes(text), `${JSON.stringify(text)} to go`, timeoutMs);
		return this.screen();
	}

	/**
	 * How the screen draws the `nth` occurrence of `text` (its first cell): the palette colour of
	 * the foreground (-1 for the default), and bold, underline, inverse.
	 */
	async styleOf(text: string, nth = 0): Promise<CellStyle | undefined> {
		await this.parsed;
		const buffer = this.terminal.buffer.active;
		let seen = 0;
		for (let row = 0; row < this.terminal.rows; row++) {
			const line = buffer.getLine(buffer.viewportY + row);
			const content = line?.translateToString(false) ?? '';
			for (let at = content.indexOf(text); at !== -1; at = content.indexOf(text, at + 1)) {
				if (seen++ < nth) continue;
				const cell = line!.getCell(at)!;
				return {fg: cell.isFgPalette() ? cell.getFgColor() : -1, bold: Boolean(cell.isBold()), underline: Boolean(cell.isUnderline()), inverse: Boolean(cell.isInverse()), row, column: at};
			}
		}
		return undefined;
	}

	resize(cols: number, rows: number): void {
		this.terminal.resize(cols, rows);
	}

	dispose(): void {
		this.terminal.dispose();
	}
}
