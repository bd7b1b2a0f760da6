import {spawn, type ChildProcessWithoutNullStreams} from 'node:child_process';
import {appendFileSync, cpSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {afterEach, describe, expect, it, vi} from 'vitest';
import {cliPath, runCli, tempDir} from '../helpers/cli.js';
import {SummaryStore} from '../../source/store/summary-store.js';

/** `drill ingest --watch` as a user runs it: a child process writing one JSON line per round. */

const sessionLines = readFileSync(path.resolve('fixtures/transcripts/claude-code-session.jsonl'), 'utf8').split('\n').filter(Boolean);
const rolloutLines = readFileSync(path.resolve('fixtures/transcripts/codex-rollout.jsonl'), 'utf8').split('\n').filter(Boolean);
const lines = (from: number, to: number) => `${sessionLines.slice(from, to).join('\n')}\n`;

interface Watcher {
	child: ChildProcessWithoutNullStreams;
	rounds: Array<Record<string, any>>;
	stdout: () => string;
	stderr: () => string;
	exited: Promise<number | null>;
}

const running: Watcher[] = [];

afterEach(() => {
	for (const watcher of running.splice(0)) watcher.child.kill('SIGKILL');
});

function watch(args: string[], options: {cwd: string; env?: NodeJS.ProcessEnv}): Watcher {
	const child = spawn(process.execPath, [cliPath, 'ingest', ...args, '--watch'], {cwd: options.cwd, env: {...process.env, DRILL_STORE: '', NO_COLOR: '1', ...options.env}});
	let stdout = '';
	let stderr = '';
	const rounds: Array<Record<string, any>> = [];
	child.stdout.on('data', (chunk: Buffer) => {
		stdout += chunk.toString();
		if (args.includes('--json')) {
			rounds.length = 0;
			for (const line of stdout.split('\n').filter(Boolean)) rounds.push(JSON.parse(line) as Record<string, any>);
		}
	});
	child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
	const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
	const watcher = {child, rounds, stdout: () => stdout, stderr: () => stderr, exited};
	running.push(watcher);
	return watcher;
}

/** Generous: the machine is shared, and nothing here measures time. */
const patience = {timeout: 30_000, interval: 100};

function walkJson(store: string, node: string): any {
	const result = runCli(['walk', 'summary', node, '--json', '--store', store]);
	return result.code === 0 ? JSON.parse(result.stdout) : undefined;
}

function onlyItem(store: string): any {
	return walkJson(store, 'conversation_session')?.children?.[0];
}

describe('drill ingest --watch', () => {
	it('ingests a session as it grows, a new file, a cut file as a conflict, a deletion; one JSON object per round; SIGTERM ends it cleanly', async () => {
		const folder = tempDir();
		const sessions = path.join(folder, 'sessions');
		mkdirSync(sessions);
		const log = path.join(sessions, 'session.jsonl');
		writeFileSync(log, lines(0, 8));
		const store = path.join(folder, 's.db');
		const watcher = watch([sessions, '--store', store, '--json'], {cwd: folder});
		await vi.waitFor(() => expect(watcher.rounds[0]).toMatchObject({round: 0, added: 1, files: [], watching: {files: 1}}), patience);
		const first = onlyItem(store);
		expect(first.source.turns).toBe(1);

		// The agent appends, in two writes, the second ending a line the first began.
		const more = lines(8, 30);
		appendFileSync(log, more.slice(0, 1000));
		appendFileSync(log, more.slice(1000));
		await vi.waitFor(() => expect(onlyItem(store).source.turns).toBeGreaterThan(1), patience);
		const grown = onlyItem(store);
		expect(grown.node_id).toBe(first.node_id);
		// The round's line comes once the item is written.
		await vi.waitFor(() => expect(watcher.rounds.flatMap((round) => round.files)).toContainEqual(expect.objectContaining({path: log, change: 'grown', lines: 22, report: expect.objectContaining({updated: 1})})), patience);
		// Never half a line: no round reported a broken line.
		expect(watcher.rounds.flatMap((round) => round.failed)).toEqual([]);

		writeFileSync(path.join(sessions, 'notes.md'), '# Cache notes\n\nThe cache is warmed on deploy.\n');
		await vi.waitFor(() => expect(walkJson(store, 'document')?.children).toHaveLength(1), patience);

		// Cut back to its start: the longer item stays, and the round says why.
		writeFileSync(log, lines(0, 8));
		await vi.waitFor(() => expect(watcher.rounds.flatMap((round) => round.conflicts)).toContainEqual(expect.objectContaining({item: grown.node_id, reason: expect.stringMatching(/the file was cut\); the item keeps the longer version/u)})), patience);
		expect(onlyItem(store).source.turns).toBe(grown.source.turns);

		rmSync(path.join(sessions, 'notes.md'));
		await vi.waitFor(() => expect(watcher.rounds.flatMap((round) => round.files)).toContainEqual(expect.objectContaining({path: path.join(sessions, 'notes.md'), change: 'deleted'})), patience);
		expect(walkJson(store, 'document').children).toHaveLength(1);

		watcher.child.kill('SIGTERM');
		expect(await watcher.exited).toBe(0);
		expect(watcher.stderr()).toBe('');
		const doctor = runCli(['doctor', '--store', store, '--json']);
		expect(doctor.code).toBe(0);
	}, 120_000);

	it('says on a terminal what each round did, one line per file, and works by listing alone with --poll', async () => {
		const folder = tempDir();
		const log = path.join(folder, 'session.jsonl');
		writeFileSync(log, lines(0, 8));
		const store = path.join(folder, 's.db');
		const watcher = watch(['session.jsonl', '--store', store, '--poll'], {cwd: folder});
		await vi.waitFor(() => expect(watcher.stdout()).toMatch(/^ingested: 1 added.*\nwatching 1 file \(listed every second \(no change events here\)\); ctrl-c stops\n/u), patience);
		appendFileSync(log, lines(8, 20));
		await vi.waitFor(() => expect(watcher.stdout()).toMatch(/\n\d\d:\d\d:\d\d session\.jsonl \(\+12 lines\): 1 updated\n/u), patience);
		watcher.child.kill('SIGINT');
		expect(await watcher.exited).toBe(0);
		expect(watcher.stderr()).toBe('drill: stopping after the file in flight (ctrl-c again stops at once)\n');
	}, 120_000);

	it('follows a rotated log: the old session points at the renamed file, the new one at the live name, no conflict', async () => {
		const folder = tempDir();
		const live = path.join(folder, 'live.jsonl');
		writeFileSync(live, lines(0, 30));
		const store = path.join(folder, 's.db');
		const watcher = watch([folder, '--store', store, '--json'], {cwd: folder});
		await vi.waitFor(() => expect(watcher.rounds[0]).toMatchObject({round: 0, added: 1}), patience);
		const first = onlyItem(store).node_id as string;
		renameSync(live, path.join(folder, 'live.1.jsonl'));
		const original = /"sessionId":"([^"]+)"/u.exec(sessionLines.join('\n'))![1]!;
		writeFileSync(live, lines(0, 20).split(original).join('b0b0b0b0-0000-4000-8000-000000000009'));
		const uris = () => Object.fromEntries((walkJson(store, 'conversation_session')?.children ?? []).map((child: any) => [child.node_id, walkJson(store, child.node_id)?.source?.uri]));
		await vi.waitFor(() => expect(Object.keys(uris())).toHaveLength(2), patience);
		await vi.waitFor(() => expect(uris()[first]).toBe(path.join(folder, 'live.1.jsonl')), patience);
		expect(Object.entries(uris()).find(([id]) => id !== first)?.[1]).toBe(live);
		expect(watcher.rounds.flatMap((round) => round.conflicts)).toEqual([]);
		watcher.child.kill('SIGTERM');
		expect(await watcher.exited).toBe(0);
	}, 120_000);

	it('--poll needs --watch', () => {
		const result = runCli(['ingest', '.', '--poll']);
		expect(result.code).toBe(2);
		expect(result.stderr).toMatch(/^drill: --poll goes with --watch/u);
	});
});

