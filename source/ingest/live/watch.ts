import {watch, type FSWatcher} from 'node:fs';
import path from 'node:path';
import {DrillError} from '../../core/errors.js';
import type {IngestReport} from '../report.js';
import {FileTracker, settleMs, type Change} from './file-tracker.js';
import {foldersOf, scanSources, type SourceRoot} from './source-scan.js';
import {append, prepend} from '../../core/arrays.js';

/**
 * `drill ingest --watch`: ingests what is there, then keeps looking. Folders are watched with
 * fs.watch (one watcher per folder: recursive watching is not on every platform), and every few
 * seconds the files are listed again anyway, since change events do not arrive on some file
 * systems (network mounts, some containers); where fs.watch fails, or with `poll`, listing is
 * all there is, every second. Events are debounced into rounds; a round ingests each file that is
 * new or changed, one at a time, and reports it.
 */

/** Quiet time after the last change event before a round starts… */
export const debounceMs = 300;
/** …but never later than this after the first one, for a log written without a pause. */
const maxDelayMs = 1000;
/** How often the files are listed again while change events arrive. */
const safetyPollMs = 5000;
/** How often without change events. */
const pollMs = 1000;

export interface FileOutcome extends Change {
	/** What ingesting it did (absent for a deleted file). */
	report?: IngestReport;
}

export interface Round {
	/** 0 is the first ingest of everything; then 1, 2, … */
	round: number;
	at: string;
	report: IngestReport;
	files: FileOutcome[];
	/** Round 0 only: what is being watched. */
	watching?: {files: number; folders: number; events: 'fs.watch' | 'polling'};
}

export interface WatchOptions {
	roots: SourceRoot[];
	/**
	 * Roots that may appear while watching (an agent's log folder made after the start), asked for
	 * at every listing: what they hold is then new, and ingested as any new file is.
	 */
	moreRoots?: () => SourceRoot[];
	/**
	 * Ingests the given files (the first round: all of them; then each changed one);
	 * `foundInFolder` tells the ones found in a watched folder from the files given as roots.
	 */
	ingest(files: string[], foundInFolder: (file: string) => boolean): Promise<IngestReport>;
	onRound(round: Round): void;
	/** Stops after the file in flight. */
	signal: AbortSignal;
	/** List the files every second instead of waiting for change events. */
	poll?: boolean;
	/**
	 * Files never ingested, though found: the store drill writes to, which would otherwise be a
	 * database that changes with every round (a database is looked at since agents keep sessions in them).
	 */
	ignore?: readonly string[];
	cwd?: string;
}

function sum(reports: readonly IngestReport[], into: IngestReport): IngestReport {
	for (const report of reports) {
		into.added += report.added;
		into.updated += report.updated;
		into.skipped += report.skipped;
		into.skipped_records += report.skipped_records;
		into.skipped_files += report.skipped_files;
		append(into.failed, report.failed);
		append(into.conflicts, report.conflicts);
		into.items += report.items;
		into.nodes += report.nodes;
		into.spans += report.spans;
		into.redactions += report.redactions;
		into.subagents += report.subagents;
		into.warmups += report.warmups;
		into.empty_sessions += report.empty_sessions;
		if (report.summarizer_sessions) into.summarizer_sessions = (into.summarizer_sessions ?? 0) + report.summarizer_sessions;
		if (report.summarized) {
			const sum = (into.summarized ??= {agent: report.summarized.agent, summarized: 0, failed: 0});
			sum.summarized += report.summarized.summarized;
			sum.failed += report.summarized.failed;
		}
		into.forgotten += report.forgotten;
		if (report.keep_secrets) into.keep_secrets = true;
		into.seconds = Number((into.seconds + report.seconds).toFixed(3));
	}
	return into;
}

const emptyReport = (): IngestReport => ({added: 0, updated: 0, skipped: 0, skipped_records: 0, skipped_files: 0, failed: [], conflicts: [], items: 0, nodes: 0, spans: 0, redactions: 0, subagents: 0, warmups: 0, empty_sessions: 0, forgotten: 0, seconds: 0});

