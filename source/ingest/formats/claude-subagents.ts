import {closeSync, openSync, readdirSync, readSync} from 'node:fs';
import path from 'node:path';
import {claudeSessionId} from './claude-code.js';
import type {SubagentFile, SubagentLayout} from './subagent-layout.js';

const headBytes = 16 * 1024;

function head(file: string): string {
	let fd: number | undefined;
	try {
		fd = openSync(file, 'r');
		const buffer = Buffer.alloc(headBytes);
		const read = readSync(fd, buffer, 0, headBytes, 0);
		return buffer.subarray(0, read).toString('utf8');
	} catch {
		return '';
	} finally {
		if (fd !== undefined) closeSync(fd);
	}
}

const isAgentFile = (name: string) => /^agent-.+\.jsonl$/u.test(name);

function agentFiles(folder: string): string[] {
	try {
		return readdirSync(folder)
			.filter(isAgentFile)
			.sort()
			.map((name) => path.join(folder, name));
	} catch {
		return [];
	}
}

/** Claude Code's context compaction runs as a subagent (`agent-acompact-<id>`): the session summarized again, no work of its own. */
export const isCompactionHelper = (key: string | undefined) => key !== undefined && /\/(?:agent-)?acompact/u.test(key);

/**
 * Where Claude Code puts the transcripts of a session's subagents, in both of its layouts:
 * `<project>/<session>/subagents/agent-*.jsonl` (since 2.0), and `<project>/agent-*.jsonl` beside
 * the session, each naming it in its `sessionId`. Only files whose lines are on a sidechain of
 * this very session are taken. `heads` caches the second layout's folder scans for a run.
 */
function subagentFilesOf(sessionFile: string, sessionId: string, heads: Map<string, SubagentFile[]> = new Map()): SubagentFile[] {
	const found: SubagentFile[] = [];
	const folder = path.dirname(sessionFile);
	const own = path.join(folder, path.basename(sessionFile, '.jsonl'), 'subagents');
	for (const file of agentFiles(own)) {
		const key = claudeSessionId(head(file), file);
		if (key?.startsWith(`${sessionId}/`) && !isCompactionHelper(key)) found.push({path: file, key});
	}
	let beside = heads.get(folder);
	if (!beside) {
		beside = [];
		for (const file of agentFiles(folder)) {
			const key = claudeSessionId(head(file), file);
			if (key?.includes('/') && !isCompactionHelper(key)) beside.push({path: file, key});
		}
		heads.set(folder, beside);
	}
	for (const file of beside) if (file.key.startsWith(`${sessionId}/`)) found.push(file);
	return found;
}

/** Where a subagent's parent session file would be, by the layout its transcript is in. */
function parentFileOf(subagentFile: string, parentSession: string): string {
	const folder = path.dirname(subagentFile);
	if (path.basename(folder) === 'subagents') return `${path.dirname(folder)}.jsonl`;
	return path.join(folder, `${parentSession}.jsonl`);
}

/** Claude Code's layouts: a subagent's key is `<parent session>/<agent id>`, as `claudeSessionId` makes it. */
export class ClaudeSubagents implements SubagentLayout {
	/** The second layout's folder scans, for a run. */
	private readonly heads = new Map<string, SubagentFile[]>();

	parentOf(_head: string, key: string): string | undefined {
		return key.includes('/') ? key.slice(0, key.indexOf('/')) : undefined;
	}

	filesOf(sessionFile: string, sessionId: string): SubagentFile[] {
		return subagentFilesOf(sessionFile, sessionId, this.heads);
	}

	parentFilesOf(subagentFile: string, parentSession: string): string[] {
		return [parentFileOf(subagentFile, parentSession)];
	}
}
