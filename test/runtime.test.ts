import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {drillDown, drillUp} from '../source/frames/index.js';
import {ingest} from '../source/ingest/pipeline.js';
import {createRuntime} from '../source/runtime.js';
import {SummaryStore} from '../source/store/summary-store.js';
import {tempDir} from './helpers/cli.js';
import {drillErrorOf} from './helpers/errors.js';
import {makeItem} from './helpers/items.js';

const knowledgeDir = path.resolve('fixtures/knowledge');

function sourceFiles(folder: string): string[] {
	return readdirSync(folder, {withFileTypes: true}).flatMap((entry) => {
		const full = path.join(folder, entry.name);
		return entry.isDirectory() ? sourceFiles(full) : /\.tsx?$/u.test(entry.name) ? [full] : [];
	});
}

describe('createRuntime', () => {
	it('opens the store for writing with the search indexer attached: what it writes, find finds', async () => {
		const storePath = path.join(tempDir(), 'store.db');
		const runtime = createRuntime({storePath, knowledgeDir, drillsRoot: tempDir()});
		try {
			const writer = runtime.openWritableStore();
			writer.writeItem(makeItem('notes', 'zebra1', {title: 'Zebra crossings at night'}));
			writer.close();
			const result = await runtime.find({query: 'zebra crossings', method: 'keyword'});
			expect(result.stage1_hits[0]?.drill_node_id).toBe('notes:zebra1');
			expect(runtime.domains.walk('summary', 'notes:zebra1').title).toBe('Zebra crossings at night');
		} finally {
			runtime.close();
		}
	});

	it('a plain writer (no indexer) leaves the keyword index empty, which is why writers go through the runtime', async () => {
		const storePath = path.join(tempDir(), 'store.db');
		const plain = SummaryStore.open(storePath, {write: true});
		plain.writeItem(makeItem('notes', 'zebra1', {title: 'Zebra crossings at night'}));
		plain.close();
		const runtime = createRuntime({storePath, knowledgeDir, drillsRoot: tempDir()});
		try {
			expect((await runtime.find({query: 'zebra crossings', method: 'keyword'})).stage1_hits).toEqual([]);
		} finally {
			runtime.close();
		}
	});

	it('shares one read store between the summary domain and search, until close', async () => {
		const storePath = path.join(tempDir(), 'store.db');
		const runtime = createRuntime({storePath, knowledgeDir, drillsRoot: tempDir()});
		const writer = runtime.openWritableStore();
		writer.writeItem(makeItem('notes', 'a1'));
		writer.close();
		const store = runtime.store();
		expect(runtime.store()).toBe(store);
		runtime.domains.walk('summary', 'notes');
		await runtime.find({query: 'question', method: 'keyword'});
		expect(store.db.open).toBe(true);
		runtime.close();
		expect(store.db.open).toBe(false);
	});

	it('searches the knowledge folder without a store, and says how to make one for the summaries', async () => {
		const runtime = createRuntime({storePath: path.join(tempDir(), 'none.db'), knowledgeDir, drillsRoot: tempDir()});
		try {
			const knowledge = await runtime.find({query: 'summarization', source: 'knowledge'});
			expect(knowledge.stage1_hits.length).toBeGreaterThan(0);
			const missing = drillErrorOf(() => runtime.store());
			expect(missing.line).toMatch(/^no store at .*none\.db; `drill ingest --agents` gathers/u);
		} finally {
			runtime.close();
		}
	});

	it('nothing in source/ is wired by a side-effect import', () => {
		const bare = sourceFiles(path.resolve('source')).filter((file) => /^import\s+['"][^'"]+['"];?\s*$/mu.test(readFileSync(file, 'utf8')));
		expect(bare).toEqual([]);
	});

	it('hands ingest and the frames its writer: what they write, find finds, and the status counts', async () => {
		const folder = tempDir();
		const storePath = path.join(folder, 'store.db');
		const runtime = createRuntime({storePath, knowledgeDir, drillsRoot: folder});
		try {
			const report = await ingest(['fixtures/docs/incident-review.md'], {storePath, openStore: runtime.openWritableStore, workers: false});
			expect(report.added).toBe(1);
			await drillDown(runtime.framesConfig(), {slug: 'zebra-crossing', objective: 'why the zebra crossing lights flicker'});
			const closed = await drillUp(runtime.framesConfig(), {findings: 'a loose zebra crossing cable', plan: []});
			expect(closed.warnings).toEqual([]);
			expect((await runtime.find({query: 'checkout latency', method: 'keyword'})).stage1_hits[0]?.namespace).toBe('document');
			expect((await runtime.find({query: 'zebra crossing cable', method: 'keyword'})).stage1_hits[0]?.drill_node_id).toMatch(/^drill:[0-9a-f]{6}/u);
			expect(runtime.storeStats().namespaces.map((row) => row.namespace)).toEqual(['document', 'drill']);
		} finally {
			runtime.close();
		}
	});

	it('frames without a writer close drills on disk and index nothing', async () => {
		const folder = tempDir();
		const storePath = path.join(folder, 'store.db');
		await drillDown({drillsRoot: folder, storePath}, {slug: 'a', objective: 'A?'});
		const closed = await drillUp({drillsRoot: folder, storePath}, {findings: 'found', plan: []});
		expect(closed.closed.status).toBe('closed');
		expect(closed.warnings).toEqual([]);
		expect(readdirSync(folder)).not.toContain('store.db');
	});
});