/** A home folder with the agents' folders as they lay them out, plus what is in them that is not a session. */
function fakeHome(): string {
	const home = tempDir('drill-home-');
	const transcripts = path.resolve('fixtures/transcripts');
	const project = path.join(home, '.claude', 'projects', '-home-ana-src-payments');
	mkdirSync(path.join(project, '4e2b', 'subagents'), {recursive: true});
	writeFileSync(path.join(project, '4e2b.jsonl'), readFileSync(path.join(transcripts, 'claude-code-session.jsonl')));
	writeFileSync(path.join(project, '4e2b', 'subagents', 'agent-a1.jsonl'), readFileSync(path.join(transcripts, 'claude-code-session.jsonl')));
	writeFileSync(path.join(project, '4e2b', 'subagents', 'agent-a1.meta.json'), '{"agentType":"general"}');
	const day = path.join(home, '.gemini', 'tmp', '9f86d081884c7d65', 'chats');
	mkdirSync(day, {recursive: true});
	writeFileSync(path.join(day, 'session-2026-10-14T10-00-3f2a.json'), readFileSync(path.join(transcripts, 'gemini-chat-session.json')));
	writeFileSync(path.join(home, '.gemini', 'tmp', '9f86d081884c7d65', 'logs.json'), '[{"sessionId":"5e0d7b21-9a3c-4f6e-b812-7c4d2a9e1f60","messageId":0,"type":"user","message":"hi","timestamp":"2026-10-14T10:00:00Z"}]');
	return home;
}

