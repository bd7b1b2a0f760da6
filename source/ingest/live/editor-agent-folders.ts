import {existsSync, readdirSync, readFileSync, statSync} from 'node:fs';
import path from 'node:path';
import type {AgentFolder, AgentSearch} from './agent-folder.js';
import {append} from '../../core/arrays.js';

/**
 * Where the agents beyond the four CLI ones keep their sessions, from their own source (named in
 * each reader in source/ingest/formats/):
 *
 * - In an editor's user folder (VS Code `Code`, `Code - Insiders`, `VSCodium`, `Cursor`,
 *   `Windsurf`: `~/.config/<editor>/User` on Linux, or under `$XDG_CONFIG_HOME`;
 *   `~/Library/Application Support/<editor>/User` on macOS; `$VSCODE_APPDATA` replaces the folder
 *   that holds them, `$VSCODE_PORTABLE/user-data/User` is a portable install's):
 *   - Cursor: `globalStorage/state.vscdb` and `workspaceStorage/<hash>/state.vscdb`;
 *   - GitHub Copilot Chat (VS Code's chat): `workspaceStorage/<hash>/chatSessions/*.json[l]` and
 *     `globalStorage/emptyWindowChatSessions/`;
 *   - Cline, Roo Code, Kilo Code: `globalStorage/<extension id>/tasks/<id>/ui_messages.json`
 *     (`api_conversation_history.json` for a task without one).
 * - Cline 3.3x and its CLI: `~/.cline/data/tasks/` (`$CLINE_DATA_DIR`, or `$CLINE_DIR/data`).
 * - Continue: `~/.continue/sessions/*.json` (`$CONTINUE_GLOBAL_DIR` replaces `~/.continue`).
 * - OpenCode: `~/.local/share/opencode/` (`$XDG_DATA_HOME/opencode`): `opencode*.db`, else (before
 *   1.x, which moved the JSON storage into the database) `storage/session/*\/*.json`.
 * - Goose: `~/.local/share/goose/sessions/` (`$XDG_DATA_HOME/goose`, or `$GOOSE_PATH_ROOT/data`):
 *   `sessions.db`, else (before 1.10, which imported them into it) `*.jsonl`.
 * - Qwen Code: `~/.qwen/` (`$QWEN_RUNTIME_DIR`): `projects/*\/chats/*.jsonl`, and Gemini CLI's
 *   `tmp/*\/chats/`, `tmp/*\/checkpoint-*.json` and `tmp/*\/logs.json` of older versions.
 * - Kilo CLI: `~/.local/share/kilo/kilo.db` (`$XDG_DATA_HOME/kilo`), OpenCode's tables (with OpenCode).
 * - The Go OpenCode: the current project's `.opencode/opencode.db`, looked for upwards (with Crush).
 * - Crush: `crush.db` in each project's `.crush/`; the projects are listed in
 *   `~/.local/share/crush/projects.json` (`$CRUSH_GLOBAL_DATA`, or `$XDG_DATA_HOME/crush`), and the
 *   current project's is found by looking up from the current folder.
 */

const editors = ['Code', 'Code - Insiders', 'VSCodium', 'Cursor', 'Windsurf'];
const extensions: Array<[agent: string, id: string]> = [
	['cline', 'saoudrizwan.claude-dev'],
	['roo-code', 'rooveterinaryinc.roo-cline'],
	['kilo-code', 'kilocode.kilo-code'],
];

const segments = (relative: string) => relative.split('/');

function isFolder(file: string): boolean {
	try {
		return statSync(file).isDirectory();
	} catch {
		return false;
	}
}

function entries(folder: string): string[] {
	try {
		return readdirSync(folder).sort();
	} catch {
		return [];
	}
}

/** The user folders of the VS Code family on this platform, by editor. */
function editorUserFolders(env: NodeJS.ProcessEnv, home: string, platform: NodeJS.Platform): Array<{editor: string; user: string}> {
	const base = env.VSCODE_APPDATA || (platform === 'darwin' ? path.join(home, 'Library', 'Application Support') : env.XDG_CONFIG_HOME || path.join(home, '.config'));
	const folders = editors.map((editor) => ({editor, user: path.join(base, editor, 'User')}));
	if (env.VSCODE_PORTABLE) folders.unshift({editor: 'Code', user: path.join(env.VSCODE_PORTABLE, 'user-data', 'User')});
	return folders;
}

const dataHome = (env: NodeJS.ProcessEnv, home: string) => env.XDG_DATA_HOME || path.join(home, '.local', 'share');

interface Candidates {
	agent: string;
	/** Where it is looked for first: named when nothing is found. */
	looked: string;
	folders: AgentFolder[];
}

