import {statSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {sniff} from '../../../source/ingest/formats/detect.js';
import {GooseSessionReader} from '../../../source/ingest/formats/goose.js';
import {readGooseStore, sqliteTime} from '../../../source/ingest/formats/goose-store.js';
import {openAgentDatabase} from '../../../source/ingest/io/agent-database.js';
import type {SourceProblem} from '../../../source/ingest/model.js';
import {ingest} from '../../helpers/ingest.js';
import {buildStore, expectUntouched} from '../../helpers/agent-store.js';
import {tempDir} from '../../helpers/cli.js';
import {allUnits, readWith} from './read.js';

const legacy = 'fixtures/agents/goose/sessions/20251103_142210.jsonl';

function storeSessions(fixture: string) {
	const file = path.join(tempDir('drill-goose-'), 'sessions.db');
	buildStore(fixture, file);
	const store = openAgentDatabase(file);
	try {
		return {file, sessions: [...readGooseStore(store.database)].map((session) => ({id: session.id, source: session.read()}))};
	} finally {
		store.close();
	}
}

describe('Goose session files (JSONL, before 1.10)', () => {
	const problems: SourceProblem[] = [];
	const source = readWith(legacy, new GooseSessionReader(problems, path.resolve(legacy)));
	const blocks = allUnits(source).flatMap((unit) => unit.blocks);
	const of = (role: string) => blocks.filter((block) => block.role === role).map((block) => block.text);

	it('reads the metadata line: project, name, accumulated tokens; the file names the session', () => {
		expect(problems).toEqual([]);
		expect(source.facts.title).toBe('CSV export for tide predictions');
		expect(source.facts.provenance).toMatchObject({
			agent: 'goose',
			project: '/home/mira/src/tidewater',
			started_at: '2025-11-03T14:22:10.000Z',
			ended_at: '2025-11-03T14:28:20.000Z',
			turns: 2,
			tool_calls: 4,
			session_id: '20251103_142210',
			tokens: {input: 22850, output: 2260},
			files_edited: ['/home/mira/src/tidewater/src/cli/export.ts'],
		});
	});

	it('reads every content type: text, image, thinking, tool requests and responses (both shapes, and errors), notices', () => {
		expect(of('user')).toEqual([expect.stringMatching(/^Add a CSV export/u), 'Build is fine. Quote fields that contain commas, the station names do.', '[image]']);
		expect(of('thinking')).toEqual(['The CLI uses commander; predictions come from predict(station, range).']);
		expect(of('tool_call')).toEqual([
			'developer__shell\ncommand: rg -n "program.command" src/cli',
			expect.stringMatching(/^developer__text_editor\ncommand: write\npath: \/home\/mira\/src\/tidewater\/src\/cli\/export\.ts\nfile_text:\n {2}export function exportCsv/u),
			'tool\nerror: Could not parse tool arguments: expected value at line 1 column 1',
			'platform__manage_todo\naction: add\nitem: quote CSV fields',
		]);
		expect(of('tool')).toEqual([expect.stringMatching(/^src\/cli\/index\.ts:14/u), 'Successfully wrote to /home/mira/src/tidewater/src/cli/export.ts', '[error] -32602: Could not parse tool arguments']);
		expect(of('system')).toEqual([
			'[confirmation asked] developer__shell: Goose would like to call the above tool. Allow? (y/n):',
			'Compacting the conversation to stay within the context window',
			// A message Goose sent that the person never saw is context, not a request.
			'Summarize the conversation so far for the next context window.',
			'The context length of the model has been exceeded.',
			'Summarizing the conversation.',
		]);
		expect(of('assistant').at(-1)).toMatch(/^Done: `tidewater export` writes quoted CSV/u);
		// The redacted thinking.
		expect(source.skipped).toBe(1);
	});

	it('is told from its content', async () => {
		expect((await sniff(legacy, statSync(legacy).size)).format).toBe('goose');
	});
});

describe('Goose session store (sessions.db, 1.10 and later)', () => {
	it('reads user and subagent sessions, not hidden or empty ones, with SQLite times in UTC', () => {
		const {sessions} = storeSessions('fixtures/agents/goose.store.json');
		expect(sessions.map((session) => session.id)).toEqual(['20251104_1', '20251104_2']);
		expect(sessions[0]!.source.facts.provenance).toMatchObject({
			agent: 'goose',
			project: '/home/mira/src/tidewater',
			started_at: '2025-11-04T08:15:00.000Z',
			ended_at: '2025-11-04T08:40:12.000Z',
			turns: 1,
			tool_calls: 2,
			session_id: '20251104_1',
			// Named by the person (user_set_name), not by Goose.
			user_title: 'Flaky harbour-gauge test',
			tokens: {input: 27800, output: 2700},
			files_edited: ['/home/mira/src/tidewater/src/gauges/load.ts'],
		});
		expect(allUnits(sessions[0]!.source).flatMap((unit) => unit.blocks.map((block) => block.role))).toEqual(['user', 'assistant', 'tool_call', 'tool', 'assistant', 'tool_call', 'tool']);
		expect(sessions[1]!.source.facts.title).toBe('Read the gauge fixtures');
	});

	it('reads the first schema too (description, no session type or message metadata)', () => {
		const {sessions} = storeSessions('fixtures/agents/goose-v1.store.json');
		expect(sessions).toHaveLength(1);
		expect(sessions[0]!.source.facts.provenance).toMatchObject({agent_title: 'Station list sorted by name', started_at: '2025-10-20T07:00:00.000Z', tokens: {input: 1200, output: 80}, turns: 1});
	});

	it('takes SQLite’s CURRENT_TIMESTAMP as UTC', () => {
		expect(sqliteTime('2025-11-04 08:15:00')).toBe('2025-11-04T08:15:00.000Z');
		expect(sqliteTime('2025-11-04T08:15:00+02:00')).toBe('2025-11-04T06:15:00.000Z');
	});

	it('is ingested without a byte written to or beside it', async () => {
		const file = path.join(tempDir('drill-goose-'), 'sessions.db');
		buildStore('fixtures/agents/goose.store.json', file);
		expect((await sniff(file, statSync(file).size)).format).toBe('goose-db');
		await expectUntouched(file, async () => expect(await ingest([file], {storePath: path.join(tempDir(), 's.db'), workers: false})).toMatchObject({added: 2, failed: []}));
	});
});
