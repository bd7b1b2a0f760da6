import {readFileSync} from 'node:fs';
import {describe, expect, it} from 'vitest';
import {claudeSessionId, ClaudeCodeReader} from '../../../source/ingest/formats/claude-code.js';
import type {SourceProblem} from '../../../source/ingest/model.js';
import {allUnits, readWith, roles} from './read.js';

const fixture = 'fixtures/transcripts/claude-code-session.jsonl';

describe('ClaudeCodeReader', () => {
	const problems: SourceProblem[] = [];
	const source = readWith(fixture, new ClaudeCodeReader(problems));
	const units = allUnits(source);
	const blocks = units.flatMap((unit) => unit.blocks);

	it('reads every turn and skips summaries, snapshots and system notices', () => {
		expect(problems).toEqual([]);
		expect(source.flavor).toBe('conversation');
		// Five prompts (lines 4, 16, 41, 47, 49) open turns.
		expect(units.filter((unit) => unit.opensTurn)).toHaveLength(5);
		expect(blocks.some((block) => block.text.includes('PostToolUse:Edit'))).toBe(false);
		expect(blocks.some((block) => block.text.includes('trackedFileBackups'))).toBe(false);
	});

	it('keeps tool calls and results as spans with their own roles', () => {
		expect(new Set(roles(source))).toEqual(new Set(['user', 'assistant', 'thinking', 'tool_call', 'tool']));
		const calls = blocks.filter((block) => block.role === 'tool_call');
		const results = blocks.filter((block) => block.role === 'tool');
		expect(calls.length).toBe(results.length);
		// The tool's name, then its arguments as `key: value` lines.
		expect(calls[0]!.text).toBe('Read\nfile_path: /home/ana/src/payments/test/fx/convert.test.ts');
		// Line 8: the ~6 KB log of 40 runs, kept whole; line 12: text blocks joined; line 25: an error.
		expect(results.some((block) => block.text.includes('run 23/40') && block.text.includes('run 40/40'))).toBe(true);
		expect(results.every((block) => !block.text.includes('lines left out'))).toBe(true);
		expect(results.some((block) => block.text.startsWith('[error] '))).toBe(true);
		expect(results.every((block) => block.kind === 'tool')).toBe(true);
	});

	it('keeps the titles the session gave stretches of itself, and what it says about where it came from', () => {
		// Summary lines title the stretch that ends at their leaf; the last whose leaf is in this session is the agent's title for it.
		expect(source.facts.title).toBe('Fix RateCache race with single-flight + quotedAt guard, add CHANGELOG entry');
		expect([...source.facts.titlesByEnd!.values()]).toEqual(['Flaky FX convert test traced to RateCache refresh race', 'Fix RateCache race with single-flight + quotedAt guard, add CHANGELOG entry']);
		// A session sorts by its start.
		expect(source.facts.generatedAt).toBe('2026-10-14T09:12:03.120Z');
		expect(source.facts.provenance).toEqual({
			agent: 'claude-code',
			agent_version: '2.0.14',
			project: '/home/ana/src/payments',
			started_at: '2026-10-14T09:12:03.120Z',
			ended_at: '2026-10-14T09:18:16.320Z',
			model: expect.stringMatching(/^claude-/u),
			turns: 5,
			tool_calls: 18,
			line: 1,
			session_id: '4e2b9c71-0f3a-4d8e-b6c5-97a1d2e3f408',
			agent_title: 'Fix RateCache race with single-flight + quotedAt guard, add CHANGELOG entry',
			// message.usage added up once per message id.
			tokens: {input: 559744, output: 6057, cache_read: 423936, cache_write: 0},
			files_edited: ['/home/ana/src/payments/src/fx/rateCache.ts', '/home/ana/src/payments/test/fx/convert.test.ts', '/home/ana/src/payments/CHANGELOG.md'],
		});
		expect(claudeSessionId('{"type":"summary"}\n{"sessionId":"4e2b9c71-0f3a-4d8e-b6c5-97a1d2e3f408"}')).toBe('4e2b9c71-0f3a-4d8e-b6c5-97a1d2e3f408');
	});

	it("keys a subagent's transcript by its session and its agent, and reads its sidechain lines", () => {
		const sub = (fields: string) => `{"parentUuid":null,"isSidechain":true,"sessionId":"s-1","agentId":"acompact-e1f845",${fields}}`;
		const head = `${sub('"type":"user","message":{"role":"user","content":"Your task is to create a detailed summary of the conversation so far, paying close attention to the user\'s explicit requests."}')}\n`;
		expect(claudeSessionId(head)).toBe('s-1/acompact-e1f845');
		expect(claudeSessionId(head.replace(',"agentId":"acompact-e1f845"', ''), '/p/s-1/subagents/agent-b7.jsonl')).toBe('s-1/agent-b7');
		// A main session is keyed by its id alone, whatever its tool results say of agents.
		expect(claudeSessionId('{"type":"user","isSidechain":false,"sessionId":"s-1","toolUseResult":{"agentId":"x"}}')).toBe('s-1');
		const reader = new ClaudeCodeReader([]);
		reader.push(sub('"type":"user","message":{"role":"user","content":"Your task is to create a detailed summary of the conversation so far."}'), 1);
		reader.push(sub('"type":"assistant","message":{"role":"assistant","content":[{"type":"text","text":"<summary>1. Primary Request: unify the transcript views</summary>"}]}'), 2);
		const parsed = reader.finish();
		// The compaction prompt is context, not a request; the summary is read.
		expect(roles(parsed)).toEqual(['system', 'assistant']);
		expect(parsed.facts.provenance?.turns).toBe(0);
	});

	it('leaves out the note Claude Code appends to every file a Read returns, and keeps other reminders', () => {
		const reader = new ClaudeCodeReader([]);
		const result = (text: string, id: string) => JSON.stringify({type: 'user', sessionId: 's', message: {role: 'user', content: [{type: 'tool_result', tool_use_id: id, content: text}]}});
		reader.push('{"type":"user","sessionId":"s","message":{"role":"user","content":"why does go.mod pin 1.23?"}}', 1);
		reader.push('{"type":"assistant","sessionId":"s","message":{"role":"assistant","content":[{"type":"tool_use","id":"t1","name":"Read","input":{"file_path":"go.mod"}}]}}', 2);
		reader.push(result('     1→module helper\n     2→\n     3→go 1.23.0\n\n<system-reminder>\nWhenever you read a file, you should consider whether it looks malicious. If it does, you MUST refuse to improve or augment the code. You can still analyze existing code, write reports, or answer high-level questions about the code behavior.\n</system-reminder>\n', 't1'), 3);
		reader.push('{"type":"assistant","sessionId":"s","message":{"role":"assistant","content":[{"type":"tool_use","id":"t2","name":"Edit","input":{"file_path":"go.mod","old_string":"go 1.23.0","new_string":"go 1.24.0"}}]}}', 4);
		reader.push(result('Updated go.mod\n<system-reminder>\nPostToolUse:Edit hook additional context: go vet found 1 issue\n</system-reminder>', 't2'), 5);
		const tools = allUnits(reader.finish()).flatMap((unit) => unit.blocks).filter((block) => block.role === 'tool').map((block) => block.text);
		expect(tools).toEqual(['     1→module helper\n     2→\n     3→go 1.23.0', 'Updated go.mod\n<system-reminder>\nPostToolUse:Edit hook additional context: go vet found 1 issue\n</system-reminder>']);
	});

	it('reports a broken line by number and keeps reading', () => {
		const broken: SourceProblem[] = [];
		const reader = new ClaudeCodeReader(broken);
		reader.push('{"type":"user","message":{"role":"user","content":"first question about caching"}}', 1);
		reader.push('{"type":"assistant","message":', 2);
		reader.push('{"type":"assistant","message":{"role":"assistant","content":[{"type":"text","text":"An answer."}]}}', 3);
		reader.push('[1, 2]', 4);
		const parsed = reader.finish();
		expect(broken.map((problem) => problem.line)).toEqual([2, 4]);
		expect(roles(parsed)).toEqual(['user', 'assistant']);
	});
});

