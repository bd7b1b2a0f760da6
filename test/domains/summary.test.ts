import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {depths} from '../../source/core/depth.js';
import type {TreeView} from '../../source/core/tree-view.js';
import {createRuntime, type Runtime} from '../../source/runtime.js';
import {SummaryStore} from '../../source/store/summary-store.js';
import {tempDir} from '../helpers/cli.js';
import {drillErrorOf} from '../helpers/errors.js';
import {fixtureStore, fixturesDir} from '../helpers/fixture-store.js';
import {makeItem} from '../helpers/items.js';

let runtime: Runtime;
let drillables: Runtime['domains'];

beforeAll(() => {
	runtime = createRuntime({storePath: fixtureStore(), knowledgeDir: path.join(fixturesDir, 'knowledge'), drillsRoot: tempDir()});
	drillables = runtime.domains;
});
afterAll(() => runtime.close());

describe('the summary domain over the fixtures', () => {
	it('every child node_id walks, at every depth, all the way down', () => {
		const queue = [''];
		const seen = new Set<string>();
		let deepest = 0;
		while (queue.length > 0) {
			const id = queue.shift()!;
			let index: TreeView | undefined;
			for (const depth of depths) {
				const view = drillables.walk('summary', id, depth, {limit: 1000});
				expect(view.node_id).toBe(id);
				expect(view.depth).toBe(depth);
				expect(view.children).toHaveLength(view.children_total);
				if (depth === 'index') {
					index = view;
					expect(view.children.every((child) => child.summary === undefined)).toBe(true);
				} else expect(view.children.every((child) => typeof child.summary === 'string')).toBe(true);
				if (depth === 'full') expect(typeof view.content).toBe('string');
				else expect(view.content).toBeUndefined();
			}
			seen.add(id);
			deepest = Math.max(deepest, index!.breadcrumbs.length);
			for (const child of index!.children) {
				expect(seen.has(child.node_id)).toBe(false);
				expect(child.has_children).toBe((child.child_count ?? 0) > 0);
				queue.push(child.node_id);
			}
		}
		expect(seen.size).toBeGreaterThan(250);
		// '' › namespace › item › level-1 topic › level-2 node: trees three levels deep under the namespace.
		expect(deepest).toBeGreaterThanOrEqual(4);
	});

	it('gives the root of an item the item form, and #n0 the same view', () => {
		const byItem = drillables.walk('summary', 'conversation_session:k3x9', 'summary');
		expect(drillables.walk('summary', 'conversation_session:k3x9#n0', 'summary')).toEqual(byItem);
		for (const child of byItem.children) expect(drillables.walk('summary', child.node_id).parent_id).toBe('conversation_session:k3x9');
	});

	it('bounds full content by max_chars and says when it cut', () => {
		const whole = drillables.walk('summary', 'conversation_session', 'full', {maxChars: 1_000_000});
		expect(whole.truncated).toBe(false);
		const cut = drillables.walk('summary', 'conversation_session', 'full', {maxChars: 500});
		expect(cut.content).toHaveLength(500);
		expect(cut.truncated).toBe(true);
		expect(whole.content!.startsWith(cut.content!)).toBe(true);
	});
});

describe('the summary domain on edge cases', () => {
	it('pages a wide namespace, and reports unknown ids with what exists', () => {
		const file = path.join(tempDir(), 'wide.db');
		const store = SummaryStore.open(file, {write: true});
		for (let i = 0; i < 250; i++) store.writeItem(makeItem('wide', `i${String(i).padStart(3, '0')}`, {topics: 1, generatedAt: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString()}));
		store.close();
		const runtime = createRuntime({storePath: file, knowledgeDir: tempDir(), drillsRoot: tempDir()});
		const local = runtime.domains;
		const first = local.walk('summary', 'wide');
		expect(first.children_total).toBe(250);
		expect(first.children).toHaveLength(100);
		expect(first.children[0]!.node_id).toBe('wide:i249');
		const last = local.walk('summary', 'wide', 'index', {offset: 240, limit: 100});
		expect(last.children.map((child) => child.node_id)).toEqual(Array.from({length: 10}, (_, i) => `wide:i${String(9 - i).padStart(3, '0')}`));
		expect(drillErrorOf(() => local.walk('summary', 'wide:i999')).code).toBe('not_found');
		expect(drillErrorOf(() => local.walk('summary', 'nope')).hint).toBe('namespaces: wide');
		expect(drillErrorOf(() => local.walk('summary', 'wide', 'index', {offset: -1})).code).toBe('bad_argument');
		runtime.close();
	});
});
