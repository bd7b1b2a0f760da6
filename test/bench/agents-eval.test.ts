import {cpSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import {agentLines, agentsTable, folderOutcomes} from '../../bench/eval/agents.js';

describe('npm run eval -- agents', () => {
	const dir = mkdtempSync(path.join(tmpdir(), 'drill-agents-eval-'));
	afterAll(() => rmSync(dir, {recursive: true, force: true}));
	cpSync('fixtures/agents/real/codex', path.join(dir, 'home'), {recursive: true});
	cpSync('fixtures/agents/real/copilot-chat/github-thread.json', path.join(dir, 'github-thread.json'));
	writeFileSync(path.join(dir, 'notes.json'), JSON.stringify({retries: 3}));
	writeFileSync(path.join(dir, 'chat.json'), JSON.stringify({dialogue: [{speaker: 'user', text: 'why is it red?'}, {speaker: 'assistant', text: 'A flaky test.'}]}));
	// The manifest groups files by the agent it says they are.
	writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify([{file: 'github-thread.json', agent_folder: 'copilot-chat'}, {file: 'home/session_index.jsonl', agent_folder: 'codex'}, {file: 'home/sessions/2026/07/11/rollout-2026-07-11T10-22-29-019f4efb-ae76-7e30-b44e-3fa464c16193.jsonl', agent_folder: 'codex'}]));

	it('says per agent what was read, the sessions, the agent named, titles from the agent, and why a file was not read', async () => {
		const {files} = await folderOutcomes(dir);
		const byFile = Object.fromEntries(files.map((file) => [file.file, file]));
		expect(byFile['github-thread.json']).toMatchObject({expected: 'copilot-chat', status: 'read', sessions: [{agent: 'copilot-chat', title: 'Converting GWBASIC to VB.NET application', agentTitle: 'Converting GWBASIC to VB.NET application'}]});
		expect(byFile['home/session_index.jsonl']).toMatchObject({status: 'read with another file'});
		expect(byFile['notes.json']).toMatchObject({status: 'not a session'});
		expect(byFile['chat.json']).toMatchObject({status: 'failed', reason: expect.stringMatching(/looks like a chat from an agent drill does not know/u)});
		const agents = Object.fromEntries(agentLines(files).map((agent) => [agent.agent, agent]));
		expect(agents.codex).toMatchObject({files: 2, read: 2, sessions: 1, named: ['codex'], agentTitles: 1, userTitles: 0, notRead: []});
		expect(agents['copilot-chat']).toMatchObject({files: 1, read: 1, sessions: 1, agentTitles: 1});
		expect(agents.unknown).toMatchObject({files: 2, notRead: [{file: 'chat.json', reason: expect.any(String)}], notSessions: [{file: 'notes.json', reason: expect.any(String)}]});
		const table = agentsTable({agents: agentLines(files), files, skipped_records: 0}, true);
		expect(table).toMatch(/^\| agent \| files \| read \|/u);
		expect(table).toContain('codex · agent: 排查 RPC 定时器泄露');
	});
});