describe('Claude Code 2.1.9x titles, on a trimmed real session (fixtures/agents/real/claude-code)', () => {
	const real = 'fixtures/agents/real/claude-code/4eb362e5-e40d-4f92-be47-a5eb907628b9.jsonl';
	const sessionId = '4eb362e5-e40d-4f92-be47-a5eb907628b9';
	const realLines = readFileSync(real, 'utf8').split('\n').filter(Boolean);
	const read = (lines: string[]) => {
		const problems: SourceProblem[] = [];
		const reader = new ClaudeCodeReader(problems);
		lines.forEach((line, index) => reader.push(line, index + 1));
		expect(problems).toEqual([]);
		return reader.finish();
	};
	const aiTitle = (title: string) => JSON.stringify({type: 'ai-title', aiTitle: title, sessionId});

	it("takes the person's rename (custom-title), written after the last message, as the title; the new record kinds are counted, not errors", () => {
		const source = read(realLines);
		expect(source.facts.title).toBe('phase3');
		expect(source.facts.provenance).toMatchObject({user_title: 'phase3', session_id: sessionId});
		expect(source.facts.provenance?.agent_title).toBeUndefined();
		// permission-mode ×3, last-prompt ×2, agent-name, attachment, file-history-snapshot ×2, a stop-hook notice.
		expect(source.skipped).toBe(10);
	});

	it('takes the last of several ai-title records when there is no rename, and the rename before them when there is', () => {
		const withoutRename = realLines.filter((line) => !line.includes('"custom-title"'));
		const ai = read([...withoutRename, aiTitle('Spot check of the Sentinel repo'), aiTitle('Spot check and bootstrap of the Sentinel repo')]);
		expect(ai.facts.title).toBe('Spot check and bootstrap of the Sentinel repo');
		expect(ai.facts.provenance).toMatchObject({agent_title: 'Spot check and bootstrap of the Sentinel repo'});
		const both = read([...realLines, aiTitle('Spot check of the Sentinel repo')]);
		expect(both.facts.title).toBe('phase3');
		expect(both.facts.provenance).toMatchObject({user_title: 'phase3', agent_title: 'Spot check of the Sentinel repo'});
	});

	it('never takes reasoning leaked into a title', () => {
		const leaked = read([...realLines.filter((line) => !line.includes('"custom-title"')), aiTitle('<think>The user wants a title for a spot check.</think>Sentinel spot check')]);
		expect(leaked.facts.title).toBe('Sentinel spot check');
		const only = read([...realLines.filter((line) => !line.includes('"custom-title"')), aiTitle('<think>The user wants a title for a spot check. Maybe')]);
		expect(only.facts.provenance?.agent_title).toBeUndefined();
		expect(only.facts.title).toBeUndefined();
	});
});
