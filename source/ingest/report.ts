import type {IngestConflict} from './collisions.js';
import type {PhaseSeconds} from './phase-times.js';

export type {IngestConflict} from './collisions.js';

/** A file, or a line or record of one, that could not be read. */
export interface IngestFailure {
	path: string;
	line?: number;
	reason: string;
}

export interface IngestReport {
	added: number;
	updated: number;
	/** Sources unchanged since the last ingest. */
	skipped: number;
	/** Records of a kind the readers do not use (status events, token counts, empty sessions), skipped on purpose. */
	skipped_records: number;
	/** Files met in a walked folder that are not documents or sessions (images, styles, scripts, site configuration), left out. */
	skipped_files: number;
	failed: IngestFailure[];
	/** Items that two files claimed (the same session in two places), and what was done. */
	conflicts: IngestConflict[];
	items: number;
	nodes: number;
	spans: number;
	/** Secrets replaced by `[redacted:kind]` in what was written (each item counts its own in `source.redactions`). */
	redactions: number;
	/** Set when the run kept secrets (`--keep-secrets`). */
	keep_secrets?: true;
	/** Subagents (Claude Code sidechains) read into their session's tree, not items of their own. */
	subagents: number;
	/** Subagents that only warmed up (a "Warmup" prompt, nothing done): left out. */
	warmups: number;
	/** Session logs with no request and no answer (a Codex rollout of only its metadata and environment, a Claude Code file of only summaries and snapshots): left out. */
	empty_sessions: number;
	/** Files left out because `drill forget` forgot them (`--include-forgotten PATH` brings them back). */
	forgotten: number;
	/** Sessions of drill's own summarizer calls (`--summarizer claude|codex|gemini` runs the agent, which may log them): left out; present when some were. */
	summarizer_sessions?: number;
	/** What `--summarizer claude|codex|gemini` did in the run: sessions summarized (answers from the store included) and calls that failed. */
	summarized?: {agent: string; summarized: number; failed: number};
	seconds: number;
	/** Seconds per phase (read, summarize, index, train) and the wall time, train included: set by `ingest`. */
	phases?: PhaseSeconds;
	/** Bytes of the files the run was given (what the phases' throughput is of). */
	bytes?: number;
}

export function emptyReport(): IngestReport {
	return {added: 0, updated: 0, skipped: 0, skipped_records: 0, skipped_files: 0, failed: [], conflicts: [], items: 0, nodes: 0, spans: 0, redactions: 0, subagents: 0, warmups: 0, empty_sessions: 0, forgotten: 0, seconds: 0};
}

/** The files with at least one problem. */
export function failedFiles(report: IngestReport): number {
	return new Set(report.failed.map((failure) => failure.path)).size;
}
