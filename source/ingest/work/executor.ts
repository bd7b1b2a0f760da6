import {availableParallelism} from 'node:os';
import {fileURLToPath} from 'node:url';
import {isMainThread, parentPort, Worker, workerData} from 'node:worker_threads';
import {handedTermCounts, handOverTermCounts, termCountsOf, type HandedTermCounts} from '../../text/item-term-counts.js';
import {runSourceJob, type JobHooks, type JobResult, type SourceJob} from './source-job.js';

/**
 * Runs source jobs: in this thread, or on worker threads so that summarizing the next files
 * overlaps with writing the last one (SQLite writes stay on the main thread, one transaction per
 * item). `submit` returns once the job has started; `done` is called with its result.
 */
export interface Executor {
	/** Jobs run on this thread (their reading and summarizing is this thread's time). */
	readonly onThisThread: boolean;
	submit(job: SourceJob, done: (result: JobResult) => void): Promise<void>;
	/** Waits for every submitted job to be done. */
	drain(): Promise<void>;
	close(): Promise<void>;
}

export class InlineExecutor implements Executor {
	readonly onThisThread = true;

	constructor(private readonly hooks: JobHooks) {}

	async submit(job: SourceJob, done: (result: JobResult) => void): Promise<void> {
		done(await runSourceJob(job, this.hooks));
	}

	async drain(): Promise<void> {}

	async close(): Promise<void> {}
}

type FromWorker = {type: 'bytes'; bytes: number} | {type: 'result'; result: JobResult; counts?: HandedTermCounts} | {type: 'error'; message: string};

interface Slot {
	worker: Worker;
	busy?: Submitted;
}

/** A job handed to a worker, numbered in the order it was submitted. */
interface Submitted {
	job: SourceJob;
	done: (result: JobResult) => void;
	order: number;
}

/** Bytes of input being summarized on workers at once: bounds their memory. */
const maxBytesInFlight = 8 << 20;
/** A file this big is summarized on the main thread with nothing beside it. */
const bigJobBytes = 4 << 20;

export class WorkerExecutor implements Executor {
	readonly onThisThread = false;
	private readonly slots: Slot[] = [];
	private waiting: Array<() => void> = [];
	private bytesInFlight = 0;
	private idle: Array<() => void> = [];
	/** The next job's number, and the number of the next result to hand back. */
	private submitted = 0;
	private delivered = 0;
	/** Results that came back before those of jobs submitted earlier: they wait for them. */
	private readonly ready = new Map<number, {submitted: Submitted; result: JobResult}>();

	constructor(
		private readonly script: URL,
		size: number,
		private readonly onBytes?: (bytes: number) => void,
	) {
		for (let i = 0; i < size; i++) this.slots.push(this.spawn());
	}

	private spawn(): Slot {
		// A small heap: workers get files under `bigJobBytes`; one that still runs out is redone here.
		const worker = new Worker(this.script, {workerData: {drillIngestWorker: true}, resourceLimits: {maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 32}});
		const slot: Slot = {worker};
		worker.on('message', (message: FromWorker) => {
			if (message.type === 'bytes') this.onBytes?.(message.bytes);
			else if (message.type === 'error') this.finish(slot, {problems: [], failure: {reason: `unexpected failure: ${message.message}`}});
			else {
				// Counted on the worker: the indexer takes them with the item instead of stemming it again here.
				if (message.result.item && message.counts) handOverTermCounts(message.result.item, message.counts);
				this.finish(slot, message.result);
			}
		});
		worker.on('error', (error) => this.crashed(slot, error.message));
		worker.on('exit', (code) => {
			if (slot.busy) this.crashed(slot, `the worker stopped (exit code ${code})`);
		});
		return slot;
	}

	/** A worker that died (out of memory, most likely) is replaced, and its job is done on this thread. */
	private crashed(slot: Slot, message: string): void {
		const index = this.slots.indexOf(slot);
		if (index >= 0) this.slots[index] = this.spawn();
		void slot.worker.terminate();
		const busy = slot.busy;
		if (!busy) return;
		slot.busy = undefined;
		this.inline++;
		// Nothing waits on this chain: the job's own promise (settled by busy.done) is what callers await.
		void runSourceJob(busy.job)
			.catch((error: unknown) => ({problems: [], failure: {reason: `unexpected failure: ${error instanceof Error ? error.message : String(message)}`}}))
			.then((result) => {
				this.inline--;
				this.arrived(busy, result);
			});
	}

	/** Jobs redone on this thread after their worker died. */
	private inline = 0;

	/** Results handed back but not yet taken by their `done` (the item being written). */
	private delivering = 0;

