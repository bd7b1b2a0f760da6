import {readFileSync, statSync, writeFileSync} from 'node:fs';
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

describe('GitHub Copilot Chat: real exports (fixtures/agents/real/copilot-chat, sources in its README)', () => {
	const real = 'fixtures/agents/real/copilot-chat';

	it('reads an Export Chat file past the 64 KB a file is first looked at by, and --format copilot-chat takes it', async () => {
		const file = path.join(real, 'export-2025.json');
		const exported = JSON.parse(readFileSync(file, 'utf8')) as {requests: Array<{response: unknown[]}>};
		// The same request with a long answer: 5 of 7 real exports are bigger than the head.
		exported.requests[0]!.response.push({value: `\n\n${'The refresh token is rotated on every use. '.repeat(2000)}`});
		const big = path.join(tempDir(), 'chat.json');
		writeFileSync(big, JSON.stringify(exported, null, 2));
		expect(statSync(big).size).toBeGreaterThan(80_000);
		expect((await sniff(big, statSync(big).size)).format).toBe('copilot-chat');
		expect((await sniff(big, statSync(big).size, 'copilot-chat')).format).toBe('copilot-chat');
		const {source} = read(file);
		expect(of(source, 'user')[0]).toMatch(/^What do I need to consider if I were to make a nest\.js node server that implemented better-auth/u);
		expect(source.facts.provenance).toMatchObject({agent: 'copilot-chat', model: 'copilot/claude-sonnet-4.5', turns: 1});
		const report = await ingest([big], {storePath: path.join(tempDir(), 's.db'), workers: false});
		expect(report).toMatchObject({added: 1, failed: []});
	});

	it('reads a version 3 file of prompts and completions', () => {
		const {source} = read(path.join(real, 'export-v3-prompt-completion.json'));
		expect(of(source, 'user')).toHaveLength(3);
		expect(of(source, 'user')[0]).toMatch(/^Write a complete advanced 2D endless runner game in Python using Pygame/u);
		expect(of(source, 'assistant')[0]).toBe("Sure! Let's start by initializing Pygame, creating the main window, and setting up the game loop.");
		expect(source.facts.provenance).toMatchObject({session_id: 'f62c7874-549c-4c07-9677-f413049d7799', started_at: '2025-08-23T08:43:26.136Z'});
	});

	it("reads a github.com thread export: its threadName is the title, and the branch shown is the last message's", async () => {
		const file = path.join(real, 'github-thread.json');
		expect((await sniff(file, statSync(file).size)).format).toBe('copilot-chat');
		const {source} = read(file);
		expect(source.facts.title).toBe('Converting GWBASIC to VB.NET application');
		expect(source.facts.provenance).toMatchObject({agent: 'copilot-chat', agent_title: 'Converting GWBASIC to VB.NET application', session_id: 'c231c824-0582-42d3-8da7-25305d487486', turns: 7});
		// The request of an earlier branch from the same answer is not on the one shown.
		expect(of(source, 'user')).not.toContain('do you remember where we left off?');
		expect(of(source, 'user').at(-1)).toBe('this is what I have, what is missing');
	});
});
