import {mkdirSync, readFileSync, statSync} from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import {AgentDatabase} from '../../../source/ingest/io/agent-database.js';
import {describe, expect, it} from 'vitest';
import {sniff} from '../../../source/ingest/formats/detect.js';
import {KiroCliReader} from '../../../source/ingest/formats/kiro-cli.js';
import {readKiroStore} from '../../../source/ingest/formats/kiro-store.js';
import type {ParsedSource, SourceProblem} from '../../../source/ingest/model.js';
import {buildStore, expectUntouched} from '../../helpers/agent-store.js';
import {ingest} from '../../helpers/ingest.js';
import {tempDir} from '../../helpers/cli.js';
import {readWith, textsOf} from './read.js';

const fixtures = 'fixtures/agents/kiro';
const cli = path.join(fixtures, 'kiro', 'sessions', 'cli');
const session = path.join(cli, '9f8e7d6c-5b4a-4c3d-8e2f-1a0b9c8d7e6f.jsonl');

function store(fixture: string): string {
	const file = path.join(tempDir(), fixture.replace('.store.json', ''), 'data.sqlite3');
	mkdirSync(path.dirname(file), {recursive: true});
	buildStore(path.join(fixtures, fixture), file);
	return file;
}

describe('Kiro CLI 2.x sessions (built from the documented shape)', () => {
	it('reads requests, thinking, answers, tool calls and their Success/Error results, the title, folder and model of its .json, edits and commits', () => {
		const problems: SourceProblem[] = [];
		const source = readWith(session, new KiroCliReader(problems, session));
		expect(problems).toEqual([]);
		expect(source.facts.title).toBe('Fix cart rounding');
		expect(source.facts.provenance).toMatchObject({
			agent: 'kiro-cli',
			session_id: '9f8e7d6c-5b4a-4c3d-8e2f-1a0b9c8d7e6f',
			project: '/home/dev/shop',
			model: 'claude-sonnet-4.5',
			started_at: '2026-06-19T11:20:00.000Z',
			turns: 1,
			tool_calls: 3,
			files_edited: ['/home/dev/shop/src/cart.js'],
			commits: 1,
		});
		expect(textsOf(source, 'thinking')).toEqual(['Run the tests first to see what fails.']);
		expect(textsOf(source, 'tool')[0]).toBe('[error] 1 failing: cart total rounds 10.005 to 10.00');
		expect(textsOf(source, 'tool_call')[0]).toBe('execute_bash\ncommand: npm test\n__tool_use_purpose: Run the tests');
	});

	it('is told from its records, its .json is its companion', async () => {
		expect((await sniff(session, statSync(session).size)).format).toBe('kiro-cli');
		const meta = session.replace(/\.jsonl$/u, '.json');
		expect(await sniff(meta, statSync(meta).size)).toMatchObject({notASource: true, problem: expect.stringMatching(/^is the metadata of a Kiro CLI session/u)});
	});
});

describe('Kiro CLI 1.x and Amazon Q Developer CLI databases', () => {
	it('reads the conversation of each folder (built from amazon-q-developer-cli’s ConversationState)', () => {
		const db = new Database(store('kiro-cli-1x.store.json'), {readonly: true});
		const sessions = [...readKiroStore(new AgentDatabase(db), 'data.sqlite3')];
		expect(sessions.map((one) => one.id)).toEqual(['b2c3d4e5-f6a7-4b8c-9d0e-1f2a3b4c5d6e']);
		const source = sessions[0]!.read();
		db.close();
		expect(source.facts.provenance).toMatchObject({agent: 'kiro-cli', project: '/home/dev/shop', model: 'claude-sonnet-4', started_at: '2025-06-02T08:00:00.000Z', turns: 1, tool_calls: 2, files_edited: ['/home/dev/shop/src/cart.js']});
		expect(textsOf(source, 'user')).toEqual(['The cart test fails: fix the rounding and commit.']);
		expect(textsOf(source, 'tool')[0]).toMatch(/^\[error\] exit_status: 1\n/u);
		expect(textsOf(source, 'assistant').at(-1)).toBe('Fixed: totals now round half up.');
	});

	it('says a real database of a version that saved no conversation holds none (rows of its command history left out)', async () => {
		for (const fixture of ['kiro-cli-1x-empty.store.json', 'amazon-q-empty.store.json']) {
			const file = store(fixture);
			expect(await sniff(file, statSync(file).size)).toMatchObject({notASource: true, problem: expect.stringMatching(/^is a Kiro CLI \(or Amazon Q Developer CLI\) database with no conversations table/u)});
		}
		const file = store('kiro-cli-1x.store.json');
		expect((await sniff(file, statSync(file).size)).format).toBe('kiro-cli-db');
		// Read from a copy: the database and the folder it is in stay as they were.
		await expectUntouched(file, async () => expect(await ingest([file, session], {storePath: path.join(tempDir(), 's.db'), workers: false})).toMatchObject({added: 2, failed: []}));
	});
});

describe('Kiro IDE chats (built from the documented shape)', () => {
	const chat = path.join(fixtures, 'Kiro', 'User', 'globalStorage', 'kiro.kiroagent', '4f9e2c1b7a3d5e8f0a1b2c3d4e5f6a7b', '5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d.chat');

	it('reads the person’s request (Kiro’s instructions as context), answers, the tool calls written into them and their results, model and times', async () => {
		const {readKiroChat} = await import('../../../source/ingest/formats/kiro-ide.js');
		const source = readKiroChat(chat, JSON.parse(readFileSync(chat, 'utf8'))) as ParsedSource;
		expect(source.facts.provenance).toMatchObject({agent: 'kiro-ide', session_id: '5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d', model: 'claude-sonnet-4.5', started_at: '2026-06-19T11:20:00.000Z', ended_at: '2026-06-19T11:20:30.000Z', turns: 1, tool_calls: 2, files_edited: ['src/cart.js']});
		expect(textsOf(source, 'user')).toEqual(['The cart test fails: fix the rounding.']);
		expect(textsOf(source, 'system')[0]).toMatch(/^<identity>/u);
		expect(textsOf(source, 'tool_call')).toEqual(['readFile\npath: src/cart.js', 'strReplace\npath: src/cart.js\noldStr: Math.floor\nnewStr: Math.round']);
		expect(textsOf(source, 'assistant').at(-1)).toBe('Fixed: totals now round half up.');
		expect((await sniff(chat, statSync(chat).size)).format).toBe('kiro-ide');
	});
});

describe('Kiro IDE stores of later builds', () => {
	it('are said on one line not to be read, by where they are', async () => {
		const {writeFileSync} = await import('node:fs');
		const home = tempDir();
		const files = [
			path.join(home, 'Kiro/User/globalStorage/kiro.kiroagent/workspace-sessions/L2hvbWUvZGV2L3Nob3A/2f1e0d9c-8b7a-4c6d-9e5f-4a3b2c1d0e9f.json'),
			path.join(home, 'Kiro/User/globalStorage/kiro.kiroagent/4f9e2c1b7a3d5e8f0a1b2c3d4e5f6a7b/0a1b2c3d4e5f60718293a4b5c6d7e8f9'),
			path.join(home, '.kiro/sessions/4f9e2c1b/sess_01/messages.jsonl'),
		];
		for (const file of files) {
			mkdirSync(path.dirname(file), {recursive: true});
			writeFileSync(file, '{"id":"x"}\n');
			expect((await sniff(file, statSync(file).size)).problem, file).toMatch(/^looks like a Kiro IDE .*, not read: drill reads the \.chat files of earlier builds/u);
		}
	});
});
