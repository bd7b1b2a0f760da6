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
		expect(calls[0]!.text).toMatch(/^Read \{"file_path":"\/home\/ana\/src\/payments\/test\/fx\/convert\.test\.ts"\}$/u);
		// Line 8: the ~6.5 KB log of 40 runs, whole; line 12: text blocks joined; line 25: an error.
		expect(results.some((block) => block.text.length > 5000 && block.text.includes('run 40/40'))).toBe(true);
		expect(results.some((block) => block.text.startsWith('[error] '))).toBe(true);
		expect(results.every((block) => block.kind === 'tool')).toBe(true);
	});

	it('takes the title the session gave its last message, and the last timestamp', () => {
		expect(source.facts.title).toBe('Fix RateCache race with single-flight + quotedAt guard, add CHANGELOG entry');
		expect(source.facts.generatedAt).toBe('2026-10-14T09:18:16.320Z');
		expect(claudeSessionId('{"type":"summary"}\n{"sessionId":"4e2b9c71-0f3a-4d8e-b6c5-97a1d2e3f408"}')).toBe('4e2b9c71-0f3a-4d8e-b6c5-97a1d2e3f408');
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
