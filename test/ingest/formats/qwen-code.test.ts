import {copyFileSync, mkdirSync, readFileSync, statSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {sniff} from '../../../source/ingest/formats/detect.js';
import {QwenCodeReader, qwenSessionId} from '../../../source/ingest/formats/qwen-code.js';
import type {SourceProblem} from '../../../source/ingest/model.js';
import {ingest} from '../../helpers/ingest.js';
import {tempDir} from '../../helpers/cli.js';
import {storedItems} from '../../helpers/items.js';
import {allUnits, readWith} from './read.js';

const fixture = 'fixtures/agents/qwen-code/projects/-home-mira-src-tidewater/chats/b7e3c1a9-2f4d-4e8b-9c6a-1d0e5f3a7b29.jsonl';

describe('Qwen Code chats', () => {
	const problems: SourceProblem[] = [];
	const reader = new QwenCodeReader(problems);
	const source = readWith(fixture, reader);
	const blocks = allUnits(source).flatMap((unit) => unit.blocks);
	const of = (role: string) => blocks.filter((block) => block.role === role).map((block) => block.text);

	it('reads the session: id, project, model, times, tokens, its title, the files it wrote', () => {
		expect(problems).toEqual([]);
		expect(reader.sessionId).toBe('b7e3c1a9-2f4d-4e8b-9c6a-1d0e5f3a7b29');
		expect(qwenSessionId(readFileSync(fixture, 'utf8'))).toBe('b7e3c1a9-2f4d-4e8b-9c6a-1d0e5f3a7b29');
		expect(source.facts.title).toBe('Tide sparkline in the terminal');
		expect(source.facts.provenance).toMatchObject({
			agent: 'qwen-code',
			project: '/home/mira/src/tidewater',
			model: 'qwen3-coder-plus',
			started_at: '2025-12-20T09:00:00.000Z',
			ended_at: '2025-12-20T09:04:05.000Z',
			turns: 2,
			tool_calls: 3,
			// The prompt's count includes what was read from the cache (Qwen Code maps OpenAI's prompt_tokens to it).
			tokens: {input: 3200, output: 310, cache_read: 18000},
			files_edited: ['/home/mira/src/tidewater/src/cli/spark.ts', '/home/mira/src/tidewater/src/cli/predict.ts'],
		});
	});

	it('reads every record type: requests, answers with thoughts and calls, results and errors, compression, commands; not a subagent’s lines', () => {
		expect(of('user')).toEqual(['Plot the tide forecast as a sparkline in the terminal for `tidewater predict --spark`.', '@src/cli/predict.ts wire --spark into the predict command']);
		expect(of('thinking')).toEqual(['Ranges map to the eight block characters.']);
		expect(of('tool_call').map((text) => text.split('\n', 1)[0])).toEqual(['read_file', 'write_file', 'replace']);
		expect(of('tool')).toEqual(["program.command('predict').option('--days <n>')", expect.stringMatching(/^Successfully created/u), '[error] Failed to edit, 0 occurrences found for old_string.']);
		expect(of('system')).toEqual(['[command] /compress', 'Summary so far: a sparkline renderer was added in src/cli/spark.ts.\n\nGot it.', '[read] src/cli/predict.ts']);
		expect(of('assistant')).not.toContain("(a subagent's own step)");
		// The session source, UI telemetry, and the subagent's line.
		expect(source.skipped).toBe(3);
	});

	it('is told from Claude Code by its Gemini-style message parts', async () => {
		expect((await sniff(fixture, statSync(fixture).size)).format).toBe('qwen-code');
		expect((await sniff('fixtures/transcripts/claude-code-session.jsonl', statSync('fixtures/transcripts/claude-code-session.jsonl').size)).format).toBe('claude-code');
		expect(await ingest([fixture], {storePath: path.join(tempDir(), 's.db'), workers: false})).toMatchObject({added: 1, failed: []});
	});
});

describe('Qwen Code and Gemini CLI: real files (fixtures/agents/real/qwen-code, sources in its README)', () => {
	const real = 'fixtures/agents/real/qwen-code';
	const logs = path.join(real, 'tmp/47b8c5bef1c488a4e723e7abd2a8adae44413d00eb4c40dbfff20bd9a6d362f0/logs.json');

	it("reads the prompt log (logs.json, a JSON array) as one session per sessionId, the person's requests only, and names Qwen Code", async () => {
		expect((await sniff(logs, statSync(logs).size)).format).toBe('prompt-log');
		const store = path.join(tempDir(), 's.db');
		const report = await ingest([logs], {storePath: store, workers: false});
		expect(report).toMatchObject({added: 3, failed: []});
		const items = storedItems(store).map(({record}) => record);
		expect(items.map((item) => item.source?.agent)).toEqual(['qwen-code', 'qwen-code', 'qwen-code']);
		expect(items.map((item) => item.source?.session_id).sort()).toEqual(['4242ef54-f9ce-462f-b621-b604afaec97e', '6ea77e53-4960-487d-826d-60cd5852ca3c', 'fcb6cc1f-b3a6-4a5a-809f-7fe2f1dd6883'].sort());
		const first = items.find((item) => item.source?.session_id?.startsWith('6ea77e53'))!;
		// Another session of the log typed the very same request, at another time: when each started tells them apart.
		expect(first.title).toBe('Instala tsserver, pylsp y algun otro lsp para node y… — 2025-10-31 19:51 UTC');
		expect(first.source?.own_title).toBe('Instala tsserver, pylsp y algun otro lsp para node y otro para js');
		expect(first.tldr).toMatch(/^The prompt log keeps the person's requests only, no answers/u);
		// A slash command asked nothing: it is no request.
		expect(first.source?.turns).toBe(1);
	});

	it('leaves a session out of the prompt log when its chat was recorded too', async () => {
		const home = tempDir();
		const hash = path.join(home, '.qwen/tmp/47b8c5bef1c488a4e723e7abd2a8adae44413d00eb4c40dbfff20bd9a6d362f0');
		mkdirSync(hash, {recursive: true});
		copyFileSync(logs, path.join(hash, 'logs.json'));
		mkdirSync(path.join(home, '.qwen/projects/-home-admin/chats'), {recursive: true});
		writeFileSync(path.join(home, '.qwen/projects/-home-admin/chats/4242ef54-f9ce-462f-b621-b604afaec97e.jsonl'), '');
		const report = await ingest([path.join(hash, 'logs.json')], {storePath: path.join(tempDir(), 's.db'), workers: false});
		expect(report).toMatchObject({added: 2, failed: []});
	});

	it('reads a real chat (0.9.1) with its UI telemetry counted as records of unused kinds', async () => {
		const chat = path.join(real, 'projects/D--Hack-TODO-LIST/chats/734553eb-442f-4bd2-8002-4cd9ecd958e3.jsonl');
		const problems: SourceProblem[] = [];
		const source = readWith(chat, new QwenCodeReader(problems));
		expect(problems).toEqual([]);
		expect(source.facts.provenance).toMatchObject({agent: 'qwen-code', model: 'coder-model', project: 'D:\\Hack TODO LIST', turns: 1});
		expect(source.skipped).toBe(1);
	});

	it('names an older Qwen Code chat saved the Gemini CLI way (tmp/<hash>/chats/session-*.json) Qwen Code, by its folder or its models', async () => {
		const chat = (model: string) => JSON.stringify({sessionId: 'a1b2c3d4-0000-4000-8000-000000000001', projectHash: 'f'.repeat(64), startTime: '2025-09-20T10:00:00.000Z', lastUpdated: '2025-09-20T10:01:00.000Z', messages: [{id: 'm1', timestamp: '2025-09-20T10:00:00.000Z', type: 'user', content: 'add a dark mode toggle'}, {id: 'm2', timestamp: '2025-09-20T10:01:00.000Z', type: 'gemini', content: 'Added the toggle to the header.', model}]});
		const home = tempDir();
		const write = (folder: string, model: string) => {
			const file = path.join(home, folder, 'chats', 'session-2025-09-20T10-00-a1b2c3d4.json');
			mkdirSync(path.dirname(file), {recursive: true});
			writeFileSync(file, chat(model));
			return file;
		};
		const agentOf = async (file: string) => {
			const store = path.join(tempDir(), 's.db');
			expect(await ingest([file], {storePath: store, workers: false})).toMatchObject({added: 1, failed: []});
			return storedItems(store)[0]!.record.source?.agent;
		};
		expect(await agentOf(write('.qwen/tmp/abc', 'gemini-2.5-pro'))).toBe('qwen-code');
		expect(await agentOf(write('saved/qwen', 'qwen3-coder-plus'))).toBe('qwen-code');
		expect(await agentOf(write('saved/gemini', 'gemini-2.5-pro'))).toBe('gemini-cli');
		expect(await agentOf(write('.gemini/tmp/abc', 'qwen3-coder-plus'))).toBe('gemini-cli');
	});
});

describe('Qwen Code /chat save checkpoints, told from Gemini CLI’s by their own content', () => {
	// Real (fixtures/agents/real/README.md): Qwen Code's history, as a checkpoint copied out of `~/.qwen`.
	const qwenCheckpoint = 'fixtures/agents/real/qwen-code/copied/checkpoint-research-review.json';
	const geminiCheckpoint = 'fixtures/transcripts/gemini-checkpoint.json';
	const placed = (file: string, ...folders: string[]) => {
		const folder = path.join(tempDir(), ...folders);
		mkdirSync(folder, {recursive: true});
		const copy = path.join(folder, 'checkpoint-saved.json');
		copyFileSync(file, copy);
		return copy;
	};
	const agentsOf = async (files: string[]) => {
		const store = path.join(tempDir(), 's.db');
		expect(await ingest(files, {storePath: store, workers: false})).toMatchObject({added: files.length, failed: []});
		return storedItems(store).map(({record}) => [path.basename(path.dirname(record.source?.uri ?? '')), record.source?.agent]).sort();
	};

	it('a Qwen checkpoint outside `.qwen` is Qwen Code’s, by the context it opens with; a Gemini one stays Gemini CLI’s', async () => {
		expect(await agentsOf([placed(qwenCheckpoint, 'qwen-copy'), placed(geminiCheckpoint, 'gemini-copy')])).toEqual([
			['gemini-copy', 'gemini-cli'],
			['qwen-copy', 'qwen-code'],
		]);
	});

	it('the chat’s own context wins over the folder it was copied into', async () => {
		expect(await agentsOf([placed(qwenCheckpoint, '.gemini', 'tmp', 'q'), placed(geminiCheckpoint, '.qwen', 'tmp', 'g')])).toEqual([
			['g', 'gemini-cli'],
			['q', 'qwen-code'],
		]);
	});

	it('without that context, the folder still decides, and elsewhere it is Gemini CLI’s as before', async () => {
		const history = JSON.parse(readFileSync(qwenCheckpoint, 'utf8')) as unknown[];
		const bare = path.join(tempDir(), 'bare.json');
		writeFileSync(bare, JSON.stringify(history.slice(2)));
		expect(await agentsOf([placed(bare, '.qwen', 'tmp', 'q'), placed(bare, 'elsewhere')])).toEqual([
			['elsewhere', 'gemini-cli'],
			['q', 'qwen-code'],
		]);
	});
});
