import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {depths} from '../../source/core/depth.js';
import type {ItemSource} from '../../source/core/item-source.js';
import type {TreeView} from '../../source/core/tree-view.js';
import type {ItemRecord} from '../../source/store/interchange.js';
import {SummaryStore} from '../../source/store/summary-store.js';
import {createRuntime, type Runtime} from '../../source/runtime.js';
import {tempDir} from '../helpers/cli.js';
import {drillErrorOf} from '../helpers/errors.js';
import {makeItem} from '../helpers/items.js';

let runtime: Runtime;
let drillables: Runtime['domains'];
const walk = (id: string, depth: 'index' | 'summary' | 'full' = 'index', options: Record<string, unknown> = {}) => drillables.walk('summary', id, depth, {limit: 1000, ...options});
const ids = (view: TreeView) => view.children.map((child) => child.node_id);

function item(namespace: string, id: string, at: string, source?: ItemSource, title?: string): ItemRecord {
	return {...makeItem(namespace, id, {generatedAt: at, title, topics: 1}), source};
}

// Written in an order unrelated to their dates: the lists must follow generated_at, not ingest order.
const sessions: ItemRecord[] = [
	item('conversation_session', 's3', '2026-11-28T23:59:59.000Z', {agent: 'claude-code', project: '/home/ana/src/api', started_at: '2026-11-28T23:59:59.000Z', turns: 3, tool_calls: 4}, 'Paper'),
	item('conversation_session', 's1', '2026-11-27T09:00:00.000Z', {agent: 'claude-code', project: '/home/ana/src/api', started_at: '2026-11-27T09:00:00.000Z', turns: 1, tool_calls: 0}, 'Paper'),
	item('conversation_session', 's5', '2026-11-29T00:00:00.000Z', {agent: 'codex', project: '/home/ana/src/web', started_at: '2026-11-29T00:00:00.000Z', turns: 5, tool_calls: 9}, 'Paper'),
	item('conversation_session', 's2', '2026-11-28T08:00:00.000Z', {agent: 'codex', project: '/home/ana/src/web'}),
	item('conversation_session', 's4', '2026-11-28T12:00:00.000Z', {agent: 'claude-code', project: '/home/ana/src/api'}),
	item('conversation_session', 's0', '2026-10-01T00:00:00.000Z', undefined),
	item('conversation_session', 's6', '2026-11-30T10:00:00.000Z', {agent: 'aider', project: '/home/bo/My Project 100%/\u001b[31mred'}),
];

const docsRoot = '/srv/site/docs';
const docs: ItemRecord[] = [
	...['intro', 'install', 'upgrade', 'proxy', 'tls'].map((name, i) => item('document', `setup-${name}`, `2026-0${i + 1}-01T00:00:00.000Z`, {uri: `${docsRoot}/guides/setup/${name}.md`, kind: 'markdown'})),
	...['first-steps', 'faq', 'tuning'].map((name, i) => item('document', `guide-${name}`, `2026-0${i + 1}-15T00:00:00.000Z`, {uri: `file://${docsRoot}/guides/${name}.md`, kind: 'markdown'})),
	...['rest', 'grpc', 'errors', 'limits'].map((name, i) => item('document', `api-${name}`, `2025-1${i % 3}-01T00:00:00.000Z`, {uri: `${docsRoot}/reference/api/${name}.md`, kind: 'markdown'})),
	item('document', 'index', '2026-06-01T00:00:00.000Z', {uri: `${docsRoot}/index.md`, kind: 'markdown'}),
	item('document', 'pasted', '2026-07-01T00:00:00.000Z', undefined),
];

const mixed: ItemRecord[] = [
	item('mixed', 'local', '2026-01-01T00:00:00.000Z', {uri: '/home/ana/notes/a.md'}),
	item('mixed', 'web', '2026-01-02T00:00:00.000Z', {uri: 'https://example.com/blog/post'}),
];

beforeAll(() => {
	const file = path.join(tempDir(), 'store.db');
	const store = SummaryStore.open(file, {write: true});
	for (const record of [...sessions, ...docs, ...mixed]) store.writeItem(record);
	// A documentation folder of 1 600 pages in 40 folders of 40.
	store.db.transaction(() => {
		for (let i = 0; i < 1600; i++) store.writeItem({...item('big', `p${i}`, new Date(Date.UTC(2026, 0, 1) + i * 3_600_000).toISOString(), {uri: `/data/manual/part-${Math.floor(i / 40)}/page-${i}.md`}), nodes: [{ordinal: 0, parent: null, title: `Page ${i}`, summary: '', keywords: [], spans: []}], spans: []});
	})();
	store.close();
	runtime = createRuntime({storePath: file, knowledgeDir: tempDir(), drillsRoot: tempDir()});
	drillables = runtime.domains;
});
afterAll(() => runtime.close());

