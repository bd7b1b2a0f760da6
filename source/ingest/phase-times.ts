/** The phases of an ingest, as its profile names them. */
export const ingestPhases = ['read', 'summarize', 'index', 'train'] as const;
export type IngestPhase = (typeof ingestPhases)[number];

/** Seconds spent in each phase (on the thread that runs the pipeline), and the run's wall time. */
export type PhaseSeconds = Record<IngestPhase, number> & {wall: number};

/**
 * Where a run's time goes, phase by phase: the pipeline says which phase it is in as it moves
 * from one to another (a phase entered inside another pauses it), and each moment counts for the
 * phase current then. Waiting on worker threads counts for the phase that waits (summarize).
 */
export class PhaseTimes {
	private readonly ms: Record<IngestPhase, number> = {read: 0, summarize: 0, index: 0, train: 0};
	private current: IngestPhase | undefined;
	private since: number;
	private readonly started: number;

	constructor(private readonly now: () => number = () => performance.now()) {
		this.started = now();
		this.since = this.started;
	}

	/** From now on time counts for `phase` (none: for no phase); returns the phase it was in. */
	enter(phase: IngestPhase | undefined): IngestPhase | undefined {
		const now = this.now();
		if (this.current) this.ms[this.current] += now - this.since;
		this.since = now;
		const previous = this.current;
		this.current = phase;
		return previous;
	}

	/** Runs `action` as `phase`, then goes back to the phase it was in. */
	within<T>(phase: IngestPhase, action: () => T): T {
		const previous = this.enter(phase);
		try {
			return action();
		} finally {
			this.enter(previous);
		}
	}

	async during<T>(phase: IngestPhase, action: () => Promise<T>): Promise<T> {
		const previous = this.enter(phase);
		try {
			return await action();
		} finally {
			this.enter(previous);
		}
	}

	/** Time counted for `from` that was spent on `to` (a job that read its file and then summarized it). */
	move(from: IngestPhase, to: IngestPhase, ms: number): void {
		const moved = Math.max(0, Math.min(ms, this.ms[from]));
		this.ms[from] -= moved;
		this.ms[to] += moved;
	}

	seconds(): PhaseSeconds {
		this.enter(this.current);
		const round = (ms: number) => Number((ms / 1000).toFixed(3));
		return {read: round(this.ms.read), summarize: round(this.ms.summarize), index: round(this.ms.index), train: round(this.ms.train), wall: round(this.now() - this.started)};
	}
}

/** "read 1.2 s · summarize 3.4 s · index 0.8 s · train 0.5 s (wall 6.1 s)": what a run's end says. */
export function phaseLine(phases: PhaseSeconds): string {
	const parts = ingestPhases.map((phase) => `${phase} ${phases[phase].toFixed(1)} s`);
	return `${parts.join(' · ')} (wall ${phases.wall.toFixed(1)} s)`;
}

/** The breakdown `--profile` writes: each phase's seconds, share of the wall time and throughput. */
export function profileTable(phases: PhaseSeconds, bytes: number): string {
	const rows = ingestPhases.map((phase) => {
		const seconds = phases[phase];
		const share = phases.wall > 0 ? (100 * seconds) / phases.wall : 0;
		const rate = seconds > 0 ? `${(bytes / 1e6 / seconds).toFixed(2)} MB/s` : '–';
		return `  ${phase.padEnd(10)} ${seconds.toFixed(3).padStart(9)} s ${share.toFixed(1).padStart(6)} %  ${rate}`;
	});
	const counted = ingestPhases.reduce((sum, phase) => sum + phases[phase], 0);
	rows.push(`  ${'other'.padEnd(10)} ${Math.max(0, phases.wall - counted).toFixed(3).padStart(9)} s ${(phases.wall > 0 ? (100 * Math.max(0, phases.wall - counted)) / phases.wall : 0).toFixed(1).padStart(6)} %  (walk set-up, waiting)`);
	rows.push(`  ${'wall'.padEnd(10)} ${phases.wall.toFixed(3).padStart(9)} s          ${phases.wall > 0 ? `${(bytes / 1e6 / phases.wall).toFixed(2)} MB/s` : '–'}`);
	return `ingest profile (${(bytes / 1e6).toFixed(1)} MB):\n${rows.join('\n')}\n`;
}
