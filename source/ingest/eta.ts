/** Evidence an ETA needs first: this long since the start, in seconds. */
const minEvidenceSeconds = 1;

/**
 * The time left of an ingest, from what is finished: bytes count once their file is read,
 * summarized and written (not when they are read, which runs ahead of the work on them), the rate
 * is that of the files finished, and the time since the last one finished is already spent on the
 * next. Undefined until there is evidence (a second of work and a file finished).
 */
export class EtaEstimate {
	private completed = 0;
	/** Bytes of files summarized and written (not skipped as unchanged): what the rate is of. */
	private worked = 0;
	private lastWorkedAt: number | undefined;
	private readonly started: number;

	constructor(
		private readonly totalBytes: number,
		private readonly now: () => number,
	) {
		this.started = now();
	}

	/**
	 * A file of `bytes` is finished: summarized and written, or `skipped` as unchanged (in a moment:
	 * its bytes come off what is left, but say nothing of the rate of the work).
	 */
	complete(bytes: number, skipped = false): void {
		this.completed = Math.min(this.totalBytes, this.completed + bytes);
		if (skipped) return;
		this.worked += bytes;
		this.lastWorkedAt = this.now();
	}

	get completedBytes(): number {
		return this.completed;
	}

	/**
	 * Seconds left of the work on the files, or undefined while there is too little to tell. What
	 * is left is taken to need work (a file skipped as unchanged only shortens it).
	 */
	secondsLeft(): number | undefined {
		const now = this.now();
		const remaining = this.totalBytes - this.completed;
		if (remaining <= 0) return 0;
		if (this.lastWorkedAt === undefined || this.worked === 0) return undefined;
		const elapsed = (now - this.started) / 1000;
		if (elapsed < minEvidenceSeconds) return undefined;
		const untilLast = (this.lastWorkedAt - this.started) / 1000;
		const sinceLast = (now - this.lastWorkedAt) / 1000;
		const rate = this.worked / Math.max(untilLast, 1e-3);
		const left = remaining / rate - sinceLast;
		// The file in flight takes longer than the rate says: then the rate with that time counted.
		return left > 0 ? left : remaining / (this.worked / elapsed);
	}
}

/** Seconds as m:ss (h:mm:ss past an hour). */
export function clock(seconds: number): string {
	const whole = Math.max(0, Math.round(seconds));
	const hours = Math.floor(whole / 3600);
	const minutes = Math.floor((whole % 3600) / 60);
	const secs = String(whole % 60).padStart(2, '0');
	return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${secs}` : `${minutes}:${secs}`;
}