describe('the flat namespace list', () => {
	it('stays the seed list: every item, newest first by generated_at, whatever the ingest order', () => {
		expect(ids(walk('conversation_session'))).toEqual(['s6', 's5', 's3', 's4', 's2', 's1', 's0'].map((id) => `conversation_session:${id}`));
	});

	it('gives each item child its provenance in brief, so three items titled "Paper" can be told apart', () => {
		const papers = walk('conversation_session').children.filter((child) => child.name === 'Paper');
		expect(papers.map((child) => child.source)).toEqual([
			{agent: 'codex', project: '/home/ana/src/web', started_at: '2026-11-29T00:00:00.000Z', turns: 5, tool_calls: 9},
			{agent: 'claude-code', project: '/home/ana/src/api', started_at: '2026-11-28T23:59:59.000Z', turns: 3, tool_calls: 4},
			{agent: 'claude-code', project: '/home/ana/src/api', started_at: '2026-11-27T09:00:00.000Z', turns: 1, tool_calls: 0},
		]);
		expect(walk('conversation_session').children.find((child) => child.node_id === 'conversation_session:s0')!.source).toBeUndefined();
	});

	it('puts the whole source on the item view, at every depth', () => {
		for (const depth of depths) expect(walk('conversation_session:s3', depth).source).toEqual(sessions[0]!.source);
		expect(walk('conversation_session:s0').source).toEqual({});
		expect(walk('conversation_session:s3#n1').source).toBeUndefined();
	});
});

