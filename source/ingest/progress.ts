import {inertText} from '../core/inert-text.js';

/**
 * A one-line progress bar on a terminal: files, bytes, rate and time left. Silent when the
 * stream is not a terminal, so logs and pipes get only the final report.
 */
export class Progress {
	private readonly started = performance.now();
	private lastDraw = 0;
	private files = 0;
	private bytes = 0;
	private current = '';
	private drawn = false;

	constructor(
		private readonly stream: NodeJS.WriteStream,
		private readonly totalFiles: number,
		private readonly totalBytes: number,
		private readonly enabled = Boolean(stream.isTTY),
	) {}

	file(name: string): void {
		this.current = inertText(name, {singleLine: true});
		this.draw();
	}

	fileDone(): void {
		this.files++;
		this.draw();
	}

	read(bytes: number): void {
		this.bytes = Math.min(this.totalBytes, this.bytes + bytes);
		this.draw();
	}

	private draw(force = false): void {
		if (!this.enabled) return;
		const now = performance.now();
		if (!force && now - this.lastDraw < 100) return;
		this.lastDraw = now;
		const seconds = (now - this.started) / 1000;
		const fraction = this.totalBytes > 0 ? this.bytes / this.totalBytes : this.totalFiles > 0 ? this.files / this.totalFiles : 1;
		const width = 24;
		const filled = Math.round(fraction * width);
		const rate = seconds > 0 ? this.bytes / seconds : 0;
		const eta = rate > 0 ? (this.totalBytes - this.bytes) / rate : Number.NaN;
		const parts = [
			`${'█'.repeat(filled)}${'░'.repeat(width - filled)}`,
			`${this.files}/${this.totalFiles} files`,
			`${megabytes(this.bytes)}/${megabytes(this.totalBytes)} MB`,
			`${megabytes(rate)} MB/s`,
			`ETA ${Number.isFinite(eta) ? clock(eta) : '–'}`,
		];
		const columns = this.stream.columns || 80;
		let line = `ingest ${parts.join('  ')}`;
		const room = columns - line.length - 3;
		if (room > 8 && this.current) line += `  ${this.current.length > room ? `…${this.current.slice(-(room - 1))}` : this.current}`;
		this.stream.write(`\r\u001b[2K${line.slice(0, columns - 1)}`);
		this.drawn = true;
	}

	/** Clears the bar, leaving the terminal as it was. */
	done(): void {
		if (this.drawn) this.stream.write('\r\u001b[2K');
		this.drawn = false;
	}
}

const megabytes = (bytes: number) => (bytes / 1e6).toFixed(1);

function clock(seconds: number): string {
	const whole = Math.max(0, Math.round(seconds));
	const minutes = Math.floor(whole / 60);
	return `${minutes}:${String(whole % 60).padStart(2, '0')}`;
}
