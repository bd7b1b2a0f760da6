import {copyFileSync, cpSync, mkdirSync, readFileSync, statSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {sniff} from '../../../source/ingest/formats/detect.js';
import {readOpenHandsConversation, readOpenHandsTrajectory} from '../../../source/ingest/formats/openhands.js';
import {readOpenHandsSdkConversation} from '../../../source/ingest/formats/openhands-sdk.js';
import type {SourceProblem} from '../../../source/ingest/model.js';
import {ingest} from '../../helpers/ingest.js';
import {tempDir} from '../../helpers/cli.js';
import {storedItems} from '../../helpers/items.js';
import {textsOf} from './read.js';

// See fixtures/agents/openhands/README.md: the app's conversation is trimmed from a real public one, the 1.x CLI's built from the source.
const app = 'fixtures/agents/openhands/sessions/2bc22dd3cd194e7f95c02dd03fa796c9';
const cli = 'fixtures/agents/openhands/conversations/5f2c9a1e8b7d4c3f9e0a1b2c3d4e5f60';
const json = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;

describe('OpenHands conversations of the app (metadata.json and events/)', () => {
	const problems: SourceProblem[] = [];
	const source = readOpenHandsConversation(path.join(app, 'metadata.json'), json(path.join(app, 'metadata.json')), problems);

	it('takes the title, repository, tokens and times the app recorded', () => {
		expect(problems).toEqual([]);
		expect(source.facts.title).toBe('GitHub PR Auto-Refresh for Code Review');
		expect(source.facts.provenance).toMatchObject({
			agent: 'openhands',
			project: 'sheepdestroyer/SheepVibes',
			model: 'deepseek/deepseek-v3.2-exp',
			started_at: '2025-10-06T21:33:14.670Z',
			// Its events' times have no zone: UTC, as its metadata's created_at (21:33:14.670Z) and first event (21:33:14.697) agree.
			ended_at: '2025-10-06T21:45:38.018Z',
			session_id: '2bc22dd3cd194e7f95c02dd03fa796c9',
			turns: 1,
			tool_calls: 6,
			tokens: {input: 143472, output: 1027},
		});
	});

	it('reads the request, what the model said with its calls (once per response), the calls, their output and errors; bookkeeping is counted', () => {
		expect(textsOf(source, 'user')).toEqual([expect.stringMatching(/^After pushing a first time to GitHub/u)]);
		expect(textsOf(source, 'tool_call').map((call) => call.split('\n', 1)[0])).toEqual(['execute_bash', 'execute_bash', 'execute_bash', 'execute_bash', 'execute_bash', 'create_pr']);
		expect(textsOf(source, 'tool_call')[0]).toBe('execute_bash\ncommand: pwd && ls -la');
		expect(textsOf(source, 'thinking')).toEqual([expect.stringMatching(/^I can see there's an open PR #88/u)]);
		expect(textsOf(source, 'tool')[0]).toMatch(/^\[error\] Missing required parameters for function 'execute_bash'/u);
		expect(textsOf(source, 'assistant').at(-1)).toMatch(/^\s*Successfully completed the task!/u);
		expect(textsOf(source, 'system')).toEqual([]);
		expect(source.skipped).toBeGreaterThanOrEqual(8);
	});

	it('reads a trajectory the app exported (its events as one array)', () => {
		const events = Array.from({length: 25}, (_, id) => json(path.join(app, 'events', `${id}.json`)));
		const trajectory = readOpenHandsTrajectory(events);
		expect(textsOf(trajectory, 'tool_call')).toEqual(textsOf(source, 'tool_call'));
		expect(trajectory.facts.provenance?.agent).toBe('openhands');
	});

	it('tells the metadata and a trajectory from their content; an event file, the event cache and pickled state are read with their conversation', async () => {
		const folder = path.join(tempDir(), '2bc22dd3cd194e7f95c02dd03fa796c9');
		cpSync(app, folder, {recursive: true});
		const trajectory = path.join(tempDir(), 'trajectory.json');
		writeFileSync(trajectory, JSON.stringify(Array.from({length: 25}, (_, id) => json(path.join(app, 'events', `${id}.json`))), null, 2));
		mkdirSync(path.join(folder, 'event_cache'));
		copyFileSync(trajectory, path.join(folder, 'event_cache', '0-25.json'));
		writeFileSync(path.join(folder, 'agent_state.pkl'), Buffer.from([0x80, 0x04, 0x95, 0x10, 0x00, 0x41, 0x42, 0x43]));
		writeFileSync(path.join(folder, 'TASKS.md'), '# Task List\n\n1. ⏳ Close PR #88\n');
		const size = (file: string) => statSync(file).size;
		expect((await sniff(path.join(folder, 'metadata.json'), size(path.join(folder, 'metadata.json')))).format).toBe('openhands');
		expect((await sniff(trajectory, size(trajectory))).format).toBe('openhands');
		for (const [file, reason] of [
			['events/8.json', 'is one event of an OpenHands conversation, read with its metadata.json'],
			['event_cache/0-25.json', 'is a cache of an OpenHands conversation’s events, read from its events/ with its metadata.json'],
			['agent_state.pkl', 'is the pickled state of an OpenHands conversation (Python pickle), read from its events with its metadata.json'],
			['TASKS.md', 'is the task list of an OpenHands conversation, read with it (its task_tracker calls)'],
		] as const) {
			expect(await sniff(path.join(folder, file), size(path.join(folder, file))), file).toMatchObject({problem: reason, notASource: true});
		}
		const store = path.join(tempDir(), 's.db');
		expect(await ingest([folder], {storePath: store, workers: false})).toMatchObject({added: 1, failed: [], skipped_files: 28});
		expect(storedItems(store).map((item) => item.record.title)).toEqual(['GitHub PR Auto-Refresh for Code Review']);
	});
});

describe('OpenHands conversations of the 1.x CLI (base_state.json and events/event-*.json)', () => {
	const problems: SourceProblem[] = [];
	const state = path.join(cli, 'base_state.json');
	const source = readOpenHandsSdkConversation(state, json(state), problems);

	it('reads its state: model, workspace, tokens and cost; its events: request, thought, reasoning, edits, commits, errors', async () => {
		expect(problems).toEqual([]);
		expect(source.facts.provenance).toMatchObject({
			agent: 'openhands',
			project: '/home/mira/src/tidewater',
			model: 'anthropic/claude-sonnet-4-5-20250929',
			session_id: '5f2c9a1e-8b7d-4c3f-9e0a-1b2c3d4e5f60',
			turns: 1,
			tool_calls: 2,
			commits: 1,
			cost_usd: 0.0412,
			tokens: {input: 9120, output: 640, cache_read: 4200, cache_write: 1800},
			files_edited: ['/home/mira/src/tidewater/src/alarms/window.ts'],
			started_at: '2026-07-02T08:10:00.102Z',
		});
		expect(textsOf(source, 'thinking')).toEqual(['The end is inclusive on both days, so the boundary alarm is scheduled twice.']);
		expect(textsOf(source, 'tool')).toEqual(['The file /home/mira/src/tidewater/src/alarms/window.ts has been edited.', expect.stringMatching(/^\[main 9f3c2a1\]/u), "[error] Missing required argument 'command' for tool 'terminal'"]);
		expect((await sniff(state, statSync(state).size)).format).toBe('openhands');
		const event = path.join(cli, 'events', 'event-00001-0b1c2d3e-0000-4000-8000-000000000001.json');
		expect(await sniff(event, statSync(event).size)).toMatchObject({problem: 'is one event of an OpenHands conversation, read with its base_state.json', notASource: true});
	});
});

describe('OpenHands 1.x conversations from the SDK’s own real files (fixtures/agents/openhands/README.md)', () => {
	const trace = 'fixtures/agents/openhands/conversations/e18b827d3440425a9ff7353c4a6d6a3a';
	const cliDefault = 'fixtures/agents/openhands/conversations/11111111222233334444555555555555';

	it('a real trace (MiniMax behind LiteLLM): its reasoning said once, as thinking, not again in the reply’s text', () => {
		const problems: SourceProblem[] = [];
		const state = path.join(trace, 'base_state.json');
		const source = readOpenHandsSdkConversation(state, json(state), problems);
		expect(problems).toEqual([]);
		expect(textsOf(source, 'thinking')).toEqual([expect.stringMatching(/^Let me analyze the task\./u), 'Let me chain these properly with && and ;']);
		expect(textsOf(source, 'assistant')).toEqual(["I'll help you review PR #3745 from the OpenHands/software-agent-sdk repository. Let me start by following the steps in order."]);
		expect(textsOf(source, 'assistant').join('\n')).not.toContain('<think>');
	});

	it('its calls without the action’s unset flags, failed outputs marked, and the tokens of its newest stats update', () => {
		const state = path.join(trace, 'base_state.json');
		const source = readOpenHandsSdkConversation(state, json(state), []);
		expect(textsOf(source, 'tool_call')[0]).not.toMatch(/is_input|reset/u);
		expect(textsOf(source, 'tool').map((out) => out.startsWith('[error]'))).toEqual([true, true, true]);
		expect(source.facts.provenance).toMatchObject({agent: 'openhands', model: 'litellm_proxy/minimax-m2.7', project: '/workspace/project', tool_calls: 2, tokens: {input: 107458, output: 1347, cache_read: 68193, cache_write: 0}});
		// The four stats updates and the status update are bookkeeping.
		expect(source.skipped).toBe(5);
	});

	it('a real 1.11.5 CLI conversation that never ran: read, counted as empty, not failed', async () => {
		const state = path.join(cliDefault, 'base_state.json');
		expect((await sniff(state, statSync(state).size)).format).toBe('openhands');
		const store = path.join(tempDir(), 's.db');
		expect(await ingest([cliDefault, trace], {storePath: store, workers: false})).toMatchObject({added: 1, empty_sessions: 1, failed: []});
		expect(storedItems(store).map(({record}) => record.source?.session_id)).toEqual(['e18b827d-3440-425a-9ff7-353c4a6d6a3a']);
	});
});
