import {writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {agentResume} from '../../source/act/agent-resume.js';
import {runCli, tempDir} from '../helpers/cli.js';

const agents = ['vibe', 'deepseek-tui', 'openhands', 'warp', 'trae-agent'];

describe('drill resume: Mistral Vibe, DeepSeek TUI, OpenHands, Warp, Trae Agent', () => {
	it('gives each agent’s own command, or says in one line why there is none', () => {
		const folder = tempDir();
		const item = (name: string, agent: string, id: string) => ({namespace: 'conversation_session', item_id: name, title: `${name} session`, generated_at: '2026-11-28T14:02:00Z', source: {kind: agent, agent, project: folder, session_id: id}, tldr: '', nodes: [{ordinal: 0, parent: null, title: 't', summary: '', keywords: [], spans: [0]}], spans: [{seq: 0, role: 'user', text: 'hello'}]});
		const items = [
			item('vibe', 'vibe', '7d3e0c41-a9b2-4f1e-8c3d-5a6b7c8d9e0f'),
			item('deepseek', 'deepseek-tui', '3bd4c811-972d-4b18-be1e-dd50bf5f1279'),
			item('openhands-cli', 'openhands', '5f2c9a1e-8b7d-4c3f-9e0a-1b2c3d4e5f60'),
			item('openhands-app', 'openhands', '2bc22dd3cd194e7f95c02dd03fa796c9'),
			item('warp', 'warp', '8cfe75bc-357f-4247-9bfb-66eb1bfe2154'),
			item('trae', 'trae-agent', ''),
		];
		writeFileSync(path.join(folder, 'items.jsonl'), items.map((entry) => JSON.stringify(entry)).join('\n'));
		const store = path.join(folder, 's.db');
		runCli(['import', path.join(folder, 'items.jsonl'), '--store', store]);
		const command = (id: string) => JSON.parse(runCli(['resume', `conversation_session:${id}`, '--json', '--store', store]).stdout).command;
		expect(command('vibe')).toEqual(['vibe', '--resume=7d3e0c41-a9b2-4f1e-8c3d-5a6b7c8d9e0f']);
		expect(command('deepseek')).toEqual(['deepseek', 'resume', '--', '3bd4c811-972d-4b18-be1e-dd50bf5f1279']);
		expect(command('openhands-cli')).toEqual(['openhands', '--resume=5f2c9a1e-8b7d-4c3f-9e0a-1b2c3d4e5f60']);
		const error = (id: string) => runCli(['resume', `conversation_session:${id}`, '--store', store]).stderr.split('\n')[0];
		expect(error('openhands-app')).toBe('drill: conversation_session:openhands-app: this is a conversation of the OpenHands app, which reopens it from its conversation list; the CLI (openhands --resume) resumes only its own; drill export conversation_session:openhands-app --format markdown gives the session to read');
		expect(error('warp')).toMatch(/^drill: conversation_session:warp: Warp has no command to resume an agent conversation/u);
		expect(error('trae')).toMatch(/^drill: conversation_session:trae: Trae Agent runs each task once/u);
	});

	it('has a table entry, naming what it follows, for each', () => {
		for (const agent of agents) {
			const entry = agentResume[agent];
			expect(entry, agent).toBeDefined();
			expect(entry!.followed, agent).toMatch(/\d/u);
			expect(Boolean(entry!.args) !== Boolean(entry!.unsupported), agent).toBe(true);
		}
	});
});
