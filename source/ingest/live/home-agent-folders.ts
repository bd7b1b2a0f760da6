import {existsSync, readdirSync, statSync} from 'node:fs';
import path from 'node:path';
import type {AgentFolder, AgentSearch} from './agent-folder.js';
import {append} from '../../core/arrays.js';

/**
 * Where the agents that keep their sessions in a folder or database of their own keep them (from
 * each agent's source, named in its reader in source/ingest/formats/):
 *
 * - Warp: `warp.sqlite` in its state folder: Linux `$XDG_STATE_HOME/warp-terminal` (else
 *   `~/.local/state/warp-terminal`; `warp-terminal-preview` for Warp Preview); macOS its app group
 *   container `~/Library/Group Containers/2BBY89MBSN.dev.warp/Library/Application Support/
 *   dev.warp.Warp-Stable`, else `~/Library/Application Support/dev.warp.Warp-Stable`; Windows
 *   `%LOCALAPPDATA%\warp\Warp\data`. Its terminal front-end keeps another in `tui/`.
 * - DeepSeek TUI: `~/.deepseek/sessions/<id>.json` (`%USERPROFILE%` on Windows); not
 *   `checkpoints/` (the session in progress, saved again as a session).
 * - Mistral Vibe: `~/.vibe/logs/session/` (`$VIBE_HOME` replaces `~/.vibe`): each session folder's
 *   `meta.json` (2.x, read with the `messages.jsonl` beside it) and `session_<…>.json` files
 *   (before 2.0).
 * - OpenHands: its app (and its CLI before 1.0) `~/.openhands/sessions/<id>/metadata.json`, read
 *   with the `events/` beside it; its 1.x CLI `~/.openhands/conversations/<id>/base_state.json`
 *   (`$OPENHANDS_CONVERSATIONS_DIR`, or `$OPENHANDS_PERSISTENCE_DIR/conversations`). The 1.x app
 *   server keeps its conversations' metadata in a database of its own (`openhands.db`): not read.
 * - Trae Agent: `trajectories/trajectory_*.json` in the folder `trae-cli` ran in: the current
 *   folder's and its project root's (the nearest folder with `.git`).
 * - Windsurf: its Cascade conversations, `~/.codeium/windsurf/cascade/<id>.pb` (and
 *   `windsurf-next`), are encrypted: counted and said not to be read, in one note.
 * - Qoder CLI (`~/.qoder/projects/<project>/<id>.jsonl`, `$QODER_CONFIG_DIR`; docs.qoder.com/cli/sessions)
 *   and Rovo Dev (`~/.rovodev/sessions/<id>/`, its config's `sessions.persistenceDir`): their
 *   formats are neither public nor seen in a real log, so their folders are only named in a note.
 */

function isFolder(file: string): boolean {
	try {
		return statSync(file).isDirectory();
	} catch {
		return false;
	}
}

interface Candidates {
	agent: string;
	/** Where it is looked for first: named when nothing is found. */
	looked: string;
	folders: AgentFolder[];
}

function warp(env: NodeJS.ProcessEnv, home: string, platform: NodeJS.Platform): Candidates {
	const folders: string[] = [];
	if (platform === 'darwin') {
		for (const channel of ['Stable', 'Preview']) {
			folders.push(path.join(home, 'Library', 'Group Containers', '2BBY89MBSN.dev.warp', 'Library', 'Application Support', `dev.warp.Warp-${channel}`));
			folders.push(path.join(home, 'Library', 'Application Support', `dev.warp.Warp-${channel}`));
		}
	} else if (platform === 'win32') {
		const local = env.LOCALAPPDATA || path.join(home, 'AppData', 'Local');
		folders.push(path.join(local, 'warp', 'Warp', 'data'), path.join(local, 'warp', 'WarpPreview', 'data'));
	} else {
		const state = env.XDG_STATE_HOME || path.join(home, '.local', 'state');
		folders.push(path.join(state, 'warp-terminal'), path.join(state, 'warp-terminal-preview'));
	}
	const stores = folders.flatMap((folder) => [path.join(folder, 'warp.sqlite'), path.join(folder, 'tui', 'warp.sqlite')]).filter((store) => existsSync(store));
	return {agent: 'warp', looked: path.join(folders[0]!, 'warp.sqlite'), folders: stores.map((store) => ({agent: 'warp', root: store, shown: path.dirname(store), accepts: () => true}))};
}

function deepSeekTui(home: string): Candidates {
	const root = path.join(home, '.deepseek', 'sessions');
	return {agent: 'deepseek-tui', looked: root, folders: isFolder(root) ? [{agent: 'deepseek-tui', root, accepts: (relative) => /^[^/]+\.json$/u.test(relative)}] : []};
}

