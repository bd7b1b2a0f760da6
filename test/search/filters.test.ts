import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {find} from '../../source/search/funnel/find.js';
import {retrainLsa} from '../../source/search/indexing/reindex.js';
import {validateItem, type ItemRecord} from '../../source/store/interchange.js';
import type {SummaryStore} from '../../source/store/summary-store.js';
import {openIndexedStore} from '../../source/search/indexing/indexer.js';
import {runCli, tempDir} from '../helpers/cli.js';

function session(id: string, agent: string, project: string, text: string): ItemRecord {
	return validateItem({
		namespace: 'conversation_session',
		item_id: id,
		title: `Session ${id}`,
		tldr: '',
		generated_at: '2026-01-01T00:00:00Z',
		source: {uri: `/logs/${id}.jsonl`, kind: 'claude-code', agent, project, turns: 3},
		nodes: [
			{ordinal: 0, parent: null, title: `Session ${id}`, summary: '', keywords: [], spans: []},
			{ordinal: 1, parent: 0, title: 'Talk', summary: '', keywords: [], spans: [0]},
		],
		spans: [{seq: 0, role: 'user', text}],
	});
}

let store: SummaryStore;
let file: string;

beforeAll(() => {
	file = path.join(tempDir('drill-filters-'), 's.db');
	store = openIndexedStore(file);
	// Twelve claude-code sessions in /shop say "flaky test" loudly; one codex session in /lab says it once, in a long text.
	for (let i = 0; i < 12; i++) store.writeItem(session(`cc${i}`, 'claude-code', '/shop', `The flaky test failed again, flaky test number ${i}.`));
	store.writeItem(session('cx', 'codex', '/lab', `${'We read logs and notes for a while. '.repeat(40)}One flaky test showed up.`));
	store.writeItem(session('cc-lab', 'claude-code', '/lab', 'Nothing about tests here, only lab notes.'));
	// A project the list names by its last part, "ai test web site"; an agent typed as its program, "claude".
	store.writeItem(session('site', 'claude-code', '/home/u/src/ai test web site', 'The landing page hero image loads slowly.'));
	store.writeItem(session('site-win', 'qwen-code', 'C:\\Users\\u\\ai test web site', 'The hero image again, on Windows.'));
	retrainLsa(store);
});
afterAll(() => store.close());

