import {statSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {sniff} from '../../../source/ingest/formats/detect.js';
import {DroidReader} from '../../../source/ingest/formats/droid.js';
import type {SourceProblem} from '../../../source/ingest/model.js';
import {ingest} from '../../helpers/ingest.js';
import {tempDir} from '../../helpers/cli.js';
import {readWith, textsOf} from './read.js';

const sessions = 'fixtures/agents/droid/sessions';
const real = path.join(sessions, '-C-Users-loganf-Documents-IDAHO-VAULT', '1e497a18-d302-4d2c-b2b1-98903bfebd5a.jsonl');
const built = path.join(sessions, '-home-dev-shop', '6f1d2c3b-8a4e-4f0a-9b1c-2d3e4f5a6b7c.jsonl');
const read = (file: string, problems: SourceProblem[] = []) => readWith(file, new DroidReader(problems, file));

describe('Factory Droid sessions', () => {
	it('reads a real session Droid started and nothing was said in: its folder, model and placeholder title', () => {
		const problems: SourceProblem[] = [];
		const source = read(real, problems);
		expect(problems).toEqual([]);
		expect(source.facts.provenance).toMatchObject({agent: 'droid', session_id: '1e497a18-d302-4d2c-b2b1-98903bfebd5a', project: String.raw`C:\Users\loganf\Documents\IDAHO-VAULT`, model: 'claude-opus-4-7', turns: 0, agent_title: 'New Session'});
		// "New Session" is Droid's placeholder, no title.
		expect(source.facts.title).toBeUndefined();
	});

	it('reads requests, thinking, tool calls and results, the compaction summary, the session’s name, tokens, edits and commits (built from the documented shape)', () => {
		const source = read(built);
		expect(source.facts.title).toBe('Cart total rounding');
		expect(source.facts.provenance).toMatchObject({
			agent: 'droid',
			project: '/home/dev/shop',
			model: 'claude-sonnet-4-5-20250929',
			started_at: '2026-09-29T20:14:10.000Z',
			ended_at: '2026-09-29T20:15:06.000Z',
			turns: 1,
			tool_calls: 3,
			tokens: {input: 5200, output: 640, cache_read: 18400, cache_write: 3100},
			files_edited: ['/home/dev/shop/src/cart.js'],
			commits: 1,
		});
		expect(textsOf(source, 'user')).toEqual(['Fix the failing cart test, then commit.']);
		expect(textsOf(source, 'thinking')).toEqual(['Run the tests first to see what fails.']);
		expect(textsOf(source, 'tool_call')[0]).toBe('Execute\ncommand: npm test');
		expect(textsOf(source, 'tool')[0]).toBe('[error] 1 failing: cart total rounds 10.005 to 10.00');
		expect(textsOf(source, 'system')).toEqual(['[context compacted] Fixed cart rounding and committed it.']);
	});

	it('is told from its first line, its settings are its companion, and an empty session is counted as empty', async () => {
		for (const file of [real, built]) expect((await sniff(file, statSync(file).size)).format).toBe('droid');
		const settings = built.replace(/\.jsonl$/u, '.settings.json');
		expect(await sniff(settings, statSync(settings).size)).toMatchObject({notASource: true, problem: expect.stringMatching(/^is the settings of a Factory Droid session/u)});
		expect(await ingest([sessions], {storePath: path.join(tempDir(), 's.db'), workers: false})).toMatchObject({added: 1, empty_sessions: 1, failed: []});
	});
});
