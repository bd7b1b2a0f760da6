import {homeRelative, withinFolder} from './shown-path.js';
import {cacheHitShare, costLabel, modelsUsed, sessionCost, type CostView, type UsageBucket} from './usage.js';

/**
 * Where an item came from (its provenance), shown wherever the item is: the tree, the detail
 * pane, find hits, MCP answers and `--json`. Only `uri` and `kind` existed before; every field is
 * optional, so interchange files written by other summarizers stay valid.
 */
export interface ItemSource {
	/** The source file (absolute path), `#…` appended for one conversation of a multi-item file. */
	uri?: string;
	/** The format that was read: claude-code, codex, gemini-cli, aider, claude-agent, chatgpt, generic-chat, markdown, text, html, summary-json. */
	kind?: string;
	/** The agent whose session this is: claude-code, codex, gemini-cli, aider, claude-agent, chatgpt, … */
	agent?: string;
	/** The agent's version that wrote the log (Claude Code `version`, Codex `cli_version`, …), where it records one. */
	agent_version?: string;
	/** The session's working directory or repository. */
	project?: string;
	/** ISO 8601: the first and the last event of a session. */
	started_at?: string;
	ended_at?: string;
	/** The model the agent ran (the last one named, when it changed). */
	model?: string;
	/** The person's requests (turns) and the tool calls of a session. */
	turns?: number;
	tool_calls?: number;
	/** The 1-based line of the source file where the item starts (one file can hold several sessions). */
	line?: number;
	/**
	 * The session's own id in its agent (Claude Code sessionId, Codex session id, …), as the
	 * agent's resume command takes it.
	 */
	session_id?: string;
	/** The title drill made itself (the item's title is the agent's own when the log records one). */
	own_title?: string;
	/** The agent's own title for the session (one it generated), when its log records one. */
	agent_title?: string;
	/**
	 * The person's own name for the session (a `/rename`, a chat renamed in the editor), when the
	 * log records one. The item's title is this, else `agent_title`, else drill's own.
	 */
	user_title?: string;
	/** The cost the agent itself recorded, USD. */
	cost_usd?: number;
	/** The agent that wrote the title and TLDR (`drill ingest --summarizer claude|codex|gemini`), when one did. */
	summarized_by?: string;
	/** Tokens the session used, where the log records them. */
	tokens?: {input?: number; output?: number; cache_read?: number; cache_write?: number};
	/** Files the session edited or wrote (paths as the agent gave them). */
	files_edited?: string[];
	/** Commits the session made. */
	commits?: number;
	/** The session's subagents (their transcripts sit in its tree). */
	subagents?: number;
	/** For a subagent whose parent session is not in the store: the parent's session id. */
	parent_session?: string;
	/** Secrets replaced by `[redacted:kind]` at ingest. */
	redactions?: number;
	/**
	 * A session whose log records no time is dated by its file (`file_date`): a date in the file's
	 * (or its folder's) name, or else the file's modification time. Absent when the session has its own.
	 */
	dated_from?: 'file-name' | 'file-time';
	file_date?: string;
	/**
	 * What the session used per UTC hour and model, counted once per message, with drill's
	 * estimate of its price (core/usage.ts): what `drill usage` adds up. A log that records only
	 * the session's totals has one bucket, at the session's start.
	 */
	usage?: UsageBucket[];
	/** The machine a pulled item lives on (`drill pull`, `drill find --team`); absent for this machine's own items. */
	machine?: string;
	/** The user whose store a pulled item was pushed from; absent for this machine's own items. */
	user?: string;
}

/** What each item child of a listing carries, so items with the same title can be told apart. */
export type ItemSourceBrief = Pick<ItemSource, 'agent' | 'project' | 'started_at' | 'turns' | 'tool_calls'> & {
	/** All the tokens the session used (`totalTokens`). */
	tokens_total?: number;
	/** What the session cost (`costLabel` says it: ≈ for an estimate). */
	cost?: CostView;
};

/** The fields without a store column of their own: kept together as one JSON object (`items.source_extra`). */
export const extraSourceFields = ['agent_version', 'tokens', 'cost_usd', 'files_edited', 'commits', 'subagents', 'parent_session', 'agent_title', 'user_title', 'own_title', 'summarized_by', 'dated_from', 'file_date', 'usage'] as const;

