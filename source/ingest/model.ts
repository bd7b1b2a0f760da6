import type {MessageUsage} from '../core/usage.js';
import type {ItemSource} from '../store/interchange.js';

/**
 * What every format parser hands to the tree builder: the raw text as blocks (each becomes one
 * span), grouped into units (what topic segmentation moves boundaries between: a paragraph of a
 * document, a step of a conversation), inside sections (a document's headings).
 */

/** How a block takes part in the summary: its raw text is always kept as a span. */
export type BlockKind =
	/** Sentences a person wrote: ranked for summaries and titles. */
	| 'prose'
	/** Code, tables, logs: their words count a little for keywords, their lines never become summary sentences. */
	| 'code'
	/** A tool call or its output: counted lightly and only from its head, so a 40 KB log cannot dominate. */
	| 'tool'
	/** The model's private reasoning: counted for keywords, never quoted in a summary. */
	| 'thinking';

export interface Block {
	/** The span role: user, assistant, tool, tool_call, thinking, system, text, code. */
	role: string;
	kind: BlockKind;
	text: string;
	/** The tools this block stands for (a tool call: its name), counted for `Tools: Bash ×3` notes. */
	tools?: string[];
	/** ISO 8601: when the message that holds it was written (a conversation's, when its reader knows). */
	time?: string;
}

export interface Unit {
	blocks: Block[];
	/** A conversation step that opens with the person's own prompt: a good place for a topic to start. */
	opensTurn?: boolean;
	/** A short title-like line (a plain-text heading): a good place for a topic to start, and its title. */
	heading?: string;
	/** A stable id of the source (e.g. a Claude Code message uuid), to match titles the source gives. */
	sourceId?: string;
}

export interface Section {
	/** The heading text, cleaned of markup; undefined for the document's top. */
	heading?: string;
	units: Unit[];
	children: Section[];
}

/** What the source says about itself. */
export interface SourceFacts {
	title?: string;
	tldr?: string;
	/** ISO 8601, the source's own time (front matter date, last message time, …). */
	generatedAt?: string;
	/**
	 * A page that opens with a lead saying what it is for (a markdown page of a documentation site or
	 * knowledge base): its TLDR is that lead. Plain text keeps its most central sentences (the lead
	 * measured below them on the search collections' abstracts and READMEs read as text).
	 */
	opensWithLead?: boolean;
	/**
	 * The first custom slash command a session ran (`/agent-start fix login`): what names a session
	 * whose requests were all a command's template, when nothing the person typed does.
	 */
	commandLine?: string;
	/** Titles the source gives to a stretch of it, keyed by the `sourceId` of the unit it ends on. */
	titlesByEnd?: Map<string, string>;
	/**
	 * What a session log says about where it came from (agent, project, times, model, counts), in
	 * the interchange's `source` shape; the pipeline adds `uri` and `kind`.
	 */
	provenance?: Omit<ItemSource, 'uri' | 'kind'>;
}

export type SourceFlavor = 'document' | 'conversation';

export interface ParsedSource {
	flavor: SourceFlavor;
	facts: SourceFacts;
	root: Section;
	/** Records of a kind the reader does not use (token counts, status events, …), skipped on purpose. */
	skipped?: number;
	/**
	 * What each message used (tokens per message, its time and model), where the log says: the
	 * item's usage buckets are made of these (build-item.ts); a log with session totals only has none.
	 */
	usage?: MessageUsage[];
	/**
	 * The subagents this session started (Claude Code sidechains, in its file or in transcripts of
	 * their own): each becomes a node of the session's tree, not an item.
	 */
	subagents?: ParsedSource[];
	/**
	 * The session this one was forked from (Codex's `forked_from_id`): its log begins with a copy
	 * of that session's history, which a subagent's node leaves out (`tree/subagents.ts`), and its
	 * running token total goes on from that session's. `tokens`: the total after each count, with
	 * how many units the conversation had then.
	 */
	forked?: {from: string; tokens: Array<{units: number; tokens: NonNullable<ItemSource['tokens']>}>};
}

/** A problem with part of a source that did not stop the rest of it. */
export interface SourceProblem {
	line?: number;
	reason: string;
}