function cursor(users: Array<{editor: string; user: string}>): Candidates {
	const user = users.find((entry) => entry.editor === 'Cursor')!.user;
	const folders: AgentFolder[] = [];
	const global = path.join(user, 'globalStorage', 'state.vscdb');
	if (existsSync(global)) folders.push({agent: 'cursor', root: global, shown: user, accepts: () => true});
	// Each workspace's database as a root of its own: a workspace folder also holds extensions' caches, not walked.
	const workspaces = path.join(user, 'workspaceStorage');
	for (const entry of entries(workspaces)) {
		const store = path.join(workspaces, entry, 'state.vscdb');
		if (existsSync(store)) folders.push({agent: 'cursor', root: store, shown: user, accepts: () => true});
	}
	return {agent: 'cursor', looked: user, folders};
}

function copilotChat(users: Array<{editor: string; user: string}>): Candidates {
	const folders: AgentFolder[] = [];
	for (const {editor, user} of users) {
		if (editor === 'Cursor' || editor === 'Windsurf') continue;
		const workspaces = path.join(user, 'workspaceStorage');
		for (const entry of entries(workspaces)) {
			const sessions = path.join(workspaces, entry, 'chatSessions');
			if (isFolder(sessions)) folders.push({agent: 'copilot-chat', root: sessions, shown: user, accepts: (relative) => /^[^/]+\.jsonl?$/u.test(relative)});
		}
		const empty = path.join(user, 'globalStorage', 'emptyWindowChatSessions');
		if (isFolder(empty)) folders.push({agent: 'copilot-chat', root: empty, shown: user, accepts: (relative) => /^[^/]+\.jsonl?$/u.test(relative)});
	}
	return {agent: 'copilot-chat', looked: users.find((entry) => entry.editor === 'Code')!.user, folders};
}

/** A task's file: its ui_messages.json, or its API history when it has no ui_messages.json. */
function taskFile(root: string): (relative: string) => boolean {
	return (relative) => {
		const parts = segments(relative);
		if (parts.length !== 2) return false;
		if (parts[1] === 'ui_messages.json') return true;
		return parts[1] === 'api_conversation_history.json' && !existsSync(path.join(root, parts[0]!, 'ui_messages.json'));
	};
}

function taskFolders(users: Array<{editor: string; user: string}>, env: NodeJS.ProcessEnv, home: string): Candidates[] {
	return extensions.map(([agent, id]) => {
		const roots = users.map(({user}) => path.join(user, 'globalStorage', id, 'tasks'));
		if (agent === 'cline') roots.push(path.join(env.CLINE_DATA_DIR || (env.CLINE_DIR ? path.join(env.CLINE_DIR, 'data') : path.join(home, '.cline', 'data')), 'tasks'));
		return {agent, looked: roots[0]!, folders: roots.filter(isFolder).map((root) => ({agent, root, accepts: taskFile(root)}))};
	});
}

function continueSessions(env: NodeJS.ProcessEnv, home: string): Candidates {
	const root = path.join(env.CONTINUE_GLOBAL_DIR || path.join(home, '.continue'), 'sessions');
	const folders = isFolder(root) ? [{agent: 'continue', root, accepts: (relative: string) => /^[^/]+\.json$/u.test(relative) && relative !== 'sessions.json'}] : [];
	return {agent: 'continue', looked: root, folders};
}

function opencode(env: NodeJS.ProcessEnv, home: string): Candidates {
	const data = path.join(dataHome(env, home), 'opencode');
	const folders: AgentFolder[] = [];
	for (const name of entries(data)) if (/^opencode(?:-[\w.-]+)?\.db$/u.test(name)) folders.push({agent: 'opencode', root: path.join(data, name), shown: data, accepts: () => true});
	// OpenCode 1.x moved its JSON storage into the database (and left the files): the storage is read only without one.
	const sessions = path.join(data, 'storage', 'session');
	if (folders.length === 0 && isFolder(sessions)) folders.push({agent: 'opencode', root: sessions, shown: data, accepts: (relative) => /^[^/]+\/ses_[^/]+\.json$/u.test(relative)});
	// Kilo's CLI, a fork of OpenCode 1.x, keeps the same database as `kilo.db` in its own data folder.
	const kilo = path.join(dataHome(env, home), 'kilo');
	for (const name of entries(kilo)) if (/^kilo(?:-[\w.-]+)?\.db$/u.test(name)) folders.push({agent: 'kilo-cli', root: path.join(kilo, name), shown: kilo, accepts: () => true});
	return {agent: 'opencode', looked: data, folders};
}

