import {chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {beforeAll, describe, expect, it} from 'vitest';
import {actOver} from '../../source/act/node-actions.js';
import {agentResume} from '../../source/act/agent-resume.js';
import {planProblem, resumePlan, runPlan} from '../../source/act/resume.js';
import {idShapes, resumeIdProblem} from '../../source/act/resume-id.js';
import {DrillError} from '../../source/core/errors.js';
import {createRuntime} from '../../source/runtime.js';
import {itemOfNode} from '../../source/store/item-of-node.js';
import {itemSource} from '../../source/store/summary-store.js';
import {hasStackTrace, runCli, tempDir} from '../helpers/cli.js';

/**
 * Issue 39, point 1: a session id comes from a log anyone can write. `drill resume` (and the app's
 * `r` → `y`) must never hand an agent an id it would read as an option. Every agent with a resume
 * command gets a fake binary on PATH that logs its argv: a well-shaped id reaches it as
 * `--flag=ID`, after `--`, or in a shape that cannot be an option; an option-shaped one never
 * reaches it, and drill says why in one line.
 */

const uuid = '4e2b9c71-0f3a-4d8e-b6c5-97a1d2e3f408';

/** A well-shaped id for each agent that resumes by id, and the argv its program must get. */
const byId: Record<string, {id: string; argv: string[]}> = {
	'claude-code': {id: uuid, argv: [`--resume=${uuid}`]},
	'claude-agent': {id: uuid, argv: [`--resume=${uuid}`]},
	codex: {id: uuid, argv: ['resume', '--', uuid]},
	'gemini-cli': {id: uuid, argv: [`--resume=${uuid}`]},
	opencode: {id: 'ses_12be9f828ffeaiYkWjPssYhKmB', argv: ['--session=ses_12be9f828ffeaiYkWjPssYhKmB']},
	'qwen-code': {id: uuid, argv: [`--resume=${uuid}`]},
	'copilot-cli': {id: uuid, argv: [`--resume=${uuid}`]},
	goose: {id: '20250305_113223', argv: ['session', '--resume', '--session-id=20250305_113223']},
	cursor: {id: uuid, argv: [`--resume=${uuid}`]},
	vibe: {id: uuid, argv: [`--resume=${uuid}`]},
	'deepseek-tui': {id: uuid, argv: ['resume', '--', uuid]},
	openhands: {id: uuid, argv: [`--resume=${uuid}`]},
	amp: {id: `T-${uuid}`, argv: ['threads', 'continue', `T-${uuid}`]},
	hermes: {id: '20250101_120000_a1b2c3', argv: ['--resume=20250101_120000_a1b2c3']},
	'kilo-cli': {id: 'ses_12be9f828ffeaiYkWjPssYhKmB', argv: ['--session=ses_12be9f828ffeaiYkWjPssYhKmB']},
	'kimi-cli': {id: uuid, argv: [`--session=${uuid}`]},
	droid: {id: uuid, argv: [`--resume=${uuid}`]},
	'grok-build': {id: uuid, argv: [`--resume=${uuid}`]},
	'antigravity-cli': {id: uuid, argv: [`--conversation=${uuid}`]},
	'kiro-cli': {id: uuid, argv: ['chat', `--resume-id=${uuid}`]},
};

/** The agents that resume from the session's file (or from the folder alone). */
const byFile = ['pi', 'oh-my-pi', 'aider', 'amazon-q'];

/** Ids a hostile log could hold. */
const hostile = ['--dangerously-skip-permissions', '-p', '--resume', `-${uuid}`, ` ${uuid}`, `${uuid} --yolo`, `${uuid}\u001b]0;x\u0007`, `\u202e${uuid}`];

let dir: string;
let bin: string;
let project: string;
let store: string;

const env = () => ({PATH: `${bin}:/usr/bin:/bin`});
const calledFile = (program: string) => path.join(dir, `${program}.called`);

function fakeAgent(program: string): void {
	const script = `#!/bin/sh\nprintf '%s\\n' "$@" > "${calledFile(program)}"\nexit 0\n`;
	writeFileSync(path.join(bin, program), script);
	chmodSync(path.join(bin, program), 0o755);
}

function item(name: string, source: Record<string, unknown>) {
	return {namespace: 'conversation_session', item_id: name, title: `${name} session`, generated_at: '2026-11-28T14:02:00Z', source: {project, ...source}, tldr: '', nodes: [{ordinal: 0, parent: null, title: 't', summary: '', keywords: [], spans: [0]}], spans: [{seq: 0, role: 'user', text: 'hello'}]};
}

beforeAll(() => {
	dir = tempDir();
	bin = path.join(dir, 'bin');
	project = path.join(dir, 'project');
	mkdirSync(bin);
	mkdirSync(project);
	for (const entry of Object.values(agentResume)) if (entry.args) fakeAgent(entry.program);
	const sessionFile = path.join(project, 'session.jsonl');
	writeFileSync(sessionFile, '{}\n');
	const items = [
		...Object.entries(byId).map(([agent, {id}]) => item(`good-${agent}`, {kind: agent, agent, session_id: id})),
		...Object.keys(byId).map((agent) => item(`bad-${agent}`, {kind: agent, agent, session_id: '--dangerously-skip-permissions'})),
		...byFile.map((agent) => item(`good-${agent}`, {kind: agent, agent, uri: sessionFile})),
		item('bad-pi', {kind: 'pi', agent: 'pi', uri: `${project}/\u001b[2J-p.jsonl`}),
	];
	writeFileSync(path.join(dir, 'items.jsonl'), items.map((one) => JSON.stringify(one)).join('\n'));
	store = path.join(dir, 's.db');
	expect(runCli(['import', path.join(dir, 'items.jsonl'), '--store', store]).code).toBe(0);
});

/** What `drill resume ID` does, in this process: the plan from the stored item, then the agent run as the CLI runs it. */
async function resumeInProcess(name: string): Promise<{code?: number; error?: DrillError}> {
	const runtime = createRuntime({storePath: store, knowledgeDir: dir, drillsRoot: dir});
	try {
		const label = `conversation_session:${name}`;
		const {row} = itemOfNode(runtime.store(), label);
		const plan = resumePlan(itemSource(row), label, {env: env()});
		const problem = planProblem(plan, label);
		if (problem) return {error: problem};
		return {code: await runPlan(plan, env())};
	} catch (error) {
		if (error instanceof DrillError) return {error};
		throw error;
	} finally {
		runtime.close();
	}
}

const argvOf = (program: string) => readFileSync(calledFile(program), 'utf8').trimEnd().split('\n');

describe('drill resume with a fake binary for every agent that has a resume command', () => {
	it('covers every agent of the table that has one', () => {
		const withArgs = Object.entries(agentResume).filter(([, entry]) => entry.args).map(([agent]) => agent);
		expect([...Object.keys(byId), ...byFile].sort()).toEqual(withArgs.sort());
	});

	it.each(Object.entries(byId))('%s: a well-shaped id reaches the agent as --flag=ID, after --, or in a shape that cannot be an option', async (agent, {argv}) => {
		const program = agentResume[agent]!.program;
		rmSync(calledFile(program), {force: true});
		expect(await resumeInProcess(`good-${agent}`)).toEqual({code: 0});
		expect(argvOf(program)).toEqual(argv);
	});

	it.each(Object.keys(byId))('%s: an option-shaped id is refused in one line and the agent never runs', async (agent) => {
		const program = agentResume[agent]!.program;
		rmSync(calledFile(program), {force: true});
		const {error} = await resumeInProcess(`bad-${agent}`);
		expect(error?.line).toMatch(new RegExp(`^conversation_session:bad-${agent}: drill will not pass the session id "--dangerously-skip-permissions" to ${program}: it starts with "-", so the agent would read it as an option \\(.+ session ids are .+\\); the id comes from the session's log, which anyone can write; read the session instead: drill export conversation_session:bad-${agent} --format markdown$`, 'u'));
		expect(existsSync(calledFile(program))).toBe(false);
	});

	it.each(byFile)('%s: resumes from the session file (an absolute path) or the folder', async (agent) => {
		const program = agentResume[agent]!.program;
		rmSync(calledFile(program), {force: true});
		expect(await resumeInProcess(`good-${agent}`)).toEqual({code: 0});
		const file = path.join(project, 'session.jsonl');
		const expected: Record<string, string[]> = {pi: ['--session', file], 'oh-my-pi': ['--session', file], aider: ['--restore-chat-history', `--chat-history-file=${file}`], 'amazon-q': ['chat', '--resume']};
		expect(argvOf(program)).toEqual(expected[agent]);
	});

	it('a session file whose path holds control characters is refused, and Pi never runs', async () => {
		rmSync(calledFile('pi'), {force: true});
		const {error} = await resumeInProcess('bad-pi');
		expect(error?.line).toMatch(/^conversation_session:bad-pi: drill will not pass the session file ".*\\u001b\[2J-p\.jsonl" to pi: it holds a control character; /u);
		expect(existsSync(calledFile('pi'))).toBe(false);
	});

	it('the CLI says it in one line, with no stack trace, and --print and --json refuse it too', () => {
		rmSync(calledFile('claude'), {force: true});
		const result = runCli(['resume', 'conversation_session:bad-claude-code', '--store', store], {env: env()});
		expect(result.code).toBe(1);
		expect(result.stderr).toMatch(/^drill: conversation_session:bad-claude-code: drill will not pass the session id "--dangerously-skip-permissions" to claude: it starts with "-", so the agent would read it as an option \(Claude Code session ids are a UUID such as [0-9a-f-]+\); the id comes from the session's log, which anyone can write; read the session instead: drill export conversation_session:bad-claude-code --format markdown\n$/u);
		expect(hasStackTrace(result.stderr)).toBe(false);
		expect(runCli(['resume', 'conversation_session:bad-claude-code', '--store', store, '--print'], {env: env()}).stdout).toBe('');
		expect(runCli(['resume', 'conversation_session:bad-claude-code', '--store', store, '--json'], {env: env()}).code).toBe(1);
		expect(existsSync(calledFile('claude'))).toBe(false);
		const good = runCli(['resume', 'conversation_session:good-claude-code', '--store', store], {env: env()});
		expect(good.code).toBe(0);
		expect(argvOf('claude')).toEqual([`--resume=${uuid}`]);
	});
});

describe('the ids a hostile log could hold', () => {
	it.each(Object.keys(byId))('%s refuses every one of them', (agent) => {
		for (const id of hostile) {
			let error: unknown;
			try {
				resumePlan({agent, kind: agent, project: '/tmp', session_id: id}, 'conversation_session:h');
			} catch (caught) {
				error = caught;
			}
			expect(error, `${agent} ${JSON.stringify(id)}`).toBeInstanceOf(DrillError);
			expect((error as DrillError).message, JSON.stringify(id)).toMatch(/drill will not pass the session id /u);
			expect((error as DrillError).line, JSON.stringify(id)).not.toMatch(/[\u0000-\u001f\u202e]/u);
		}
	});

	it('says why: an option, a space or control character, or the wrong shape', () => {
		expect(resumeIdProblem('-p', idShapes.uuid)).toBe('it starts with "-", so the agent would read it as an option');
		expect(resumeIdProblem(`${uuid} x`, idShapes.uuid)).toBe('it holds a space or a control character');
		expect(resumeIdProblem('abc', idShapes.uuid)).toBe('it is not a UUID such as 4e2b9c71-0f3a-4d8e-b6c5-97a1d2e3f408');
		expect(resumeIdProblem('k1')).toBeUndefined();
		expect(resumeIdProblem('_x')).toBe('it is not letters, digits and . _ : + @ - with a letter or digit first');
	});

	it('a Claude Code log whose sessionId is an option: ingest, then drill resume refuses it and claude never runs', () => {
		const logs = path.join(dir, 'logs');
		mkdirSync(logs, {recursive: true});
		const text = readFileSync(path.resolve('fixtures/transcripts/claude-code-session.jsonl'), 'utf8').split('4e2b9c71-0f3a-4d8e-b6c5-97a1d2e3f408').join('--dangerously-skip-permissions').split('/home/ana/src/payments').join(project);
		writeFileSync(path.join(logs, 'hostile.jsonl'), text);
		const other = path.join(dir, 'hostile.db');
		expect(runCli(['ingest', logs, '--store', other]).code).toBe(0);
		const id = JSON.parse(runCli(['walk', 'summary', 'conversation_session', '--json', '--store', other]).stdout).children[0].node_id;
		rmSync(calledFile('claude'), {force: true});
		const result = runCli(['resume', id, '--store', other], {env: env()});
		expect(result.code).toBe(1);
		expect(result.stderr).toContain('drill will not pass the session id "--dangerously-skip-permissions" to claude');
		expect(existsSync(calledFile('claude'))).toBe(false);
	});

	it("the app's r → y path gets the same refusal from the act service, before anything can run", () => {
		const runtime = createRuntime({storePath: store, knowledgeDir: tempDir(), drillsRoot: tempDir()});
		const path0 = process.env.PATH;
		process.env.PATH = `${bin}:${path0}`;
		try {
			const act = actOver(runtime);
			expect(() => act.resumePlan('summary', 'conversation_session:bad-claude-code')).toThrow(/^conversation_session:bad-claude-code: drill will not pass the session id "--dangerously-skip-permissions" to claude/u);
			const plan = act.resumePlan('summary', 'conversation_session:good-codex');
			expect(plan.command).toEqual(['codex', 'resume', '--', uuid]);
		} finally {
			process.env.PATH = path0;
			runtime.close();
		}
	});
});
