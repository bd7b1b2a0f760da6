import {readFileSync, statSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {CopilotCliReader, copilotCliSessionId} from '../../../source/ingest/formats/copilot-cli.js';
import {sniff} from '../../../source/ingest/formats/detect.js';
import type {SourceProblem} from '../../../source/ingest/model.js';
import {ingest} from '../../helpers/ingest.js';
import {tempDir} from '../../helpers/cli.js';
import {readWith, textsOf} from './read.js';

const folder = 'fixtures/agents/copilot-cli/session-state';
const hi = path.join(folder, '9a493a94-a307-489e-8bc7-d16f4afcd992', 'events.jsonl');
const init = path.join(folder, '3cc3555e-5462-44f9-95de-c67b1cb220b9', 'events.jsonl');
const read = (file: string, problems: SourceProblem[] = []) => readWith(file, new CopilotCliReader(problems, file));

describe('GitHub Copilot CLI sessions (real, trimmed)', () => {
	it('reads a session with the name Copilot gave it, its project, model and token totals', () => {
		const problems: SourceProblem[] = [];
		const source = read(hi, problems);
		expect(problems).toEqual([]);
		expect(source.facts.provenance).toMatchObject({agent: 'copilot-cli', session_id: '9a493a94-a307-489e-8bc7-d16f4afcd992', agent_title: 'hi', project: '/Users/thatpong/.dotfiles/.config', model: 'claude-sonnet-4.6', turns: 1, tokens: {input: 3, output: 12, cache_read: 0, cache_write: 19768}});
		expect(textsOf(source, 'user')).toEqual(['hi']);
		expect(textsOf(source, 'assistant')).toEqual(['Hi! How can I help you today?']);
		expect(copilotCliSessionId(readFileSync(hi, 'utf8'), hi)).toBe('9a493a94-a307-489e-8bc7-d16f4afcd992');
	});

	it('reads the person’s words (not the prompt the model got), reasoning, tool calls and results', () => {
		const source = read(init);
		expect(source.facts.title).toBe('Initialize Project Setup');
		expect(textsOf(source, 'user')).toEqual(['/init']);
		expect(textsOf(source, 'thinking')[0]).toMatch(/^Let me explore the repository structure/u);
		expect(textsOf(source, 'tool_call')[0]).toBe('report_intent\nintent: Exploring codebase structure');
		expect(textsOf(source, 'tool')[0]).toBe('Intent logged');
		expect(source.facts.provenance?.files_edited).toEqual(['/Users/thatpong/Documents/workspace/dotnet-trial/demoapi/.github/copilot-instructions.md']);
	});

	it('is told from its events (not as a Claude agent stream) and ingested', async () => {
		for (const file of [hi, init]) expect((await sniff(file, statSync(file).size)).format).toBe('copilot-cli');
		expect(await ingest([hi, init], {storePath: path.join(tempDir(), 's.db'), workers: false})).toMatchObject({added: 2, failed: []});
	});
});
