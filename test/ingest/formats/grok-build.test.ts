import {statSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {sniff} from '../../../source/ingest/formats/detect.js';
import {GrokBuildReader} from '../../../source/ingest/formats/grok-build.js';
import type {SourceProblem} from '../../../source/ingest/model.js';
import {ingest} from '../../helpers/ingest.js';
import {tempDir} from '../../helpers/cli.js';
import {readWith, textsOf} from './read.js';

const sessions = 'fixtures/agents/grok-build/sessions';
const folder = path.join(sessions, '%2Fhome%2Fdev%2Fshop', '019edf9c-3e02-7601-b726-1133cc72ef76');
const updates = path.join(folder, 'updates.jsonl');

describe('Grok Build sessions (built from the documented shape)', () => {
	it('reads the streamed request, reasoning and answer, tool calls with their outcome, the title, model, tokens, edits and commits', () => {
		const problems: SourceProblem[] = [];
		const source = readWith(updates, new GrokBuildReader(problems, updates));
		expect(problems).toEqual([]);
		expect(source.facts.title).toBe('Fix cart rounding');
		expect(source.facts.provenance).toMatchObject({
			agent: 'grok-build',
			session_id: '019edf9c-3e02-7601-b726-1133cc72ef76',
			project: '/home/dev/shop',
			model: 'grok-build',
			started_at: '2026-06-19T11:20:40.686Z',
			turns: 1,
			tool_calls: 3,
			// Input without the cache reads Grok counts in it.
			tokens: {input: 14000, output: 900, cache_read: 38000, cache_write: 0},
			files_edited: ['/home/dev/shop/src/cart.js'],
			commits: 1,
		});
		expect(textsOf(source, 'user')).toEqual(['The cart test fails: fix the rounding and commit.']);
		expect(textsOf(source, 'thinking')).toEqual(['Run the tests to see the failure first.']);
		expect(textsOf(source, 'assistant')).toEqual(['The total is rounded down; I will round half up.', 'Fixed and committed: totals now round half up.']);
		expect(textsOf(source, 'tool_call')[0]).toBe('run_terminal_command\ncommand: npm test');
		expect(textsOf(source, 'tool')[0]).toBe('[error] 1 failing: cart total rounds 10.005 to 10.00');
	});

	it('is told from its content, its other files are its companions', async () => {
		expect((await sniff(updates, statSync(updates).size)).format).toBe('grok-build');
		for (const name of ['summary.json', 'signals.json']) {
			const file = path.join(folder, name);
			expect(await sniff(file, statSync(file).size)).toMatchObject({notASource: true, problem: expect.stringMatching(/Grok Build session/u)});
		}
		expect(await ingest([sessions], {storePath: path.join(tempDir(), 's.db'), workers: false})).toMatchObject({added: 1, failed: []});
	});
});
