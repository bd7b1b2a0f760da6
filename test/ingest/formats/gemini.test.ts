import {readFileSync} from 'node:fs';
import {describe, expect, it} from 'vitest';
import {GeminiChatReader, geminiChatSessionId} from '../../../source/ingest/formats/gemini-chat.js';
import {GeminiStreamReader, geminiStreamSessionId} from '../../../source/ingest/formats/gemini-stream.js';
import type {ParsedSource, SourceProblem} from '../../../source/ingest/model.js';
import {allUnits, readWith} from './read.js';

const pairs = (source: ParsedSource) => allUnits(source).flatMap((unit) => unit.blocks.map((block) => [block.role, block.text]));

describe('GeminiStreamReader (gemini --output-format stream-json)', () => {
	const problems: SourceProblem[] = [];
	const reader = new GeminiStreamReader(problems);
	const source = readWith('fixtures/transcripts/gemini-stream.jsonl', reader);
	const blocks = pairs(source);

	it('takes the session id and model from init, and dates the session by its start', () => {
		expect(problems).toEqual([]);
		expect(reader.sessionId).toBe('c3f1a9e2-6b4d-4e8a-9f27-0d5b1c7e3a48');
		expect(geminiStreamSessionId(readFileSync('fixtures/transcripts/gemini-stream.jsonl', 'utf8'))).toBe('c3f1a9e2-6b4d-4e8a-9f27-0d5b1c7e3a48');
		expect(source.facts.provenance).toEqual({agent: 'gemini-cli', model: 'gemini-2.5-pro', started_at: '2026-10-21T08:14:02.117Z', ended_at: '2026-10-21T08:14:15.990Z', turns: 2, tool_calls: 3, line: 1, session_id: 'c3f1a9e2-6b4d-4e8a-9f27-0d5b1c7e3a48', tokens: {input: 7520, output: 1312, cache_read: 9600}, files_edited: ['/home/li/src/atlas/.github/workflows/docs.yml']});
	});

	it('joins delta chunks into one message, and keeps tool uses with their results and errors', () => {
		expect(blocks).toEqual([
			['user', expect.stringMatching(/^Why does `make docs` fail on CI/u)],
			['assistant', "I'll look at the docs workflow to see how MkDocs gets installed on the runner before `make docs` runs."],
			['tool_call', 'read_file\nabsolute_path: /home/li/src/atlas/.github/workflows/docs.yml'],
			['tool', expect.stringMatching(/^name: docs\non:\n {2}push:/u)],
			['assistant', expect.stringMatching(/^`pip install --user` puts the `mkdocs` script in `~\/\.local\/bin`, which is not on the runner's PATH\. On your laptop it is\. Installing/u)],
			['tool_call', expect.stringMatching(/^replace\nfile_path: \/home\/li\/src\/atlas\/\.github\/workflows\/docs\.yml\ninstruction: Install mkdocs-material[^\n]*\n--- \/home\/li\/src\/atlas\/\.github\/workflows\/docs\.yml\n\+\+\+ \/home\/li\/src\/atlas\/\.github\/workflows\/docs\.yml\n@@ -1,2 \+1,2 @@\n- {6}- run: pip install --user mkdocs-material\n\+ {6}- run: python -m pip install mkdocs-material\n {7}- run: make docs$/u)],
			['tool', 'Successfully modified file: /home/li/src/atlas/.github/workflows/docs.yml (1 replacements).'],
			['tool_call', 'run_shell_command\ncommand: act -j build -W .github/workflows/docs.yml\ndescription: Run the docs job locally with act to confirm the fix.'],
			['tool', '[error] bash: act: command not found'],
			['system', '[warning] Loop detection: the same tool call was attempted twice; skipping the retry.'],
			['user', "act isn't installed here, just push and I'll watch CI."],
			['assistant', expect.stringMatching(/^Understood — the workflow change is in place\. After you push/u)],
		]);
		// The result event (stats) has nothing to read.
		expect(source.skipped).toBe(1);
	});

	it('reports a line that is not an event', () => {
		const broken: SourceProblem[] = [];
		const stream = new GeminiStreamReader(broken);
		stream.push('[1]', 1);
		stream.push('{"type":"message","role":"user","content":"hi there"}', 2);
		stream.push('{"type":"stats_v2"}', 3);
		expect(stream.finish().skipped).toBe(1);
		expect(broken).toEqual([{line: 1, reason: 'line 1 is not a stream-json event (an object with a "type")'}]);
	});
});

describe('GeminiChatReader (saved chats)', () => {
	it('reads a session file: messages, thoughts, tool calls with their results, info and errors', () => {
		const problems: SourceProblem[] = [];
		const reader = new GeminiChatReader(problems);
		const text = readFileSync('fixtures/transcripts/gemini-chat-session.json', 'utf8');
		reader.value(JSON.parse(text));
		const source = reader.finish();
		expect(problems).toEqual([]);
		expect(reader.sessionId).toBe('5e0d7b21-9a3c-4f6e-b812-7c4d2a9e1f60');
		expect(geminiChatSessionId(text)).toBe('5e0d7b21-9a3c-4f6e-b812-7c4d2a9e1f60');
		expect(source.facts.provenance).toEqual({agent: 'gemini-cli', project: '/home/li/src/atlas', model: 'gemini-2.5-flash', started_at: '2026-10-22T16:40:05.211Z', ended_at: '2026-10-22T16:47:51.903Z', turns: 2, tool_calls: 4, line: 1, session_id: '5e0d7b21-9a3c-4f6e-b812-7c4d2a9e1f60', tokens: {input: 10422, output: 228, cache_read: 0}, files_edited: ['/home/li/src/atlas/src/search/escape.ts']});
		const blocks = pairs(source);
		expect(blocks.map(([role]) => role)).toEqual(['user', 'thinking', 'assistant', 'tool_call', 'tool', 'tool_call', 'tool', 'assistant', 'system', 'user', 'assistant', 'tool_call', 'tool', 'tool_call', 'tool', 'system', 'assistant']);
		expect(blocks[1]![1]).toBe('Tracing the slow path: Apostrophes probably fall into a different escaping branch; I should read the search handler.');
		expect(blocks[4]![1]).toMatch(/^Found 2 matches for pattern "escapeQuery"/u);
		expect(blocks[8]![1]).toBe('[info] Request cancelled.');
		expect(blocks[11]![1]).toMatch(/^replace\nfile_path: \/home\/li\/src\/atlas\/src\/search\/escape\.ts\ninstruction: [^\n]+\n--- \/home[^\n]+\n\+\+\+ [^\n]+\n@@ -1,7 \+1,3 @@\n export function escapeQuery/u);
		expect(blocks[14]![1]).toBe('[error] Command exited with code 1: 1 failing test: escape.test.ts expects a LIKE pattern for "o\'brien"');
		expect(blocks[15]![1]).toBe('[error] [API Error: 429 Resource exhausted. Please try again later.]');
	});

	it('reads a /chat save checkpoint: parts with thoughts, function calls and responses; the CLI’s own context is not a request', () => {
		const reader = new GeminiChatReader([]);
		reader.value(JSON.parse(readFileSync('fixtures/transcripts/gemini-checkpoint.json', 'utf8')));
		const source = reader.finish();
		const blocks = pairs(source);
		expect(blocks.map(([role]) => role)).toEqual(['system', 'assistant', 'user', 'thinking', 'assistant', 'tool_call', 'tool', 'tool_call', 'tool', 'assistant']);
		expect(blocks[0]![1]).toMatch(/^This is the Gemini CLI\. We are setting up the context/u);
		expect(blocks[5]![1]).toBe('list_directory\npath: /home/li/src/atlas/docs/adr');
		expect(blocks[7]![1]).toMatch(/^write_file\nfile_path: \/home\/li\/src\/atlas\/docs\/adr\/0004-move-search-to-tantivy\.md\ncontent:\n {2}# 4\. Move search to Tantivy\n\n {2}Date: 2026-10-24/u);
		expect(source.facts.provenance?.turns).toBe(1);
		// The file its write_file call wrote is an edited file, as in a session's log.
		expect(source.facts.provenance?.files_edited).toEqual(['/home/li/src/atlas/docs/adr/0004-move-search-to-tantivy.md']);
		// An array of contents (the older checkpoint shape) reads the same.
		const old = new GeminiChatReader([]);
		old.value((JSON.parse(readFileSync('fixtures/transcripts/gemini-checkpoint.json', 'utf8')) as {history: unknown[]}).history);
		expect(pairs(old.finish())).toEqual(blocks);
	});

	it('reads a .jsonl session: metadata, messages, $set updates, and a $rewindTo that drops what came after its target', () => {
		const problems: SourceProblem[] = [];
		const reader = new GeminiChatReader(problems);
		const source = readWith('fixtures/transcripts/gemini-chat-session.jsonl', reader);
		expect(problems).toEqual([]);
		expect(reader.sessionId).toBe('8a2f6c90-1d3e-4b57-a9c8-e4f2b1d07a35');
		const blocks = pairs(source);
		expect(blocks.filter(([role]) => role === 'user').map(([, text]) => text)).toEqual([
			'Rename the config key `search.fuzzy` to `search.typoTolerance` everywhere, including the docs.',
			'Leave CHANGELOG.md alone: old entries should keep the old name.',
		]);
		expect(blocks).toContainEqual(['tool', 'Found 212 matching file(s)']);
		expect(source.facts.provenance).toMatchObject({started_at: '2026-10-25T09:03:44.010Z', ended_at: '2026-10-25T09:05:20.400Z'});
	});
});
