import {readFileSync, statSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {ampThreadId, readAmpThread} from '../../../source/ingest/formats/amp.js';
import {sniff} from '../../../source/ingest/formats/detect.js';
import type {ParsedSource} from '../../../source/ingest/model.js';
import {ingest} from '../../helpers/ingest.js';
import {tempDir} from '../../helpers/cli.js';
import {textsOf} from './read.js';

const folder = 'fixtures/agents/amp/threads';
const thread = path.join(folder, 'T-e27481cd-3cd0-42ee-b07f-643aba461893.json');
const empty = path.join(folder, 'T-16e6b4e5-12ad-47bb-b598-7e040de598f7.json');

describe('Amp threads (real, trimmed)', () => {
	const source = readAmpThread(thread, JSON.parse(readFileSync(thread, 'utf8')), []) as ParsedSource;

	it('reads the thread with the title Amp showed, its project, model, tokens, times and edits', () => {
		expect(source.facts.title).toBe('Stage index.html in git repository');
		expect(source.facts.provenance).toMatchObject({
			agent: 'amp',
			session_id: 'T-e27481cd-3cd0-42ee-b07f-643aba461893',
			project: '/root',
			model: 'claude-sonnet-4-5-20250929',
			started_at: '2025-10-28T18:49:21.819Z',
			turns: 2,
			tool_calls: 3,
			files_edited: ['/root/meu-projeto/static/style.css'],
		});
		expect(source.facts.provenance?.tokens?.output).toBeGreaterThan(0);
		expect(ampThreadId(readFileSync(thread, 'utf8'))).toBe('T-e27481cd-3cd0-42ee-b07f-643aba461893');
	});

	it('reads requests, thinking, tool calls and their results, a failed edit as an error', () => {
		expect(textsOf(source, 'user')[0]).toBe('git add index.html');
		expect(textsOf(source, 'thinking')[0]).toMatch(/^The user wants to run `git add index.html`/u);
		expect(textsOf(source, 'tool_call')[0]).toBe('Bash\ncmd: git add index.html');
		expect(textsOf(source, 'tool').at(-1)).toMatch(/^\[error\] (?:File not found|could not find exact match)/u);
	});

	it('is told from its content, even cut at the head, and an empty thread is counted as empty', async () => {
		expect((await sniff(thread, statSync(thread).size)).format).toBe('amp');
		expect((await sniff(empty, statSync(empty).size)).format).toBe('amp');
		const report = await ingest([folder], {storePath: path.join(tempDir(), 's.db'), workers: false});
		expect(report).toMatchObject({added: 1, empty_sessions: 1, failed: []});
	});
});
