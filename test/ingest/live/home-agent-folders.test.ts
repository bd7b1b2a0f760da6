import {cpSync, mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {findAgentFolders} from '../../../source/ingest/live/agent-folders.js';
import {scanSources} from '../../../source/ingest/live/source-scan.js';
import {buildStore} from '../../helpers/agent-store.js';
import {runCli, tempDir} from '../../helpers/cli.js';

const fixtures = path.resolve('fixtures/agents');

/** A home folder with the sessions of Warp, DeepSeek TUI, Vibe, OpenHands and Windsurf where each keeps them, and a project where Trae Agent ran. */
function home(platform: 'linux' | 'darwin' | 'win32'): {home: string; project: string; env: NodeJS.ProcessEnv} {
	const root = tempDir('drill-home-agents-');
	const env: NodeJS.ProcessEnv = platform === 'win32' ? {USERPROFILE: root, LOCALAPPDATA: path.join(root, 'AppData', 'Local')} : {HOME: root};
	const warp = platform === 'darwin' ? path.join(root, 'Library', 'Group Containers', '2BBY89MBSN.dev.warp', 'Library', 'Application Support', 'dev.warp.Warp-Stable') : platform === 'win32' ? path.join(root, 'AppData', 'Local', 'warp', 'Warp', 'data') : path.join(root, '.local', 'state', 'warp-terminal');
	mkdirSync(warp, {recursive: true});
	buildStore(path.join(fixtures, 'warp', 'warp.store.json'), path.join(warp, 'warp.sqlite'));
	writeFileSync(path.join(warp, 'warp.log'), 'log');
	cpSync(path.join(fixtures, 'deepseek-tui', 'sessions'), path.join(root, '.deepseek', 'sessions'), {recursive: true});
	mkdirSync(path.join(root, '.deepseek', 'sessions', 'checkpoints'));
	cpSync(path.join(fixtures, 'deepseek-tui', 'sessions', '3bd4c811-972d-4b18-be1e-dd50bf5f1279.json'), path.join(root, '.deepseek', 'sessions', 'checkpoints', 'latest.json'));
	cpSync(path.join(fixtures, 'vibe', 'logs'), path.join(root, '.vibe', 'logs'), {recursive: true});
	writeFileSync(path.join(root, '.vibe', 'logs', 'vibe.log'), 'log');
	cpSync(path.join(fixtures, 'openhands', 'sessions'), path.join(root, '.openhands', 'sessions'), {recursive: true});
	cpSync(path.join(fixtures, 'openhands', 'conversations'), path.join(root, '.openhands', 'conversations'), {recursive: true});
	cpSync(path.join(fixtures, 'windsurf', '.codeium'), path.join(root, '.codeium'), {recursive: true});
	mkdirSync(path.join(root, '.qoder', 'projects', '-home-mira-src-notes'), {recursive: true});
	const project = path.join(root, 'src', 'notes');
	mkdirSync(path.join(project, '.git'), {recursive: true});
	cpSync(path.join(fixtures, 'trae-agent', 'workspace', 'trajectories'), path.join(project, 'trajectories'), {recursive: true});
	return {home: root, project, env};
}

/** What `--agents` takes for these agents: each one's session files and the files read with them, relative to the home folder. */
async function taken(env: NodeJS.ProcessEnv, root: string, cwd: string, platform: NodeJS.Platform) {
	const search = findAgentFolders(env, cwd, platform);
	const files: Record<string, string[]> = {};
	const companions: Record<string, number> = {};
	for (const folder of search.found) {
		if (!['warp', 'deepseek-tui', 'vibe', 'openhands', 'trae-agent'].includes(folder.agent)) continue;
		const scan = await scanSources([{path: folder.root, accepts: folder.accepts}], cwd);
		(files[folder.agent] ??= []).push(...scan.files.map((file) => path.relative(root, file.path).replaceAll('\\', '/')));
		if (folder.companions) {
			const all = await scanSources([{path: folder.root, accepts: (relative) => folder.companions!(relative)}], cwd);
			companions[folder.agent] = (companions[folder.agent] ?? 0) + all.files.length;
		}
	}
	for (const list of Object.values(files)) list.sort();
	return {files, companions, search};
}

describe('--agents: Warp, DeepSeek TUI, Mistral Vibe, OpenHands, Trae Agent, Windsurf', () => {
	it('finds each one’s sessions under a Linux home, not the files beside them, and says Windsurf’s are not read', async () => {
		const {home: root, project, env} = home('linux');
		const {files, companions, search} = await taken(env, root, project, 'linux');
		expect(files).toEqual({
			warp: ['.local/state/warp-terminal/warp.sqlite'],
			'deepseek-tui': ['.deepseek/sessions/3bd4c811-972d-4b18-be1e-dd50bf5f1279.json'],
			vibe: ['.vibe/logs/session/session_20251221_133707_b0ca69b9.json', '.vibe/logs/session/session_20260630_091512_7d3e0c41/meta.json'],
			openhands: [
				'.openhands/conversations/11111111222233334444555555555555/base_state.json',
				'.openhands/conversations/5f2c9a1e8b7d4c3f9e0a1b2c3d4e5f60/base_state.json',
				'.openhands/conversations/e18b827d3440425a9ff7353c4a6d6a3a/base_state.json',
				'.openhands/sessions/2bc22dd3cd194e7f95c02dd03fa796c9/metadata.json',
			],
			'trae-agent': ['src/notes/trajectories/trajectory_20251119_073321.json', 'src/notes/trajectories/trajectory_20251121_115405.json'],
		});
		// What --watch follows besides: Vibe's messages.jsonl, OpenHands' event files.
		expect(companions).toEqual({vibe: 1, openhands: 44});
		expect(search.notes).toContain(`Windsurf keeps 1 Cascade conversation in ${path.join(root, '.codeium', 'windsurf', 'cascade')}: not read, Windsurf encrypts them and publishes no way to read them`);
		expect(search.notes).toContain(`Qoder CLI keeps its sessions in ${path.join(root, '.qoder', 'projects')}: not read, their format is not public and no real session was found to learn it from`);
	});

	it('finds Warp’s database on macOS and Windows, and honours $VIBE_HOME, $OPENHANDS_CONVERSATIONS_DIR and $XDG_STATE_HOME', async () => {
		const mac = home('darwin');
		expect((await taken(mac.env, mac.home, mac.project, 'darwin')).files.warp).toEqual(['Library/Group Containers/2BBY89MBSN.dev.warp/Library/Application Support/dev.warp.Warp-Stable/warp.sqlite']);
		const windows = home('win32');
		expect((await taken(windows.env, windows.home, windows.project, 'win32')).files.warp).toEqual(['AppData/Local/warp/Warp/data/warp.sqlite']);
		const linux = home('linux');
		const moved = tempDir('drill-moved-');
		cpSync(path.join(linux.home, '.vibe'), path.join(moved, 'vibe-home'), {recursive: true});
		cpSync(path.join(linux.home, '.openhands', 'conversations'), path.join(moved, 'oh-conversations'), {recursive: true});
		cpSync(path.join(linux.home, '.local', 'state'), path.join(moved, 'state'), {recursive: true});
		const env = {...linux.env, VIBE_HOME: path.join(moved, 'vibe-home'), OPENHANDS_CONVERSATIONS_DIR: path.join(moved, 'oh-conversations'), XDG_STATE_HOME: path.join(moved, 'state')};
		const {files} = await taken(env, moved, linux.project, 'linux');
		expect(files.vibe).toEqual(['vibe-home/logs/session/session_20251221_133707_b0ca69b9.json', 'vibe-home/logs/session/session_20260630_091512_7d3e0c41/meta.json']);
		expect(files.openhands).toContain('oh-conversations/5f2c9a1e8b7d4c3f9e0a1b2c3d4e5f60/base_state.json');
		expect(files.warp).toEqual(['state/warp-terminal/warp.sqlite']);
	});

	it('ingests them from the command line: one item per session', () => {
		const {home: root, project, env} = home('linux');
		const result = runCli(['ingest', '--agents', '--store', 's.db', '--json'], {cwd: project, env});
		const report = JSON.parse(result.stdout);
		const found: Record<string, number> = {};
		for (const agent of report.agents) if (['warp', 'deepseek-tui', 'vibe', 'openhands', 'trae-agent'].includes(agent.agent) && agent.found) found[agent.agent] = (found[agent.agent] ?? 0) + agent.files;
		expect(found).toEqual({warp: 1, 'deepseek-tui': 1, vibe: 2, openhands: 4, 'trae-agent': 2});
		expect(report.failed).toEqual([]);
		expect(report.added).toBe(9);
		expect(root).not.toBe(project);
	});
});