class Watch {
	private readonly tracker = new FileTracker();
	private readonly watchers = new Map<string, FSWatcher>();
	private watchFailed = false;
	/** The next listing of the files, whether or not anything was heard. */
	private pollTimer: NodeJS.Timeout | undefined;
	private pollAt = 0;
	/** The round a burst of change events asked for. */
	private eventTimer: NodeJS.Timeout | undefined;
	private burstStart = 0;
	private running = false;
	private again = false;
	private rounds = 0;
	/** What stopped the watch when the store itself failed (damaged, newer, unreadable). */
	failure: DrillError | undefined;
	/** Per file: not ingested again before this time (ms), so a large log being written does not keep the machine busy. */
	private readonly notBefore = new Map<string, number>();
	private finished!: () => void;
	readonly done = new Promise<void>((resolve) => {
		this.finished = resolve;
	});

	constructor(private readonly options: WatchOptions) {}

	private get stopped(): boolean {
		return this.options.signal.aborted;
	}

	/** The roots now: the given ones and those that have appeared since. */
	private roots(): SourceRoot[] {
		const extra = this.options.moreRoots?.() ?? [];
		if (extra.length === 0) return this.options.roots;
		const given = new Set(this.options.roots.map((root) => root.path));
		return [...this.options.roots, ...extra.filter((root) => !given.has(root.path))];
	}

	private async scan(): Promise<Awaited<ReturnType<typeof scanSources>>> {
		const scan = await scanSources(this.roots(), this.options.cwd);
		const ignored = new Set((this.options.ignore ?? []).map((file) => path.resolve(this.options.cwd ?? process.cwd(), file)));
		return ignored.size === 0 ? scan : {...scan, files: scan.files.filter((file) => !ignored.has(file.path)), companions: scan.companions.filter((file) => !ignored.has(file.path))};
	}

	/** A file found in a watched folder (a binary one there is skipped, as in a folder walk), not a file given as a root. */
	private readonly foundInFolder = (file: string): boolean => !this.roots().some((root) => path.resolve(this.options.cwd ?? process.cwd(), root.path) === file);

	private get polling(): boolean {
		return Boolean(this.options.poll) || this.watchFailed;
	}

	async start(): Promise<void> {
		this.options.signal.addEventListener('abort', () => this.stop(), {once: true});
		this.running = true;
		try {
			const scan = await this.scan();
			// A subagent's transcript is followed too, though its session reads it (see SourceRoot.companions).
			for (const file of [...scan.files, ...scan.companions]) await this.tracker.remember(file.path).catch(() => undefined);
			const report = await this.options.ingest(
				scan.files.map((file) => file.path),
				this.foundInFolder,
			);
			prepend(report.failed, scan.problems.map((problem) => ({path: problem.path, reason: problem.reason})));
			if (this.stopped) return;
			const folders = await this.syncWatchers();
			this.options.onRound({round: 0, at: new Date().toISOString(), report, files: [], watching: {files: scan.files.length, folders, events: this.polling ? 'polling' : 'fs.watch'}});
		} finally {
			this.running = false;
			if (this.stopped) this.stop();
		}
		this.schedulePoll();
	}

	/** Watches every folder under the roots (new ones too), and stops watching the ones gone. */
	private async syncWatchers(): Promise<number> {
		if (this.polling) return 0;
		const {folders, complete} = await foldersOf(this.roots(), this.options.cwd);
		if (!complete) {
			this.fallBackToPolling();
			return 0;
		}
		const wanted = new Set(folders);
		for (const [folder, watcher] of this.watchers) {
			if (wanted.has(folder)) continue;
			watcher.close();
			this.watchers.delete(folder);
		}
		for (const folder of folders) {
			if (this.watchers.has(folder)) continue;
			try {
				const watcher = watch(folder, {persistent: true}, () => this.changed());
				watcher.on('error', () => {
					// The folder went away (its parent's watcher hears of it): the next round settles the rest.
					watcher.close();
					this.watchers.delete(folder);
					this.changed();
				});
				this.watchers.set(folder, watcher);
			} catch (error) {
				const code = (error as NodeJS.ErrnoException).code;
				if (code === 'ENOENT' || code === 'EACCES' || code === 'EPERM') continue;
				// No more watches (ENOSPC), or none on this platform: listing is what is left.
				this.fallBackToPolling();
				return 0;
			}
		}
		return this.watchers.size;
	}

