import {existsSync, readdirSync, statSync} from 'node:fs';
import path from 'node:path';
import {isBrainMainArtifact} from '../formats/antigravity-brain.js';
import type {AgentFolder, AgentSearch} from './agent-folder.js';
import {homeRelative} from '../../core/shown-path.js';

/**
 * Where Kimi CLI, Factory Droid, Grok Build, Google Antigravity (CLI and editor) and Kiro (CLI
 * and IDE) keep their sessions, from their docs and source and real folders (named in each
 * reader in source/ingest/formats/):
 * - Kimi CLI: `~/.kimi/sessions/<md5 of the folder>/<id>/wire.jsonl` (`$KIMI_SHARE_DIR` replaces
 *   `~/.kimi`), and `<md5>/<id>.jsonl` of 0.x; on every system.
 * - Factory Droid: `~/.factory/sessions/<folder>/<id>.jsonl` (Windows: `%USERPROFILE%\.factory`).
 * - Grok Build: `~/.grok/sessions/<folder, URL-encoded>/<id>/updates.jsonl` (`$GROK_HOME`).
 * - Antigravity: the CLI's `~/.gemini/antigravity-cli/brain/<id>/.system_generated/logs/
 *   transcript_full.jsonl`; the editor's `~/.gemini/antigravity/brain/<id>/` artifacts, its
 *   conversations (`conversations/*.pb`) being encrypted: counted in a note, not read.
 * - Kiro CLI: `~/.kiro/sessions/cli/<id>.jsonl` (`$KIRO_HOME`), and the `data.sqlite3` of 1.x
 *   and of Amazon Q Developer CLI in the local data folder (`~/.local/share` or
 *   `$XDG_DATA_HOME`, `~/Library/Application Support`, `%LOCALAPPDATA%`) under `kiro-cli/` and
 *   `amazon-q/`.
 * - Kiro IDE: `kiro.kiroagent/<workspace>/<id>.chat` in Kiro's globalStorage (`~/.config/Kiro`,
 *   `~/Library/Application Support/Kiro`, `%APPDATA%\Kiro`, then `User/globalStorage`).
 */

const parts = (relative: string) => relative.split('/');

function isFolder(file: string): boolean {
	try {
		return statSync(file).isDirectory();
	} catch {
		return false;
	}
}

function localData(env: NodeJS.ProcessEnv, home: string, platform: NodeJS.Platform): string {
	if (platform === 'darwin') return path.join(home, 'Library', 'Application Support');
	if (platform === 'win32') return env.LOCALAPPDATA || path.join(home, 'AppData', 'Local');
	return env.XDG_DATA_HOME || path.join(home, '.local', 'share');
}

function kiroIdeStorage(env: NodeJS.ProcessEnv, home: string, platform: NodeJS.Platform): string {
	const base = platform === 'darwin' ? path.join(home, 'Library', 'Application Support') : platform === 'win32' ? env.APPDATA || path.join(home, 'AppData', 'Roaming') : env.XDG_CONFIG_HOME || path.join(home, '.config');
	return path.join(base, 'Kiro', 'User', 'globalStorage', 'kiro.kiroagent');
}

function candidates(env: NodeJS.ProcessEnv, home: string, platform: NodeJS.Platform): AgentFolder[] {
	const kimi = path.join(env.KIMI_SHARE_DIR || path.join(home, '.kimi'), 'sessions');
	const antigravityCli = path.join(home, '.gemini', 'antigravity-cli', 'brain');
	const antigravityEditor = path.join(home, '.gemini', 'antigravity', 'brain');
	const data = localData(env, home, platform);
	return [
		{
			agent: 'kimi-cli',
			root: kimi,
			accepts: (relative) => /^[^/]+\/[^/]+\/wire\.jsonl$/u.test(relative) || (parts(relative).length === 2 && relative.endsWith('.jsonl') && !isFolder(path.join(kimi, relative.slice(0, -'.jsonl'.length)))),
			companions: (relative) => /^[^/]+\/[^/]+\/state\.json$/u.test(relative),
		},
		{agent: 'droid', root: path.join(home, '.factory', 'sessions'), accepts: (relative) => parts(relative).length === 2 && relative.endsWith('.jsonl'), companions: (relative) => relative.endsWith('.settings.json')},
		{agent: 'grok-build', root: path.join(env.GROK_HOME || path.join(home, '.grok'), 'sessions'), accepts: (relative) => /^[^/]+\/[^/]+\/updates\.jsonl$/u.test(relative), companions: (relative) => /^[^/]+\/[^/]+\/summary\.json$/u.test(relative)},
		{
			agent: 'antigravity-cli',
			root: antigravityCli,
			accepts: (relative) => /^[^/]+\/\.system_generated\/logs\/transcript_full\.jsonl$/u.test(relative) || (/^[^/]+\/\.system_generated\/logs\/transcript\.jsonl$/u.test(relative) && !existsSync(path.join(antigravityCli, relative.replace(/transcript\.jsonl$/u, 'transcript_full.jsonl')))),
		},
		{agent: 'antigravity', root: antigravityEditor, accepts: (relative) => parts(relative).length === 2 && isBrainMainArtifact(path.join(antigravityEditor, relative)), optional: true},
		{agent: 'kiro-cli', root: path.join(env.KIRO_HOME || path.join(home, '.kiro'), 'sessions', 'cli'), accepts: (relative) => parts(relative).length === 1 && relative.endsWith('.jsonl'), companions: (relative) => relative.endsWith('.json')},
		{agent: 'kiro-cli', root: path.join(data, 'kiro-cli'), accepts: (relative) => relative === 'data.sqlite3', optional: true},
		{agent: 'amazon-q', root: path.join(data, 'amazon-q'), accepts: (relative) => relative === 'data.sqlite3', optional: true},
		{agent: 'kiro-ide', root: kiroIdeStorage(env, home, platform), accepts: (relative) => parts(relative).length === 2 && relative.endsWith('.chat')},
	];
}

/** The editor's encrypted conversations: how many there are, for the note that says they are not read. */
function antigravityNote(home: string): string[] {
	const folder = path.join(home, '.gemini', 'antigravity', 'conversations');
	let count = 0;
	try {
		count = readdirSync(folder).filter((name) => name.endsWith('.pb')).length;
	} catch {
		return [];
	}
	return count > 0 ? [`Antigravity keeps ${count} conversation${count === 1 ? '' : 's'} of its editor in ${homeRelative(folder, home)}: not read, Antigravity encrypts them (the artifacts its agent wrote, in brain/, are read)`] : [];
}

/** The folders of these agents that exist here, and where each missing one was looked for. */
export function cliAgentFolders(env: NodeJS.ProcessEnv, home: string, platform: NodeJS.Platform = process.platform): AgentSearch {
	const search: AgentSearch = {found: [], missing: [], notes: antigravityNote(home)};
	for (const candidate of candidates(env, home, platform)) {
		if (isFolder(candidate.root)) search.found.push(candidate);
		else if (!candidate.optional) search.missing.push({agent: candidate.agent, looked: candidate.root});
	}
	return search;
}
