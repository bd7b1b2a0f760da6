import {cpSync, mkdirSync, statSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {sniff} from '../../../source/ingest/formats/detect.js';
import {KimiContextReader, KimiWireReader} from '../../../source/ingest/formats/kimi-cli.js';
import {kimiFallbackTitle} from '../../../source/ingest/formats/kimi-session.js';
import type {ParsedSource, SourceProblem} from '../../../source/ingest/model.js';
import {ingest} from '../../helpers/ingest.js';
import {tempDir} from '../../helpers/cli.js';
import {readWith, textsOf} from './read.js';

const share = 'fixtures/agents/kimi-cli/kimi';
const work = path.join(share, 'sessions', '697a0ebec3147bb421a9dd6a0531906f');
const website = path.join(work, '3ec3e443-823d-4247-be92-2fadd5e194cf', 'wire.jsonl');
const withSubagents = path.join(work, 'b1ea4a04-95d9-43a8-98ce-189f553b08ca', 'wire.jsonl');

function read(file: string, problems: SourceProblem[] = []): ParsedSource {
	return readWith(file, path.basename(file) === 'wire.jsonl' ? new KimiWireReader(problems, file) : new KimiContextReader(problems, file));
}

describe('Kimi CLI sessions (real, trimmed)', () => {
	it('reads a session’s wire: its work directory from kimi.json, tokens, requests, thinking, tool calls and results', () => {
		const problems: SourceProblem[] = [];
		const source = read(website, problems);
		expect(problems).toEqual([]);
		expect(source.facts.provenance).toMatchObject({
			agent: 'kimi-cli',
			session_id: '3ec3e443-823d-4247-be92-2fadd5e194cf',
			project: '/home/teacherchris37',
			started_at: '2026-03-04T13:36:51.266Z',
			turns: 1,
			tool_calls: 6,
			tokens: {input: 18454, output: 16744, cache_read: 65792, cache_write: 0},
			files_edited: ['/home/teacherchris37/youbecamethemoney-temp/index.html'],
		});
		// Kimi 1.17 records no title: drill titles it (Kimi listed it by its first request, cut).
		expect(source.facts.provenance?.agent_title).toBeUndefined();
		expect(textsOf(source, 'user')[0]).toMatch(/^I want you to pilish up a wensite that I made for my client/u);
		expect(textsOf(source, 'thinking')[0]).toMatch(/^The user wants me to:/u);
		expect(textsOf(source, 'tool_call')[0]).toMatch(/^Shell\ncommand: cd \/home\/teacherchris37 && git clone/u);
		expect(textsOf(source, 'tool')[0]).toMatch(/^Cloning into 'youbecamethemoney-temp'/u);
	});

	it('reads the subagents its wire mirrors into the session’s tree, and a call’s streamed arguments', () => {
		const source = read(withSubagents);
		expect(textsOf(source, 'user')).toEqual(['kimi', expect.stringMatching(/^Complete TODO items - Implement the 48 pending database operations/u)]);
		expect(textsOf(source, 'tool_call').at(-1)).toMatch(/^Task\ndescription: Implement order and merchant database ops\n/u);
		expect(source.subagents).toHaveLength(1);
		const sub = source.subagents![0]!;
		expect(textsOf(sub, 'user')[0]).toMatch(/^I need you to implement missing database operations for orders and merchants/u);
		expect(textsOf(sub, 'tool_call').slice(0, 2)).toEqual(['ReadFile\npath: /home/teacherchris37/backend/app/routes/orders.py', 'ReadFile\npath: /home/teacherchris37/backend/app/routes/merchants.py']);
		expect(sub.facts.provenance?.project).toBe('/home/teacherchris37');
	});

	it('takes the title the person gave (state.json custom_title), not Kimi’s cut of the first request', () => {
		const folder = path.join(tempDir(), 'kimi');
		cpSync(share, folder, {recursive: true});
		const session = path.join(folder, 'sessions', '697a0ebec3147bb421a9dd6a0531906f', '3ec3e443-823d-4247-be92-2fadd5e194cf');
		const state = (title: string) => writeFileSync(path.join(session, 'state.json'), JSON.stringify({version: 1, custom_title: title, title_generated: true}));
		state('Music player fix');
		expect(read(path.join(session, 'wire.jsonl')).facts.provenance?.agent_title).toBe('Music player fix');
		// What Kimi (1.2x and later) writes itself after the first turn: the first request, cut.
		const first = textsOf(read(website), 'user')[0]!;
		expect(kimiFallbackTitle(first)).toBe('I want you to pilish up a wensite that I made for…');
		state(kimiFallbackTitle(first));
		expect(read(path.join(session, 'wire.jsonl')).facts.provenance?.agent_title).toBeUndefined();
	});

	it('reads a session kept as one context file (Kimi 0.x, no wire beside it)', () => {
		const folder = path.join(tempDir(), 'kimi');
		const hashed = path.join(folder, 'sessions', '697a0ebec3147bb421a9dd6a0531906f');
		mkdirSync(hashed, {recursive: true});
		cpSync(path.join(share, 'kimi.json'), path.join(folder, 'kimi.json'));
		const old = path.join(hashed, '3ec3e443-823d-4247-be92-2fadd5e194cf.jsonl');
		cpSync(path.join(path.dirname(website), 'context.jsonl'), old);
		const source = read(old);
		expect(source.facts.provenance).toMatchObject({agent: 'kimi-cli', session_id: '3ec3e443-823d-4247-be92-2fadd5e194cf', project: '/home/teacherchris37', turns: 1});
		expect(textsOf(source, 'tool_call')[0]).toMatch(/^Shell\ncommand: cd \/home\/teacherchris37 && git clone/u);
	});

	it('reads a later Kimi’s subagent folders (subagents/<id>/) with the session, whose wire mirrors them', async () => {
		const folder = path.join(tempDir(), 'kimi');
		cpSync(share, folder, {recursive: true});
		const session = path.join(folder, 'sessions', '697a0ebec3147bb421a9dd6a0531906f', 'b1ea4a04-95d9-43a8-98ce-189f553b08ca');
		const agent = path.join(session, 'subagents', 'a1b2c3');
		mkdirSync(agent, {recursive: true});
		for (const name of ['wire.jsonl', 'context.jsonl', 'meta.json', 'prompt.txt']) writeFileSync(path.join(agent, name), name === 'prompt.txt' ? 'Implement the orders' : '{"type": "metadata", "protocol_version": "1.9"}\n');
		for (const name of ['wire.jsonl', 'prompt.txt', 'meta.json']) expect(await sniff(path.join(agent, name), statSync(path.join(agent, name)).size)).toMatchObject({notASource: true, problem: expect.stringMatching(/^is a subagent's .* of a Kimi CLI session, read with the session's wire\.jsonl$/u)});
		expect(await ingest([folder], {storePath: path.join(tempDir(), 's.db'), workers: false})).toMatchObject({added: 2, subagents: 1, failed: []});
	});

	it('is told from its content, its other files are its companions, and the sessions are ingested with their subagents', async () => {
		for (const file of [website, withSubagents]) expect((await sniff(file, statSync(file).size)).format).toBe('kimi-cli');
		for (const file of ['state.json', 'context.jsonl', '../b1ea4a04-95d9-43a8-98ce-189f553b08ca/context_sub_1.jsonl']) {
			const sniffed = await sniff(path.join(path.dirname(website), file), statSync(path.join(path.dirname(website), file)).size);
			expect(sniffed).toMatchObject({notASource: true, problem: expect.stringMatching(/Kimi CLI session.*read with its wire\.jsonl/u)});
		}
		const report = await ingest([share], {storePath: path.join(tempDir(), 's.db'), workers: false});
		expect(report).toMatchObject({added: 2, subagents: 1, failed: []});
	});
});