describe('drill ingest --agents', () => {
	it('finds the agents folders under HOME, says which it found and which not, and takes only the session files', () => {
		const home = fakeHome();
		const cwd = tempDir();
		// XDG_DATA_HOME: the home's own (vitest.config.ts points it elsewhere for every test).
		const env = {HOME: home, XDG_DATA_HOME: path.join(home, '.local', 'share')};
		const human = runCli(['ingest', '--agents', '--store', 's.db'], {cwd, env});
		expect(human.code).toBe(0);
		expect(human.stderr.split('\n')).toEqual([
			'drill: found claude-code: 1 session file in ~/.claude/projects',
			'drill: found gemini-cli: 2 session files in ~/.gemini/tmp',
			'drill: no codex sessions: ~/.codex/sessions does not exist',
			`drill: no aider sessions: ${path.join(cwd, '.aider.chat.history.md')} does not exist`,
			...['cursor: ~/.config/Cursor/User', 'cline: ~/.config/Code/User/globalStorage/saoudrizwan.claude-dev/tasks', 'roo-code: ~/.config/Code/User/globalStorage/rooveterinaryinc.roo-cline/tasks', 'kilo-code: ~/.config/Code/User/globalStorage/kilocode.kilo-code/tasks', 'continue: ~/.continue/sessions', 'opencode: ~/.local/share/opencode', 'copilot-chat: ~/.config/Code/User', 'goose: ~/.local/share/goose/sessions', 'qwen-code: ~/.qwen', 'crush: ~/.local/share/crush/projects.json', 'amp: ~/.local/share/amp/threads', 'zed: ~/.local/share/zed/threads', 'pi: ~/.pi/agent/sessions', 'oh-my-pi: ~/.omp/agent/sessions', 'openclaw: ~/.openclaw/agents', 'copilot-cli: ~/.copilot/session-state', 'hermes: ~/.hermes/sessions'].map((missing) => `drill: no ${missing.replace(': ', ' sessions: ')} does not exist`),
			...['warp: ~/.local/state/warp-terminal/warp.sqlite', 'deepseek-tui: ~/.deepseek/sessions', 'vibe: ~/.vibe/logs/session', 'openhands: ~/.openhands/sessions', `trae-agent: ${path.join(cwd, 'trajectories')}`].map((missing) => `drill: no ${missing.replace(': ', ' sessions: ')} does not exist`),
			...['kimi-cli: ~/.kimi/sessions', 'droid: ~/.factory/sessions', 'grok-build: ~/.grok/sessions', 'antigravity-cli: ~/.gemini/antigravity-cli/brain', 'kiro-cli: ~/.kiro/sessions/cli', 'kiro-ide: ~/.config/Kiro/User/globalStorage/kiro.kiroagent'].map((missing) => `drill: no ${missing.replace(': ', ' sessions: ')} does not exist`),
			'drill: aider keeps .aider.chat.history.md in each repository it ran in: run drill ingest REPO for another one',
			'drill: Crush keeps crush.db in each project it ran in (.crush/): the projects in its projects.json and the current one are found; give others as PATHs (drill ingest REPO/.crush/crush.db)',
			'drill: Claude managed-agent event streams, ChatGPT exports and Cursor chat exports (Markdown) have no folder of their own: ingest the files you saved',
			'',
		]);
		expect(human.stdout).toMatch(/^ingested: 2 added, 0 updated, 0 unchanged, 0 files with problems/u);
		const json = runCli(['ingest', '--agents', '--store', 's.db', '--json'], {cwd, env});
		expect(json.code).toBe(0);
		const report = JSON.parse(json.stdout);
		expect(report).toMatchObject({skipped: 2, failed: [], conflicts: []});
		expect(report.agents.slice(0, 4)).toEqual([
			{agent: 'claude-code', folder: path.join(home, '.claude', 'projects'), found: true, files: 1},
			{agent: 'gemini-cli', folder: path.join(home, '.gemini', 'tmp'), found: true, files: 2},
			{agent: 'codex', folder: path.join(home, '.codex', 'sessions'), found: false, files: 0},
			{agent: 'aider', folder: path.join(cwd, '.aider.chat.history.md'), found: false, files: 0},
		]);
		expect(report.agents.filter((agent: any) => agent.found)).toHaveLength(2);
	});

	it("honours the agents' own variables and the current project's aider history", () => {
		const home = fakeHome();
		const codexHome = tempDir('drill-codex-');
		mkdirSync(path.join(codexHome, 'sessions', '2026', '10', '14'), {recursive: true});
		writeFileSync(path.join(codexHome, 'sessions', '2026', '10', '14', 'rollout-2026-10-14T10-00-00-abc.jsonl'), `${rolloutLines.join('\n')}\n`);
		const repo = tempDir('drill-repo-');
		mkdirSync(path.join(repo, '.git'));
		mkdirSync(path.join(repo, 'src'));
		writeFileSync(path.join(repo, '.aider.chat.history.md'), readFileSync(path.resolve('fixtures/transcripts/aider.chat.history.md')));
		const result = runCli(['ingest', '--agents', '--store', path.join(repo, 's.db'), '--json'], {cwd: path.join(repo, 'src'), env: {HOME: home, CODEX_HOME: codexHome, CLAUDE_CONFIG_DIR: path.join(home, 'elsewhere')}});
		const report = JSON.parse(result.stdout);
		expect(report.agents.slice(0, 4)).toEqual([
			{agent: 'codex', folder: path.join(codexHome, 'sessions'), found: true, files: 1},
			{agent: 'gemini-cli', folder: path.join(home, '.gemini', 'tmp'), found: true, files: 2},
			{agent: 'aider', folder: path.join(repo, '.aider.chat.history.md'), found: true, files: 1},
			{agent: 'claude-code', folder: path.join(home, 'elsewhere', 'projects'), found: false, files: 0},
		]);
		expect(report.failed).toEqual([]);
		const agentsOf = runCli(['walk', 'summary', 'conversation_session#agent', '--json', '--store', path.join(repo, 's.db')]);
		expect(JSON.parse(agentsOf.stdout).children.map((child: any) => child.name).sort()).toEqual(['aider', 'codex', 'gemini-cli']);
	});

	it('is an error when no agent folder exists and no PATH is given', () => {
		const home = tempDir('drill-empty-home-');
		const result = runCli(['ingest', '--agents', '--store', 's.db'], {env: {HOME: home, XDG_DATA_HOME: path.join(home, '.local', 'share')}});
		expect(result.code).toBe(1);
		expect(result.stderr.split('\n').at(-2)).toMatch(/^drill: found no agent logs here \(looked in ~\/\.claude\/projects, ~\/\.codex\/sessions, ~\/\.gemini\/tmp, .*\.aider\.chat\.history\.md, ~\/\.config\/Cursor\/User, .*, ~\/\.local\/share\/crush\/projects\.json, .*\); give the folders or files to ingest as PATHs/u);
	});

	it('watches the agents folders: a session in a folder made after the start is ingested', async () => {
		const home = fakeHome();
		const cwd = tempDir();
		const store = path.join(cwd, 's.db');
		const watcher = watch(['--agents', '--store', store, '--json'], {cwd, env: {HOME: home}});
		await vi.waitFor(() => expect(watcher.rounds[0]).toMatchObject({round: 0, added: 2, agents: expect.any(Array)}), patience);
		// A project folder made after the start is watched too.
		const project = path.join(home, '.claude', 'projects', '-home-ana-src-web');
		mkdirSync(project);
		writeFileSync(path.join(project, 'other.jsonl'), `${sessionLines.slice(0, 8).join('\n').replaceAll('4e2b9c71-0f3a-4d8e-b6c5-97a1d2e3f408', '11111111-2222-3333-4444-555555555555')}\n`);
		await vi.waitFor(() => expect(walkJson(store, 'conversation_session#agent=claude-code')?.children).toHaveLength(2), patience);
		watcher.child.kill('SIGTERM');
		expect(await watcher.exited).toBe(0);
	}, 120_000);

	it("takes an agent's log folder made after the start (the agent's first run) at the next listing", async () => {
		const home = fakeHome();
		const cwd = tempDir();
		const store = path.join(cwd, 's.db');
		const watcher = watch(['--agents', '--store', store, '--json'], {cwd, env: {HOME: home}});
		await vi.waitFor(() => expect(watcher.rounds[0]).toMatchObject({round: 0, added: 2}), patience);
		expect(watcher.rounds[0]!.agents.find((agent: any) => agent.agent === 'codex')).toMatchObject({found: false});
		// Codex runs for the first time: ~/.codex/sessions/YYYY/MM/DD/ and a rollout in it.
		const day = path.join(home, '.codex', 'sessions', '2026', '10', '14');
		mkdirSync(day, {recursive: true});
		writeFileSync(path.join(day, 'rollout-2026-10-14T09-00-00-5f0c.jsonl'), `${rolloutLines.join('\n')}\n`);
		writeFileSync(path.join(day, 'notes.txt'), 'not a session');
		await vi.waitFor(() => expect(walkJson(store, 'conversation_session#agent=codex')?.children).toHaveLength(1), patience);
		await vi.waitFor(() => expect(watcher.rounds.find((entry) => entry.round > 0 && entry.added > 0)?.files.map((file: any) => path.basename(file.path))).toEqual(['rollout-2026-10-14T09-00-00-5f0c.jsonl']), patience);
		watcher.child.kill('SIGTERM');
		expect(await watcher.exited).toBe(0);
	}, 120_000);
});