describe('find --agent / --project', () => {
	it('narrow inside the ranking: an item a global top-k would miss is found, with its provenance', async () => {
		const global = await find({query: 'flaky test', top_k: 3}, {store});
		expect(global.candidate_items.map((item) => item.item_id)).not.toContain('cx');
		for (const method of ['keyword', 'semantic', 'keyword,semantic']) {
			const result = await find({query: 'flaky test', top_k: 3, agent: 'codex', method}, {store});
			expect(result.candidate_items.map((item) => item.item_id), method).toEqual(['cx']);
			expect(result.stage1_hits.every((hit) => hit.source?.agent === 'codex'), method).toBe(true);
		}
		const lab = await find({query: 'flaky test lab notes', project: '/lab', top_k: 10}, {store});
		expect(new Set(lab.candidate_items.map((item) => item.item_id))).toEqual(new Set(['cx', 'cc-lab']));
		const both = await find({query: 'flaky test lab notes', project: '/lab', agent: 'claude-code'}, {store});
		expect(both.candidate_items.map((item) => item.item_id)).toEqual(['cc-lab']);
		expect(both.candidate_items[0]!.source).toEqual({uri: '/logs/cc-lab.jsonl', kind: 'claude-code', agent: 'claude-code', project: '/lab', turns: 3});
	});

	it('match a project by the name the list shows, its ~ form or a tail of its path, and say what they matched', async () => {
		const byName = await find({query: 'hero image', project: 'ai test web site'}, {store});
		expect(new Set(byName.candidate_items.map((item) => item.item_id))).toEqual(new Set(['site', 'site-win']));
		expect(byName.notices).toContain('project "ai test web site" is /home/u/src/ai test web site, C:\\Users\\u\\ai test web site');
		const home = process.env.HOME;
		process.env.HOME = '/home/u';
		try {
			expect((await find({query: 'hero image', project: '~/src/ai test web site'}, {store})).candidate_items.map((item) => item.item_id)).toEqual(['site']);
		} finally {
			process.env.HOME = home;
		}
		expect((await find({query: 'hero image', project: 'src/AI test web site/'}, {store})).candidate_items.map((item) => item.item_id)).toEqual(['site']);
		// A part of a path, when no whole form matches.
		expect((await find({query: 'hero image', project: 'web site'}, {store})).candidate_items).toHaveLength(2);
		// A stored value as given means that value alone, with no notice.
		const exact = await find({query: 'flaky test lab notes', project: '/lab', top_k: 10}, {store});
		expect(exact.notices ?? []).not.toContainEqual(expect.stringMatching(/^project/u));
	});

	it('match an agent by its name in any case and spacing, or by the start of it', async () => {
		for (const agent of ['claude', 'Claude Code', 'claude_code']) {
			const result = await find({query: 'hero image', agent, method: 'keyword'}, {store});
			expect(result.candidate_items.map((item) => item.item_id), agent).toEqual(['site']);
		}
		expect((await find({query: 'hero image', agent: 'qwen', method: 'keyword'}, {store})).candidate_items.map((item) => item.item_id)).toEqual(['site-win']);
	});

	it('refuse a name nothing matches, listing what would match and how to list them all', async () => {
		const refused = (options: Parameters<typeof find>[0]) => find(options, {store}).then(() => undefined, (error: unknown) => error as {code: string; message: string; hint: string});
		const agent = await refused({query: 'flaky test', agent: 'gemini-cli'});
		expect(agent).toMatchObject({code: 'not_found', message: 'no agent "gemini-cli" in the store'});
		expect(agent!.hint).toBe("agents: claude-code (14), codex (1), qwen-code (1); list them with: drill walk summary 'conversation_session#agent'");
		const project = await refused({query: 'flaky test', project: 'shopping'});
		expect(project!.message).toBe('no project "shopping" in the store');
		expect(project!.hint).toMatch(/^projects: \/shop \(12\), \/lab \(2\), .*; list them with: drill walk summary 'conversation_session#project'$/u);
	});

	it('are refused for another source, or as more than one line', async () => {
		await expect(find({query: 'x', agent: 'codex', source: 'knowledge'}, {knowledgeDir: tempDir()})).rejects.toThrow(/--agent narrows the summary store/u);
		await expect(find({query: 'x', project: 'a\nb'}, {store})).rejects.toThrow(/project must be one line/u);
	});

	it('are flags of drill find', () => {
		const result = runCli(['find', 'flaky test', '--agent', 'codex', '--project', '/lab', '--json', '--store', file]);
		expect(result.code, result.stderr).toBe(0);
		const parsed = JSON.parse(result.stdout);
		expect(parsed.candidate_items.map((item: {item_id: string}) => item.item_id)).toEqual(['cx']);
		expect(parsed.stage1_hits[0].source).toMatchObject({agent: 'codex', project: '/lab'});
		expect(runCli(['find', '--help']).stdout).toMatch(/--agent NAME[\s\S]*--project NAME/u);
		const named = runCli(['find', 'hero image', '--project', 'ai test web site', '--agent', 'claude', '--store', file]);
		expect(named.code, named.stderr).toBe(0);
		expect(named.stdout).toMatch(/! project "ai test web site" is \/home\/u\/src\/ai test web site[\s\S]*conversation_session:site\b/u);
		const unknown = runCli(['find', 'hero image', '--agent', 'gemini', '--store', file]);
		expect(unknown.code).not.toBe(0);
		expect(unknown.stderr).toMatch(/no agent "gemini" in the store[\s\S]*agents: claude-code \(14\), codex \(1\), qwen-code \(1\)/u);
		expect(unknown.stderr).not.toMatch(/\n\s+at /u);
	});
});
