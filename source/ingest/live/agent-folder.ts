/** Where one agent keeps its sessions, and what a search of this machine found. */
export interface AgentFolder {
	agent: string;
	/** The folder (or, for aider, the file) where this agent's sessions are. */
	root: string;
	/** The folder to name in the report, when `root` is one of several under it (a workspace's database). */
	shown?: string;
	/** Which files below `root` are sessions, by their path relative to it (with `/`). */
	accepts(relative: string): boolean;
	/** Which files below `root` are read with a session (a subagent's transcript), and followed by `--watch`. */
	companions?(relative: string): boolean;
	/** Not said to be missing when absent (a second folder of an agent found elsewhere). */
	optional?: boolean;
}

export interface AgentSearch {
	found: AgentFolder[];
	/** What was looked for and is not on this machine, one line each. */
	missing: Array<{agent: string; looked: string}>;
	/** Agents whose logs have no fixed folder, and how to ingest them. */
	notes: string[];
}
