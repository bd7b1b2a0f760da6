import {describe, expect, it} from 'vitest';
import {ClaudeCodeReader} from '../../../source/ingest/formats/claude-code.js';
import {CodexReader} from '../../../source/ingest/formats/codex.js';
import {GeminiChatReader} from '../../../source/ingest/formats/gemini-chat.js';
import {GeminiStreamReader} from '../../../source/ingest/formats/gemini-stream.js';
import {commitsMade} from '../../../source/ingest/formats/session-facts.js';
import type {ParsedSource} from '../../../source/ingest/model.js';

/** What each agent's log records of a session's cost and changes, in the shapes their source writes. */
function feed(reader: {push(text: string, line: number): void; finish(): ParsedSource}, records: unknown[]) {
	records.forEach((record, index) => reader.push(JSON.stringify(record), index + 1));
	return reader.finish().facts.provenance!;
}

describe('tokens, files edited and commits', () => {
	it('Claude Code: message.usage once per message id, though a message spans several lines; Edit/Write/MultiEdit/NotebookEdit files; git commits that succeeded', () => {
		const at = (n: number) => `2026-10-14T09:1${n}:00.000Z`;
		const usage = {input_tokens: 10, output_tokens: 200, cache_read_input_tokens: 5000, cache_creation_input_tokens: 700};
		const assistant = (uuid: string, id: string, content: unknown[], n: number) => ({type: 'assistant', uuid, sessionId: 's', timestamp: at(n), message: {id, role: 'assistant', model: 'claude-sonnet-4-5', content, usage}});
		const result = (uuid: string, id: string, content: string, isError = false) => ({type: 'user', uuid, sessionId: 's', timestamp: at(5), message: {role: 'user', content: [{type: 'tool_result', tool_use_id: id, content, is_error: isError}]}});
		const provenance = feed(new ClaudeCodeReader([]), [
			{type: 'user', uuid: 'u1', sessionId: 's', timestamp: at(0), message: {role: 'user', content: 'Fix the flaky test and commit'}},
			// One API message written as three lines (thinking, text, tool_use), each repeating the usage.
			assistant('a1', 'msg_1', [{type: 'thinking', thinking: 'Look at the cache.'}], 1),
			assistant('a2', 'msg_1', [{type: 'text', text: 'Editing the cache.'}], 1),
			assistant('a3', 'msg_1', [{type: 'tool_use', id: 't1', name: 'Edit', input: {file_path: '/src/fx/cache.ts', old_string: 'a', new_string: 'b'}}], 1),
			result('r1', 't1', 'ok'),
			assistant('a4', 'msg_2', [{type: 'tool_use', id: 't2', name: 'Write', input: {file_path: '/src/CHANGELOG.md', content: '# x'}}, {type: 'tool_use', id: 't3', name: 'MultiEdit', input: {file_path: '/src/fx/rate.ts', edits: [{old_string: 'x', new_string: 'y'}]}}, {type: 'tool_use', id: 't4', name: 'NotebookEdit', input: {notebook_path: '/src/a.ipynb', new_source: 'x'}}, {type: 'tool_use', id: 't5', name: 'Read', input: {file_path: '/src/not-edited.ts'}}], 2),
			assistant('a5', 'msg_3', [{type: 'tool_use', id: 't6', name: 'Bash', input: {command: 'git add -A && git commit -m "Fix the race"'}}], 3),
			result('r2', 't6', '[fix/fx-race 1a2b3c4] Fix the race\n 2 files changed, 10 insertions(+)'),
			assistant('a6', 'msg_4', [{type: 'tool_use', id: 't7', name: 'Bash', input: {command: 'git commit -m again'}}], 4),
			result('r3', 't7', 'On branch main\nnothing to commit, working tree clean', true),
		]);
		expect(provenance.tokens).toEqual({input: 40, output: 800, cache_read: 20000, cache_write: 2800});
		expect(provenance.files_edited).toEqual(['/src/fx/cache.ts', '/src/CHANGELOG.md', '/src/fx/rate.ts', '/src/a.ipynb']);
		expect(provenance.commits).toBe(1);
		expect(provenance.started_at).toBe(at(0));
	});

	it('Codex: the last token_count total (not a sum of totals), cached input apart; apply_patch files; a commit through the shell', () => {
		const event = (payload: unknown) => ({timestamp: '2026-11-03T14:02:25.950Z', type: 'event_msg', payload});
		const item = (payload: unknown) => ({timestamp: '2026-11-03T14:02:26.000Z', type: 'response_item', payload});
		const total = (input: number, cached: number, output: number) => event({type: 'token_count', info: {total_token_usage: {input_tokens: input, cached_input_tokens: cached, output_tokens: output, reasoning_output_tokens: 10, total_tokens: input + output}, last_token_usage: {input_tokens: 1, output_tokens: 1}}});
		const provenance = feed(new CodexReader([]), [
			// A thread another Codex thread spawned names its parent (codex-rs SessionSource::SubAgent).
			{timestamp: '2026-11-03T14:02:00.000Z', type: 'session_meta', payload: {id: 'c-1', timestamp: '2026-11-03T14:02:00.000Z', cwd: '/repo', source: {subagent: {thread_spawn: {parent_thread_id: 'ad7f0408-99b8-4f6e-a46f-bd0eec433370', depth: 1, agent_nickname: null, agent_role: null}}}}},
			event({type: 'user_message', message: 'Add a --json flag and commit'}),
			event({type: 'token_count', info: null}),
			total(1000, 800, 50),
			item({type: 'custom_tool_call', name: 'apply_patch', call_id: 'p1', input: '*** Begin Patch\n*** Update File: src/cli.ts\n@@\n-a\n+b\n*** Add File: test/cli.test.ts\n+x\n*** End Patch'}),
			item({type: 'custom_tool_call_output', call_id: 'p1', output: 'Success. Updated the following files:\nM src/cli.ts'}),
			item({type: 'function_call', name: 'shell', call_id: 'c1', arguments: JSON.stringify({command: ['apply_patch', '*** Begin Patch\n*** Update File: docs/cli.md\n@@\n-a\n+b\n*** End Patch']})}),
			item({type: 'function_call_output', call_id: 'c1', output: JSON.stringify({output: 'Done!', metadata: {exit_code: 0}})}),
			item({type: 'function_call', name: 'shell', call_id: 'c2', arguments: JSON.stringify({command: ['bash', '-lc', 'git commit -am "Add --json"']})}),
			item({type: 'function_call_output', call_id: 'c2', output: JSON.stringify({output: '[main 9f8e7d6] Add --json\n 2 files changed', metadata: {exit_code: 0}})}),
			total(5000, 3000, 400),
		]);
		expect(provenance.tokens).toEqual({input: 2000, output: 400, cache_read: 3000});
		expect(provenance.files_edited).toEqual(['src/cli.ts', 'test/cli.test.ts', 'docs/cli.md']);
		expect(provenance.commits).toBe(1);
		expect(provenance.parent_session).toBe('ad7f0408-99b8-4f6e-a46f-bd0eec433370');
	});

	it("Gemini CLI: each message's tokens in a saved chat, the result's stats in stream-json; replace/write_file files", () => {
		const chat = new GeminiChatReader([]);
		chat.value({
			sessionId: 'g-1',
			projectHash: 'h',
			startTime: '2026-10-25T09:03:44.010Z',
			lastUpdated: '2026-10-25T09:05:20.400Z',
			messages: [
				{id: 'm1', type: 'user', timestamp: '2026-10-25T09:03:44.010Z', content: 'Rename the config key'},
				{id: 'm2', type: 'gemini', timestamp: '2026-10-25T09:04:00.000Z', model: 'gemini-2.5-pro', content: 'Renaming.', tokens: {input: 1000, output: 20, cached: 600, thoughts: 30, tool: 0, total: 1050}, toolCalls: [{id: 'x', name: 'replace', args: {file_path: '/repo/config.ts', old_string: 'a', new_string: 'b'}, status: 'success', result: []}]},
				{id: 'm3', type: 'gemini', timestamp: '2026-10-25T09:05:20.400Z', model: 'gemini-2.5-pro', content: 'Done.', tokens: {input: 1200, output: 10, cached: 1000, thoughts: 0, tool: 0, total: 1210}, toolCalls: [{id: 'y', name: 'write_file', args: {file_path: '/repo/NOTES.md', content: 'x'}, status: 'success', result: []}]},
			],
		});
		const saved = chat.finish().facts.provenance!;
		expect(saved.tokens).toEqual({input: 600, output: 60, cache_read: 1600});
		expect(saved.files_edited).toEqual(['/repo/config.ts', '/repo/NOTES.md']);
		const stream = feed(new GeminiStreamReader([]), [
			{type: 'init', timestamp: '2026-10-21T08:14:02.117Z', session_id: 'g-2', model: 'gemini-2.5-pro'},
			{type: 'message', timestamp: '2026-10-21T08:14:02.200Z', role: 'user', content: 'Fix the typo in README'},
			{type: 'tool_use', timestamp: '2026-10-21T08:14:05.000Z', tool_name: 'replace', tool_id: 't', parameters: {file_path: 'README.md', old_string: 'teh', new_string: 'the'}},
			{type: 'tool_result', timestamp: '2026-10-21T08:14:06.000Z', tool_id: 't', status: 'success', output: 'ok'},
			{type: 'result', timestamp: '2026-10-21T08:14:15.990Z', status: 'success', stats: {total_tokens: 9000, input_tokens: 8000, output_tokens: 1000, cached: 5000, duration_ms: 13000, tool_calls: 1}},
		]);
		expect(stream.tokens).toEqual({input: 3000, output: 1000, cache_read: 5000});
		expect(stream.files_edited).toEqual(['README.md']);
	});

	it('counts a commit by what git printed, or by a commit command that did not fail', () => {
		expect(commitsMade('git commit -m x', '[main (root-commit) 0123abc] x', false)).toBe(1);
		expect(commitsMade('git -C repo commit --amend --no-edit', '', false)).toBe(1);
		expect(commitsMade('git commit -m x', 'error: pathspec did not match', false)).toBe(0);
		expect(commitsMade('git commit -m x', '', true)).toBe(0);
		expect(commitsMade('git log --oneline', '[main 0123abc] x', false)).toBe(0);
		expect(commitsMade('git rebase main', '[detached HEAD 1234567] a\n[detached HEAD 89abcde] b', false)).toBe(0);
	});
});
