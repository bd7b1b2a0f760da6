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
		expect((await find({query: 'flaky test', agent: 'gemini-cli'}, {store})).candidate_items).toEqual([]);
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
	});
});