	private finish(slot: Slot, result: JobResult): void {
		const busy = slot.busy;
		if (!busy) return;
		slot.busy = undefined;
		// The worker gets its next job before this one's item is written: writing (on this thread)
		// and summarizing (on the worker) overlap instead of taking turns.
		this.arrived(busy, result);
	}

	/**
	 * Results are handed back in the order their jobs were submitted, whichever worker finishes
	 * first: the items are written in file order, as on one thread, so the store's rows (and row
	 * ids) do not depend on the number of workers or on timing. A result waiting for an earlier
	 * one still counts in the bytes in flight.
	 */
	private arrived(submitted: Submitted, result: JobResult): void {
		this.ready.set(submitted.order, {submitted, result});
		for (let next = this.ready.get(this.delivered); next; next = this.ready.get(this.delivered)) {
			this.ready.delete(this.delivered++);
			this.bytesInFlight -= next.submitted.job.size;
			const {done} = next.submitted;
			const taken = next.result;
			this.delivering++;
			setImmediate(() => {
				try {
					done(taken);
				} finally {
					this.delivering--;
					this.wake();
				}
			});
		}
		this.wake();
	}

	private wake(): void {
		const waiting = this.waiting;
		this.waiting = [];
		for (const resume of waiting) resume();
		if (this.idleNow()) {
			const idle = this.idle;
			this.idle = [];
			for (const resume of idle) resume();
		}
	}

	private idleNow(): boolean {
		return this.inline === 0 && this.delivering === 0 && this.ready.size === 0 && this.slots.every((slot) => !slot.busy);
	}

	/** A free worker, if memory allows. */
	private freeSlot(size: number): Slot | undefined {
		if (this.bytesInFlight > 0 && this.bytesInFlight + size > maxBytesInFlight) return undefined;
		return this.slots.find((slot) => !slot.busy);
	}

	async submit(job: SourceJob, done: (result: JobResult) => void): Promise<void> {
		if (job.size > bigJobBytes) {
			// A big file is summarized here, alone: no copy of its item between threads, one heap to hold it.
			await this.drain();
			done(await runSourceJob(job, {...(this.onBytes ? {onBytes: this.onBytes} : {})}));
			return;
		}
		let slot = this.freeSlot(job.size);
		while (!slot) {
			await new Promise<void>((resolve) => this.waiting.push(resolve));
			slot = this.freeSlot(job.size);
		}
		this.bytesInFlight += job.size;
		slot.busy = {job, done, order: this.submitted++};
		slot.worker.postMessage(job);
	}

	async drain(): Promise<void> {
		while (!this.idleNow()) await new Promise<void>((resolve) => this.idle.push(resolve));
	}

	async close(): Promise<void> {
		await Promise.all(this.slots.map((slot) => slot.worker.terminate()));
	}
}

/**
 * How many workers by default: none on a machine of fewer than four cores. Measured on two shared
 * cores (load 13, the docs bench's 422 real pages, alternated with the main-thread build), one
 * worker took the main thread's CPU from ~10 to ~7 s but cost 8% more CPU in all (items and their
 * term counts copied between threads, a second heap and caches) and 15% more wall time: the worker,
 * summarizing, is the slower side, and training at the close runs alone after it.
 */
function defaultWorkers(): number {
	const cores = availableParallelism();
	return cores >= 4 ? Math.min(3, cores - 1) : 0;
}

/**
 * Worker threads when this module runs from the built bundle (a .js file a worker can load) and
 * there are cores to spare (or DRILL_INGEST_WORKERS=N asks for N); otherwise in this thread.
 */
export function createExecutor(hooks: JobHooks, inline: boolean): Executor {
	const script = new URL(import.meta.url);
	const configured = process.env.DRILL_INGEST_WORKERS;
	const size = configured !== undefined && configured !== '' ? Number(configured) : defaultWorkers();
	if (inline || !Number.isFinite(size) || size < 1 || !fileURLToPath(script).endsWith('.js')) return new InlineExecutor(hooks);
	return new WorkerExecutor(script, Math.floor(size), hooks.onBytes);
}

// In a worker: this same module is the worker's entry; it summarizes whatever it is sent.
if (!isMainThread && (workerData as {drillIngestWorker?: boolean} | undefined)?.drillIngestWorker && parentPort) {
	const port = parentPort;
	port.on('message', (job: SourceJob) => {
		runSourceJob(job, {onBytes: (bytes) => port.postMessage({type: 'bytes', bytes})}).then(
			(result) => port.postMessage({type: 'result', result, ...(job.countTerms && result.item ? {counts: handedTermCounts(termCountsOf(result.item))} : {})} satisfies FromWorker),
			(error: unknown) => port.postMessage({type: 'error', message: error instanceof Error ? error.message : String(error)}),
		);
	});
}
