import path from 'node:path';
import {DrillError} from '../core/errors.js';
import type {SummaryStore} from '../store/summary-store.js';
import type {IngestOptions} from './ingest-options.js';
import type {SourceProblem} from './model.js';
import {PhaseTimes} from './phase-times.js';
import type {Progress} from './progress.js';
import {emptyReport, type IngestReport} from './report.js';

/** Broken lines reported per file; past this, one entry says how many more there were. */
const maxProblemsPerFile = 100;

/** A store failure stops the run; anything else is the problem of the file or record at hand. */
export function isFatal(error: unknown): error is DrillError {
	return error instanceof DrillError && error.category === 'store';
}

export function messageOf(error: unknown): string {
	const message = error instanceof DrillError ? error.line : error instanceof Error ? error.message : String(error);
	return (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'disappeared while being read' : message.split('\n')[0]!;
}

/** What every phase of one ingest shares: its store, options, report, progress bar and the failure that stops it. */
export class IngestRun {
	readonly report: IngestReport = emptyReport();
	progress: Progress | undefined;
	/** A store failure met: the run stops after the file in flight. */
	fatal: DrillError | undefined;
	/** Sessions this run wrote, by namespace: sessions with the same title are told apart at the end (documents keep theirs). */
	readonly written = new Map<string, Set<string>>();
	/** Where the run's time goes, phase by phase (`--profile`, and the line a run ends with). */
	readonly phases = new PhaseTimes();

	constructor(
		readonly store: SummaryStore,
		readonly options: IngestOptions,
	) {
		if (options.keepSecrets) this.report.keep_secrets = true;
	}

	get stopped(): boolean {
		return Boolean(this.fatal || this.options.signal?.aborted);
	}

	wrote(namespace: string, itemId: string): void {
		const ids = this.written.get(namespace);
		if (ids) ids.add(itemId);
		else this.written.set(namespace, new Set([itemId]));
	}

	shown(file: string): string {
		const relative = path.relative(this.options.cwd ?? process.cwd(), file);
		return relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : file;
	}

	fail(file: string, reason: string, line?: number): void {
		this.report.failed.push({path: this.shown(file), ...(line ? {line} : {}), reason});
	}

	reportProblems(file: string, problems: SourceProblem[]): void {
		for (const problem of problems.slice(0, maxProblemsPerFile)) this.fail(file, problem.reason, problem.line);
		if (problems.length > maxProblemsPerFile) this.fail(file, `and ${problems.length - maxProblemsPerFile} more problems like these`);
	}

	/** A store failure is kept to stop the run; anything else is this file's problem only. */
	fileError(file: string, error: unknown): void {
		if (isFatal(error)) this.fatal ??= error;
		else this.fail(file, messageOf(error));
	}
}
