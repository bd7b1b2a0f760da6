import {readFileSync, statSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {readDeepSeekSession} from '../../../source/ingest/formats/deepseek-tui.js';
import {sniff} from '../../../source/ingest/formats/detect.js';
import type {ParsedSource} from '../../../source/ingest/model.js';
import {ingest} from '../../helpers/ingest.js';
import {tempDir} from '../../helpers/cli.js';
import {storedItems} from '../../helpers/items.js';
import {textsOf} from './read.js';

// Trimmed from a real public session: see fixtures/agents/deepseek-tui/README.md.
const fixture = 'fixtures/agents/deepseek-tui/sessions/3bd4c811-972d-4b18-be1e-dd50bf5f1279.json';
const read = (value: Record<string, unknown>) => readDeepSeekSession(value) as ParsedSource;
const session = () => read(JSON.parse(readFileSync(fixture, 'utf8')) as Record<string, unknown>);

describe('DeepSeek TUI sessions', () => {
	it('reads the session’s metadata: workspace, model, times, id; a `<turn_meta>` title is no title', () => {
		const source = session();
		expect(source.facts.title).toBeUndefined();
		expect(source.facts.provenance).toMatchObject({
			agent: 'deepseek-tui',
			project: 'C:\\Users\\27206\\Downloads',
			model: 'deepseek-v4-pro',
			started_at: '2026-05-11T10:35:42.034Z',
			ended_at: '2026-05-11T11:59:45.437Z',
			session_id: '3bd4c811-972d-4b18-be1e-dd50bf5f1279',
			turns: 4,
			tool_calls: 6,
			files_edited: ['C:\\Users\\27206\\Downloads\\pet-shop.html'],
		});
		expect(source.facts.provenance?.agent_title).toBeUndefined();
		// Its recorded cost is zero: no cost is claimed.
		expect(source.facts.provenance?.cost_usd).toBeUndefined();
	});

	it('keeps the person’s words apart from the `<turn_meta>` context before them', () => {
		const source = session();
		expect(textsOf(source, 'user')).toEqual(['你是什么模型', '请查看我的token用量', expect.stringMatching(/^生成一个宠物店网页/u), '我没找到这个html']);
		expect(textsOf(source, 'system')[0]).toMatch(/^Current local date: 2026-05-11\n## Repo Working Set/u);
	});

	it('reads thinking, tool calls and their results (a denied call as an error), the sandbox’s output', () => {
		const source = session();
		expect(textsOf(source, 'thinking')[0]).toMatch(/^The user is asking what model I am/u);
		expect(textsOf(source, 'tool_call').map((call) => call.split('\n', 1)[0])).toEqual(['checklist_write', 'write_file', 'file_search', 'list_dir', 'code_execution', 'read_file']);
		const results = textsOf(source, 'tool');
		expect(results[1]).toMatch(/^\[error\] Error: Tool 'write_file' was denied/u);
		expect(results.at(-1)).toMatch(/^<!DOCTYPE html>/u);
	});

	it('takes the title DeepSeek TUI shows: the stored one after its `<turn_meta>` block; a cost it recorded', () => {
		const value = JSON.parse(readFileSync(fixture, 'utf8')) as {metadata: Record<string, unknown>};
		value.metadata.title = '<turn_meta>\nCurrent local date: 2026-05-11\n</turn_meta>\nBuild a pet shop page';
		value.metadata.cost = {session_cost_usd: 0.0123, subagent_cost_usd: 0.002};
		const source = read(value as unknown as Record<string, unknown>);
		expect(source.facts.title).toBe('Build a pet shop page');
		expect(source.facts.provenance?.cost_usd).toBeCloseTo(0.0143);
		value.metadata.title = 'New Session';
		expect(read(value as unknown as Record<string, unknown>).facts.title).toBeUndefined();
	});

	it('is told from its content, and ingested as one item titled by its first request past the model question', async () => {
		expect((await sniff(fixture, statSync(fixture).size)).format).toBe('deepseek-tui');
		const store = path.join(tempDir(), 's.db');
		expect(await ingest([fixture], {storePath: store, workers: false})).toMatchObject({added: 1, failed: []});
		const [item] = storedItems(store);
		// "你是什么模型" (what model are you) is small talk: the request after it names the session.
		expect(item!.record.title).toBe('请查看我的token用量');
	});
});
