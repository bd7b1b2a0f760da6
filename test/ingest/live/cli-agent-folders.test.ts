import {cpSync, mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {cliAgentFolders} from '../../../source/ingest/live/cli-agent-folders.js';
import {scanSources} from '../../../source/ingest/live/source-scan.js';
import {buildStore} from '../../helpers/agent-store.js';
import {tempDir} from '../../helpers/cli.js';

/** A home holding the fixtures where each agent keeps them. */
function home(platform: 'linux' | 'darwin'): string {
	const root = tempDir('drill-home-');
	cpSync('fixtures/agents/kimi-cli/kimi', path.join(root, '.kimi'), {recursive: true});
	cpSync('fixtures/agents/droid/sessions', path.join(root, '.factory/sessions'), {recursive: true});
	cpSync('fixtures/agents/grok-build/sessions', path.join(root, '.grok/sessions'), {recursive: true});
	cpSync('fixtures/agents/antigravity/gemini', path.join(root, '.gemini'), {recursive: true});
	cpSync('fixtures/agents/kiro/kiro', path.join(root, '.kiro'), {recursive: true});
	const config = platform === 'darwin' ? 'Library/Application Support' : '.config';
	const data = platform === 'darwin' ? 'Library/Application Support' : '.local/share';
	cpSync('fixtures/agents/kiro/Kiro', path.join(root, config, 'Kiro'), {recursive: true});
	mkdirSync(path.join(root, data, 'kiro-cli'), {recursive: true});
	buildStore('fixtures/agents/kiro/kiro-cli-1x.store.json', path.join(root, data, 'kiro-cli', 'data.sqlite3'));
	writeFileSync(path.join(root, '.kiro/sessions/cli/notes.txt'), 'not a session');
	return root;
}

async function found(root: string, platform: NodeJS.Platform): Promise<Map<string, string[]>> {
	const search = cliAgentFolders({HOME: root}, root, platform);
	expect(search.missing).toEqual([]);
	const files = new Map<string, string[]>();
	for (const folder of search.found) {
		const scanned = (await scanSources([{path: folder.root, accepts: folder.accepts}], root)).files.map((file) => path.relative(root, file.path));
		files.set(folder.agent, [...(files.get(folder.agent) ?? []), ...scanned]);
	}
	return files;
}

describe('the default folders of Kimi CLI, Droid, Grok Build, Antigravity and Kiro', () => {
	it('finds each one’s sessions on Linux, and none of the files around them', async () => {
		const files = await found(home('linux'), 'linux');
		expect(files.get('kimi-cli')).toHaveLength(2);
		expect(files.get('droid')).toHaveLength(2);
		expect(files.get('grok-build')).toEqual([expect.stringMatching(/^\.grok\/sessions\/.*\/updates\.jsonl$/u)]);
		expect(files.get('antigravity-cli')).toEqual(['.gemini/antigravity-cli/brain/7c4d2a10-5e6f-4a8b-9c0d-1e2f3a4b5c6d/.system_generated/logs/transcript_full.jsonl']);
		expect(files.get('antigravity')).toEqual(['.gemini/antigravity/brain/7f58f58a-271b-45aa-a564-05e11c197c6c/task.md']);
		expect(files.get('kiro-cli')).toEqual(['.kiro/sessions/cli/9f8e7d6c-5b4a-4c3d-8e2f-1a0b9c8d7e6f.jsonl', '.local/share/kiro-cli/data.sqlite3']);
		expect(files.get('kiro-ide')).toEqual([expect.stringMatching(/^\.config\/Kiro\/User\/globalStorage\/kiro\.kiroagent\/.*\.chat$/u)]);
	});

	it('finds Kiro’s folders on macOS, says the editor’s Antigravity conversations are encrypted, and honours the agents’ variables', async () => {
		const root = home('darwin');
		const files = await found(root, 'darwin');
		expect(files.get('kiro-ide')).toHaveLength(1);
		expect(files.get('kiro-cli')).toContain('Library/Application Support/kiro-cli/data.sqlite3');
		expect(cliAgentFolders({HOME: root}, root, 'darwin').notes).toEqual(['Antigravity keeps 1 conversation of its editor in ~/.gemini/antigravity/conversations: not read, Antigravity encrypts them (the artifacts its agent wrote, in brain/, are read)']);
		const elsewhere = cliAgentFolders({HOME: '/h', KIMI_SHARE_DIR: '/k', GROK_HOME: '/g', KIRO_HOME: '/r', APPDATA: String.raw`C:\Users\a\AppData\Roaming`}, '/h', 'win32');
		expect(elsewhere.missing.map((entry) => entry.looked)).toEqual(['/k/sessions', path.join('/h', '.factory', 'sessions'), '/g/sessions', path.join('/h', '.gemini', 'antigravity-cli', 'brain'), path.join('/r', 'sessions', 'cli'), path.join(String.raw`C:\Users\a\AppData\Roaming`, 'Kiro', 'User', 'globalStorage', 'kiro.kiroagent')]);
	});
});
