import {statSync} from 'node:fs';

/**
 * A store file of at least this many bytes is searched once, to warm it, soon after a long-lived
 * session opens it (the explorer's search thread after the first frame, the MCP server after it
 * starts): about 3 000 items of agent sessions. The first search of a fresh process pays for cold
 * pages and code (on the 50 000-item bench store, 1 GB, ~200–250 ms of CPU against ~30–60 for the
 * next ones; the explorer's search thread adds its own start); below this size a first search is
 * cheap, and a session that never searches should not pay a thread and its memory for nothing.
 */
export const warmStoreBytes = 64 * 1024 * 1024;

/** Whether the store at `storePath` is large enough to warm its search at start (see warmStoreBytes); false when it cannot be read. */
export function warmsAtStart(storePath: string, threshold = warmStoreBytes): boolean {
	try {
		const stat = statSync(storePath);
		return stat.isFile() && stat.size >= threshold;
	} catch {
		return false;
	}
}