function goose(env: NodeJS.ProcessEnv, home: string): Candidates {
	const root = env.GOOSE_PATH_ROOT && path.isAbsolute(env.GOOSE_PATH_ROOT) ? path.join(env.GOOSE_PATH_ROOT, 'data', 'sessions') : path.join(dataHome(env, home), 'goose', 'sessions');
	// Goose 1.10 imported its JSONL sessions into sessions.db when it made it (and left the files): they are read only without one.
	const database = existsSync(path.join(root, 'sessions.db'));
	const folders = isFolder(root) ? [{agent: 'goose', root, accepts: (relative: string) => (database ? relative === 'sessions.db' : /^[^/]+\.jsonl$/u.test(relative))}] : [];
	return {agent: 'goose', looked: root, folders};
}

function qwenCode(env: NodeJS.ProcessEnv, home: string): Candidates {
	const root = env.QWEN_RUNTIME_DIR || path.join(home, '.qwen');
	const accepts = (relative: string) => {
		const parts = segments(relative);
		if (parts[0] === 'projects') return parts.length === 4 && parts[2] === 'chats' && parts[3]!.endsWith('.jsonl');
		if (parts[0] !== 'tmp') return false;
		if (parts.length === 4 && parts[2] === 'chats') return /\.jsonl?$/u.test(parts[3]!);
		return parts.length === 3 && (/^checkpoint.*\.json$/u.test(parts[2]!) || parts[2] === 'logs.json');
	};
	const folders = ['projects', 'tmp'].map((sub) => path.join(root, sub)).filter(isFolder).map((folder) => ({agent: 'qwen-code', root: folder, shown: root, accepts: (relative: string) => accepts(`${path.basename(folder)}/${relative}`)}));
	return {agent: 'qwen-code', looked: root, folders};
}

/** The nearest `.crush/crush.db` at or above the current folder. */
function projectCrush(cwd: string): string | undefined {
	return projectStore(cwd, '.crush', 'crush.db');
}

/** The nearest `<data folder>/<store>` at or above the current folder. */
function projectStore(cwd: string, data: string, name: string): string | undefined {
	for (let folder = cwd; ; folder = path.dirname(folder)) {
		const store = path.join(folder, data, name);
		if (existsSync(store)) return store;
		if (path.dirname(folder) === folder) return undefined;
	}
}

function crush(env: NodeJS.ProcessEnv, home: string, cwd: string): Candidates {
	const global = env.CRUSH_GLOBAL_DATA || path.join(dataHome(env, home), 'crush');
	const list = path.join(global, 'projects.json');
	const stores = new Set<string>();
	try {
		const value: unknown = JSON.parse(readFileSync(list, 'utf8'));
		const projects = typeof value === 'object' && value !== null && Array.isArray((value as {projects?: unknown}).projects) ? (value as {projects: unknown[]}).projects : [];
		for (const project of projects) {
			const dataDir = typeof project === 'object' && project !== null ? (project as {data_dir?: unknown}).data_dir : undefined;
			if (typeof dataDir === 'string' && existsSync(path.join(dataDir, 'crush.db'))) stores.add(path.join(dataDir, 'crush.db'));
		}
	} catch {
		// No list: only the current project's store is looked for.
	}
	const here = projectCrush(cwd);
	if (here) stores.add(here);
	const folders: AgentFolder[] = [...stores].map((store) => ({agent: 'crush', root: store, shown: path.dirname(store), accepts: () => true}));
	// The Go OpenCode (Crush's predecessor) kept the same store in the project's `.opencode/opencode.db`.
	const goOpenCode = projectStore(cwd, '.opencode', 'opencode.db');
	if (goOpenCode) folders.push({agent: 'opencode-go', root: goOpenCode, shown: path.dirname(goOpenCode), accepts: () => true});
	return {agent: 'crush', looked: list, folders};
}

/** The folders of these agents that exist here, and, for each agent with none, where it was looked for. */
export function editorAgentFolders(env: NodeJS.ProcessEnv, home: string, cwd: string, platform: NodeJS.Platform = process.platform): AgentSearch {
	const users = editorUserFolders(env, home, platform);
	const search: AgentSearch = {found: [], missing: [], notes: []};
	for (const candidates of [cursor(users), ...taskFolders(users, env, home), continueSessions(env, home), opencode(env, home), copilotChat(users), goose(env, home), qwenCode(env, home), crush(env, home, cwd)]) {
		if (candidates.folders.length > 0) append(search.found, candidates.folders);
		else search.missing.push({agent: candidates.agent, looked: candidates.looked});
	}
	search.notes.push('Crush keeps crush.db in each project it ran in (.crush/): the projects in its projects.json and the current one are found; give others as PATHs (drill ingest REPO/.crush/crush.db)');
	return search;
}
