import {cpSync, mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {buildStore} from './agent-store.js';
import {tempDir} from './cli.js';

/**
 * A home folder laid out as the editors' agents and the other CLIs lay theirs out (Linux, or
 * macOS's Application Support), from fixtures/agents, with the files around the sessions that are
 * not sessions (backups, settings, logs, caches).
 */
export function agentHome(platform: 'linux' | 'darwin' = 'linux'): {home: string; project: string} {
	const home = tempDir('drill-agent-home-');
	const fixtures = path.resolve('fixtures/agents');
	const apps = platform === 'darwin' ? path.join(home, 'Library', 'Application Support') : path.join(home, '.config');
	const user = (editor: string) => path.join(apps, editor, 'User');
	// Cursor: the global database, one workspace's database, what VS Code keeps beside them.
	const cursor = user('Cursor');
	mkdirSync(path.join(cursor, 'globalStorage'), {recursive: true});
	buildStore(path.join(fixtures, 'cursor-global.store.json'), path.join(cursor, 'globalStorage', 'state.vscdb'));
	buildStore(path.join(fixtures, 'cursor-global.store.json'), path.join(cursor, 'globalStorage', 'state.vscdb.backup'));
	const workspace = path.join(cursor, 'workspaceStorage', 'a1b2c3d4e5f60718293a4b5c6d7e8f90');
	mkdirSync(path.join(workspace, 'ms-python.python'), {recursive: true});
	buildStore(path.join(fixtures, 'cursor-workspace.store.json'), path.join(workspace, 'state.vscdb'));
	cpSync(path.join(fixtures, 'cursor', 'workspace.json'), path.join(workspace, 'workspace.json'));
	writeFileSync(path.join(workspace, 'ms-python.python', 'cache.json'), '{"interpreters": []}');
	// VS Code: Copilot Chat's sessions in a workspace, Cline's tasks in its global storage.
	cpSync(path.join(fixtures, 'copilot-chat', 'workspaceStorage'), path.join(user('Code'), 'workspaceStorage'), {recursive: true});
	cpSync(path.join(fixtures, 'cline', 'saoudrizwan.claude-dev'), path.join(user('Code'), 'globalStorage', 'saoudrizwan.claude-dev'), {recursive: true});
	mkdirSync(path.join(user('Code'), 'globalStorage', 'saoudrizwan.claude-dev', 'state'), {recursive: true});
	writeFileSync(path.join(user('Code'), 'globalStorage', 'saoudrizwan.claude-dev', 'state', 'taskHistory.json'), '[]');
	// Roo Code in VSCodium.
	cpSync(path.join(fixtures, 'cline', 'rooveterinaryinc.roo-cline'), path.join(user('VSCodium'), 'globalStorage', 'rooveterinaryinc.roo-cline'), {recursive: true});
	// Continue.
	cpSync(path.join(fixtures, 'continue', 'sessions'), path.join(home, '.continue', 'sessions'), {recursive: true});
	writeFileSync(path.join(home, '.continue', 'config.json'), '{"models": []}');
	// OpenCode before 1.x: its JSON storage, its log.
	const opencode = path.join(home, '.local', 'share', 'opencode');
	cpSync(path.join(fixtures, 'opencode', 'storage'), path.join(opencode, 'storage'), {recursive: true});
	mkdirSync(path.join(opencode, 'log'), {recursive: true});
	writeFileSync(path.join(opencode, 'log', '2025-11-13T064000.log'), 'INFO service=server started');
	// Goose's sessions database.
	const goose = path.join(home, '.local', 'share', 'goose', 'sessions');
	mkdirSync(goose, {recursive: true});
	buildStore(path.join(fixtures, 'goose.store.json'), path.join(goose, 'sessions.db'));
	// Qwen Code: its own chats, and a Gemini CLI session of an older version.
	cpSync(path.join(fixtures, 'qwen-code', 'projects'), path.join(home, '.qwen', 'projects'), {recursive: true});
	mkdirSync(path.join(home, '.qwen', 'tmp', '9f86d081884c7d65', 'chats'), {recursive: true});
	cpSync(path.resolve('fixtures/transcripts/gemini-chat-session.json'), path.join(home, '.qwen', 'tmp', '9f86d081884c7d65', 'chats', 'session-2025-10-14T10-00-3f2a.json'));
	writeFileSync(path.join(home, '.qwen', 'tmp', '9f86d081884c7d65', 'logs.json'), '[]');
	writeFileSync(path.join(home, '.qwen', 'settings.json'), '{}');
	// Crush: a project it lists in projects.json, with its store.
	const project = path.join(home, 'src', 'tidewater');
	mkdirSync(path.join(project, '.crush'), {recursive: true});
	buildStore(path.join(fixtures, 'crush.store.json'), path.join(project, '.crush', 'crush.db'));
	mkdirSync(path.join(home, '.local', 'share', 'crush'), {recursive: true});
	writeFileSync(path.join(home, '.local', 'share', 'crush', 'projects.json'), JSON.stringify({projects: [{path: project, data_dir: path.join(project, '.crush'), last_accessed: '2026-01-05T09:22:00Z'}]}));
	return {home, project};
}