	private fallBackToPolling(): void {
		this.watchFailed = true;
		for (const watcher of this.watchers.values()) watcher.close();
		this.watchers.clear();
	}

	/** A change event: a round after `debounceMs` of quiet, or `maxDelayMs` after the burst began, whichever comes first. */
	private changed(): void {
		if (this.stopped) return;
		const now = Date.now();
		if (!this.eventTimer) this.burstStart = now;
		const delay = Math.min(debounceMs, this.burstStart + maxDelayMs - now);
		if (this.eventTimer) clearTimeout(this.eventTimer);
		this.eventTimer = setTimeout(() => {
			this.eventTimer = undefined;
			void this.round();
		}, Math.max(0, delay));
	}

	/** The next listing: in `delay` ms, or sooner when one is already due sooner. */
	private schedulePoll(delay = this.polling ? pollMs : safetyPollMs): void {
		if (this.stopped) return;
		const at = Date.now() + delay;
		if (this.pollTimer && this.pollAt <= at) return;
		if (this.pollTimer) clearTimeout(this.pollTimer);
		this.pollAt = at;
		this.pollTimer = setTimeout(() => {
			this.pollTimer = undefined;
			void this.round();
		}, delay);
	}

	private async round(): Promise<void> {
		if (this.stopped) return;
		if (this.running) {
			this.again = true;
			return;
		}
		this.running = true;
		try {
			await this.look();
		} catch (error) {
			if (error instanceof DrillError && error.category === 'store' && error.code !== 'store_busy') {
				this.failure = error;
				this.running = false;
				this.stop();
				return;
			}
			// A round that failed as a whole (the store busy, say) is reported as one; the next look tries again.
			this.options.onRound({round: ++this.rounds, at: new Date().toISOString(), report: {...emptyReport(), failed: [{path: '(watch)', reason: (error as Error).message.split('\n')[0]!}]}, files: []});
		} finally {
			this.running = false;
		}
		if (this.stopped) {
			this.stop();
			return;
		}
		if (this.again) {
			this.again = false;
			this.changed();
		}
		this.schedulePoll();
	}

	private async look(): Promise<void> {
		const scan = await this.scan();
		// A changed subagent's transcript is ingested as any file: that reads its session again.
		const changes = await this.tracker.changes([...scan.files, ...scan.companions]);
		const outcomes: FileOutcome[] = [];
		for (const change of changes) {
			if (this.stopped) break;
			if (change.change === 'deleted') {
				this.tracker.forget(change.path);
				this.notBefore.delete(change.path);
				outcomes.push(change);
				continue;
			}
			const wait = (this.notBefore.get(change.path) ?? 0) - Date.now();
			if (wait > 0) {
				this.schedulePoll(wait + 20);
				continue;
			}
			try {
				await this.tracker.remember(change.path);
			} catch {
				continue; // Gone since the listing: the next look reports it deleted.
			}
			const started = Date.now();
			const report = await this.options.ingest([change.path], this.foundInFolder);
			// Read again at most as often as reading it takes: a long log being written keeps at most half the time busy.
			this.notBefore.set(change.path, Date.now() + (Date.now() - started));
			outcomes.push({...change, report});
		}
		// A line still being written is looked at again once it has had time to end.
		if (this.tracker.waiting) this.schedulePoll(settleMs + 20);
		await this.syncWatchers();
		if (outcomes.length === 0) return;
		const report = sum(outcomes.flatMap((outcome) => (outcome.report ? [outcome.report] : [])), emptyReport());
		this.options.onRound({round: ++this.rounds, at: new Date().toISOString(), report, files: outcomes});
	}

	stop(): void {
		for (const timer of [this.pollTimer, this.eventTimer]) if (timer) clearTimeout(timer);
		this.pollTimer = undefined;
		this.eventTimer = undefined;
		for (const watcher of this.watchers.values()) watcher.close();
		this.watchers.clear();
		if (!this.running) this.finished();
	}
}

/** Runs until the signal is aborted, then resolves once the file in flight is written. */
export async function watchSources(options: WatchOptions): Promise<void> {
	const watch = new Watch(options);
	await watch.start();
	await watch.done;
	if (watch.failure) throw watch.failure;
}