function vibe(env: NodeJS.ProcessEnv, home: string): Candidates {
	const root = path.join(env.VIBE_HOME || path.join(home, '.vibe'), 'logs', 'session');
	const accepts = (relative: string) => /^session_[^/]+\.json$/u.test(relative) || /^session_[^/]+\/meta\.json$/u.test(relative);
	// messages.jsonl is read with its meta.json: `--watch` follows it too.
	const companions = (relative: string) => /^session_[^/]+\/messages\.jsonl$/u.test(relative);
	return {agent: 'vibe', looked: root, folders: isFolder(root) ? [{agent: 'vibe', root, accepts, companions}] : []};
}

function openHands(env: NodeJS.ProcessEnv, home: string): Candidates {
	const persistence = env.OPENHANDS_PERSISTENCE_DIR || path.join(home, '.openhands');
	const sessions = path.join(persistence, 'sessions');
	const conversations = env.OPENHANDS_CONVERSATIONS_DIR || path.join(persistence, 'conversations');
	const folders: AgentFolder[] = [];
	// Each conversation's events are read with its main file: `--watch` follows them too.
	if (isFolder(sessions)) folders.push({agent: 'openhands', root: sessions, accepts: (relative) => /^[^/]+\/metadata\.json$/u.test(relative), companions: (relative) => /^[^/]+\/events\/\d+\.json$/u.test(relative)});
	if (isFolder(conversations)) folders.push({agent: 'openhands', root: conversations, accepts: (relative) => /^[^/]+\/base_state\.json$/u.test(relative), companions: (relative) => /^[^/]+\/events\/event-\d+-[^/]+\.json$/u.test(relative)});
	return {agent: 'openhands', looked: sessions, folders};
}

/** The current folder and the project root above it (the nearest folder with `.git`). */
function projectFolders(cwd: string): string[] {
	for (let folder = cwd; ; folder = path.dirname(folder)) {
		if (existsSync(path.join(folder, '.git'))) return folder === cwd ? [cwd] : [cwd, folder];
		if (path.dirname(folder) === folder) return [cwd];
	}
}

function traeAgent(cwd: string): Candidates {
	const roots = projectFolders(cwd).map((folder) => path.join(folder, 'trajectories'));
	return {agent: 'trae-agent', looked: roots[0]!, folders: roots.filter(isFolder).map((root) => ({agent: 'trae-agent', root, accepts: (relative) => /^trajectory_[^/]+\.json$/u.test(relative)}))};
}

/** Windsurf's encrypted Cascade conversations: how many there are, for the note that says they are not read. */
function windsurfNotes(home: string): string[] {
	const notes: string[] = [];
	for (const app of ['windsurf', 'windsurf-next']) {
		const folder = path.join(home, '.codeium', app, 'cascade');
		let count = 0;
		try {
			count = readdirSync(folder).filter((name) => name.endsWith('.pb')).length;
		} catch {
			continue;
		}
		if (count > 0) notes.push(`Windsurf keeps ${count} Cascade conversation${count === 1 ? '' : 's'} in ${folder}: not read, Windsurf encrypts them and publishes no way to read them`);
	}
	return notes;
}

/** Agents whose sessions drill cannot read yet: where they are, in one note each, so none is skipped unsaid. */
function unreadNotes(env: NodeJS.ProcessEnv, home: string): string[] {
	const notes: string[] = [];
	const qoder = path.join(env.QODER_CONFIG_DIR || path.join(home, '.qoder'), 'projects');
	if (isFolder(qoder)) notes.push(`Qoder CLI keeps its sessions in ${qoder}: not read, their format is not public and no real session was found to learn it from`);
	const rovo = path.join(home, '.rovodev', 'sessions');
	if (isFolder(rovo)) notes.push(`Rovo Dev keeps its sessions in ${rovo}: not read, their format is not public and no real session was found to learn it from`);
	return notes;
}

/** The folders of these agents that exist here, and, for each agent with none, where it was looked for. */
export function homeAgentFolders(env: NodeJS.ProcessEnv, home: string, cwd: string, platform: NodeJS.Platform = process.platform): AgentSearch {
	const search: AgentSearch = {found: [], missing: [], notes: [...windsurfNotes(home), ...unreadNotes(env, home)]};
	for (const candidates of [warp(env, home, platform), deepSeekTui(home), vibe(env, home), openHands(env, home), traeAgent(cwd)]) {
		if (candidates.folders.length > 0) append(search.found, candidates.folders);
		else search.missing.push({agent: candidates.agent, looked: candidates.looked});
	}
	return search;
}
