import type {TurnOptions} from '../store/busy.js';
import type {IndexerHooks} from '../store/indexer-hooks.js';
import type {SummaryStore} from '../store/summary-store.js';
import type {FormatChoice} from './formats/catalog.js';
import type {AgentName} from './llm/agent-cli.js';
import type {ChatSettings} from './llm/chat-client.js';

/** Bump when the pipeline's output changes, so unchanged sources are summarized again. */
export const pipelineVersion = 'ingest-25';

export type SummarizerName = 'extractive' | 'llm' | AgentName;

export interface IngestOptions {
	storePath: string;
	/**
	 * Opens that store for writing with its search indexes kept in step: what the runtime hands
	 * over (`runtime.openWritableStore`), so ingest never attaches the indexer itself.
	 */
	openStore: (turns: TurnOptions, hooks: IndexerHooks) => SummaryStore;
	/** Overrides the format's namespace (conversation_session, page, document). */
	namespace?: string;
	format?: FormatChoice;
	summarizer?: SummarizerName;
	llm?: ChatSettings;
	/** How long an agent summarizer (`claude -p`, `codex exec`, `gemini -p`) may take for one session. */
	agentTimeoutMs?: number;
	cwd?: string;
	/** Where the progress bar goes (only drawn when it is a terminal). */
	progress?: NodeJS.WriteStream;
	/** Hears what did not fail but is worth saying (e.g. LLM calls that fell back to extractive). */
	onNote?: (note: string) => void;
	/** false: summarize in this thread even when worker threads are available. */
	workers?: boolean;
	/** A session file that now holds only the start of its item (cut in place) keeps the longer item (`drill ingest --watch`). */
	keepLonger?: boolean;
	/** Stops the run after the file in flight (what was written stays written). */
	signal?: AbortSignal;
	/**
	 * Files given that were found in a folder (`--watch` and `--agents` list them): one that is no
	 * source (binary, JSON of another kind) is skipped and counted, as in a folder walk.
	 */
	foundInFolder?: (file: string) => boolean;
	/** Write secrets as they are (`--keep-secrets`); by default they are redacted before anything is written. */
	keepSecrets?: boolean;
	/** Hears each file of a folder left out as no source (counted in `skipped_files`), or read with another, with why. */
	onSkippedFile?: (file: string, reason: string) => void;
	/** The report says how long each phase took and of how many bytes (`phases`, `bytes`: `--profile`, and a run on a terminal). */
	profile?: boolean;
}
