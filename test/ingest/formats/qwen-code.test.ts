import {readFileSync, statSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {sniff} from '../../../source/ingest/formats/detect.js';
import {QwenCodeReader, qwenSessionId} from '../../../source/ingest/formats/qwen-code.js';
import type {SourceProblem} from '../../../source/ingest/model.js';
import {ingest} from '../../helpers/ingest.js';
import {tempDir} from '../../helpers/cli.js';
import {allUnits, readWith} from './read.js';

const fixture = 'fixtures/agents/qwen-code/projects/-home-mira-src-tidewater/chats/b7e3c1a9-2f4d-4e8b-9c6a-1d0e5f3a7b29.jsonl';

describe('Qwen Code chats', () => {
	const problems: SourceProblem[] = [];
	const reader = new QwenCodeReader(problems);
	const source = readWith(fixture, reader);
	const blocks = allUnits(source).flatMap((unit) => unit.blocks);
	const of = (role: string) => blocks.filter((block) => block.role === role).map((block) => block.text);

	it('reads the session: id, project, model, times, tokens, its title, the files it wrote', () => {
		expect(problems).toEqual([]);
		expect(reader.sessionId).toBe('b7e3c1a9-2f4d-4e8b-9c6a-1d0e5f3a7b29');
		expect(qwenSessionId(readFileSync(fixture, 'utf8'))).toBe('b7e3c1a9-2f4d-4e8b-9c6a-1d0e5f3a7b29');
		expect(source.facts.title).toBe('Tide sparkline in the terminal');
		expect(source.facts.provenance).toMatchObject({
			agent: 'qwen-code',
			project: '/home/mira/src/tidewater',
			model: 'qwen3-coder-plus',
			started_at: '2025-12-20T09:00:00.000Z',
			ended_at: '2025-12-20T09:04:05.000Z',
			turns: 2,
			tool_calls: 3,
			// The prompt's count includes what was read from the cache (Qwen Code maps OpenAI's prompt_tokens to it).
			tokens: {input: 3200, output: 310, cache_read: 18000},
			files_edited: ['/home/mira/src/tidewater/src/cli/spark.ts', '/home/mira/src/tidewater/src/cli/predict.ts'],
		});
	});

	it('reads every record type: requests, answers with thoughts and calls, results and errors, compression, commands; not a subagent’s lines', () => {
		expect(of('user')).toEqual(['Plot the tide forecast as a sparkline in the terminal for `tidewater predict --spark`.', '@src/cli/predict.ts wire --spark into the predict command']);
		expect(of('thinking')).toEqual(['Ranges map to the eight block characters.']);
		expect(of('tool_call').map((text) => text.split('\n', 1)[0])).toEqual(['read_file', 'write_file', 'replace']);
		expect(of('tool')).toEqual(["program.command('predict').option('--days <n>')", expect.stringMatching(/^Successfully created/u), '[error] Failed to edit, 0 occurrences found for old_string.']);
		expect(of('system')).toEqual(['[command] /compress', 'Summary so far: a sparkline renderer was added in src/cli/spark.ts.\n\nGot it.', '[read] src/cli/predict.ts']);
		expect(of('assistant')).not.toContain("(a subagent's own step)");
		// The session source, UI telemetry, and the subagent's line.
		expect(source.skipped).toBe(3);
	});

	it('is told from Claude Code by its Gemini-style message parts', async () => {
		expect((await sniff(fixture, statSync(fixture).size)).format).toBe('qwen-code');
		expect((await sniff('fixtures/transcripts/claude-code-session.jsonl', statSync('fixtures/transcripts/claude-code-session.jsonl').size)).format).toBe('claude-code');
		expect(await ingest([fixture], {storePath: path.join(tempDir(), 's.db'), workers: false})).toMatchObject({added: 1, failed: []});
	});
});