export function extraSourceJson(source: ItemSource): string | null {
	const extra: Partial<ItemSource> = {};
	let any = false;
	for (const field of extraSourceFields) {
		if (source[field] === undefined) continue;
		(extra as Record<string, unknown>)[field] = source[field];
		any = true;
	}
	return any ? JSON.stringify(extra) : null;
}

/** All the tokens a session used (input, output, cache reads and writes); null when the log has none. */
export function totalTokens(tokens: ItemSource['tokens']): number | null {
	if (!tokens) return null;
	const total = (tokens.input ?? 0) + (tokens.output ?? 0) + (tokens.cache_read ?? 0) + (tokens.cache_write ?? 0);
	return total > 0 ? total : null;
}

/** A token count as a row shows it: `850 tok`, `12k tok`, `3.4M tok`. */
export function compactTokens(total: number): string {
	if (total < 1000) return `${total} tok`;
	if (total < 1e6) return `${total < 10_000 ? (total / 1000).toFixed(1).replace(/\.0$/u, '') : Math.round(total / 1000)}k tok`;
	return `${total < 1e7 ? (total / 1e6).toFixed(1).replace(/\.0$/u, '') : Math.round(total / 1e6)}M tok`;
}

/** Wall time from the first to the last event, in whole seconds; undefined without both. */
export function wallSeconds(source: ItemSource | undefined): number | undefined {
	if (!source?.started_at || !source.ended_at) return undefined;
	const span = (Date.parse(source.ended_at) - Date.parse(source.started_at)) / 1000;
	return Number.isFinite(span) && span >= 0 ? Math.round(span) : undefined;
}

/**
 * What a session cost and changed, as `walk --json` and MCP answers give it (`facts`): only what
 * the log recorded. `names` adds the edited files' names (summary depth and deeper).
 */
export interface SessionFactsView {
	tokens?: NonNullable<ItemSource['tokens']> & {total: number};
	/** USD: what the agent recorded (exact), else drill's estimate; the models without a price named. */
	cost?: CostView;
	/** The models the session used, most tokens first. */
	models?: string[];
	/** The share of its input read from the cache (0–1). */
	cache_hit_share?: number;
	files_edited?: number;
	files?: string[];
	commits?: number;
	subagents?: number;
	parent_session?: string;
	wall_seconds?: number;
}

export function sessionFacts(source: ItemSource | undefined, options: {names?: boolean; maxNames?: number} = {}): SessionFactsView | undefined {
	if (!source) return undefined;
	const facts: SessionFactsView = {};
	const total = totalTokens(source.tokens);
	if (source.tokens && total !== null) facts.tokens = {...source.tokens, total};
	const cost = sessionCost(source);
	if (cost) facts.cost = cost;
	const models = modelsUsed(source.usage);
	if (models.length > 0) facts.models = models;
	const share = cacheHitShare(source.tokens);
	if (share !== undefined) facts.cache_hit_share = Math.round(share * 1000) / 1000;
	if (source.files_edited?.length) {
		facts.files_edited = source.files_edited.length;
		// As paths in the project (Claude Code records them absolute, Codex relative).
		if (options.names) facts.files = source.files_edited.slice(0, options.maxNames ?? 50).map((file) => withinFolder(file, source.project));
	}
	if (source.commits) facts.commits = source.commits;
	if (source.subagents) facts.subagents = source.subagents;
	if (source.parent_session) facts.parent_session = source.parent_session;
	const wall = wallSeconds(source);
	if (wall !== undefined) facts.wall_seconds = wall;
	return Object.keys(facts).length > 0 ? facts : undefined;
}

