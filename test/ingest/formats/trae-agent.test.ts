import {readFileSync, statSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {sniff} from '../../../source/ingest/formats/detect.js';
import {readTraeTrajectory} from '../../../source/ingest/formats/trae-agent.js';
import type {ParsedSource} from '../../../source/ingest/model.js';
import {ingest} from '../../helpers/ingest.js';
import {tempDir} from '../../helpers/cli.js';
import {storedItems} from '../../helpers/items.js';
import {textsOf} from './read.js';

// Trimmed from real public trajectories: see fixtures/agents/trae-agent/README.md.
const folder = 'fixtures/agents/trae-agent/workspace/trajectories';
const done = path.join(folder, 'trajectory_20251119_073321.json');
const failed = path.join(folder, 'trajectory_20251121_115405.json');
const read = (file: string) => readTraeTrajectory(path.resolve(file), JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) as ParsedSource;

describe('Trae Agent trajectories', () => {
	it('reads the task as the request, each step’s calls and results, tokens, the files written', () => {
		const source = read(done);
		expect(textsOf(source, 'user')).toEqual(['生成 嘿嘿.md']);
		expect(textsOf(source, 'tool_call').map((call) => call.split('\n', 1)[0])).toEqual(['str_replace_based_edit_tool', 'bash']);
		expect(textsOf(source, 'tool')[0]).toBe('File created successfully at: /workspace/嘿嘿嘿.md');
		expect(source.facts.provenance).toMatchObject({
			agent: 'trae-agent',
			model: 'Qwen3-32B',
			started_at: '2025-11-19T07:36:15.288Z',
			ended_at: '2025-11-19T07:36:36.046Z',
			turns: 1,
			tool_calls: 2,
			files_edited: ['/workspace/嘿嘿嘿.md'],
			// No project root in its messages: the folder it ran in (where trajectories/ is).
			project: path.resolve('fixtures/agents/trae-agent/workspace'),
		});
		expect(source.facts.provenance?.tokens?.input).toBeGreaterThan(0);
	});

	it('keeps a failed run’s reflections and errors as context, never as requests', () => {
		const source = read(failed);
		expect(textsOf(source, 'user')).toEqual(['创建 你是一条狗.md']);
		const notes = textsOf(source, 'system');
		expect(notes.some((note) => note.startsWith("[reflection] The tool execution failed with error: Tool 'quality_review' not found"))).toBe(true);
		expect(notes.some((note) => note.startsWith('[error] Error code: 400'))).toBe(true);
		expect(textsOf(source, 'tool').some((result) => result.startsWith('[error] '))).toBe(true);
	});

	it('is told from its content and ingested one item per run, titled by its task', async () => {
		expect((await sniff(done, statSync(done).size)).format).toBe('trae-agent');
		const store = path.join(tempDir(), 's.db');
		expect(await ingest([folder], {storePath: store, workers: false})).toMatchObject({added: 2, failed: []});
		expect(storedItems(store).map((item) => item.record.title).sort()).toEqual(['创建 你是一条狗.md', '生成 嘿嘿.md']);
	});
});
