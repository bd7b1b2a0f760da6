import {mkdirSync, renameSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {findAgentFolders} from '../../../source/ingest/live/agent-folders.js';
import {scanSources} from '../../../source/ingest/live/source-scan.js';
import {agentHome} from '../../helpers/agent-home.js';
import {buildStore} from '../../helpers/agent-store.js';
import {runCli, tempDir} from '../../helpers/cli.js';

/** What `--agents` would take here: each agent's session files, relative to the home folder. */
async function taken(env: NodeJS.ProcessEnv, cwd: string, platform: NodeJS.Platform = 'linux'): Promise<Record<string, string[]>> {
	const search = findAgentFolders(env, cwd, platform);
	const files: Record<string, string[]> = {};
	for (const folder of search.found) {
		const scan = await scanSources([{path: folder.root, accepts: folder.accepts}], cwd);
		(files[folder.agent] ??= []).push(...scan.files.map((file) => path.relative(env.HOME!, file.path)));
	}
	for (const list of Object.values(files)) list.sort();
	return files;
}

const linuxFiles = {
	cursor: ['.config/Cursor/User/globalStorage/state.vscdb', '.config/Cursor/User/workspaceStorage/a1b2c3d4e5f60718293a4b5c6d7e8f90/state.vscdb'],
	cline: ['.config/Code/User/globalStorage/saoudrizwan.claude-dev/tasks/1730000000000/api_conversation_history.json', '.config/Code/User/globalStorage/saoudrizwan.claude-dev/tasks/1765430000000/ui_messages.json'],
	'roo-code': ['.config/VSCodium/User/globalStorage/rooveterinaryinc.roo-cline/tasks/0c8f5e2a-7b1d-4c3e-9a6f-1e2d3c4b5a69/ui_messages.json'],
	continue: ['.continue/sessions/6a0c3f5e-2b9d-4e71-a8c4-5d2f9e1b7c30.json', '.continue/sessions/f1e2d3c4-b5a6-4978-8a9b-0c1d2e3f4a5b.json'],
	opencode: ['.local/share/opencode/storage/session/3f1a9c0b2e7d4c18a6b5/ses_6d2f0a1b3ffdCh1ldS3ss10nAa.json', '.local/share/opencode/storage/session/3f1a9c0b2e7d4c18a6b5/ses_6d2f0a1b3ffeZQ4kP7tRw9xY2a.json'],
	'copilot-chat': [
		'.config/Code/User/workspaceStorage/4f9e2c1b7a3d5e8f0a1b2c3d4e5f6a7b/chatSessions/2d7b9e10-4c3a-4f21-b8e5-6a1c0d9f3e27.json',
		'.config/Code/User/workspaceStorage/4f9e2c1b7a3d5e8f0a1b2c3d4e5f6a7b/chatSessions/8c4a1f03-9e2b-4d6c-a7f1-3b5e2d0c9a18.jsonl',
	],
	goose: ['.local/share/goose/sessions/sessions.db'],
	'qwen-code': ['.qwen/projects/-home-mira-src-tidewater/chats/b7e3c1a9-2f4d-4e8b-9c6a-1d0e5f3a7b29.jsonl', '.qwen/tmp/9f86d081884c7d65/chats/session-2025-10-14T10-00-3f2a.json', '.qwen/tmp/9f86d081884c7d65/logs.json'],
	crush: ['src/tidewater/.crush/crush.db'],
};

describe('--agents: the editors’ agents and the other CLIs', () => {
	it('finds each agent’s sessions under a Linux home, and none of the files around them', async () => {
		const {home} = agentHome('linux');
		expect(await taken({HOME: home}, tempDir())).toEqual(linuxFiles);
	});

	it('finds the editors’ folders under macOS’s Application Support', async () => {
		const {home} = agentHome('darwin');
		const files = await taken({HOME: home}, tempDir(), 'darwin');
		expect(files.cursor).toEqual(linuxFiles.cursor.map((file) => file.replace('.config/', 'Library/Application Support/')));
		expect(files['copilot-chat']).toEqual(linuxFiles['copilot-chat'].map((file) => file.replace('.config/', 'Library/Application Support/')));
		expect(files.goose).toEqual(linuxFiles.goose);
	});

	it('honours the agents’ own variables', async () => {
		const {home, project} = agentHome('linux');
		const moved = (from: string, to: string) => {
			mkdirSync(path.dirname(path.join(home, to)), {recursive: true});
			renameSync(path.join(home, from), path.join(home, to));
			return path.join(home, to);
		};
		const env: NodeJS.ProcessEnv = {
			HOME: home,
			VSCODE_APPDATA: path.dirname(moved('.config', 'apps/.config')) + '/.config',
			XDG_DATA_HOME: moved('.local/share', 'data/share'),
			CONTINUE_GLOBAL_DIR: moved('.continue', 'continue-home'),
			QWEN_RUNTIME_DIR: moved('.qwen', 'qwen-runtime'),
		};
		const files = await taken(env, tempDir());
		expect(files.cursor).toEqual(linuxFiles.cursor.map((file) => `apps/${file}`));
		expect(files.opencode).toEqual(linuxFiles.opencode.map((file) => file.replace('.local/share', 'data/share')));
		expect(files.goose).toEqual(['data/share/goose/sessions/sessions.db']);
		expect(files.continue).toEqual(linuxFiles.continue.map((file) => file.replace('.continue', 'continue-home')));
		expect(files['qwen-code']).toEqual(linuxFiles['qwen-code'].map((file) => file.replace('.qwen', 'qwen-runtime')));
		// Crush's list follows XDG_DATA_HOME; the project it names stays where it is.
		expect(files.crush).toEqual([path.relative(home, path.join(project, '.crush', 'crush.db'))]);
		// Goose's own root, Cline's data folder, Crush's global data folder.
		const gooseRoot = path.join(home, 'goose-root');
		mkdirSync(path.join(gooseRoot, 'data'), {recursive: true});
		renameSync(path.join(home, 'data/share/goose/sessions'), path.join(gooseRoot, 'data', 'sessions'));
		const clineData = path.join(home, 'cline-data');
		mkdirSync(clineData);
		renameSync(path.join(home, 'apps/.config/Code/User/globalStorage/saoudrizwan.claude-dev/tasks'), path.join(clineData, 'tasks'));
		const crushData = moved('data/share/crush', 'crush-global');
		const more = await taken({...env, GOOSE_PATH_ROOT: gooseRoot, CLINE_DATA_DIR: clineData, CRUSH_GLOBAL_DATA: crushData}, tempDir());
		expect(more.goose).toEqual(['goose-root/data/sessions/sessions.db']);
		expect(more.cline).toEqual(['cline-data/tasks/1730000000000/api_conversation_history.json', 'cline-data/tasks/1765430000000/ui_messages.json']);
		expect(more.crush).toEqual(files.crush);
	});

	it('finds the current project’s Crush store by looking up from the current folder', async () => {
		const {home, project} = agentHome('linux');
		const elsewhere = tempDir('drill-home-');
		const inside = path.join(project, 'src', 'alarms');
		mkdirSync(inside, {recursive: true});
		expect((await taken({HOME: elsewhere}, inside)).crush).toEqual([path.relative(elsewhere, path.join(project, '.crush', 'crush.db'))]);
		expect(home).not.toBe(elsewhere);
	});

	it('finds a Gemini CLI subagent’s chat in the folder of its parent session', async () => {
		const home = tempDir('drill-home-');
		const chats = path.join(home, '.gemini', 'tmp', '9f86d081884c7d65', 'chats');
		mkdirSync(path.join(chats, 'parent-session'), {recursive: true});
		for (const file of ['session-2026-08-01T10-00-5e1f.jsonl', 'parent-session/sub-1.jsonl']) writeFileSync(path.join(chats, file), '{"sessionId":"x","projectHash":"p"}\n');
		expect((await taken({HOME: home}, tempDir()))['gemini-cli']).toEqual(['.gemini/tmp/9f86d081884c7d65/chats/parent-session/sub-1.jsonl', '.gemini/tmp/9f86d081884c7d65/chats/session-2026-08-01T10-00-5e1f.jsonl']);
	});

	it('ingests them all from the command line, saying what it found and where', () => {
		const {home} = agentHome('linux');
		const cwd = tempDir();
		// The home's own data folder, not the one vitest.config.ts points XDG_DATA_HOME at.
		const result = runCli(['ingest', '--agents', '--store', 's.db', '--json'], {cwd, env: {HOME: home, XDG_DATA_HOME: path.join(home, '.local', 'share')}});
		const report = JSON.parse(result.stdout);
		const found = Object.fromEntries(report.agents.filter((agent: any) => agent.found).map((agent: any) => [agent.agent, agent.files]));
		expect(found).toEqual({cursor: 2, cline: 2, 'roo-code': 1, continue: 2, opencode: 2, 'copilot-chat': 2, goose: 1, 'qwen-code': 3, crush: 1});
		expect(report.agents.find((agent: any) => agent.agent === 'cursor').folder).toBe(path.join(home, '.config', 'Cursor', 'User'));
		// One broken line in a Copilot change log; nothing else.
		expect(report.failed).toEqual([{path: expect.stringMatching(/8c4a1f03-9e2b-4d6c-a7f1-3b5e2d0c9a18\.jsonl$/u), line: 8, reason: expect.stringMatching(/^line 8 is not valid JSON/u)}]);
		expect(report.added).toBe(21);
		const human = runCli(['ingest', '--agents', '--store', 's.db'], {cwd, env: {HOME: home, XDG_DATA_HOME: path.join(home, '.local', 'share')}});
		expect(human.stderr).toContain('drill: found cursor: 2 session files in ~/.config/Cursor/User');
		expect(human.stderr).toContain('drill: found crush: 1 session file in ~/src/tidewater/.crush');
		expect(human.stdout).toMatch(/^ingested: 0 added, 0 updated, 21 unchanged/u);
	});

	it("finds Kilo CLI's kilo.db in its data folder and the Go OpenCode's .opencode/opencode.db up from the current folder", async () => {
		const home = tempDir('drill-agent-home-');
		mkdirSync(path.join(home, '.local', 'share', 'kilo'), {recursive: true});
		buildStore('fixtures/agents/real/stores/kilo.store.json', path.join(home, '.local', 'share', 'kilo', 'kilo.db'));
		const project = path.join(home, 'src', 'hooked');
		mkdirSync(path.join(project, '.opencode'), {recursive: true});
		buildStore('fixtures/agents/real/stores/opencode-go.store.json', path.join(project, '.opencode', 'opencode.db'));
		mkdirSync(path.join(project, 'app'));
		const files = await taken({HOME: home, XDG_DATA_HOME: path.join(home, '.local', 'share')}, path.join(project, 'app'));
		expect(files['kilo-cli']).toEqual(['.local/share/kilo/kilo.db']);
		expect(files['opencode-go']).toEqual(['src/hooked/.opencode/opencode.db']);
	});
});
