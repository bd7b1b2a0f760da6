/** A subagent's transcript of a session, the key it would have as an item of its own, and its own subagents'. */
export interface SubagentFile {
	path: string;
	/** Its session key (`claudeSessionId`, `codexSessionId`): its item id when it is an item of its own. */
	key: string;
	/** The subagents it started in turn (Codex threads spawn threads), read into its node. */
	children?: SubagentFile[];
}

/**
 * Where an agent keeps its subagents' transcripts, and how a transcript names its parent session.
 * A session's item is read with its subagents in its tree (`tree/subagents.ts`); a subagent's own
 * file is read into its parent's item when that parent is ingested, and is an item of its own,
 * naming its parent, when it is not.
 */
export interface SubagentLayout {
	/** The parent session this file is a subagent of, from its head and key; undefined for a session of its own. */
	parentOf(head: string, key: string): string | undefined;
	/** The subagents' transcripts of a session (theirs too, where a subagent can start one). */
	filesOf(sessionFile: string, sessionId: string): SubagentFile[];
	/** Where the parent session's file may be, by the layout the subagent's file is in. */
	parentFilesOf(subagentFile: string, parentSession: string): string[];
}

/** Every transcript of a tree of subagents, depth first. */
export function allSubagentFiles(files: readonly SubagentFile[]): SubagentFile[] {
	return files.flatMap((file) => [file, ...allSubagentFiles(file.children ?? [])]);
}
