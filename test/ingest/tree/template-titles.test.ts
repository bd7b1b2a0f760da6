import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {describeSource} from '../../../source/ingest/build-item.js';
import {ClaudeCodeReader} from '../../../source/ingest/formats/claude-code.js';
import {isRealRequest} from '../../../source/ingest/formats/requests.js';
import {QwenCodeReader} from '../../../source/ingest/formats/qwen-code.js';
import type {ParsedSource} from '../../../source/ingest/model.js';
import {requestTitle} from '../../../source/ingest/tree/titles.js';

// Issue 35, point 3: titles from templates, system prompts and session commands. The shapes are
// trimmed from public files named in fixtures/summaries/sessions/README.md.
const sessions = 'fixtures/summaries/sessions';
const qwenFile = (file: string): ParsedSource => {
	const reader = new QwenCodeReader([]);
	readFileSync(path.join(sessions, file), 'utf8').split('\n').filter(Boolean).forEach((line, index) => reader.push(line, index + 1));
	return reader.finish();
};

describe('a session is never titled by a template, a system prompt or a session command', () => {
	it('a real Qwen Code chat whose only request is "init": no "Init" title', () => {
		const described = describeSource(qwenFile('qwen-code-init.jsonl'));
		expect(described.title).not.toMatch(/^init$/iu);
		expect(described.title.length).toBeGreaterThan(4);
	});

	it('a real Qwen Code spec-kit command: titled by what the person typed after the command, not by the template', () => {
		const parsed = qwenFile('qwen-code-spec-kit.jsonl');
		const described = describeSource(parsed);
		expect(described.title).not.toMatch(/^Description\b/u);
		expect(described.title).toMatch(/^Create a Constitution document for a book about "Physical AI/u);
	});

	it("Qwen Code's environment context is context, not a request", () => {
		// The first message of a Qwen Code chat as an exporter wrote it (file id 23291402405 of the search index).
		const context = "This is the Qwen Code. We are setting up the context for our chat.\nToday's date is Wednesday, December 3, 2025 (formatted according to the user's locale).\nMy operating system is: win32\nI'm currently working in the directory: D:\\projects\\Conjecture";
		expect(isRealRequest(context)).toBe(false);
		expect(requestTitle(context)).toBeUndefined();
	});

	it("Gemini CLI's older environment context is context, not a request", () => {
		// The first message of a Gemini CLI checkpoint as its 2025 client wrote it (getEnvironment's template).
		const context = "Okay, just setting up the context for our chat.\n  Today is Thursday, June 26, 2025.\n  My operating system is: linux\n  I'm currently working in the directory: /home/dev";
		expect(isRealRequest(context)).toBe(false);
		expect(requestTitle(context)).toBeUndefined();
	});

	it("a Claude Code skill's body sent in the person's place is no request", () => {
		expect(isRealRequest('Base directory for this skill: /Users/allen/.claude/skills/resolve-reviews\n\n# Resolve reviews\n\nRead every open review comment…')).toBe(false);
	});

	it('a session command with its terminal output, as Claude Code’s /export prints it, is no request', () => {
		// Claude Code 2.1.112 `/export` text (file id 52649708187 of the search index), its last two prompts.
		expect(isRealRequest('/exit\n  ⎿  Catch you later!')).toBe(false);
		expect(isRealRequest('/exit                                                                           ⎿  Catch you later!')).toBe(false);
		expect(isRealRequest('/rename intro-session\n  ⎿  Session renamed to: intro-session')).toBe(false);
		// A command with the person's words after it and no output is still a request.
		expect(isRealRequest('/ask why does the build fail on Windows?')).toBe(true);
	});

	it('a session that only ran a custom command is named by the command, not by a heading of its template or output', () => {
		// The wrapper Claude Code writes for a slash command (as a public export shows it, file id 15270104173),
		// the command's body in the person's place (isMeta), then tool calls only: no request typed.
		const line = (record: object) => JSON.stringify({sessionId: 'c-1', timestamp: '2026-11-01T10:00:00Z', ...record});
		const template = '# Agent start\n\n## Successfully completed\n\nList what was done.\n\n## Write operations\n\nEvery file written.\n\n## Git changes\n\nThe commits made.';
		const reader = new ClaudeCodeReader([]);
		const records = [
			line({type: 'user', uuid: 'u1', message: {role: 'user', content: '<command-message>agent-start is running…</command-message>\n<command-name>/agent-start</command-name>'}}),
			line({type: 'user', uuid: 'u2', isMeta: true, message: {role: 'user', content: [{type: 'text', text: template}]}}),
			...Array.from({length: 6}, (_, index) => [
				line({type: 'assistant', uuid: `a${index}`, message: {role: 'assistant', model: 'claude-x', content: [{type: 'tool_use', id: `t${index}`, name: 'Bash', input: {command: `git status --short src/${index}`}}]}}),
				line({type: 'user', uuid: `r${index}`, message: {role: 'user', content: [{type: 'tool_result', tool_use_id: `t${index}`, content: 'Successfully completed. Write operations: 0. Git changes: none.'}]}}),
			]).flat(),
		];
		records.forEach((record, index) => reader.push(record, index + 1));
		const described = describeSource(reader.finish());
		expect(described.title).toBe('/agent-start');
	});

	it('"Contunue" and other mistyped continues ask nothing new', () => {
		for (const text of ['Contunue', 'contiune', 'continiue']) expect(isRealRequest(text), text).toBe(false);
		expect(isRealRequest('Contract review')).toBe(true);
	});

	it('a resumed Claude Code session that opens on a sidechain line is not a subagent of itself', () => {
		const line = (record: object) => JSON.stringify(record);
		const records = [
			{type: 'user', uuid: 'u1', sessionId: 'b0a5bd10-0000-4000-8000-000000000001', isSidechain: true, timestamp: '2026-11-01T10:00:00Z', message: {role: 'user', content: 'Check the deploy script'}},
			{type: 'assistant', uuid: 'a1', sessionId: 'b0a5bd10-0000-4000-8000-000000000001', isSidechain: true, timestamp: '2026-11-01T10:01:00Z', message: {role: 'assistant', model: 'claude-x', content: [{type: 'text', text: 'The deploy script is fine.'}]}},
		];
		const own = new ClaudeCodeReader([], undefined, undefined, '/home/u/.claude/projects/p/b0a5bd10-0000-4000-8000-000000000001.jsonl');
		records.forEach((record, index) => own.push(line(record), index + 1));
		expect(own.finish().facts.provenance?.parent_session).toBeUndefined();
		// A subagent's own file (named by its agent id) still is one.
		const agent = new ClaudeCodeReader([], undefined, undefined, '/home/u/.claude/projects/p/agent-3f2a1c.jsonl');
		records.forEach((record, index) => agent.push(line(record), index + 1));
		expect(agent.finish().facts.provenance?.parent_session).toBe('b0a5bd10-0000-4000-8000-000000000001');
	});
});
