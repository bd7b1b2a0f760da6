import {copyFileSync, readFileSync, statSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {sniff} from '../../../source/ingest/formats/detect.js';
import {PiSessionReader, piAgentOfPath, piSessionId} from '../../../source/ingest/formats/pi-session.js';
import type {SourceProblem} from '../../../source/ingest/model.js';
import {ingest} from '../../helpers/ingest.js';
import {tempDir} from '../../helpers/cli.js';
import {storedItems} from '../../helpers/items.js';
import {readWith, textsOf} from './read.js';

const openclaw = 'fixtures/agents/openclaw/agents/main/sessions/1f979e30-12ad-4b66-80ac-bcbb53b985ff.jsonl';
const pi = 'fixtures/agents/pi/pi/agent/sessions/--home-ada-src-tidewater--/2026-03-02T09-00-00-000Z_5b0c9e1e-1f0a-4c3e-9d55-0c8e2b7a4d10.jsonl';
const realBranched = 'fixtures/agents/pi/real/before-compaction.jsonl';
const realThemes = 'fixtures/agents/pi/real/large-session.jsonl';
const omp = 'fixtures/agents/pi/omp/agent/sessions/--home-ada-src-tidewater--/2026-03-03T10-00-00-000Z_7d1f2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b.jsonl';

const read = (file: string, problems: SourceProblem[] = []) => readWith(file, new PiSessionReader(problems, file));

describe('OpenClaw sessions (real, trimmed; Pi’s session format)', () => {
	const problems: SourceProblem[] = [];
	const source = read(openclaw, problems);

	it('is OpenClaw’s, by its folder and by its own markers, with its project and model', () => {
		expect(problems).toEqual([]);
		expect(source.facts.provenance).toMatchObject({agent: 'openclaw', session_id: '1f979e30-12ad-4b66-80ac-bcbb53b985ff', project: String.raw`C:\Users\Admin\.openclaw\workspace`, model: 'coder-model', tool_calls: 2});
		expect(readWith(openclaw, new PiSessionReader([], '/elsewhere/s.jsonl')).facts.provenance?.agent).toBe('openclaw');
		expect(piAgentOfPath('/home/a/.openclaw/agents/work/sessions/x.jsonl')).toBe('openclaw');
		expect(piSessionId(readFileSync(openclaw, 'utf8'))).toBe('1f979e30-12ad-4b66-80ac-bcbb53b985ff');
	});

	it('takes the person’s words out of the chat channel’s envelope, which stays as context', () => {
		expect(textsOf(source, 'user').slice(0, 2)).toEqual(['Hi there', 'Please set to replay in Chinese']);
		expect(textsOf(source, 'system')[0]).toMatch(/^Sender \(untrusted metadata\):/u);
	});
});

describe('Pi sessions (real, trimmed: badlogic/pi-mono’s own v1 test sessions)', () => {
	const problems: SourceProblem[] = [];
	const source = read(realBranched, problems);

	it('is Pi’s, with its project, model, turns and tools', () => {
		expect(problems).toEqual([]);
		// 15 requests; 14 tool calls of the model and 3 commands the person ran with `!`.
		expect(source.facts.provenance).toMatchObject({agent: 'pi', session_id: 'ffae836b-9420-4060-ac13-7745215f90ff', project: '/Users/badlogic/workspaces/pi-mono', model: 'claude-opus-4-5', turns: 15, tool_calls: 17, commits: 3});
		expect(source.facts.provenance?.files_edited).toEqual(['/Users/badlogic/workspaces/pi-mono/packages/coding-agent/src/modes/interactive/interactive-mode.ts']);
		// Five thinking-level changes are bookkeeping.
		expect(source.skipped).toBe(5);
	});

	it('names the session a v1 branch was copied from (`branchedFrom`) as its parent', () => {
		expect(source.facts.provenance?.parent_session).toBe('d97339c6-6c10-4827-846b-9ff1d9c3dc37');
	});

	it('sums the tokens and the cost Pi recorded, and keeps each reply’s usage at its own hour', () => {
		expect(source.facts.provenance).toMatchObject({tokens: {input: 2898, output: 10604, cache_read: 518502, cache_write: 690084}, cost_usd: 4.851866});
		const hours = new Set(source.usage?.map((used) => used.at?.slice(0, 13)));
		expect([...hours]).toEqual(['2025-12-08T22', '2025-12-08T23', '2025-12-09T00']);
		expect(source.usage?.every((used) => used.model === 'claude-opus-4-5' && (used.cost_usd ?? 0) > 0)).toBe(true);
	});

	it('keeps the compaction summaries as context, the `!` commands as calls, and a failed reply’s error', () => {
		expect(textsOf(source, 'system').filter((said) => said.startsWith('# Context Checkpoint: Coding Agent Refactoring'))).toHaveLength(1);
		expect(textsOf(source, 'tool_call').filter((call) => /^bash\ncommand: (?:ls|find \.)$/u.test(call))).toHaveLength(3);
		expect(textsOf(source, 'system').some((said) => said.startsWith('[error] 400'))).toBe(true);
	});

	it('names the model the replies used', () => {
		const themes = read(realThemes);
		expect(themes.facts.provenance).toMatchObject({agent: 'pi', model: 'claude-sonnet-4-5', turns: 2, tool_calls: 8, cost_usd: 0.136146, files_edited: ['packages/coding-agent/src/tui/user-message-selector.ts']});
		// The aborted first reply (gpt-5.1-codex, nothing used) makes no usage.
		expect(themes.usage?.map((used) => used.model)).toEqual(['claude-sonnet-4-5', 'claude-sonnet-4-5', 'claude-sonnet-4-5', 'claude-sonnet-4-5']);
	});

	it('is titled by its first request, as Pi’s session list shows it, and not by a slash command', async () => {
		const store = path.join(tempDir(), 's.db');
		expect(await ingest([realBranched, realThemes], {storePath: store, workers: false})).toMatchObject({added: 2, failed: []});
		expect(storedItems(store).map(({record}) => record.title).sort()).toEqual(['Alright, read packages/coding-agent/src/main.ts…', 'Read packages/coding-agent/docs/theme.md in full']);
	});
});

describe('a Pi `/branch` copy beside the session it was copied from', () => {
	/**
	 * The real branch, and beside it its parent as Pi had it: the parent's file holds the entries
	 * the branch copied (all those older than the branch's header) under a header of its own.
	 */
	function family(ownTurn = false): {dir: string; branch: string; parent: string} {
		const dir = tempDir();
		const lines = readFileSync(realBranched, 'utf8').trim().split('\n');
		const header = JSON.parse(lines[0]!) as {timestamp: string; branchedFrom: string};
		const copied = lines.slice(1).filter((line) => (JSON.parse(line) as {timestamp: string}).timestamp < header.timestamp);
		const parent = path.join(dir, path.basename(header.branchedFrom));
		writeFileSync(parent, `${[JSON.stringify({type: 'session', id: 'd97339c6-6c10-4827-846b-9ff1d9c3dc37', timestamp: '2025-12-09T00:52:54.397Z', cwd: '/Users/badlogic/workspaces/pi-mono', provider: 'anthropic', modelId: 'claude-opus-4-5', thinkingLevel: 'off'}), ...copied].join('\n')}\n`);
		const branch = path.join(dir, '2025-12-09T00-53-29-825Z_ffae836b-9420-4060-ac13-7745215f90ff.jsonl');
		copyFileSync(realBranched, branch);
		if (ownTurn) {
			const at = '2025-12-09T01:30:00.000Z';
			const own = [
				{type: 'message', timestamp: at, message: {role: 'user', content: [{type: 'text', text: 'now only the branch: rename the footer setting'}], timestamp: 1765243800000}},
				{type: 'message', timestamp: at, message: {role: 'assistant', content: [{type: 'text', text: 'Renamed.'}], model: 'claude-opus-4-5', usage: {input: 7, output: 11, cacheRead: 0, cacheWrite: 0, totalTokens: 18, cost: {total: 0.0003}}, timestamp: 1765243800001}},
			];
			writeFileSync(branch, `${readFileSync(branch, 'utf8').trimEnd()}\n${own.map((entry) => JSON.stringify(entry)).join('\n')}\n`);
		}
		return {dir, branch, parent};
	}

	it('leaves the copied start out of the branch, so its turns, tokens and cost are the branch’s own', () => {
		const {branch} = family(true);
		const source = read(branch);
		expect(source.facts.provenance).toMatchObject({agent: 'pi', parent_session: 'd97339c6-6c10-4827-846b-9ff1d9c3dc37', turns: 1, tokens: {input: 7, output: 11}, cost_usd: 0.0003});
		expect(textsOf(source, 'user')).toEqual(['now only the branch: rename the footer setting']);
		expect(source.usage).toHaveLength(1);
	});

	it('keeps the copy when the parent’s file is not there, so nothing is lost', () => {
		const alone = read(realBranched);
		expect(alone.facts.provenance).toMatchObject({turns: 15, cost_usd: 4.851866});
	});

	it('counts the copied usage once when both files are ingested', async () => {
		const {parent, branch} = family(true);
		const store = path.join(tempDir(), 's.db');
		const report = await ingest([parent, branch], {storePath: store, workers: false});
		expect(report).toMatchObject({added: 2, failed: []});
		const sources = storedItems(store).map(({record}) => record.source ?? {});
		const total = (key: 'input' | 'output' | 'cache_read' | 'cache_write') => sources.reduce((sum, source) => sum + (source.tokens?.[key] ?? 0), 0);
		// The real session's own sums (see above) plus the branch's one reply, not twice the session's.
		expect([total('input'), total('output'), total('cache_read'), total('cache_write')]).toEqual([2898 + 7, 10604 + 11, 518502, 690084]);
		expect(sources.reduce((sum, source) => sum + (source.turns ?? 0), 0)).toBe(16);
	});

	it('makes no session of a branch that only holds the copy', async () => {
		const {parent, branch} = family();
		const report = await ingest([parent, branch], {storePath: path.join(tempDir(), 's.db'), workers: false});
		expect(report).toMatchObject({added: 1, empty_sessions: 1, failed: []});
	});
});

describe('Pi and Oh My Pi sessions (built from their source)', () => {
	it('reads the branch that ends at the last entry, with the name the person gave it, cost, edits and commits', () => {
		const source = read(pi);
		expect(source.facts.title).toBe('Tide table midnight fix');
		expect(source.facts.provenance).toMatchObject({agent: 'pi', project: '/home/ada/src/tidewater', model: 'claude-sonnet-4-5', turns: 1, tool_calls: 3, commits: 1, cost_usd: 0.014295, tokens: {input: 2800, output: 150, cache_read: 900, cache_write: 900}, files_edited: ['src/tides/window.ts']});
		expect(textsOf(source, 'assistant')).not.toContain('A first try: widen the window.');
		expect(textsOf(source, 'system')).toEqual(['Widening the window was tried and abandoned: it made the duplicate worse.']);
		expect(source.skipped).toBe(2);
	});

	it('tells Oh My Pi by its title slot, and the person’s retitle wins over the generated title', () => {
		const source = read(omp);
		expect(source.facts.title).toBe('Alarm scheduler and the midnight window');
		expect(source.facts.provenance).toMatchObject({agent: 'oh-my-pi', model: 'claude-opus-4-5', cost_usd: 0.0055});
	});

	it('is told from its content and ingested', async () => {
		for (const file of [openclaw, pi, omp, realBranched, realThemes]) expect((await sniff(file, statSync(file).size)).format).toBe('pi');
		expect(await ingest([openclaw, pi, omp, realBranched, realThemes], {storePath: path.join(tempDir(), 's.db'), workers: false})).toMatchObject({added: 5, failed: []});
	});
});
