import {readFileSync, statSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {sniff} from '../../../source/ingest/formats/detect.js';
import {readVibeSessionFile, readVibeSessionFolder} from '../../../source/ingest/formats/vibe.js';
import type {ParsedSource, SourceProblem} from '../../../source/ingest/model.js';
import {ingest} from '../../helpers/ingest.js';
import {tempDir} from '../../helpers/cli.js';
import {storedItems} from '../../helpers/items.js';
import {textsOf} from './read.js';

// See fixtures/agents/vibe/README.md: the first is trimmed from a real public log, the folder is built from Vibe's source.
const legacy = 'fixtures/agents/vibe/logs/session/session_20251221_133707_b0ca69b9.json';
const folder = 'fixtures/agents/vibe/logs/session/session_20260630_091512_7d3e0c41';
const json = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;

describe('Mistral Vibe sessions', () => {
	it('reads a session file of Vibe before 2.0: metadata, tokens and cost from its stats, the model alias', () => {
		const source = readVibeSessionFile(json(legacy)) as ParsedSource;
		expect(source.facts.title).toBeUndefined();
		expect(source.facts.provenance).toMatchObject({
			agent: 'vibe',
			project: 'C:\\Users\\gabriele\\Documents\\GitHub\\PRIMO_POS',
			model: 'devstral-2',
			started_at: '2025-12-21T13:37:07.995Z',
			ended_at: '2025-12-21T14:28:36.629Z',
			session_id: 'b0ca69b9-40dd-4efd-925d-f1a733934be6',
			turns: 3,
			tokens: {input: 3197203, output: 20762},
			files_edited: ['packages/data-layer/src/repositories/shift.repository.ts', 'packages/data-layer/src/dev-data.ts', 'packages/data-layer/src/adapter-sqlite.ts'],
		});
		expect(source.facts.provenance?.cost_usd).toBeCloseTo(1.32);
	});

	it('reads requests, answers, tool calls and results: Vibe’s <tool_error> and cancellation as errors; its system prompt is not the conversation', () => {
		const source = readVibeSessionFile(json(legacy)) as ParsedSource;
		expect(textsOf(source, 'user')).toEqual([expect.stringMatching(/^hola necesito que la app funcione/u), 'si', 'y si durante le fase de  desarrollo le hacemos un db local ?']);
		const results = textsOf(source, 'tool');
		expect(results.filter((result) => result.startsWith('[error] '))).toEqual([expect.stringMatching(/^\[error\] bash failed: Command failed/u), '[error] User cancelled the operation.', expect.stringMatching(/^\[error\] search_replace failed: SEARCH\/REPLACE blocks failed/u)]);
		expect(textsOf(source, 'tool_call').map((call) => call.split('\n', 1)[0])).toContain('search_replace');
		expect(textsOf(source, 'system')).toEqual([]);
		expect(source.skipped).toBe(1);
	});

	it('reads a 2.x session folder from its meta.json: the renamed title, reasoning, images, injected text, commits', () => {
		const problems: SourceProblem[] = [];
		const meta = path.join(folder, 'meta.json');
		const source = readVibeSessionFolder(meta, json(meta), problems) as ParsedSource;
		expect(problems).toEqual([]);
		expect(source.facts.title).toBe('Alarm window off by one');
		expect(source.facts.provenance).toMatchObject({agent: 'vibe', project: '/home/mira/src/tidewater', model: 'devstral-2', session_id: '7d3e0c41-a9b2-4f1e-8c3d-5a6b7c8d9e0f', turns: 2, tool_calls: 3, commits: 1, tokens: {input: 18420, output: 1310}, files_edited: ['src/alarms/window.ts']});
		expect(textsOf(source, 'thinking')).toEqual(['Two alarms at the day boundary: the window end is probably inclusive on both days.']);
		expect(textsOf(source, 'user')).toEqual(['The alarm for the 23:58 tide fires twice. Find out why and fix it.', 'Here is the screen with the two alarms.', '[image]']);
		expect(textsOf(source, 'system')).toEqual(['[PostToolUse hook] formatting checked: ok']);
	});

	it('takes an automatic title only when it is not the first request cut to 50 characters', () => {
		const meta = json(path.join(folder, 'meta.json'));
		const read = (changes: Record<string, unknown>) => (readVibeSessionFolder(path.join(folder, 'meta.json'), {...meta, ...changes}, []) as ParsedSource).facts.title;
		expect(read({title: 'Tide alarm fires twice at midnight', title_source: 'auto'})).toBe('Tide alarm fires twice at midnight');
		expect(read({title: 'The alarm for the 23:58 tide fires twice. Find out…', title_source: 'auto'})).toBeUndefined();
		expect(read({title: null})).toBeUndefined();
	});

	it('tells both shapes from their content; messages.jsonl is read with its meta.json', async () => {
		expect((await sniff(legacy, statSync(legacy).size)).format).toBe('vibe');
		const meta = path.join(folder, 'meta.json');
		expect((await sniff(meta, statSync(meta).size)).format).toBe('vibe');
		const messages = path.join(folder, 'messages.jsonl');
		expect(await sniff(messages, statSync(messages).size)).toMatchObject({problem: 'is the messages of a Mistral Vibe session, read with the meta.json beside it', notASource: true});
	});

	it('ingests the log folder: one item per session, the folder’s messages.jsonl not counted twice', async () => {
		const store = path.join(tempDir(), 's.db');
		const report = await ingest(['fixtures/agents/vibe/logs'], {storePath: store, workers: false});
		expect(report).toMatchObject({added: 2, failed: [], skipped_files: 1});
		expect(storedItems(store).map((item) => item.record.title).sort()).toEqual(['Alarm window off by one', 'Hola necesito que la app funcione en modo web antes de pasarla a tauri']);
	});
});
