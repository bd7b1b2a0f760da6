import {mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {expect, test} from 'vitest';
import {DrillError} from '../../source/core/errors.js';
import {createRuntime} from '../../source/runtime.js';
import {createServices, framesOver, type FramesModule} from '../../source/ui/services.js';
import {openIndexedStore} from '../../source/search/indexing/indexer.js';

const config = {storePath: 's.db', knowledgeDir: 'k', drillsRoot: 'd'};

function fakeModule() {
	const calls: unknown[] = [];
	const module: FramesModule = {
		frameStatus: () => ({cursor: 'd4e5f6', objective: 'narrow', path: [{id: 'a1b2c3', slug: 'api', objective: 'wide', status: 'open'}, {id: 'd4e5f6', slug: 'db', objective: 'narrow', status: 'open'}], pending_plan: {actions: [{action: 'a', scope: 'project', sink: 'code', owner: 'me', evidence: 'e'}]}}),
		async drillDown(target, options) {
			calls.push(['down', target, options]);
			return {drill: {id: 'f00001', slug: options.slug}};
		},
		async drillUp(target, options) {
			calls.push(['up', target, options]);
			return {closed: {id: 'f00001', slug: 'x'}, prevention_plan: Array.isArray(options.plan) ? options.plan : []};
		},
		parsePlanText: (text, name) => {
			calls.push(['parse', name]);
			return JSON.parse(text) as unknown;
		},
	};
	return {module, calls};
}

test('the frames adapter maps status, down (the node as a reference) and up (entered plan or plan file)', async () => {
	const {module, calls} = fakeModule();
	const frames = framesOver(async () => module, config);
	expect(frames.available).toBe(true);
	expect(await frames.status()).toEqual({cursor: 'd4e5f6', objective: 'narrow', path: [{id: 'a1b2c3', slug: 'api', objective: 'wide', status: 'open'}, {id: 'd4e5f6', slug: 'db', objective: 'narrow', status: 'open'}], plan: [{action: 'a', scope: 'project', sink: 'code', owner: 'me', evidence: 'e'}]});
	expect(await frames.down({slug: 'pool', objective: 'why', context: 'summary node ns:item'})).toBe('drilled down into f00001 pool');
	expect(calls[0]).toEqual(['down', config, {slug: 'pool', objective: 'why', refs: ['summary node ns:item']}]);
	const action = {action: 'b', scope: 'user', sink: 'memory', owner: 'me', evidence: 'x'};
	expect(await frames.up({findings: 'found', plan: [action]})).toBe('closed f00001 x with 1 prevention action');
	const folder = mkdtempSync(path.join(tmpdir(), 'drill-plan-'));
	const file = path.join(folder, 'plan.json');
	writeFileSync(file, JSON.stringify([action, action]));
	expect(await frames.up({findings: 'found', plan: [], planFile: file})).toBe('closed f00001 x with 2 prevention actions');
	expect(calls.slice(1)).toEqual([
		['up', config, {findings: 'found', plan: [action]}],
		['parse', file],
		['up', config, {findings: 'found', plan: [action, action]}],
	]);
	await expect(frames.up({findings: 'f', plan: [], planFile: path.join(folder, 'missing.json')})).rejects.toThrow(/cannot read the plan file/u);
});

test('the real services find with the funnel and drill with the frames library', async () => {
	const root = mkdtempSync(path.join(tmpdir(), 'drill-services-'));
	const storePath = path.join(root, 'store.db');
	const writable = openIndexedStore(storePath);
	writable.writeItem({
		namespace: 'cs',
		item_id: 'k3x9',
		title: 'API debugging',
		generated_at: '2026-11-28T14:02:00Z',
		tldr: 'Retry storm traced to a pool limit.',
		nodes: [
			{ordinal: 0, parent: null, title: 'API debugging', summary: 'Chasing 502s.', keywords: [], spans: []},
			{ordinal: 1, parent: 0, title: 'Pool exhaustion', summary: 'The pool ran dry under load.', keywords: ['pool'], spans: [0]},
		],
		spans: [{seq: 0, role: 'user', text: 'the pool times out after 5 s'}],
	});
	writable.close();
	const services = createServices(createRuntime({storePath, knowledgeDir: path.join(root, 'knowledge'), drillsRoot: root}));
	try {
		const result = await services.find('pool exhaustion', {method: 'keyword'});
		const hit = result.stage1_hits.find((candidate) => candidate.drill_node_id === 'cs:k3x9#n1');
		expect(hit).toMatchObject({matched_by: ['keyword']});
		expect(services.walk('summary', hit!.drill_node_id, 'summary').title).toBe('Pool exhaustion');
		// Every hostile query gives results or a clear DrillError, never another exception.
		for (const query of ['"', '*', 'NEAR(', 'a:b', 'AND OR NOT', '😀', '']) {
			const outcome = await services.find(query, {method: 'keyword,semantic'}).then(
				(found) => found.query,
				(error: unknown) => (error instanceof DrillError ? error.code : error),
			);
			expect(typeof outcome).toBe('string');
		}

		expect(services.frames.available).toBe(true);
		expect(await services.frames.down({slug: 'pool', objective: 'Why does the pool run dry?', context: 'summary cs:k3x9#n1'})).toMatch(/^drilled down into [0-9a-f]{6} pool$/u);
		const status = await services.frames.status();
		expect(status.path.map((frame) => frame.slug)).toEqual(['pool']);
		expect(await services.frames.up({findings: 'A missing index.', plan: []})).toMatch(/^closed [0-9a-f]{6} pool with 0 prevention actions$/u);
		expect((await services.frames.status()).cursor).toBeNull();
	} finally {
		services.close();
	}
});
