import {readFileSync, statSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {readCopilotChatFile} from '../../../source/ingest/formats/copilot-chat.js';
import {sniff} from '../../../source/ingest/formats/detect.js';
import type {ParsedSource, SourceProblem} from '../../../source/ingest/model.js';
import {ingest} from '../../helpers/ingest.js';
import {tempDir} from '../../helpers/cli.js';
import {textsOf} from './read.js';

const sessions = 'fixtures/agents/copilot-chat/workspaceStorage/4f9e2c1b7a3d5e8f0a1b2c3d4e5f6a7b/chatSessions';
const document = path.join(sessions, '2d7b9e10-4c3a-4f21-b8e5-6a1c0d9f3e27.json');
const log = path.join(sessions, '8c4a1f03-9e2b-4d6c-a7f1-3b5e2d0c9a18.jsonl');

function read(file: string): {source: ParsedSource; problems: SourceProblem[]} {
	const problems: SourceProblem[] = [];
	const source = readCopilotChatFile(path.resolve(file), readFileSync(file, 'utf8'), problems);
	if ('reason' in source) throw new Error(source.reason);
	return {source, problems};
}

const of = textsOf;

describe('GitHub Copilot Chat sessions (VS Code chatSessions)', () => {
	it('reads a session document: its title, the workspace folder, models, usage, the files it edited', () => {
		const {source, problems} = read(document);
		expect(problems).toEqual([]);
		expect(source.facts.title).toBe('Quiet hours for tide alarms');
		expect(source.facts.provenance).toMatchObject({
			agent: 'copilot-chat',
			project: '/home/mira/src/tidewater',
			model: 'copilot/gpt-5',
			started_at: '2025-12-19T13:13:20.000Z',
			ended_at: '2025-12-19T13:15:30.000Z',
			turns: 2,
			tool_calls: 5,
			session_id: '2d7b9e10-4c3a-4f21-b8e5-6a1c0d9f3e27',
			tokens: {input: 24300, output: 850},
			files_edited: ['/home/mira/src/tidewater/src/alarms/quiet.ts', '/home/mira/src/tidewater/src/alarms/schedule.ts', '/home/mira/src/tidewater/src/settings.ts'],
		});
	});

	it('reads every response part: Markdown with inline references, thinking, tool invocations, edits, questions, errors', () => {
		const {source} = read(document);
		expect(of(source, 'user')).toEqual(['#file:schedule.ts add a quiet-hours setting so no alarm goes out between 23:00 and 06:00', 'rename the setting to alarmQuietHours everywhere']);
		expect(of(source, 'thinking')).toEqual(["Quiet hours apply in the station's time zone, not the server's."]);
		expect(of(source, 'assistant')).toEqual(["I'll add `quietHours` to the alarm settings and check it in `schedule.ts`.", 'Quiet hours are in: alarms between 23:00 and 06:00 station time are held until 06:00.', 'Renamed in 4 files.']);
		expect(of(source, 'tool_call')).toEqual([
			'copilot_readFile\nfilePath: /home/mira/src/tidewater/src/alarms/schedule.ts\nstartLine: 1\nendLine: 80',
			'edit\nfiles: /home/mira/src/tidewater/src/alarms/quiet.ts',
			'run_in_terminal\ncommand: npm test -- alarms',
			'edit\nfiles: /home/mira/src/tidewater/src/settings.ts',
			'edit\nfiles: /home/mira/src/tidewater/src/alarms/quiet.ts',
		]);
		expect(of(source, 'tool')).toEqual([expect.stringMatching(/^export function schedule/u), 'Tests: 8 passed']);
		expect(of(source, 'system')).toEqual([
			'[attached] file:schedule.ts',
			'[warning] The test run took longer than 30 seconds.',
			'[asked] Rename across 4 files?: This changes the public settings file.',
			'[asked] Also rename the database column?: A migration would be needed.',
			'[error] Sorry, the response hit the length limit. Please rephrase your prompt.',
		]);
		// The UI's own parts: a prepared invocation, a code block link, an undo stop, progress, a command.
		expect(source.skipped).toBe(5);
	});

	it('rebuilds a session from its change log: sets, pushes, a cut list, a deletion; a broken line costs only itself', () => {
		const {source, problems} = read(log);
		expect(problems).toEqual([{line: 8, reason: expect.stringMatching(/^line 8 is not valid JSON/u)}]);
		expect(source.facts.title).toBe('Tide chart units');
		expect(of(source, 'user')).toEqual(["why is the tide chart's y axis in feet?", 'make metres the default for every station']);
		expect(of(source, 'assistant')).toEqual(['The chart reads `units` from the station, and Port Ellis is set to ft.', 'Default units are now metres; a station can still ask for feet.']);
		expect(source.facts.provenance).toMatchObject({session_id: '8c4a1f03-9e2b-4d6c-a7f1-3b5e2d0c9a18', model: 'copilot/gpt-4.1', project: '/home/mira/src/tidewater'});
	});

	it('is told from its content, as a document and as a log', async () => {
		expect((await sniff(document, statSync(document).size)).format).toBe('copilot-chat');
		expect((await sniff(log, statSync(log).size)).format).toBe('copilot-chat');
		const report = await ingest([sessions], {storePath: path.join(tempDir(), 's.db'), workers: false});
		expect(report).toMatchObject({added: 2, failed: [{line: 8}]});
	});
});
