import {existsSync, statSync} from 'node:fs';
import path from 'node:path';
import type {AgentFolder, AgentSearch} from './agent-folder.js';

/**
 * Where Amp, Zed, Pi, Oh My Pi, OpenClaw, GitHub Copilot CLI and Hermes keep their sessions, from
 * their own source and real logs (named in each reader in source/ingest/formats/):
 * - Amp: `~/.local/share/amp/threads/T-*.json` (`$XDG_DATA_HOME/amp`), on macOS too.
 * - Zed: `threads/threads.db` in Zed's data folder: `~/.local/share/zed` (`$XDG_DATA_HOME/zed`,
 *   or the Flatpak's `~/.var/app/dev.zed.Zed/data/zed`), `~/Library/Application Support/Zed` on
 *   macOS, `%LOCALAPPDATA%\Zed` on Windows.
 * - Pi: `~/.pi/agent/sessions/<cwd>/<time>_<id>.jsonl` (`$PI_CODING_AGENT_DIR` replaces
 *   `~/.pi/agent`); Oh My Pi: `~/.omp/agent/sessions/…` (`$OMP_CODING_AGENT_DIR`).
 * - OpenClaw: `~/.openclaw/agents/<agent>/sessions/<id>.jsonl` (`$OPENCLAW_STATE_DIR` replaces
 *   `~/.openclaw`); not its checkpoints (`<id>.checkpoint.<n>.jsonl`) nor deleted sessions.
 * - GitHub Copilot CLI: `~/.copilot/session-state/<id>/events.jsonl`, and `<id>.jsonl` of older
 *   versions (`$COPILOT_HOME` replaces `~/.copilot`).
 * - Hermes: `~/.hermes/sessions/<id>.jsonl` (`$HERMES_HOME` replaces `~/.hermes`), and
 *   `session_<id>.json` where no transcript of that session is beside it.
 */

const segments = (relative: string) => relative.split('/');

function isFolder(file: string): boolean {
	try {
		return statSync(file).isDirectory();
	} catch {
		return false;
	}
}

interface Candidate {
	agent: string;
	root: string;
	accepts(relative: string): boolean;
}

const sessionFiles = (relative: string) => {
	const parts = segments(relative);
	return parts.length === 2 && parts[1]!.endsWith('.jsonl');
};

function zedData(env: NodeJS.ProcessEnv, home: string, platform: NodeJS.Platform): string {
	if (platform === 'darwin') return path.join(home, 'Library', 'Application Support', 'Zed');
	if (platform === 'win32') return path.join(env.LOCALAPPDATA || path.join(home, 'AppData', 'Local'), 'Zed');
	const flatpak = path.join(home, '.var', 'app', 'dev.zed.Zed', 'data', 'zed');
	if (!env.XDG_DATA_HOME && existsSync(flatpak)) return flatpak;
	return path.join(env.XDG_DATA_HOME || path.join(home, '.local', 'share'), 'zed');
}

function candidates(env: NodeJS.ProcessEnv, home: string, platform: NodeJS.Platform): Candidate[] {
	const dataHome = env.XDG_DATA_HOME || path.join(home, '.local', 'share');
	const hermes = path.join(env.HERMES_HOME || path.join(home, '.hermes'), 'sessions');
	return [
		{agent: 'amp', root: path.join(dataHome, 'amp', 'threads'), accepts: (relative) => /^T-[^/]+\.json$/u.test(relative)},
		{agent: 'zed', root: path.join(zedData(env, home, platform), 'threads'), accepts: (relative) => relative === 'threads.db'},
		{agent: 'pi', root: path.join(env.PI_CODING_AGENT_DIR || path.join(home, '.pi', 'agent'), 'sessions'), accepts: sessionFiles},
		{agent: 'oh-my-pi', root: path.join(env.OMP_CODING_AGENT_DIR || path.join(home, '.omp', 'agent'), 'sessions'), accepts: sessionFiles},
		{agent: 'openclaw', root: path.join(env.OPENCLAW_STATE_DIR || path.join(home, '.openclaw'), 'agents'), accepts: (relative) => /^[^/]+\/sessions\/[^/.]+\.jsonl$/u.test(relative)},
		{agent: 'copilot-cli', root: path.join(env.COPILOT_HOME || path.join(home, '.copilot'), 'session-state'), accepts: (relative) => /^[^/]+\/events\.jsonl$|^[^/]+\.jsonl$/u.test(relative)},
		{
			agent: 'hermes',
			root: hermes,
			accepts: (relative) => /^[^/]+\.jsonl$/u.test(relative) || (/^session_[^/]+\.json$/u.test(relative) && !existsSync(path.join(hermes, `${relative.slice('session_'.length, -'.json'.length)}.jsonl`))),
		},
	];
}

/** The folders of these agents that exist here, and where each missing one was looked for. */
export function moreAgentFolders(env: NodeJS.ProcessEnv, home: string, platform: NodeJS.Platform = process.platform): AgentSearch {
	const search: AgentSearch = {found: [], missing: [], notes: []};
	for (const candidate of candidates(env, home, platform)) {
		if (isFolder(candidate.root)) search.found.push({...candidate} satisfies AgentFolder);
		else search.missing.push({agent: candidate.agent, looked: candidate.root});
	}
	return search;
}
