/**
 * A one-line progress bar for push and pull on a terminal: items done of all, megabytes, rate and
 * time left. Silent when the stream is not a terminal (logs and pipes get the final report only).
 */
export class ItemProgress {
	private readonly started = performance.now();
	private lastDraw = 0;
	private done = 0;
	private bytes = 0;
	private drawn = false;

	constructor(
		private readonly stream: NodeJS.WriteStream,
		private readonly verb: string,
		private readonly total: number,
		private readonly enabled = Boolean(stream.isTTY),
	) {}

	add(items: number, bytes: number): void {
		this.done += items;
		this.bytes += bytes;
		this.draw();
	}

	private draw(): void {
		if (!this.enabled || this.total === 0) return;
		const now = performance.now();
		if (now - this.lastDraw < 100 && this.done < this.total) return;
		this.lastDraw = now;
		const seconds = (now - this.started) / 1000;
		const fraction = Math.min(1, this.done / this.total);
		const width = 24;
		const filled = Math.round(fraction * width);
		const rate = seconds > 0 ? this.done / seconds : 0;
		const left = rate > 0 ? (this.total - this.done) / rate : Number.NaN;
		const line = `${this.verb} ${'█'.repeat(filled)}${'░'.repeat(width - filled)}  ${this.done}/${this.total} items  ${(this.bytes / 1e6).toFixed(1)} MB  ${Math.round(rate)} items/s  ETA ${Number.isFinite(left) ? clock(left) : '–'}`;
		this.stream.write(`\r\u001b[2K${line.slice(0, (this.stream.columns || 80) - 1)}`);
		this.drawn = true;
	}

	/** Clears the bar, so the report prints on a clean line. */
	end(): void {
		if (this.drawn) this.stream.write('\r\u001b[2K');
		this.drawn = false;
	}
}

function clock(seconds: number): string {
	const whole = Math.max(0, Math.round(seconds));
	return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
