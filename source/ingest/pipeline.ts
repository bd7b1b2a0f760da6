import type {IngestOptions} from './ingest-options.js';
import {IngestRun} from './ingest-run.js';
import {IndexPhase} from './index-phase.js';
import {Progress} from './progress.js';
import {ReadPhase, sessionIdOf} from './read-phase.js';
import type {IngestReport} from './report.js';
import {SummarizePhase} from './summarize-phase.js';

export type {IngestReport} from './report.js';
export type {IngestOptions, SummarizerName} from './ingest-options.js';

/**
 * One ingest, phase by phase: read (read-phase.ts: walk, sniff, hash, skip what is unchanged),
 * summarize (summarize-phase.ts: summary trees, on worker threads), index (index-phase.ts: items
 * and their search rows written in batches) and train (the semantic model, brought up to date
 * when the store closes: search/indexing/train-phase.ts, attached by the runtime's store writer).
 */
class Ingestion {
	private readonly run: IngestRun;
	private readonly summarize: SummarizePhase;
	readonly index: IndexPhase;
	private readonly read: ReadPhase;

	constructor(store: IngestRun['store'], options: IngestOptions) {
		this.run = new IngestRun(store, options);
		this.index = new IndexPhase(this.run, sessionIdOf);
		this.summarize = new SummarizePhase(this.run);
		this.read = new ReadPhase(this.run, this.summarize, this.index);
	}

	async ingest(inputs: readonly string[]): Promise<IngestReport> {
		const {run, summarize, read} = this;
		const {store, options, report} = run;
		run.phases.enter('read');
		const files = await read.sources(inputs);
		const totalBytes = files.reduce((sum, file) => sum + file.size, 0);
		if (options.profile) report.bytes = totalBytes;
		summarize.notice(files.length, totalBytes);
		if (options.progress) run.progress = new Progress(options.progress, files.length, totalBytes);
		try {
			for (const [index, file] of files.entries()) {
				const worked = read.worked;
				try {
					// The last file's items leave the store fully indexed when they commit (nothing waits for the close).
					if (index === files.length - 1) store.endBulkWrites();
					await read.file(file);
				} catch (error) {
					run.fileError(file.path, error);
				}
				run.progress?.fileDone(file.size, read.worked === worked);
				if (run.stopped) break;
			}
			await run.phases.during('summarize', () => summarize.executor.drain());
			await read.readLater();
			await run.phases.during('summarize', () => summarize.executor.drain());
			run.phases.within('index', () => this.index.flush());
			await run.phases.during('summarize', async () => {
				await summarize.summarizeByAgent();
				if (!run.fatal) summarize.distinguish();
			});
		} finally {
			await summarize.executor.close();
			run.phases.enter(undefined);
		}
		if (run.fatal) {
			// What is in the store stays there: say exactly what, so a rerun is not guesswork.
			const {added, updated, items, nodes, spans} = report;
			run.fatal.details = {...run.fatal.details, committed: {added, updated, items, nodes, spans}};
			throw run.fatal;
		}
		// Files summarized in parallel finish in any order: report in a stable one.
		report.failed.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : (a.line ?? 0) - (b.line ?? 0)));
		return report;
	}

	/**
	 * The train phase: the writer's close brings the semantic model up to date (the store's
	 * indexer trains it; see search/indexing/train-phase.ts), shown on the bar as it runs. Then the
	 * report says how long each phase took, and the run's wall time with the close in it.
	 */
	close(close: () => void): void {
		const {run} = this;
		run.progress?.stage('training the semantic model');
		try {
			run.phases.within('train', close);
		} finally {
			run.progress?.done();
		}
		const phases = run.phases.seconds();
		if (run.options.profile) run.report.phases = phases;
		run.report.seconds = phases.wall;
	}
}

/**
 * Ingests files and folders into the summary store: each source becomes an item (a file of
 * many conversations or sessions, one per each), written in its own transaction; unchanged
 * sources are skipped.
 */
export async function ingest(inputs: readonly string[], options: IngestOptions): Promise<IngestReport> {
	let ingestion: Ingestion | undefined;
	const store = options.openStore(options.onNote ? {onWait: options.onNote} : {}, {onIndexFailure: (item, error) => ingestion?.index.indexFailed(item, error)});
	store.useBulkWrites();
	store.batchCommits();
	let closed = false;
	try {
		ingestion = new Ingestion(store, options);
		const report = await ingestion.ingest(inputs);
		closed = true;
		ingestion.close(() => store.close());
		return report;
	} finally {
		if (closed) {
			// Closed above.
		} else if (ingestion) ingestion.close(() => store.close());
		else store.close();
	}
}
