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
	/** The agent's own title for the session, when its log records one (the item's title then). */
	agent_title?: string;
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
}

/** What each item child of a listing carries, so items with the same title can be told apart. */
export type ItemSourceBrief = Pick<ItemSource, 'agent' | 'project' | 'started_at' | 'turns' | 'tool_calls'>;

/** An ISO time as `2026-11-28 14:02 UTC` (the UTC day is the one `--group-by day` uses). */
export function shortTime(iso: string): string {
	const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/u.exec(iso);
	return match ? `${match[1]} ${match[2]} UTC` : iso;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * One line saying where an item came from, e.g.
 * `claude-code · ~/src/api · 2026-11-28 14:02 UTC · 12 turns, 30 tools` ("" when nothing is known).
 * `home` shortens a project under it to `~/…`; `full` adds the end time and the model.
 */
export function sourceLine(source: ItemSource | undefined, options: {home?: string; full?: boolean} = {}): string {
	if (!source) return '';
	const parts: string[] = [];
	if (source.agent) parts.push(source.agent);
	if (source.project) {
		const home = options.home?.replace(/[/\\]+$/u, '');
		parts.push(home && (source.project === home || source.project.startsWith(`${home}/`)) ? `~${source.project.slice(home.length)}` : source.project);
	}
	if (source.started_at) {
		let when = shortTime(source.started_at);
		if (options.full && source.ended_at && source.ended_at !== source.started_at) {
			const end = shortTime(source.ended_at);
			when = end.slice(0, 10) === when.slice(0, 10) ? `${when.slice(0, -4)}–${end.slice(11)}` : `${when.slice(0, -4)} – ${end}`;
		}
		parts.push(when);
	}
	const counts = [source.turns === undefined ? '' : plural(source.turns, 'turn'), source.tool_calls === undefined ? '' : plural(source.tool_calls, 'tool')].filter(Boolean);
	if (counts.length > 0) parts.push(counts.join(', '));
	if (options.full && source.model) parts.push(source.model);
	return parts.join(' · ');
}
