import {readFileSync, statSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {sniff} from '../../../source/ingest/formats/detect.js';
import {PiSessionReader, piAgentOfPath, piSessionId} from '../../../source/ingest/formats/pi-session.js';
import type {SourceProblem} from '../../../source/ingest/model.js';
import {ingest} from '../../helpers/ingest.js';
import {tempDir} from '../../helpers/cli.js';
import {readWith, textsOf} from './read.js';

const openclaw = 'fixtures/agents/openclaw/agents/main/sessions/1f979e30-12ad-4b66-80ac-bcbb53b985ff.jsonl';
const pi = 'fixtures/agents/pi/pi/agent/sessions/--home-ada-src-tidewater--/2026-03-02T09-00-00-000Z_5b0c9e1e-1f0a-4c3e-9d55-0c8e2b7a4d10.jsonl';
const omp = 'fixtures/agents/pi/omp/agent/sessions/--home-ada-src-tidewater--/2026-03-03T10-00-00-000Z_7d1f2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b.jsonl';

const read = (file: string, problems: SourceProblem[] = []) => readWith(file, new PiSessionReader(problems, file));

describe('OpenClaw sessions (real, trimmed; Pi’s session format)', () => {
	const problems: SourceProblem[] = [];
	const source = read(openclaw, problems);

	it('is OpenClaw’s, by its folder and by its own markers, with its project and model', () => {
		expect(problems).toEqual([]);
		expect(source.facts.provenance).toMatchObject({agent: 'openclaw', session_id: '1f979e30-12ad-4b66-80ac-bcbb53b985ff', project: String.raw`C:\Users\Admin\.openclaw\workspace`, model: 'coder-model', tool_calls: 2});
		expect(readWith(openclaw, new PiSessionReader([], '/elsewhere/s.jsonl')).facts.provenance?.agent).toBe('openclaw');
		expect(piAgentOfPath('/home/a/.openclaw/agents/work/sessions/x.jsonl')).toBe('openclaw');
		expect(piSessionId(readFileSync(openclaw, 'utf8'))).toBe('1f979e30-12ad-4b66-80ac-bcbb53b985ff');
	});

	it('takes the person’s words out of the chat channel’s envelope, which stays as context', () => {
		expect(textsOf(source, 'user').slice(0, 2)).toEqual(['Hi there', 'Please set to replay in Chinese']);
		expect(textsOf(source, 'system')[0]).toMatch(/^Sender \(untrusted metadata\):/u);
	});
});

describe('Pi and Oh My Pi sessions (built from their source)', () => {
	it('reads the branch that ends at the last entry, with the name the person gave it, cost, edits and commits', () => {
		const source = read(pi);
		expect(source.facts.title).toBe('Tide table midnight fix');
		expect(source.facts.provenance).toMatchObject({agent: 'pi', project: '/home/ada/src/tidewater', model: 'claude-sonnet-4-5', turns: 1, tool_calls: 3, commits: 1, cost_usd: 0.014295, tokens: {input: 2800, output: 150, cache_read: 900, cache_write: 900}, files_edited: ['src/tides/window.ts']});
		expect(textsOf(source, 'assistant')).not.toContain('A first try: widen the window.');
		expect(textsOf(source, 'system')).toEqual(['Widening the window was tried and abandoned: it made the duplicate worse.']);
		expect(source.skipped).toBe(2);
	});

	it('tells Oh My Pi by its title slot, and the person’s retitle wins over the generated title', () => {
		const source = read(omp);
		expect(source.facts.title).toBe('Alarm scheduler and the midnight window');
		expect(source.facts.provenance).toMatchObject({agent: 'oh-my-pi', model: 'claude-opus-4-5', cost_usd: 0.0055});
	});

	it('is told from its content and ingested', async () => {
		for (const file of [openclaw, pi, omp]) expect((await sniff(file, statSync(file).size)).format).toBe('pi');
		expect(await ingest([openclaw, pi, omp], {storePath: path.join(tempDir(), 's.db'), workers: false})).toMatchObject({added: 3, failed: []});
	});
});
