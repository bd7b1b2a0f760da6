import {mkdirSync, symlinkSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {beforeAll, describe, expect, it} from 'vitest';
import {KnowledgeDrillable} from '../../source/domains/knowledge.js';
import {find} from '../../source/search/funnel/find.js';
import {tempDir} from '../helpers/cli.js';

let root: string;

beforeAll(() => {
	root = path.join(tempDir('drill-knowledge-'), 'knowledge');
	mkdirSync(path.join(root, 'architecture'), {recursive: true});
	writeFileSync(path.join(root, 'architecture', 'index.md'), '# Architecture\n\nHow the pieces fit: store, search, frames.\n');
	writeFileSync(path.join(root, 'architecture', 'summarization-framework.md'), '---\nsummary: Items, nodes and spans; every node has a title, a summary and keywords.\n---\n# Summarization framework\n\nThe summarizer writes a tree per source.\n\nLeaves keep the raw spans so nothing is lost.\n');
	writeFileSync(path.join(root, 'onboarding.md'), '# Onboarding\n\nRun npm ci, then npm test.\n\nThe retry policy uses exponential backoff.\n');
	const outside = path.join(path.dirname(root), 'secret.md');
	writeFileSync(outside, '# Secret\n\nbackoff credentials\n');
	symlinkSync(outside, path.join(root, 'leak.md'));
});

describe('find --source knowledge', () => {
	it('ranks units by keyword with ids that walk in the knowledge domain', async () => {
		const result = await find({query: 'raw spans summarizer', source: 'knowledge'}, {knowledgeDir: root});
		expect(result.source).toBe('knowledge');
		expect(result.method).toBe('keyword');
		expect(result.notices).toEqual(['the knowledge folder is searched by keyword only (it has no embeddings)']);
		expect(result.stage1_hits[0]).toMatchObject({drill_node_id: 'architecture/summarization-framework', title: 'Summarization framework', level: 2});
		expect(result.candidate_items[0]).toMatchObject({tldr: 'Items, nodes and spans; every node has a title, a summary and keywords.'});
		expect(result.drilled[0]!.spans[0]!.snippet).toContain('**raw** **spans**');
		const walker = new KnowledgeDrillable(root);
		for (const hit of result.stage1_hits) expect(walker.get(hit.drill_node_id, 'index').node_id).toBe(hit.drill_node_id);
	});

	it('treats a folder index as the folder unit', async () => {
		const result = await find({query: 'pieces fit', source: 'knowledge', method: 'keyword'}, {knowledgeDir: root});
		expect(result.stage1_hits[0]!.drill_node_id).toBe('architecture');
		expect(result.notices).toBeUndefined();
	});

	it('never reads through a link out of the folder', async () => {
		const result = await find({query: 'credentials backoff', source: 'knowledge', method: 'keyword'}, {knowledgeDir: root});
		expect(result.stage1_hits.map((hit) => hit.drill_node_id)).toEqual(['onboarding']);
	});

	it('sees a changed file on the next call', async () => {
		const file = path.join(root, 'late.md');
		writeFileSync(file, '# Late\n\nzeppelin\n');
		expect((await find({query: 'zeppelin', source: 'knowledge'}, {knowledgeDir: root})).stage1_hits[0]!.drill_node_id).toBe('late');
	});

	it('refuses a missing folder and a scope with DrillErrors', async () => {
		await expect(find({query: 'x', source: 'knowledge'}, {knowledgeDir: '/nonexistent/knowledge'})).rejects.toMatchObject({code: 'not_found'});
		await expect(find({query: 'x', source: 'knowledge', scope: 'docs'}, {knowledgeDir: root})).rejects.toMatchObject({code: 'bad_argument'});
	});
});
