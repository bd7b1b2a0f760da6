import {mkdirSync, readFileSync, statSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {AntigravityReader} from '../../../source/ingest/formats/antigravity.js';
import {readBrainArtifacts} from '../../../source/ingest/formats/antigravity-brain.js';
import {sniff} from '../../../source/ingest/formats/detect.js';
import type {SourceProblem} from '../../../source/ingest/model.js';
import {ingest} from '../../helpers/ingest.js';
import {tempDir} from '../../helpers/cli.js';
import {readWith, textsOf} from './read.js';

const root = 'fixtures/agents/antigravity/gemini';
const logs = path.join(root, 'antigravity-cli', 'brain', '7c4d2a10-5e6f-4a8b-9c0d-1e2f3a4b5c6d', '.system_generated', 'logs');
const full = path.join(logs, 'transcript_full.jsonl');
const brain = path.join(root, 'antigravity', 'brain', '7f58f58a-271b-45aa-a564-05e11c197c6c');
const encrypted = path.join(root, 'antigravity', 'conversations', '61be1d85-99c3-40de-bb21-8250c1585c4e.pb');

describe('Google Antigravity', () => {
	it('reads a CLI transcript: the request out of its wrapper, the model it names, reasoning, tool calls and results, edits, commits, the work folder from history.jsonl (built from the documented shape)', () => {
		const problems: SourceProblem[] = [];
		const source = readWith(full, new AntigravityReader(problems, full));
		expect(problems).toEqual([]);
		expect(source.facts.provenance).toMatchObject({
			agent: 'antigravity-cli',
			session_id: '7c4d2a10-5e6f-4a8b-9c0d-1e2f3a4b5c6d',
			project: '/home/dev/shop',
			model: 'Gemini 3.5 Flash (High)',
			started_at: '2026-05-26T22:00:46.000Z',
			turns: 1,
			tool_calls: 3,
			files_edited: ['/home/dev/shop/src/cart.js'],
			commits: 1,
		});
		expect(textsOf(source, 'user')).toEqual(['The cart test fails: fix the rounding and commit.']);
		expect(textsOf(source, 'thinking')).toEqual(['Run the tests first to see what fails.']);
		expect(textsOf(source, 'tool_call')[0]).toMatch(/^run_command\nCommandLine: npm test\n/u);
		expect(textsOf(source, 'tool')[0]).toMatch(/^\[error\] Created At: .*\n[\s\S]*The command failed with exit code: 1/u);
		expect(textsOf(source, 'assistant').at(-1)).toBe('Fixed and committed: totals now round half up.');
	});

	it('reads the copy whose arguments are encoded twice the same way', () => {
		const twice = path.join(logs, 'transcript.jsonl');
		const source = readWith(twice, new AntigravityReader([], twice));
		expect(textsOf(source, 'tool_call')).toEqual(textsOf(readWith(full, new AntigravityReader([], full)), 'tool_call'));
		expect(source.facts.provenance?.commits).toBe(1);
	});

	it('reads a real conversation’s artifacts in the editor’s brain folder, titled by its task list', () => {
		const source = readBrainArtifacts(path.join(brain, 'task.md'));
		expect(source.facts.title).toBe('Transform Project to Next.js');
		expect(source.facts.provenance).toMatchObject({agent: 'antigravity', session_id: '7f58f58a-271b-45aa-a564-05e11c197c6c', started_at: '2025-12-18T13:52:11.114Z', ended_at: '2025-12-18T14:19:23.344Z'});
		expect(textsOf(source, 'assistant').map((text) => text.split('\n', 1)[0])).toEqual([
			'[task] Main task list for transforming the project into Next.js.',
			expect.stringMatching(/^\[implementation plan\] /u),
			'[walkthrough] Walkthrough of the Next.js transformation for Cortinas Brás.',
		]);
	});

	it('says on one line that the editor’s conversations are encrypted and not read (real files)', async () => {
		expect(await sniff(encrypted, statSync(encrypted).size)).toMatchObject({problem: 'looks like a Google Antigravity conversation, not read: Antigravity encrypts these files and publishes no way to read them'});
		expect((await sniff(encrypted, statSync(encrypted).size)).notASource).toBeUndefined();
		expect(readFileSync(encrypted).length).toBe(4096);
	});

	it('leaves out the copies of changed files it keeps (code_tracker), whatever their encoding', async () => {
		const copy = path.join(tempDir(), '.gemini', 'antigravity', 'code_tracker', 'active', 'root_3aaa15f6', '00b36fa4_index.html');
		mkdirSync(path.dirname(copy), {recursive: true});
		writeFileSync(copy, Buffer.from('<p>Cortinas Br\xe1s</p>', 'latin1'));
		expect(await sniff(copy, statSync(copy).size)).toMatchObject({notASource: true, problem: "is Antigravity's copy of a file its agent changed (code_tracker), not a session"});
	});

	it('tells the transcript and artifacts apart from their companions, and ingests them', async () => {
		expect((await sniff(full, statSync(full).size)).format).toBe('antigravity');
		expect((await sniff(path.join(brain, 'task.md'), statSync(path.join(brain, 'task.md')).size)).format).toBe('antigravity');
		for (const file of [path.join(logs, 'transcript.jsonl'), path.join(brain, 'walkthrough.md'), path.join(brain, 'task.md.metadata.json')]) {
			expect((await sniff(file, statSync(file).size)).notASource).toBe(true);
		}
		const report = await ingest([root], {storePath: path.join(tempDir(), 's.db'), workers: false});
		expect(report).toMatchObject({added: 2});
		expect(report.failed.map((failure) => failure.reason)).toEqual([expect.stringMatching(/Antigravity conversation, not read/u), expect.stringMatching(/Antigravity context, not read/u)]);
	});
});
