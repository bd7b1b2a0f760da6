import {existsSync, statSync} from 'node:fs';
import path from 'node:path';
import type {AgentFolder, AgentSearch} from './agent-folder.js';
import {editorAgentFolders} from './editor-agent-folders.js';
import {moreAgentFolders} from './more-agent-folders.js';
import {homeAgentFolders} from './home-agent-folders.js';
import {cliAgentFolders} from './cli-agent-folders.js';
import {append} from '../../core/arrays.js';

/**
 * Where the supported agents keep their session logs by default, from their own documentation
 * and source:
 * - Claude Code: `~/.claude/projects/<project>/<session>.jsonl` (`CLAUDE_CONFIG_DIR` replaces
 *   `~/.claude`). The Agent SDK writes there too. Subagent transcripts and spilled tool outputs
 *   live in a folder per session (`<session>/subagents/…`, `<session>/tool-results/…`): not
 *   sessions of their own, so only the project folders' own `.jsonl` files are taken; a
 *   subagent's transcript is read with its session, and `--watch` follows it too.
 * - Codex CLI: `~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl`, and `archived_sessions/` beside it
 *   (`CODEX_HOME` replaces `~/.codex`).
 * - Gemini CLI: `~/.gemini/tmp/<project hash>/chats/session-*.json` (or `.jsonl`), recorded
 *   automatically, and the `checkpoint-*.json` files `/chat save` writes beside `chats/`
 *   (`GEMINI_CLI_HOME` replaces the home folder that holds `.gemini`), and each project's
 *   `logs.json`, the person's requests (its sessions that have no chat recorded are read from
 *   it). The rest of `tmp/` (shell history) is not a session.
 * - aider: `.aider.chat.history.md` in each repository it ran in, not under the home folder; the
 *   current project's is taken when there is one.
 * - The editors' agents and the other CLIs (Cursor, Copilot Chat, Cline, Roo Code, Kilo Code,
 *   Continue, OpenCode, Goose, Qwen Code, Crush): editor-agent-folders.ts.
 * - Amp, Zed, Pi, Oh My Pi, OpenClaw, Copilot CLI, Hermes: more-agent-folders.ts.
 * - The agents with a folder or database of their own (Warp, DeepSeek TUI, …): home-agent-folders.ts.
 * - Kimi CLI, Factory Droid, Grok Build, Antigravity, Kiro CLI and IDE: cli-agent-folders.ts.
 */

export type {AgentSearch} from './agent-folder.js';

const segments = (relative: string) => relative.split('/');

function claudeCode(env: NodeJS.ProcessEnv, home: string): AgentFolder {
	const base = env.CLAUDE_CONFIG_DIR || path.join(home, '.claude');
	return {
		agent: 'claude-code',
		root: path.join(base, 'projects'),
		accepts: (relative) => segments(relative).length === 2 && relative.endsWith('.jsonl'),
		// A subagent's transcript, `<project>/<session>/subagents/agent-<id>.jsonl`: read with its session.
		companions(relative) {
			const parts = segments(relative);
			return parts.length === 4 && parts[2] === 'subagents' && /^agent-.+\.jsonl$/u.test(parts[3]!);
		},
	};
}

function codex(env: NodeJS.ProcessEnv, home: string): AgentFolder[] {
	const base = env.CODEX_HOME || path.join(home, '.codex');
	const rollout = (relative: string) => /^rollout-.*\.jsonl$/u.test(path.posix.basename(relative));
	return [
		{agent: 'codex', root: path.join(base, 'sessions'), accepts: rollout},
		{agent: 'codex', root: path.join(base, 'archived_sessions'), accepts: rollout, optional: true},
	];
}

function geminiCli(env: NodeJS.ProcessEnv, home: string): AgentFolder {
	const base = path.join(env.GEMINI_CLI_HOME || home, '.gemini', 'tmp');
	return {
		agent: 'gemini-cli',
		root: base,
		accepts(relative) {
			const parts = segments(relative);
			if (parts.length === 3 && parts[1] === 'chats') return /\.jsonl?$/u.test(parts[2]!);
			// A subagent's chat, beside its parent session's: chats/<parent session>/<id>.jsonl.
			if (parts.length === 4 && parts[1] === 'chats') return parts[3]!.endsWith('.jsonl');
			return parts.length === 2 && (/^checkpoint.*\.json$/u.test(parts[1]!) || parts[1] === 'logs.json');
		},
	};
}

function isFolder(file: string): boolean {
	try {
		return statSync(file).isDirectory();
	} catch {
		return false;
	}
}

/** The project root for aider: the nearest ancestor of `cwd` holding `.git`, else `cwd`. */
function projectRoot(cwd: string): string {
	for (let folder = cwd; ; folder = path.dirname(folder)) {
		if (existsSync(path.join(folder, '.git'))) return folder;
		if (path.dirname(folder) === folder) return cwd;
	}
}

/** The default log folders of the supported agents that exist here, honouring HOME and each agent's own variable. */
export function findAgentFolders(env: NodeJS.ProcessEnv, cwd: string, platform: NodeJS.Platform = process.platform): AgentSearch {
	const home = env.HOME || env.USERPROFILE || '';
	const search: AgentSearch = {found: [], missing: [], notes: []};
	const candidates = home || env.CLAUDE_CONFIG_DIR || env.CODEX_HOME || env.GEMINI_CLI_HOME ? [claudeCode(env, home), ...codex(env, home), geminiCli(env, home)] : [];
	for (const candidate of candidates) {
		if (isFolder(candidate.root)) search.found.push(candidate);
		else if (!candidate.optional) search.missing.push({agent: candidate.agent, looked: candidate.root});
	}
	const aider = path.join(projectRoot(cwd), '.aider.chat.history.md');
	if (existsSync(aider)) search.found.push({agent: 'aider', root: aider, accepts: () => true});
	else search.missing.push({agent: 'aider', looked: aider});
	if (home) {
		const more = editorAgentFolders(env, home, cwd, platform);
		append(search.found, more.found);
		append(search.missing, more.missing);
		append(search.notes, more.notes);
		const others = moreAgentFolders(env, home, platform);
		append(search.found, others.found);
		append(search.missing, others.missing);
		const own = homeAgentFolders(env, home, cwd, platform);
		append(search.found, own.found);
		append(search.missing, own.missing);
		append(search.notes, own.notes);
		const clis = cliAgentFolders(env, home, platform);
		append(search.found, clis.found);
		append(search.missing, clis.missing);
		append(search.notes, clis.notes);
	}
	search.notes.unshift('aider keeps .aider.chat.history.md in each repository it ran in: run drill ingest REPO for another one');
	search.notes.push('Claude managed-agent event streams, ChatGPT exports and Cursor chat exports (Markdown) have no folder of their own: ingest the files you saved');
	return search;
}
