import {cpSync, mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {moreAgentFolders} from '../../../source/ingest/live/more-agent-folders.js';
import {scanSources} from '../../../source/ingest/live/source-scan.js';
import {tempDir} from '../../helpers/cli.js';

/** A home holding the fixtures where each agent keeps them, and files around them that are no session. */
function home(): string {
	const root = tempDir('drill-home-');
	cpSync('fixtures/agents/amp/threads', path.join(root, '.local/share/amp/threads'), {recursive: true});
	cpSync('fixtures/agents/openclaw/agents', path.join(root, '.openclaw/agents'), {recursive: true});
	writeFileSync(path.join(root, '.openclaw/agents/main/sessions/sessions.json'), '{}');
	writeFileSync(path.join(root, '.openclaw/agents/main/sessions/1f979e30-12ad-4b66-80ac-bcbb53b985ff.checkpoint.2.jsonl'), '{}\n');
	cpSync('fixtures/agents/copilot-cli/session-state', path.join(root, '.copilot/session-state'), {recursive: true});
	cpSync('fixtures/agents/hermes/sessions', path.join(root, '.hermes/sessions'), {recursive: true});
	cpSync('fixtures/agents/pi/pi/agent', path.join(root, '.pi/agent'), {recursive: true});
	cpSync('fixtures/agents/pi/omp/agent', path.join(root, '.omp/agent'), {recursive: true});
	mkdirSync(path.join(root, 'Library/Application Support/Zed/threads'), {recursive: true});
	writeFileSync(path.join(root, 'Library/Application Support/Zed/threads/threads.db'), '');
	return root;
}

describe('the default folders of Amp, Zed, Pi, Oh My Pi, OpenClaw, Copilot CLI and Hermes', () => {
	it('finds each one’s sessions, and none of the files around them', async () => {
		const root = home();
		const search = moreAgentFolders({HOME: root}, root, 'darwin');
		expect(search.missing).toEqual([]);
		const files = new Map<string, string[]>();
		for (const folder of search.found) {
			const found = (await scanSources([{path: folder.root, accepts: folder.accepts}], root)).files.map((file) => path.relative(root, file.path));
			files.set(folder.agent, [...(files.get(folder.agent) ?? []), ...found]);
		}
		expect(files.get('amp')).toHaveLength(2);
		expect(files.get('zed')).toEqual(['Library/Application Support/Zed/threads/threads.db']);
		expect(files.get('openclaw')).toEqual(['.openclaw/agents/main/sessions/1f979e30-12ad-4b66-80ac-bcbb53b985ff.jsonl']);
		expect(files.get('copilot-cli')).toHaveLength(2);
		expect(files.get('hermes')).toHaveLength(2);
		expect(files.get('pi')).toHaveLength(1);
		expect(files.get('oh-my-pi')).toHaveLength(1);
	});

	it('looks in Zed’s Linux and Windows folders and honours the agents’ variables', () => {
		const search = moreAgentFolders({HOME: '/h', XDG_DATA_HOME: '/x', COPILOT_HOME: '/c', HERMES_HOME: '/e', PI_CODING_AGENT_DIR: '/p', OPENCLAW_STATE_DIR: '/o'}, '/h', 'linux');
		expect(search.missing.map((entry) => entry.looked)).toEqual(['/x/amp/threads', '/x/zed/threads', '/p/sessions', '/h/.omp/agent/sessions', '/o/agents', '/c/session-state', '/e/sessions']);
		expect(moreAgentFolders({LOCALAPPDATA: String.raw`C:\Users\a\AppData\Local`}, '/h', 'win32').missing[1]!.looked).toContain('Zed');
	});
});
