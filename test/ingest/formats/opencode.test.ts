import {readFileSync, statSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {sniff} from '../../../source/ingest/formats/detect.js';
import {readOpenCodeExport, readOpenCodeSessionFile} from '../../../source/ingest/formats/opencode.js';
import {readOpenCodeStore} from '../../../source/ingest/formats/opencode-store.js';
import {openAgentDatabase} from '../../../source/ingest/io/agent-database.js';
import type {ParsedSource, SourceProblem} from '../../../source/ingest/model.js';
import {ingest} from '../../helpers/ingest.js';
import {buildStore} from '../../helpers/agent-store.js';
import {tempDir} from '../../helpers/cli.js';
import {allUnits} from './read.js';

const storage = 'fixtures/agents/opencode/storage';
const sessionFile = path.join(storage, 'session', '3f1a9c0b2e7d4c18a6b5', 'ses_6d2f0a1b3ffeZQ4kP7tRw9xY2a.json');
const childFile = path.join(storage, 'session', '3f1a9c0b2e7d4c18a6b5', 'ses_6d2f0a1b3ffdCh1ldS3ss10nAa.json');

function fromFile(file: string): {source: ParsedSource; problems: SourceProblem[]} {
	const problems: SourceProblem[] = [];
	return {source: readOpenCodeSessionFile(file, JSON.parse(readFileSync(file, 'utf8')), problems), problems};
}

function expectTheSession(source: ParsedSource): void {
	expect(source.facts.title).toBe('Moon phase on the station page');
	expect(source.facts.provenance).toMatchObject({
		agent: 'opencode',
		project: '/home/mira/src/tidewater',
		model: 'claude-sonnet-4-5',
		started_at: '2025-11-13T06:40:00.000Z',
		ended_at: '2025-11-13T07:05:00.000Z',
		turns: 2,
		tool_calls: 4,
		session_id: 'ses_6d2f0a1b3ffeZQ4kP7tRw9xY2a',
		// Input, and output with reasoning, across its assistant messages.
		tokens: {input: 30540, output: 2010, cache_read: 20000, cache_write: 2100},
		files_edited: ['/home/mira/src/tidewater/src/ui/chart.tsx', '/home/mira/src/tidewater/src/ui/moon.tsx'],
	});
	const blocks = allUnits(source).flatMap((unit) => unit.blocks);
	const of = (role: string) => blocks.filter((block) => block.role === role).map((block) => block.text);
	expect(of('user')).toEqual([expect.stringMatching(/^Show the moon phase next to the tide chart/u), '[file: src/ui/station.tsx]', 'Also show when the next full moon is, and run the UI tests.']);
	expect(of('thinking')).toEqual(['The chart is a TideChart component; a MoonPhase badge can sit in its header.']);
	expect(of('tool_call')).toEqual([
		'read\nfilePath: /home/mira/src/tidewater/src/ui/chart.tsx',
		expect.stringMatching(/^edit\nfilePath: \/home\/mira\/src\/tidewater\/src\/ui\/chart\.tsx\n--- \/home/u),
		'task general\ndescription: timezone check\nprompt: Check that moon.tsx has no timezone bug around midnight',
		'bash\ncommand: npm test -- ui\ndescription: Run the UI tests',
	]);
	expect(of('tool')).toEqual([expect.stringMatching(/^<file>/u), '', "[error] Error: moon.test.tsx: expected 'Full moon in 3 days', got 'Full moon in 2 days'"]);
	expect(of('system')).toEqual([
		expect.stringMatching(/^Called the Read tool/u),
		'[agent] build',
		'[retry 1] Overloaded',
		'[error] APIError: Overloaded',
		'[the session was compacted]',
		// The summary a compaction left: context, not the answer.
		expect.stringMatching(/^Summary: a MoonPhase badge/u),
	]);
	expect(of('assistant').at(-1)).toMatch(/^Done: the station page shows the moon phase/u);
	expect(of('user')).not.toContain('(an ignored draft)');
}

describe('OpenCode JSON storage (storage/session, message, part)', () => {
	it('reads a session from its file, with its messages and parts from the folders beside it', () => {
		const {source, problems} = fromFile(sessionFile);
		expect(problems).toEqual([]);
		expectTheSession(source);
		// step-start, step-finish, snapshot, and the patch (its files are counted as edited).
		expect(source.skipped).toBe(4);
	});

	it('gives a subagent’s session its parent, and a placeholder name is no title', () => {
		const {source} = fromFile(childFile);
		expect(source.facts.title).toBeUndefined();
		expect(source.facts.provenance).toMatchObject({parent_session: 'ses_6d2f0a1b3ffeZQ4kP7tRw9xY2a', model: 'claude-haiku-4-5', turns: 1});
	});

	it('tells session files from their message and part files, which a folder walk skips', async () => {
		expect((await sniff(sessionFile, statSync(sessionFile).size)).format).toBe('opencode');
		const part = path.join(storage, 'part', 'msg_9a1b2c3d4e02AbCdEfGhIjKlMn', 'prt_9a1b2c3d4f05QrStUvWxYzAbCd.json');
		expect(await sniff(part, statSync(part).size)).toMatchObject({notASource: true, problem: expect.stringMatching(/^is one part of an OpenCode session, read with its session file/u)});
		const report = await ingest([storage], {storePath: path.join(tempDir(), 's.db'), workers: false});
		// Two sessions; 30 message and part files and the project file skipped, none failed.
		expect(report).toMatchObject({added: 2, failed: [], skipped_files: 31});
	});
});

describe('OpenCode database (opencode.db, OpenCode 1.x)', () => {
	it('reads the same session from its rows, not an empty one', () => {
		const file = path.join(tempDir('drill-opencode-'), 'opencode.db');
		buildStore('fixtures/agents/opencode.store.json', file);
		const store = openAgentDatabase(file);
		try {
			const sessions = [...readOpenCodeStore(store.database, file)];
			expect(sessions.map((session) => session.id)).toEqual(['ses_6d2f0a1b3ffeZQ4kP7tRw9xY2a', 'ses_6d2f0a1b3ffdCh1ldS3ss10nAa']);
			expectTheSession(sessions[0]!.read());
			expect(sessions[1]!.read().facts.provenance).toMatchObject({parent_session: 'ses_6d2f0a1b3ffeZQ4kP7tRw9xY2a'});
		} finally {
			store.close();
		}
	});

	it('is told from its tables', async () => {
		const file = path.join(tempDir('drill-opencode-'), 'opencode.db');
		buildStore('fixtures/agents/opencode.store.json', file);
		expect((await sniff(file, statSync(file).size)).format).toBe('opencode-db');
	});
});

describe('OpenCode export (`opencode export <session>`: {info, messages: [{info, parts}]})', () => {
	// The fixture session above, exported: the storage's session file, then each message with its parts.
	const exportFile = 'fixtures/agents/opencode/export/ses_6d2f0a1b3ffeZQ4kP7tRw9xY2a.json';
	const exported = () => JSON.parse(readFileSync(exportFile, 'utf8')) as Record<string, unknown>;

	it('reads the same session as its storage files, to the last block', () => {
		const problems: SourceProblem[] = [];
		const source = readOpenCodeExport(exported(), problems);
		expect(problems).toEqual([]);
		expectTheSession(source);
		expect(source).toEqual(fromFile(sessionFile).source);
	});

	it('is told from its first lines, whole or cut, and ingested as an OpenCode session with its title', async () => {
		expect((await sniff(exportFile, statSync(exportFile).size)).format).toBe('opencode');
		// Only the head of a big export is read to tell it: the session's info and a message cut short.
		const cut = readFileSync(exportFile, 'utf8').slice(0, 1200);
		expect(cut).not.toMatch(/\]\s*\}\s*$/u);
		const cutFile = path.join(tempDir('drill-opencode-'), 'cut.json');
		writeFileSync(cutFile, cut);
		expect((await sniff(cutFile, statSync(cutFile).size)).format).toBe('opencode');
		const store = path.join(tempDir(), 's.db');
		expect(await ingest([exportFile], {storePath: store, workers: false})).toMatchObject({added: 1, failed: []});
	});

	it('leaves out a message that is not {info, parts} and says how many', () => {
		const value = exported();
		(value.messages as unknown[]).push('not a message', {info: 'x'});
		const problems: SourceProblem[] = [];
		expectTheSession(readOpenCodeExport(value, problems));
		expect(problems).toEqual([{reason: '2 of its messages are not OpenCode messages ({info, parts})'}]);
	});
});
