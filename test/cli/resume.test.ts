import {chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {beforeAll, describe, expect, it} from 'vitest';
import {agentResume} from '../../source/act/agent-resume.js';
import {runCli, tempDir} from '../helpers/cli.js';

/**
 * `drill resume` with fake agents on PATH: each records the arguments it was given and the folder
 * it ran in, so the test sees exactly what a real `claude`, `codex`, `gemini` or `aider` would.
 */
let dir: string;
let store: string;
let bin: string;
const projects: {payments: string; ledger: string; atlas: string} = {payments: '', ledger: '', atlas: ''};

function fakeAgent(name: string): void {
	const script = `#!/bin/sh\nprintf '%s\\n' "$PWD" "$@" > "${path.join(dir, `${name}.called`)}"\nexit 3\n`;
	writeFileSync(path.join(bin, name), script);
	chmodSync(path.join(bin, name), 0o755);
}

function called(name: string): string[] {
	return readFileSync(path.join(dir, `${name}.called`), 'utf8').trimEnd().split('\n');
}

/** A fixture with its project folder moved to one that exists here. */
function fixture(name: string, from?: string, to?: string): void {
	let text = readFileSync(path.resolve('fixtures/transcripts', name), 'utf8');
	if (from && to) text = text.split(from).join(to);
	writeFileSync(path.join(dir, 'logs', name), text);
}

const env = () => ({PATH: `${bin}:/usr/bin:/bin`});

function itemOf(kind: string): string {
	const lines = runCli(['export', '--store', store]).stdout.trim().split('\n').map((line) => JSON.parse(line));
	const item = lines.find((entry) => entry.source.kind === kind);
	return `${item.namespace}:${item.item_id}`;
}

beforeAll(() => {
	dir = tempDir();
	bin = path.join(dir, 'bin');
	mkdirSync(bin);
	mkdirSync(path.join(dir, 'logs'));
	for (const project of ['payments', 'ledger', 'atlas'] as const) {
		projects[project] = path.join(dir, 'projects', project);
		mkdirSync(projects[project], {recursive: true});
	}
	fixture('claude-code-session.jsonl', '/home/ana/src/payments', projects.payments);
	fixture('codex-rollout.jsonl', '/home/ana/src/ledger', projects.ledger);
	fixture('gemini-chat-session.json', '/home/li/src/atlas', projects.atlas);
	fixture('gemini-stream.jsonl');
	fixture('aider.chat.history.md');
	fixture('chatgpt-conversations.json');
	writeFileSync(path.join(dir, 'logs', 'notes.md'), '# Notes\n\nA document, not a session.\n');
	for (const agent of ['claude', 'codex', 'gemini', 'aider']) fakeAgent(agent);
	store = path.join(dir, 's.db');
	expect(runCli(['ingest', path.join(dir, 'logs'), '--store', store]).code).toBe(0);
});

describe('drill resume', () => {
	it('runs claude --resume SESSION in the project folder, and exits with its status', () => {
		const result = runCli(['resume', itemOf('claude-code'), '--store', store], {env: env()});
		expect(result.stderr).toContain(`resuming in Claude Code: cd ${projects.payments} && claude --resume=4e2b9c71-0f3a-4d8e-b6c5-97a1d2e3f408`);
		expect(result.code).toBe(3);
		expect(called('claude')).toEqual([projects.payments, '--resume=4e2b9c71-0f3a-4d8e-b6c5-97a1d2e3f408']);
	});

	it('takes any node inside the session', () => {
		runCli(['resume', `${itemOf('claude-code')}#n2`, '--store', store], {env: env()});
		expect(called('claude')).toEqual([projects.payments, '--resume=4e2b9c71-0f3a-4d8e-b6c5-97a1d2e3f408']);
	});

	it('runs codex resume SESSION', () => {
		runCli(['resume', itemOf('codex'), '--store', store], {env: env()});
		expect(called('codex')).toEqual([projects.ledger, 'resume', '--', '0199a7c4-5d2e-7b31-9f4e-2c8d41a6e0b7']);
	});

	it('runs gemini --resume SESSION for a saved Gemini chat', () => {
		runCli(['resume', itemOf('gemini-chat'), '--store', store], {env: env()});
		expect(called('gemini')).toEqual([projects.atlas, '--resume=5e0d7b21-9a3c-4f6e-b812-7c4d2a9e1f60']);
	});

	it('runs aider --restore-chat-history in the repository of the history, naming the file when it is not the default', () => {
		runCli(['resume', itemOf('aider'), '--store', store], {env: env()});
		const logs = path.join(dir, 'logs');
		expect(called('aider')).toEqual([logs, '--restore-chat-history', `--chat-history-file=${path.join(logs, 'aider.chat.history.md')}`]);
	});

	it('--print shows the command and its folder and runs nothing; --json the same as data', () => {
		rmSync(path.join(dir, 'claude.called'), {force: true});
		const printed = runCli(['resume', itemOf('claude-code'), '--store', store, '--print'], {env: env()});
		expect(printed.code).toBe(0);
		expect(printed.stdout).toBe(`cd ${projects.payments} && claude --resume=4e2b9c71-0f3a-4d8e-b6c5-97a1d2e3f408\n`);
		const json = JSON.parse(runCli(['resume', itemOf('codex'), '--store', store, '--json'], {env: env()}).stdout);
		expect(json).toMatchObject({agent: 'codex', command: ['codex', 'resume', '--', '0199a7c4-5d2e-7b31-9f4e-2c8d41a6e0b7'], cwd: projects.ledger, session_id: '0199a7c4-5d2e-7b31-9f4e-2c8d41a6e0b7', found: path.join(bin, 'codex')});
		expect(json.followed).toMatch(/codex-cli 0\.39\.0/u);
		expect(() => readFileSync(path.join(dir, 'claude.called'))).toThrow();
	});

	it('--cwd runs it elsewhere', () => {
		runCli(['resume', itemOf('claude-code'), '--store', store, '--cwd', projects.atlas], {env: env()});
		expect(called('claude')[0]).toBe(projects.atlas);
	});

	it('says on one line that the agent is not on PATH, and what would work', () => {
		const result = runCli(['resume', itemOf('claude-code'), '--store', store], {env: {PATH: '/usr/bin:/bin'}});
		expect(result.code).toBe(1);
		expect(result.stderr).toBe(`drill: claude (Claude Code) is not on PATH; install it (npm install -g @anthropic-ai/claude-code) or add its folder to PATH; drill resume ${itemOf('claude-code')} --print shows the command to run by hand\n`);
	});

	it('says on one line that the folder is gone, and what would work', () => {
		const gone = tempDir();
		const logs = path.join(gone, 'logs');
		mkdirSync(logs);
		writeFileSync(path.join(logs, 'rollout.jsonl'), readFileSync(path.resolve('fixtures/transcripts/codex-rollout.jsonl'), 'utf8'));
		const other = path.join(gone, 's.db');
		runCli(['ingest', logs, '--store', other]);
		const id = JSON.parse(runCli(['walk', 'summary', 'conversation_session', '--json', '--store', other]).stdout).children[0].node_id;
		const result = runCli(['resume', id, '--store', other], {env: env()});
		expect(result.code).toBe(1);
		expect(result.stderr).toBe(`drill: the session's folder /home/ana/src/ledger is gone; restore it, or resume elsewhere: drill resume ${id} --cwd DIR\n`);
	});

	it('says on one line that a format has no resume: a ChatGPT conversation, a document', () => {
		const chatgpt = runCli(['resume', itemOf('chatgpt'), '--store', store], {env: env()});
		expect(chatgpt.code).toBe(1);
		expect(chatgpt.stderr).toMatch(/^drill: conversation_session:\w+ is a chatgpt session, which has no resume; resume works for claude-code, .*codex.*gemini-cli.*aider.* sessions; drill export \S+ --format markdown gives it to read\n$/u);
		const document = runCli(['resume', itemOf('markdown'), '--store', store], {env: env()});
		expect(document.stderr).toMatch(/is not a session \(markdown\), which has no resume/u);
	});

	it('asks for the folder when the session does not record one', () => {
		const result = runCli(['resume', itemOf('gemini-cli'), '--store', store], {env: env()});
		expect(result.stderr).toMatch(/the session does not record its project folder; give it: drill resume \S+ --cwd DIR/u);
		runCli(['resume', itemOf('gemini-cli'), '--store', store, '--cwd', projects.atlas], {env: env()});
		expect(called('gemini')).toEqual([projects.atlas, '--resume=c3f1a9e2-6b4d-4e8a-9f27-0d5b1c7e3a48']);
	});

	it('resumes a session of the formats added this round by source.agent, or says how they resume', () => {
		const other = tempDir();
		const item = (agent: string, id: string) => ({namespace: 'conversation_session', item_id: agent, title: `${agent} session`, generated_at: '2026-11-28T14:02:00Z', source: {kind: agent, agent, project: other, session_id: id}, tldr: '', nodes: [{ordinal: 0, parent: null, title: 't', summary: '', keywords: [], spans: [0]}], spans: [{seq: 0, role: 'user', text: 'hello'}]});
		writeFileSync(path.join(other, 'items.jsonl'), [item('opencode', 'ses_opencode1'), item('copilot-cli', '05a0238f-6b1c-456d-82bd-a28ac4a9dd01'), item('crush', 'ses_crush1')].map((one) => JSON.stringify(one)).join('\n'));
		const otherStore = path.join(other, 's.db');
		runCli(['import', path.join(other, 'items.jsonl'), '--store', otherStore]);
		expect(JSON.parse(runCli(['resume', 'conversation_session:opencode', '--json', '--store', otherStore]).stdout).command).toEqual(['opencode', '--session=ses_opencode1']);
		expect(JSON.parse(runCli(['resume', 'conversation_session:copilot-cli', '--json', '--store', otherStore]).stdout).command).toEqual(['copilot', '--resume=05a0238f-6b1c-456d-82bd-a28ac4a9dd01']);
		expect(runCli(['resume', 'conversation_session:crush', '--store', otherStore]).stderr).toMatch(/^drill: conversation_session:crush: Crush has no command-line flag to resume a session/u);
	});

	it('resumes the sessions of Kimi CLI, Droid, Grok Build, the Antigravity CLI and Kiro CLI by their ids, and says the editors have none', () => {
		const other = tempDir();
		const item = (agent: string, id: string, extra: Record<string, unknown> = {}) => ({namespace: 'conversation_session', item_id: agent, title: `${agent} session`, generated_at: '2026-11-28T14:02:00Z', source: {kind: agent, agent, project: other, session_id: id, ...extra}, tldr: '', nodes: [{ordinal: 0, parent: null, title: 't', summary: '', keywords: [], spans: [0]}], spans: [{seq: 0, role: 'user', text: 'hello'}]});
		const items = [item('kimi-cli', 'k1'), item('droid', 'd1'), item('grok-build', 'g1'), item('antigravity-cli', 'a1'), item('kiro-cli', 'c1'), item('amazon-q', 'q1', {uri: path.join(other, 'data.sqlite3#q1'), kind: 'kiro-cli-db'}), item('antigravity', 'e1'), item('kiro-ide', 'i1')];
		writeFileSync(path.join(other, 'items.jsonl'), items.map((one) => JSON.stringify(one)).join('\n'));
		const otherStore = path.join(other, 's.db');
		runCli(['import', path.join(other, 'items.jsonl'), '--store', otherStore]);
		const command = (agent: string) => JSON.parse(runCli(['resume', `conversation_session:${agent}`, '--json', '--store', otherStore]).stdout).command;
		expect(command('kimi-cli')).toEqual(['kimi', '--session=k1']);
		expect(command('droid')).toEqual(['droid', '--resume=d1']);
		expect(command('grok-build')).toEqual(['grok', '--resume=g1']);
		expect(command('antigravity-cli')).toEqual(['agy', '--conversation=a1']);
		expect(command('kiro-cli')).toEqual(['kiro-cli', 'chat', '--resume-id=c1']);
		expect(command('amazon-q')).toEqual(['q', 'chat', '--resume']);
		expect(runCli(['resume', 'conversation_session:antigravity', '--store', otherStore]).stderr).toMatch(/^drill: conversation_session:antigravity: the Antigravity editor has no command to reopen a conversation/u);
		expect(runCli(['resume', 'conversation_session:kiro-ide', '--store', otherStore]).stderr).toMatch(/^drill: conversation_session:kiro-ide: the Kiro IDE has no command to reopen an agent chat/u);
	});

	it('has a table entry, naming what it follows, for every agent of this round', () => {
		for (const agent of ['claude-code', 'codex', 'gemini-cli', 'aider', 'cursor', 'cline', 'continue', 'opencode', 'copilot-cli', 'goose', 'qwen-code', 'crush', 'amp', 'zed', 'pi', 'oh-my-pi', 'openclaw', 'hermes', 'kimi-cli', 'droid', 'grok-build', 'antigravity-cli', 'antigravity', 'kiro-cli', 'amazon-q', 'kiro-ide']) {
			const entry = agentResume[agent];
			expect(entry, agent).toBeDefined();
			expect(entry!.followed, agent).toMatch(/\d/u);
			expect(Boolean(entry!.args) !== Boolean(entry!.unsupported), agent).toBe(true);
		}
	});
});