describe('grouped views', () => {
	it('groups by project, newest activity first, with a group for the items without one', () => {
		const view = walk('conversation_session', 'summary', {groupBy: 'project'});
		expect(view).toMatchObject({node_id: 'conversation_session#project', kind: 'grouping', parent_id: 'conversation_session', children_total: 4, group: {key: 'project', item_count: 7}});
		expect(view.children.map((child) => [child.name, child.item_count, child.summary])).toEqual([
			['/home/bo/My Project 100%/\u001b[31mred', 1, '1 item, newest 2026-11-30 10:00 UTC'],
			['/home/ana/src/web', 2, '2 items, newest 2026-11-29 00:00 UTC'],
			['/home/ana/src/api', 3, '3 items, newest 2026-11-28 23:59 UTC'],
			['(no project)', 1, '1 item, newest 2026-10-01 00:00 UTC'],
		]);
		expect(ids(view)).toEqual(['conversation_session#project=/home/bo/My%20Project%20100%25/%1B[31mred', 'conversation_session#project=/home/ana/src/web', 'conversation_session#project=/home/ana/src/api', 'conversation_session#project=']);
	});

	it('lists a group with the same item ids and order as the flat list', () => {
		const flat = ids(walk('conversation_session'));
		for (const [id, members] of [
			['conversation_session#project=/home/ana/src/api', ['s3', 's4', 's1']],
			['conversation_session#agent=codex', ['s5', 's2']],
			['conversation_session#agent=', ['s0']],
			['conversation_session#project=/home/bo/My%20Project%20100%25/%1B[31mred', ['s6']],
		] as const) {
			const view = walk(id);
			expect(ids(view)).toEqual(members.map((member) => `conversation_session:${member}`));
			expect(ids(view)).toEqual(flat.filter((flatId) => ids(view).includes(flatId)));
			expect(view).toMatchObject({kind: 'group', parent_id: id.slice(0, id.indexOf('=')), children_total: members.length});
			expect(view.breadcrumbs.map((crumb) => crumb.node_id)).toEqual(['', 'conversation_session', id.slice(0, id.indexOf('='))]);
		}
	});

	it('groups by the UTC day of generated_at, newest day first', () => {
		const view = walk('conversation_session#day');
		expect(view.children.map((child) => [child.node_id, child.item_count])).toEqual([
			['conversation_session#day=2026-11-30', 1],
			['conversation_session#day=2026-11-29', 1],
			['conversation_session#day=2026-11-28', 3],
			['conversation_session#day=2026-11-27', 1],
			['conversation_session#day=2026-10-01', 1],
		]);
		expect(ids(walk('conversation_session#day=2026-11-28'))).toEqual(['conversation_session:s3', 'conversation_session:s4', 'conversation_session:s2']);
	});

	it('shows every depth of a group: names, then summaries, then the items’ entries, bounded', () => {
		const index = walk('conversation_session#agent=claude-code', 'index');
		expect(index.children.every((child) => child.summary === undefined)).toBe(true);
		expect(index.summary).toBeUndefined();
		const summary = walk('conversation_session#agent=claude-code', 'summary');
		expect(summary.summary).toBe('3 items, newest 2026-11-28 23:59 UTC');
		expect(summary.children.map((child) => child.summary)).toEqual(['TLDR of s3.', 'TLDR of s4.', 'TLDR of s1.']);
		const full = walk('conversation_session#agent=claude-code', 'full');
		expect(full.content).toContain('## Paper (conversation_session:s3) — 2026-11-28T23:59:59.000Z\nclaude-code · /home/ana/src/api · 2026-11-28 23:59 UTC · 3 turns, 4 tools\nTLDR of s3.');
		expect(full.truncated).toBe(false);
		const cut = walk('conversation_session#agent=claude-code', 'full', {maxChars: 50});
		expect(cut.content!.length).toBeLessThanOrEqual(50);
		expect(cut.truncated).toBe(true);
		const groupingFull = walk('conversation_session#project', 'full');
		expect(groupingFull.content).toMatch(/^# \/home\/bo\/My Project 100%\/\u001b\[31mred — 1 item\n\n## Session s6/u);
	});

	it('pages groups and group items with offset and limit like any wide node', () => {
		for (const id of ['conversation_session#project', 'conversation_session#agent=claude-code', 'document#folder', 'document#folder=guides', 'big#folder', 'big#folder=part-3']) {
			const whole = ids(walk(id));
			const paged: string[] = [];
			for (let offset = 0; offset < whole.length; offset += 3) {
				const page = walk(id, 'index', {offset, limit: 3});
				expect(page).toMatchObject({offset, limit: 3, children_total: whole.length});
				paged.push(...ids(page));
			}
			expect(paged).toEqual(whole);
			expect(walk(id, 'index', {offset: whole.length + 5}).children).toEqual([]);
		}
	});
});

describe('folder groups', () => {
	it('browses a documentation folder by its folders: subfolders by name, then its pages, newest first', () => {
		const top = walk('document', 'summary', {groupBy: 'folder'});
		expect(top).toMatchObject({node_id: 'document#folder', title: 'document by folder', group: {key: 'folder', item_count: 14, base: `${docsRoot}/`}});
		expect(top.children.map((child) => [child.node_id, child.name, child.child_count, child.item_count])).toEqual([
			['document#folder=guides', 'guides', 4, 8],
			['document#folder=reference', 'reference', 1, 4],
			['document:index', 'Session index', 1, undefined],
			['document:pasted', 'Session pasted', 1, undefined],
		]);
		expect(top.summary).toBe(`14 items in ${docsRoot}/: 2 folders, 1 page of its own, 1 without a folder`);
		const guides = walk('document#folder=guides');
		expect(ids(guides)).toEqual(['document#folder=guides/setup', 'document:guide-tuning', 'document:guide-faq', 'document:guide-first-steps']);
		expect(guides).toMatchObject({title: 'guides', parent_id: 'document#folder', group: {key: 'folder', value: 'guides', item_count: 8}});
		const setup = walk('document#folder=guides/setup');
		expect(ids(setup)).toEqual(['tls', 'proxy', 'upgrade', 'install', 'intro'].map((name) => `document:setup-${name}`));
		expect(setup.parent_id).toBe('document#folder=guides');
		expect(setup.breadcrumbs.map((crumb) => [crumb.node_id, crumb.title])).toEqual([
			['', 'summary'],
			['document', 'document'],
			['document#folder', 'document by folder'],
			['document#folder=guides', 'guides'],
		]);
		expect(walk('document#folder=reference/api').parent_id).toBe('document#folder=reference');
	});

	it('shows 1 600 pages as 40 folders of 40, not one flat list', () => {
		const top = walk('big#folder');
		expect(top.group!.base).toBe('/data/manual/');
		expect(top.children_total).toBe(40);
		expect(top.children.every((child) => child.item_count === 40 && child.child_count === 40)).toBe(true);
		expect(walk('big#folder=part-39').children_total).toBe(40);
	});

	it('lists a folder’s whole subtree at full depth, folder by folder', () => {
		const full = walk('document#folder=guides', 'full');
		expect(full.content!.indexOf(`# ${docsRoot}/guides/\n`)).toBeLessThan(full.content!.indexOf(`# ${docsRoot}/guides/setup/\n`));
		expect(full.content!.match(/^## /gmu)).toHaveLength(8);
		expect(walk('document#folder', 'full').content).toContain('# (no folder)\n\n## Session pasted');
	});

	it('names every folder from the top when sources share no folder (paths and URLs)', () => {
		const top = walk('mixed#folder');
		expect(top.group).toEqual({key: 'folder', item_count: 2});
		expect(top.children.map((child) => [child.node_id, child.name])).toEqual([
			['mixed#folder=/', '/'],
			['mixed#folder=example.com', 'example.com'],
		]);
		expect(ids(walk('mixed#folder=/'))).toEqual(['mixed#folder=/home']);
		const notes = walk('mixed#folder=/home/ana/notes');
		expect(ids(notes)).toEqual(['mixed:local']);
		expect(notes.parent_id).toBe('mixed#folder=/home/ana');
		expect(walk('mixed#folder=/home').parent_id).toBe('mixed#folder=/');
		expect(walk('mixed#folder=/').parent_id).toBe('mixed#folder');
		expect(ids(walk('mixed#folder=example.com/blog'))).toEqual(['mixed:web']);
	});
});

describe('every grouped view walks', () => {
	it('from each grouping, every child, crumb and parent id walks at every depth, and counts agree', () => {
		for (const namespace of ['conversation_session', 'document', 'mixed']) {
			for (const key of ['project', 'agent', 'day', 'folder']) {
				const queue = [`${namespace}#${key}`];
				while (queue.length > 0) {
					const id = queue.shift()!;
					const views = depths.map((depth) => walk(id, depth));
					for (const view of views) {
						expect(view.node_id).toBe(id);
						expect(view.children).toHaveLength(view.children_total);
						for (const crumb of view.breadcrumbs) expect(walk(crumb.node_id).node_id).toBe(crumb.node_id);
						if (view.parent_id !== null) expect(walk(view.parent_id).node_id).toBe(view.parent_id);
					}
					for (const child of views[0]!.children) {
						expect(child.has_children).toBe((child.child_count ?? 0) > 0);
						if (child.item_count === undefined) continue;
						const inside = walk(child.node_id);
						expect(inside.children_total).toBe(child.child_count);
						expect(inside.group!.item_count).toBe(child.item_count);
						expect(child.node_id).not.toMatch(/[\s\u0000-\u001f]/u);
						queue.push(child.node_id);
					}
				}
			}
		}
	});
});

describe('refusals', () => {
	it.each([
		['conversation_session#project=/nowhere', 'not_found', "no project \"/nowhere\" in namespace conversation_session; projects: /home/bo/My%20Project%20100%25/%1B[31mred, /home/ana/src/web, /home/ana/src/api, (none); list them with: drill walk summary 'conversation_session#project'"],
		['conversation_session#day=2020-01-01', 'not_found', 'no day "2020-01-01"'],
		['document#folder=nowhere', 'not_found', 'no folder "nowhere" below the common folder of document'],
		['document#folder=/', 'not_found', 'no folder "/" below the common folder'],
		['document#folder=/srv/site/docs/guides', 'not_found', 'no folder'],
		['document#folder=..', 'bad_node_id', 'no empty, "." or ".." segments'],
		['document#colour=red', 'bad_node_id', 'unknown group key "colour"'],
		['nope#project', 'not_found', 'no namespace "nope" in the store'],
	])('%j is %s', (id, code, message) => {
		const error = drillErrorOf(() => walk(id));
		expect(error.code).toBe(code);
		expect(error.line).toContain(message);
	});

	it('refuses groupBy where it does not apply, saying what would', () => {
		expect(drillErrorOf(() => walk('conversation_session:s1', 'index', {groupBy: 'day'})).line).toBe(
			'group_by day applies to a namespace, not to "conversation_session:s1"; walk the namespace with group_by, e.g. drill walk summary NAMESPACE --group-by day; group by one of: project, agent, day, folder, machine, user — e.g. conversation_session#project or conversation_session#day=2026-11-28',
		);
		expect(drillErrorOf(() => walk('', 'index', {groupBy: 'day'})).code).toBe('bad_argument');
		expect(drillErrorOf(() => walk('conversation_session#agent', 'index', {groupBy: 'day'})).code).toBe('bad_argument');
		expect(walk('conversation_session#agent=codex', 'index', {groupBy: 'agent'}).node_id).toBe('conversation_session#agent=codex');
		expect(drillErrorOf(() => walk('conversation_session', 'index', {groupBy: 'colour'})).line).toContain('unknown grouping "colour"; group by one of: project, agent, day, folder');
		expect(drillErrorOf(() => drillables.walk('knowledge', '', 'index', {groupBy: 'folder'})).line).toBe('the knowledge domain has no grouped views; group_by applies to: summary');
		expect(walk('conversation_session', 'index', {groupBy: ''}).node_id).toBe('conversation_session');
	});
});
