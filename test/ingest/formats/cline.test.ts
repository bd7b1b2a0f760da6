import {readFileSync, statSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {readClineTask} from '../../../source/ingest/formats/cline.js';
import {sniff} from '../../../source/ingest/formats/detect.js';
import type {ParsedSource, SourceProblem} from '../../../source/ingest/model.js';
import {ingest} from '../../helpers/ingest.js';
import {tempDir} from '../../helpers/cli.js';
import {textsOf} from './read.js';

const tasks = 'fixtures/agents/cline/saoudrizwan.claude-dev/tasks';
const task = path.join(tasks, '1765430000000');
const oldTask = path.join(tasks, '1730000000000');
const rooTask = 'fixtures/agents/cline/rooveterinaryinc.roo-cline/tasks/0c8f5e2a-7b1d-4c3e-9a6f-1e2d3c4b5a69';

function readTask(file: string): {source: ParsedSource; problems: SourceProblem[]} {
	const problems: SourceProblem[] = [];
	return {source: readClineTask(path.resolve(file), JSON.parse(readFileSync(file, 'utf8')), problems), problems};
}

const of = textsOf;

describe('Cline tasks', () => {
	const {source, problems} = readTask(path.join(task, 'ui_messages.json'));

	it('reads a task from its ui_messages.json, with what task_metadata.json and the requests say', () => {
		expect(problems).toEqual([]);
		expect(source.facts.provenance).toMatchObject({
			agent: 'cline',
			project: '/home/mira/src/tidewater',
			model: 'anthropic/claude-sonnet-4.5',
			started_at: '2025-12-11T05:13:20.000Z',
			ended_at: '2025-12-11T05:14:30.200Z',
			turns: 2,
			tool_calls: 7,
			session_id: '1765430000000',
			tokens: {input: 22431, output: 1125, cache_read: 43500, cache_write: 11500},
			// The agent's edits, from its tool messages and the metadata; not the file the person edited.
			files_edited: ['src/alarms/push.ts', 'src/alarms/schedule.ts'],
		});
	});

	it('reads every message kind: the task and feedback, text, reasoning, tools, commands, MCP, the browser, questions, errors', () => {
		expect(of(source, 'user')).toEqual(['Send the morning tide alarm as a push notification as well as the email.', '[image]', '10 minutes earlier, people read push on their phone.']);
		expect(of(source, 'thinking')).toEqual(['The scheduler sends email through notify(); a push channel can implement the same interface.']);
		expect(of(source, 'tool_call')).toEqual([
			'readFile\npath: src/alarms/schedule.ts\ncontent: /home/mira/src/tidewater/src/alarms/schedule.ts',
			expect.stringMatching(/^newFileCreated\npath: src\/alarms\/push\.ts\ncontent:\n {2}export const push/u),
			expect.stringMatching(/^editedExistingFile\npath: src\/alarms\/schedule\.ts\ndiff:\n {2}------- SEARCH/u),
			'execute_command\ncommand: npm test -- alarms',
			'github.create_issue\ntitle: Document the push alarm VAPID keys',
			'browser_action\naction: launch\nurl: http://localhost:5173/alarms',
			'browser_action\naction: click\ncoordinate: 450,300',
		]);
		expect(of(source, 'tool')).toEqual(['PASS test/alarms/schedule.test.ts\nTests: 6 passed', 'Created issue #142', 'http://localhost:5173/alarms\nNotification permission: granted']);
		expect(of(source, 'assistant')).toEqual([
			"I'll read the alarm scheduler to see how notifications are sent.",
			"notify() takes a channel list; I'll add a push channel backed by the web-push library.",
			'Should the push alarm go out at the same time as the email, or 10 minutes earlier?\n- Same time\n- 10 minutes earlier',
			"I'll schedule the push 10 minutes before the email, from the same tide time.",
			expect.stringMatching(/^Morning tide alarms now go out as a push notification/u),
		]);
		expect(of(source, 'system')).toEqual([expect.stringMatching(/^\[error\] Cline tried to use replace_in_file/u), '[error] 529 Overloaded']);
		// Requests (4), a checkpoint, the resume prompt, the empty completion ask, api_req_finished.
		expect(source.skipped).toBe(8);
	});

	it('reads a task that has only its API history: requests without the environment details, old XML tool results', () => {
		const old = readTask(path.join(oldTask, 'api_conversation_history.json')).source;
		expect(old.facts.provenance).toMatchObject({agent: 'cline', project: '/home/mira/src/tidewater', turns: 2, session_id: '1730000000000'});
		expect(of(old, 'user')).toEqual(['Why does the station list load twice on the home page?', 'and in StrictMode?']);
		expect(of(old, 'tool')).toEqual(["[read_file for 'src/ui/home.tsx'] Result:", 'useEffect(() => { loadStations(); });']);
		expect(of(old, 'thinking')).toEqual(['No dependency array: it runs after every render.']);
		expect(of(old, 'system').every((text) => text.startsWith('<environment_details>'))).toBe(true);
	});

	it('reads a Roo Code task, whose first text message is the task', () => {
		const roo = readTask(path.join(rooTask, 'ui_messages.json')).source;
		expect(roo.facts.provenance).toMatchObject({agent: 'roo-code', project: '/home/mira/src/tidewater', turns: 1, tokens: {input: 9000, output: 700, cache_read: 0, cache_write: 0}, files_edited: ['src/tides/index.ts']});
		expect(of(roo, 'user')).toEqual(['Split the tide module into prediction and formatting.']);
		expect(of(roo, 'tool_call')).toEqual([expect.stringMatching(/^appliedDiff\npath: src\/tides\/index\.ts/u)]);
		expect(of(roo, 'tool')).toEqual(['{"query": "formatHeight", "results": 3}', 'The formatter has no imports from prediction code.']);
		expect(of(roo, 'system')).toEqual(['Context condensed: the split is done except the tests.']);
	});

	it('takes each task once in a folder walk: its other files are skipped, not failed', async () => {
		const file = (name: string) => path.join(task, name);
		expect((await sniff(file('ui_messages.json'), statSync(file('ui_messages.json')).size)).format).toBe('cline');
		expect(await sniff(file('api_conversation_history.json'), statSync(file('api_conversation_history.json')).size)).toMatchObject({notASource: true, problem: 'is the API history of a Cline task, read with the ui_messages.json beside it'});
		expect(await sniff(file('task_metadata.json'), statSync(file('task_metadata.json')).size)).toMatchObject({notASource: true});
		const alone = path.join(oldTask, 'api_conversation_history.json');
		expect((await sniff(alone, statSync(alone).size)).format).toBe('cline');
		const store = path.join(tempDir(), 's.db');
		const report = await ingest(['fixtures/agents/cline'], {storePath: store, workers: false});
		expect(report).toMatchObject({added: 3, failed: [], skipped_files: 4});
		// The task keeps its id: the same task named again is unchanged.
		expect(await ingest([file('ui_messages.json')], {storePath: store, workers: false})).toMatchObject({added: 0, skipped: 1});
	});
});

describe('Cline: a real task (fixtures/agents/real/cline, trimmed from CoreGems/Cline-Xray)', () => {
	const task = 'fixtures/agents/real/cline/tasks/1770577372307/ui_messages.json';

	it('reads its requests, the model each message names and the cost its requests recorded', () => {
		const problems: SourceProblem[] = [];
		const source = readClineTask(path.resolve(task), JSON.parse(readFileSync(task, 'utf8')), problems);
		expect(problems).toEqual([]);
		expect(source.facts.provenance).toMatchObject({agent: 'cline', model: 'claude-opus-4-6', turns: 2, cost_usd: 0.29612, tokens: {input: 20, output: 5850, cache_read: 94565, cache_write: 16398}});
	});

	it("reads 3.5x's per-message metrics (tokens, cost) and native tool_use blocks, a use_subagents call among them, from the API history", () => {
		const folder = tempDir();
		const history = [
			{role: 'user', content: [{type: 'text', text: '<task>\nsplit the parser tests by format\n</task>'}], ts: 1770577372307},
			{role: 'assistant', content: [{type: 'thinking', thinking: 'Two formats: delegate each.'}, {type: 'tool_use', id: 'toolu_1', name: 'use_subagents', input: {tasks: [{prompt: 'split the JSON tests'}]}}], modelInfo: {providerId: 'anthropic', modelId: 'claude-opus-4-6', mode: 'act'}, metrics: {tokens: {prompt: 1200, completion: 80, cached: 1000}, cost: 0.0125}},
			{role: 'user', content: [{type: 'tool_result', tool_use_id: 'toolu_1', content: 'done'}]},
			{role: 'assistant', content: [{type: 'text', text: 'Split.'}], metrics: {tokens: {prompt: 1300, completion: 10, cached: 1200}, cost: 0.0025}},
		];
		const file = path.join(folder, 'api_conversation_history.json');
		const source = readClineTask(file, history, []);
		expect(source.facts.provenance).toMatchObject({model: 'claude-opus-4-6', tool_calls: 1, cost_usd: 0.015, tokens: {input: 300, output: 90, cache_read: 2200}});
		expect(textsOf(source, 'tool_call')).toEqual([expect.stringMatching(/^use_subagents\n/u)]);
	});
});