/** A span of seconds as a line says it: `45 s`, `14 min`, `2 h 05 min`. */
export function wallTime(seconds: number): string {
	if (seconds < 60) return `${seconds} s`;
	const minutes = Math.round(seconds / 60);
	return minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

/**
 * One line of what a session cost and changed: `12k tok (1.2k out, 83% from cache) · ≈ $4.12 ·
 * 14 min · 3 files edited · 1 commit · 2 subagents` ("" when nothing).
 */
export function factsLine(facts: SessionFactsView | undefined): string {
	if (!facts) return '';
	const parts: string[] = [];
	if (facts.tokens) {
		const inner = [facts.tokens.output ? `${compactTokens(facts.tokens.output).replace(' tok', '')} out` : '', facts.cache_hit_share ? `${Math.round(facts.cache_hit_share * 100)}% from cache` : ''].filter(Boolean);
		parts.push(`${compactTokens(facts.tokens.total)}${inner.length > 0 ? ` (${inner.join(', ')})` : ''}`);
	}
	const cost = costLabel(facts.cost);
	if (cost) parts.push(cost);
	if (facts.wall_seconds !== undefined && facts.wall_seconds > 0) parts.push(wallTime(facts.wall_seconds));
	if (facts.files_edited) parts.push(`${plural(facts.files_edited, 'file')} edited`);
	if (facts.commits) parts.push(plural(facts.commits, 'commit'));
	if (facts.subagents) parts.push(plural(facts.subagents, 'subagent'));
	if (facts.parent_session) parts.push(`subagent of ${facts.parent_session}`);
	return parts.join(' · ');
}

/** The edited files a summary shows: `edited a.ts, b.ts and 3 more` ("" without names). */
export function editedLine(facts: SessionFactsView | undefined, shown = 8): string {
	if (!facts?.files?.length) return '';
	const names = facts.files.slice(0, shown);
	const more = (facts.files_edited ?? facts.files.length) - names.length;
	return `edited ${names.join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
}

/** An ISO time as `2026-11-28 14:02 UTC` (the UTC day is the one `--group-by day` uses). */
export function shortTime(iso: string): string {
	const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/u.exec(iso);
	return match ? `${match[1]} ${match[2]} UTC` : iso;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * One line saying where an item came from, e.g.
 * `claude-code · ~/src/api · 2026-11-28 14:02 UTC · 12 turns, 30 tools` ("" when nothing is known).
 * `home` shortens a project under it to `~/…`; `full` adds the end time, the model and what the
 * session cost and changed (`factsLine`); a brief (a listing's row) adds its tokens (`12k tok`).
 */
export function sourceLine(source: (ItemSource & {tokens_total?: number; cost?: CostView}) | undefined, options: {home?: string; full?: boolean; facts?: SessionFactsView | false} = {}): string {
	if (!source) return '';
	const parts: string[] = [];
	// The agent's version only in the full line: a listing's row has no room for it.
	if (source.agent) parts.push(options.full && source.agent_version ? `${source.agent} ${source.agent_version}` : source.agent);
	if (source.machine) parts.push(`${source.user ? `${source.user}@` : ''}${source.machine}`);
	if (source.project) {
		parts.push(homeRelative(source.project, options.home));
	}
	if (source.started_at) {
		let when = shortTime(source.started_at);
		if (options.full && source.ended_at && source.ended_at !== source.started_at) {
			const end = shortTime(source.ended_at);
			when = end.slice(0, 10) === when.slice(0, 10) ? `${when.slice(0, -4)}–${end.slice(11)}` : `${when.slice(0, -4)} – ${end}`;
		}
		parts.push(when);
	} else if (source.file_date) {
		// Not the session's own time: its file's, and said so.
		parts.push(`${source.file_date.slice(0, 10)} (${source.dated_from === 'file-name' ? "file name's date" : "file's date"})`);
	}
	const counts = [source.turns === undefined ? '' : plural(source.turns, 'turn'), source.tool_calls === undefined ? '' : plural(source.tool_calls, 'tool')].filter(Boolean);
	if (counts.length > 0) parts.push(counts.join(', '));
	const models = options.full ? (options.facts ? options.facts.models : modelsUsed(source.usage)) : undefined;
	if (options.full && (models?.length || source.model)) parts.push(models?.length ? models.join(', ') : source.model!);
	if (options.full) {
		const facts = options.facts === false ? '' : factsLine(options.facts ?? sessionFacts(source));
		if (facts) parts.push(facts);
	} else {
		const total = source.tokens_total ?? totalTokens(source.tokens);
		if (total) parts.push(compactTokens(total));
		const cost = costLabel(source.cost ?? sessionCost(source));
		if (cost) parts.push(cost);
	}
	return parts.join(' · ');
}
