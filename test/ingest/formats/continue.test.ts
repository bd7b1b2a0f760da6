import {readFileSync, statSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {readContinueSession} from '../../../source/ingest/formats/continue.js';
import {sniff} from '../../../source/ingest/formats/detect.js';
import {ingest} from '../../helpers/ingest.js';
import {tempDir} from '../../helpers/cli.js';
import {allUnits, textsOf} from './read.js';

const sessions = 'fixtures/agents/continue/sessions';
const agentic = path.join(sessions, '6a0c3f5e-2b9d-4e71-a8c4-5d2f9e1b7c30.json');
const older = path.join(sessions, 'f1e2d3c4-b5a6-4978-8a9b-0c1d2e3f4a5b.json');

const read = (file: string) => readContinueSession(path.resolve(file), JSON.parse(readFileSync(file, 'utf8')));
const of = textsOf;

describe('Continue sessions', () => {
	it('reads a session with its title, project (a URI), model, usage, and its date from sessions.json', () => {
		const source = read(agentic);
		expect(source.facts.title).toBe('Station lookup by code');
		expect(source.facts.provenance).toMatchObject({
			agent: 'continue',
			project: '/home/mira/src/tidewater',
			model: 'Claude Sonnet 4.5',
			started_at: '2025-12-13T04:26:40.000Z',
			turns: 2,
			tool_calls: 2,
			session_id: '6a0c3f5e-2b9d-4e71-a8c4-5d2f9e1b7c30',
			tokens: {input: 43100, output: 520, cache_read: 36000, cache_write: 3000},
			files_edited: ['src/data/lookup.ts'],
		});
	});

	it('reads every message role, context items, reasoning, tool calls with their states', () => {
		const source = read(agentic);
		expect(of(source, 'user')).toEqual(['Look up a station by its code in @stations.ts without scanning the whole list every time.\n[image]', 'Does it handle lowercase codes?']);
		expect(of(source, 'thinking')).toEqual(['A Map from code to station, built once, is O(1) per lookup.', 'A Map from code to station, built once.']);
		expect(of(source, 'tool_call')).toEqual([expect.stringMatching(/^edit_existing_file\nfilepath: src\/data\/lookup\.ts/u), 'run_terminal_command\ncommand: npm test -- lookup']);
		// Each tool's output once: from its call's state, not again from the tool message.
		expect(of(source, 'tool')).toEqual(['Edited src/data/lookup.ts', '[error] Terminal exited with code 1: 1 failing']);
		const context = allUnits(source).flatMap((unit) => unit.blocks).filter((block) => block.role === 'system');
		expect(context.map((block) => [block.kind, block.text.split('\n', 1)[0]])).toEqual([['code', 'stations.ts'], ['prose', 'You are in agent mode.']]);
		expect(source.skipped).toBe(2);
	});

	it('reads an older session: string content, no tools or usage', () => {
		const source = read(older);
		expect(source.facts.provenance).toMatchObject({agent: 'continue', project: '/home/mira/src/tidewater', model: 'GPT-4o', started_at: '2025-04-23T09:20:00.000Z', turns: 1});
		expect(source.facts.provenance?.tokens).toBeUndefined();
	});

	it('is told from its content though pretty-printed and longer than the head read: one item, not an error per line', async () => {
		expect(statSync(agentic).size).toBeGreaterThan(64 * 1024);
		expect((await sniff(agentic, statSync(agentic).size)).format).toBe('continue');
		expect(await sniff(path.join(sessions, 'sessions.json'), statSync(path.join(sessions, 'sessions.json')).size)).toMatchObject({notASource: true, problem: 'is the list of Continue sessions, read with each session file'});
		const store = path.join(tempDir(), 's.db');
		expect(await ingest([agentic], {storePath: store, workers: false})).toMatchObject({added: 1, failed: []});
		expect(await ingest([sessions], {storePath: store, workers: false})).toMatchObject({added: 1, skipped: 1, skipped_files: 1, failed: []});
	});
});

describe('Continue: real sessions (fixtures/agents/real/continue, sources in its README)', () => {
	const real = 'fixtures/agents/real/continue/sessions';

	it('reads a 2023 session (a history.timeline of steps): the request, the answer, its title and folder', async () => {
		const file = path.join(real, 'c553c0a6-703b-4638-bcac-54fdcf59230f.json');
		expect((await sniff(file, statSync(file).size)).format).toBe('continue');
		const source = read(file);
		expect(source.facts.title).toBe('Fixing "santuario" File Path Error');
		expect(source.facts.provenance).toMatchObject({agent: 'continue', session_id: 'c553c0a6-703b-4638-bcac-54fdcf59230f', project: 'c:\\Users\\chudds\\Documents\\GitHub\\44', started_at: '2023-10-18T15:01:35.737Z', turns: 1});
		expect(of(source, 'user')[0]).toMatch(/^#\tnew file: +\.pydev_vscode\/java19\//u);
		expect(of(source, 'assistant')[0]).toMatch(/^The word "santuario" appears to be a file name/u);
		// The hidden startup step is Continue's own.
		expect(source.skipped).toBe(1);
	});

	it('reads a 2025 session as it is', () => {
		const source = read(path.join(real, '03518130-43f2-4e05-af2a-509aed5c31fc.json'));
		expect(source.facts.provenance).toMatchObject({agent: 'continue', agent_title: 'in python', turns: 1});
	});
});
