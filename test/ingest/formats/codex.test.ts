import {readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {CodexReader, codexSessionId} from '../../../source/ingest/formats/codex.js';
import type {SourceProblem} from '../../../source/ingest/model.js';
import {allUnits, readWith} from './read.js';
import {ingest} from '../../helpers/ingest.js';
import {SummaryStore} from '../../../source/store/summary-store.js';
import {tempDir} from '../../helpers/cli.js';

const fixture = 'fixtures/transcripts/codex-rollout.jsonl';

describe('CodexReader', () => {
	const problems: SourceProblem[] = [];
	const reader = new CodexReader(problems);
	const source = readWith(fixture, reader);
	const blocks = allUnits(source).flatMap((unit) => unit.blocks);
	const texts = (role: string) => blocks.filter((block) => block.role === role).map((block) => block.text);

	it('reads the session: its id, working directory, model, times and counts', () => {
		expect(problems).toEqual([]);
		expect(reader.sessionId).toBe('0199a7c4-5d2e-7b31-9f4e-2c8d41a6e0b7');
		expect(codexSessionId(readFileSync(fixture, 'utf8').slice(0, 65536))).toBe('0199a7c4-5d2e-7b31-9f4e-2c8d41a6e0b7');
		expect(source.facts.generatedAt).toBe('2026-11-03T14:02:11.482Z');
		expect(source.facts.provenance).toEqual({
			agent: 'codex',
			agent_version: '0.46.0',
			project: '/home/ana/src/ledger',
			model: 'gpt-5-codex',
			started_at: '2026-11-03T14:02:11.482Z',
			ended_at: '2026-11-03T14:12:10.001Z',
			turns: 3,
			tool_calls: 8,
			line: 1,
			session_id: '0199a7c4-5d2e-7b31-9f4e-2c8d41a6e0b7',
			// From its apply_patch calls; its only token_count has no info.
			files_edited: ['src/reconcile/refunds.ts', 'test/reconcile/refunds.test.ts'],
		});
	});

	it('keeps each message once, though the rollout writes it as a response item and as an event', () => {
		const prompts = texts('user');
		expect(prompts).toHaveLength(3);
		expect(prompts[0]).toMatch(/^The nightly reconciliation job double-counts partial refunds/u);
		expect(texts('assistant')).toHaveLength(2);
		expect(texts('thinking')).toEqual([expect.stringMatching(/^\*\*Locating refund aggregation/u), expect.stringMatching(/^\*\*Choosing the dedupe\*\*[\s\S]*Filtering to settled avoids/u)]);
	});

	it('makes injected context, the compaction summary and errors context, never requests', () => {
		const context = texts('system');
		expect(context[0]).toMatch(/^<environment_context>/u);
		expect(context[1]).toMatch(/^<permissions instructions>/u);
		expect(context).toContainEqual(expect.stringMatching(/^Summary of the session so far/u));
		expect(context).toContainEqual('[error] stream disconnected before completion: Transport error: error decoding response body');
	});

	it('shows function, custom and local shell calls, web searches and their outputs readably', () => {
		const calls = texts('tool_call');
		expect(calls[0]).toBe('shell\ncommand: rg -n "refund" src/reconcile\nworkdir: /home/ana/src/ledger\ntimeout_ms: 120000');
		expect(calls).toContainEqual(expect.stringMatching(/^apply_patch\n\*\*\* Begin Patch\n\*\*\* Update File: src\/reconcile\/refunds\.ts\n/u));
		expect(calls).toContainEqual(expect.stringMatching(/^shell\ncommand: pnpm vitest run test\/reconcile\ntimeout_ms: 300000\nworking_directory: \/home\/ana\/src\/ledger/u));
		expect(calls).toContainEqual('web_search\nquery: vitest seed helper postgres test fixtures refund_events');
		expect(calls).toContainEqual(expect.stringMatching(/^update_plan\nexplanation: The query fix is in; the test needs a seed helper\.\nplan:\n {2}- step: Keep only settled refund events in loadRefunds\n {4}status: completed\n {2}- step: Add seedRefund/u));
		const outputs = texts('tool');
		// The shell tool's JSON envelope is unwrapped; a failing command says its exit code.
		expect(outputs[0]).toMatch(/^src\/reconcile\/job\.ts:18:import \{ loadRefunds \}/u);
		expect(outputs).toContainEqual(expect.stringMatching(/^\[exit code 1\]\n FAIL {2}test\/reconcile\/refunds\.test\.ts/u));
		expect(outputs).toContainEqual(expect.stringMatching(/^Success\. Updated the following files:\nM src\/reconcile\/refunds\.ts/u));
		expect(outputs).toContainEqual(expect.stringMatching(/Test Files {2}1 passed/u));
		// A long output is kept whole (it is folded only where it is shown).
		expect(outputs).toContainEqual(expect.stringMatching(/export async function loadRefunds[\s\S]*fixture line 99/u));
		expect(outputs.join('\n')).not.toContain('lines left out');
	});

	it('skips, and counts, the records it does not use', () => {
		// token_count, task_complete, patch_apply_end, context_compacted, turn_aborted, a ghost
		// snapshot, and the event copies of three prompts, two answers and one reasoning summary.
		expect(source.skipped).toBe(12);
	});

	it('takes the name given to the thread, and reads old rollouts of bare response items', () => {
		const old = new CodexReader([]);
		old.push('{"id":"5973b6c0-94b8-487b-a530-2aeb6098ae0e","timestamp":"2025-05-01T10:00:00.000Z","instructions":null}', 1);
		old.push('{"record_type":"state"}', 2);
		old.push('{"type":"message","role":"user","content":[{"type":"input_text","text":"Add a --dry-run flag to the deploy script"}]}', 3);
		old.push('{"type":"function_call","name":"shell","arguments":"{\\"command\\":[\\"ls\\"]}","call_id":"c1"}', 4);
		old.push('{"type":"function_call_output","call_id":"c1","output":{"content":"deploy.sh","success":false}}', 5);
		old.push('{"timestamp":"2025-05-01T10:01:00.000Z","type":"event_msg","payload":{"type":"thread_name_updated","thread_name":"Deploy dry run"}}', 6);
		expect(old.sessionId).toBe('5973b6c0-94b8-487b-a530-2aeb6098ae0e');
		const parsed = old.finish();
		expect(parsed.facts.title).toBe('Deploy dry run');
		expect(allUnits(parsed).flatMap((unit) => unit.blocks.map((block) => [block.role, block.text]))).toEqual([
			['user', 'Add a --dry-run flag to the deploy script'],
			['tool_call', 'shell\ncommand: ls'],
			['tool', '[error] deploy.sh'],
		]);
		expect(parsed.skipped).toBe(1);
	});

	it('reports a broken line and a line without its payload, and keeps reading', () => {
		const broken: SourceProblem[] = [];
		const reader = new CodexReader(broken);
		reader.push('{"timestamp":"2026-01-01T00:00:00Z","type":"response_item","payload":{"type":"message","role":"user","content":[{"type":"input_text","text":"first"}]}}', 1);
		reader.push('{"timestamp":"2026-01-01T00:00:01Z","type":"response_item"', 2);
		reader.push('{"timestamp":"2026-01-01T00:00:02Z","type":"event_msg"}', 3);
		reader.finish();
		expect(broken.map((problem) => [problem.line, problem.reason])).toEqual([
			[2, expect.stringMatching(/^line 2 is not valid JSON/u)],
			[3, 'line 3 is a event_msg line without a "payload" object'],
		]);
	});
});

describe('CodexReader on the IDE extension', () => {
	it("takes the request after the editor's context as the request, and keeps the context as context", async () => {
		// The VS Code extension sends "# Context from my IDE setup:" (active file, open tabs), then the request.
		const message = '# Context from my IDE setup:\n\n## Active file: src/go.mod\n\n## Open tabs:\n- go.mod: src/go.mod\n\n## My request for Codex:\nwhy is the go version in go.mod 1.24 while the toolchain says 1.23?\nalso delete TODO.md\n';
		const lines = [
			{timestamp: '2025-09-19T09:02:12.457Z', type: 'session_meta', payload: {id: '01996135-afde-7911-97f0-d863511eca56', timestamp: '2025-09-19T09:02:12.446Z', cwd: '/proj/helper', originator: 'codex_vscode'}},
			{timestamp: '2025-09-19T09:02:12.677Z', type: 'response_item', payload: {type: 'message', role: 'user', content: [{type: 'input_text', text: message}]}},
			{timestamp: '2025-09-19T09:02:12.677Z', type: 'event_msg', payload: {type: 'user_message', message, kind: 'plain'}},
			{timestamp: '2025-09-19T09:02:27.915Z', type: 'response_item', payload: {type: 'message', role: 'assistant', content: [{type: 'output_text', text: 'I will compare go.mod with the toolchain line and remove TODO.md.'}]}},
		];
		const problems: SourceProblem[] = [];
		const reader = new CodexReader(problems);
		lines.forEach((line, index) => reader.push(JSON.stringify(line), index + 1));
		const parsed = reader.finish();
		const blocks = allUnits(parsed).flatMap((unit) => unit.blocks);
		expect(blocks.filter((block) => block.role === 'user').map((block) => block.text)).toEqual(['why is the go version in go.mod 1.24 while the toolchain says 1.23?\nalso delete TODO.md']);
		expect(blocks.find((block) => block.role === 'system')?.text).toMatch(/^# Context from my IDE setup:[\s\S]*Open tabs:[\s\S]*src\/go\.mod$/u);
		const folder = tempDir();
		const file = path.join(folder, 'rollout-2025-09-19T09-02-12-01996135.jsonl');
		writeFileSync(file, `${lines.map((line) => JSON.stringify(line)).join('\n')}\n`);
		const store = path.join(folder, 's.db');
		await ingest([file], {storePath: store});
		const summary = SummaryStore.open(store);
		try {
			expect([...summary.eachItem()].map((item) => item.title)).toEqual(['Why is the go version in go.mod 1.24 while the toolchain says 1.23?']);
		} finally {
			summary.close();
		}
	});
});

