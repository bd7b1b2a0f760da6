import {inertText} from '../core/inert-text.js';
import {clock, EtaEstimate} from './eta.js';

/** Where progress is drawn: a terminal, and not a CI log (which keeps every redraw). */
export function drawsProgress(stream: NodeJS.WriteStream, env: NodeJS.ProcessEnv = process.env): boolean {
	return Boolean(stream.isTTY) && !env.CI && !env.CONTINUOUS_INTEGRATION;
}

/**
 * A one-line progress bar on a terminal: files, bytes, throughput and time left (see eta.ts), then
 * the phase that ends the run (training the semantic model) with its time so far. Silent when the
 * stream is not a terminal or in CI, so logs and pipes get only the final report.
 */
export class Progress {
	private readonly started: number;
	private readonly eta: EtaEstimate;
	private lastDraw = Number.NEGATIVE_INFINITY;
	private files = 0;
	private bytes = 0;
	private current = '';
	private drawn = false;
	/** The phase after the files (`stage`), and when it began. */
	private tail: {label: string; since: number} | undefined;

	constructor(
		private readonly stream: NodeJS.WriteStream,
		private readonly totalFiles: number,
		private readonly totalBytes: number,
		private readonly enabled = drawsProgress(stream),
		private readonly now: () => number = () => performance.now(),
	) {
		this.started = now();
		this.eta = new EtaEstimate(totalBytes, now);
	}

	file(name: string): void {
		this.current = inertText(name, {singleLine: true});
		this.draw();
	}

	/** A file is finished: its `bytes` count for the rate the ETA is made of, unless it was `skipped` as unchanged. */
	fileDone(bytes = 0, skipped = false): void {
		this.files++;
		this.eta.complete(bytes, skipped);
		this.bytes = Math.max(this.bytes, this.eta.completedBytes);
		this.draw();
	}

	/** Bytes read (the bar moves with them; the ETA waits for their file to be finished). */
	read(bytes: number): void {
		this.bytes = Math.min(this.totalBytes, this.bytes + bytes);
		this.draw();
	}

	/** The files are done; the run ends with `label` (e.g. "training the semantic model"). */
	stage(label: string): void {
		this.tail = {label, since: this.now()};
		this.draw(true);
	}

	private draw(force = false): void {
		if (!this.enabled) return;
		const now = this.now();
		if (!force && now - this.lastDraw < 100) return;
		this.lastDraw = now;
		const columns = this.stream.columns || 80;
		let line: string;
		if (this.tail) {
			line = `ingest ${this.files}/${this.totalFiles} files  ${megabytes(this.totalBytes)} MB read  ${this.tail.label} ${clock((now - this.tail.since) / 1000)}`;
		} else {
			const seconds = (now - this.started) / 1000;
			const fraction = this.totalBytes > 0 ? this.bytes / this.totalBytes : this.totalFiles > 0 ? this.files / this.totalFiles : 1;
			const width = 24;
			const filled = Math.round(fraction * width);
			const rate = seconds > 0 ? this.eta.completedBytes / seconds : 0;
			const left = this.eta.secondsLeft();
			const parts = [
				`${'█'.repeat(filled)}${'░'.repeat(width - filled)}`,
				`${this.files}/${this.totalFiles} files`,
				`${megabytes(this.bytes)}/${megabytes(this.totalBytes)} MB`,
				`${megabytes(rate)} MB/s`,
				`ETA ${left === undefined ? '–' : clock(left)}`,
			];
			line = `ingest ${parts.join('  ')}`;
			const room = columns - line.length - 3;
			if (room > 8 && this.current) line += `  ${this.current.length > room ? `…${this.current.slice(-(room - 1))}` : this.current}`;
		}
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