/** The subagent nodes of each session item in the store, by the item's session id. */
function subagentNodes(store: string): Record<string, string[]> {
	const summary = SummaryStore.open(store);
	try {
		const found: Record<string, string[]> = {};
		for (const row of summary.eachItem()) {
			const record = summary.record(row);
			found[String(record.source?.session_id)] = summary.nodes(row.id).filter((node) => node.title.startsWith('Subagent: ')).map((node) => node.summary);
		}
		return found;
	} finally {
		summary.close();
	}
}

describe('drill ingest --watch and subagents', () => {
	it("reads a session again on the next poll when only a subagent's transcript changed (Claude Code's two layouts, a Codex thread)", async () => {
		const home = tempDir('drill-home-');
		const claudeSession = '4e2b9c71-0f3a-4d8e-b6c5-97a1d2e3f408';
		const project = path.join(home, '.claude', 'projects', '-home-ana-src-payments');
		mkdirSync(path.join(project, claudeSession, 'subagents'), {recursive: true});
		writeFileSync(path.join(project, `${claudeSession}.jsonl`), lines(0, 30));
		// A subagent's lines: the session's own, on a sidechain, as Claude Code writes a subagent's transcript.
		const sidechain = (agent: string, from: number, to: number) => lines(from, to).replaceAll('"isSidechain":false', `"isSidechain":true,"agentId":"${agent}"`);
		const nested = path.join(project, claudeSession, 'subagents', 'agent-a7.jsonl');
		const beside = path.join(project, 'agent-b8.jsonl');
		writeFileSync(nested, sidechain('a7', 3, 8));
		writeFileSync(beside, sidechain('b8', 40, 46));
		// Codex: a session and the thread it spawned (fixtures/agents/codex-subagents), the thread half written.
		const codex = path.join(home, '.codex');
		cpSync(path.resolve('fixtures/agents/codex-subagents/sessions'), path.join(codex, 'sessions'), {recursive: true});
		const thread = path.join(codex, 'sessions', '2026', '11', '05', 'rollout-2026-11-05T10-00-12-019a5b10-8f12-7e44-9b3a-6d1c5e7f2b02.jsonl');
		const threadLines = readFileSync(thread, 'utf8').split('\n').filter(Boolean);
		writeFileSync(thread, `${threadLines.slice(0, 5).join('\n')}\n`);
		const store = path.join(tempDir(), 's.db');
		const watcher = watch(['--agents', '--poll', '--store', store, '--json'], {cwd: tempDir(), env: {HOME: home}});
		await vi.waitFor(() => expect(watcher.rounds[0]).toMatchObject({round: 0, failed: []}), patience);
		const before = subagentNodes(store);
		expect(before[claudeSession]).toHaveLength(2);
		expect(before['019a5b10-2c4e-7d31-8a9f-4b6e0c2d1a01']).toHaveLength(1);
		expect(Object.keys(before)).toHaveLength(2);

		// Only the subagents' files change, one after the other; the sessions' files stay as they were.
		const grown = (file: string) => vi.waitFor(() => expect(watcher.rounds.slice(1).flatMap((round) => round.files)).toContainEqual(expect.objectContaining({path: file, change: 'grown', report: expect.objectContaining({updated: 1, subagents: file === thread ? 1 : 2})})), patience);
		appendFileSync(nested, sidechain('a7', 8, 15));
		await grown(nested);
		appendFileSync(beside, sidechain('b8', 46, 50));
		await grown(beside);
		appendFileSync(thread, `${threadLines.slice(5).join('\n')}\n`);
		await grown(thread);
		const after = subagentNodes(store);
		expect(Object.keys(after)).toHaveLength(2);
		expect(after['019a5b10-2c4e-7d31-8a9f-4b6e0c2d1a01']![0]).toMatch(/eu-standard\.hbs renders it twice/u);
		// Each of the two subagents' nodes (the nested layout's first) was read again.
		expect(after[claudeSession]).toHaveLength(2);
		expect(after[claudeSession]![0]).not.toBe(before[claudeSession]![0]);
		expect(after[claudeSession]![1]).not.toBe(before[claudeSession]![1]);
		expect(watcher.rounds.flatMap((round) => round.failed)).toEqual([]);
		watcher.child.kill('SIGTERM');
		expect(await watcher.exited).toBe(0);
	}, 120_000);
});
