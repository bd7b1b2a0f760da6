import {copyFileSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import {contentF1, kindRecall, nuggetRecall, scoreFolder, scoreTitleSet, summariesTable, summarize, withoutSubagents} from '../../bench/eval/summaries.js';

const files = ['claude-code-session.jsonl', 'codex-rollout.jsonl', 'gemini-chat-session.json', 'chatgpt-conversations.json', 'aider.chat.history.md'];

describe('npm run eval -- summaries', () => {
	const dir = mkdtempSync(path.join(tmpdir(), 'drill-summaries-test-'));
	for (const file of files) copyFileSync(path.join('fixtures/transcripts', file), path.join(dir, file));
	copyFileSync('fixtures/summaries/nuggets.json', path.join(dir, 'nuggets.json'));
	afterAll(() => rmSync(dir, {recursive: true, force: true}));

	it('scores content-word F1 and nugget recall', () => {
		expect(contentF1('Fix the RateCache race', 'RateCache race fixed')).toBeCloseTo(1, 5);
		expect(contentF1('Deploy billing', 'Unrelated words here')).toBe(0);
		expect(nuggetRecall('Fixed the Café Müller slug', [['cafe muller'], ['fixed', 'repaired'], ['ß']])).toBeCloseTo(2 / 3, 5);
		// Nuggets written as [topic, outcome, entity] are scored per kind too.
		expect(kindRecall('Fixed the Café Müller slug', [['cafe muller'], ['fixed', 'repaired'], ['ß']])).toEqual({topic: 1, outcome: 1, entity: 0});
		expect(kindRecall('anything', [['a'], ['b']])).toBeUndefined();
		// Chinese and Japanese letters are words of their own, and a Latin or Hangul word written against them is one too.
		expect(nuggetRecall('比较适合macos系统terminal的中文字体', [['macos'], ['中文字体'], ['文字'], ['mac']])).toBeCloseTo(3 / 4, 5);
		expect(nuggetRecall('API를 수정했습니다', [['api'], ['수정']])).toBeCloseTo(1 / 2, 5);
	});

	it('scores the fixture per agent, against held-out agent titles and nuggets, and names the worst agent', async () => {
		const report = summarize(await scoreFolder(dir));
		const agents = Object.fromEntries(report.agents.map((agent) => [agent.agent, agent]));
		expect(Object.keys(agents).sort()).toEqual(['aider', 'chatgpt', 'claude-code', 'codex', 'gemini-cli']);
		// ChatGPT's three titles and Claude Code's own-leaf summary are shown, and drill's own titles are scored against them.
		expect(agents.chatgpt!.withAgentTitle).toBe(3);
		expect(agents.chatgpt!.agentTitleShown).toBe(3);
		expect(agents['claude-code']!.agentTitleShown).toBe(1);
		expect(report.all.logTitleShown).toBe(report.all.withLogTitle);
		// Every session with nuggets is judged; drill's title + TLDR hold at least as many as the baseline.
		expect(report.agents.reduce((sum, agent) => sum + agent.withNuggets, 0)).toBe(5);
		for (const agent of report.agents) expect(agent.nuggetRecall).toBeGreaterThanOrEqual(agent.baselineNuggetRecall);
		expect(report.agents.every((agent) => agent.longTitles === 0 && agent.longTldrs === 0)).toBe(true);
		expect(report.sharedTitles).toEqual([]);
		expect(report.worst.titleF1).toBeDefined();
		expect(report.all.withNuggets).toBe(5);
		expect(report.all.kinds.topic).toBeGreaterThanOrEqual(report.all.baselineKinds.topic);
		expect(summariesTable(report)).toMatch(/^agent\s+sessions/u);
		expect(summariesTable(report)).toMatch(/^all\s+\d+/mu);
		expect(summariesTable(report)).toMatch(/^nuggets by kind/mu);
	});

	it('takes the naive text from the session\'s own spans, not a subagent\'s', () => {
		const node = (ordinal: number, parent: number | null, title: string, spans: number[]) => ({ordinal, parent, title, summary: '', keywords: [], spans});
		const spans = [0, 1, 2, 3, 4, 5].map((seq) => ({seq, role: seq % 2 ? 'assistant' : 'user', text: `s${seq}`}));
		const nodes = [node(0, null, 'Session', [0, 1]), node(1, 0, 'Subagent: review', [2]), node(2, 1, 'Step', [3]), node(3, 0, 'Fix the cache', [4, 5])];
		expect(withoutSubagents({nodes, spans}).map((span) => span.seq)).toEqual([0, 1, 4, 5]);
		expect(withoutSubagents({nodes: nodes.slice(0, 1), spans})).toHaveLength(6);
	});

	it('counts the person\'s rename as the log\'s own title, before the agent\'s', async () => {
		const renamed = mkdtempSync(path.join(tmpdir(), 'drill-summaries-rename-'));
		try {
			copyFileSync('fixtures/summaries/sessions/claude-code-custom-title.jsonl', path.join(renamed, 'session.jsonl'));
			const report = summarize(await scoreFolder(renamed));
			const [session] = report.sessions;
			expect(session!.logTitle).toBeTruthy();
			expect(report.all.withLogTitle).toBe(1);
			expect(report.all.logTitleShown).toBe(1);
			expect(summariesTable(report)).toMatch(/log-titles shown/u);
		} finally {
			rmSync(renamed, {recursive: true, force: true});
		}
	});

	it('scores titles alone on a set of first requests and their agents\' titles, and refuses what is no such set', () => {
		const set = path.join(dir, 'titles.json');
		writeFileSync(set, JSON.stringify([{id: 'a', title: 'Create three.js template with vite', request: 'Can you create a three.js template in this directory? I want to use vite as a build tool.'}]));
		const report = scoreTitleSet(set);
		expect(report.requests).toBe(1);
		expect(report.titleF1).toBeGreaterThan(0.5);
		writeFileSync(set, '{"not": "a list"}');
		expect(() => scoreTitleSet(set)).toThrow(/holds no \{"title", "request"\} entries/u);
		expect(scoreTitleSet('fixtures/summaries/public/titles-cursor.json').requests).toBe(52);
	});
});
