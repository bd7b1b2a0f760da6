import {cpSync, existsSync, mkdirSync, readdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {expect, test} from 'vitest';
import {buildDemoStore, demoCacheDir} from '../../source/cli/demo-store.js';
import {SummaryStore} from '../../source/store/summary-store.js';
import {tempDir} from '../helpers/cli.js';

function fixtures(): string {
	const folder = path.join(tempDir('drill-demo-fixtures-'), 'fixtures');
	cpSync('fixtures/app', folder, {recursive: true});
	mkdirSync(path.join(folder, 'drills', '.drills'), {recursive: true});
	writeFileSync(path.join(folder, 'drills', '.drills', 'cursor'), '\n');
	return folder;
}

test('builds the demo once into the cache folder, and again when the fixtures change', () => {
	const source = fixtures();
	const cacheDir = path.join(tempDir('drill-demo-cache-'), 'demo');
	const first = buildDemoStore({fixtures: source, cacheDir});
	expect(first).toEqual({storePath: path.join(cacheDir, 'store.db'), knowledgeDir: path.join(source, 'knowledge'), drillsRoot: path.join(cacheDir, 'drills'), built: true});
	const store = SummaryStore.open(first.storePath);
	expect(store.namespaces().map((row) => row.name)).toEqual(['conversation_session', 'document', 'page']);
	store.close();
	expect(readdirSync(path.join(first.drillsRoot, '.drills'))).toEqual(['cursor']);
	expect(buildDemoStore({fixtures: source, cacheDir}).built).toBe(false);
	writeFileSync(path.join(source, 'summaries.json'), '[]');
	const rebuilt = buildDemoStore({fixtures: source, cacheDir});
	expect(rebuilt.built).toBe(true);
	const empty = SummaryStore.open(rebuilt.storePath);
	expect(empty.namespaceCount()).toBe(0);
	empty.close();
});

test('never builds inside the repository', () => {
	const source = fixtures();
	const repository = path.dirname(source);
	const demo = buildDemoStore({fixtures: source, cacheDir: path.join(repository, 'cache'), repository});
	expect(demo.storePath.startsWith(repository)).toBe(false);
	expect(existsSync(path.join(repository, 'cache'))).toBe(false);
});

test('the cache folder: $DRILL_DEMO_DIR, else the user cache', () => {
	expect(demoCacheDir({DRILL_DEMO_DIR: '/x/y'})).toBe('/x/y');
	expect(demoCacheDir({XDG_CACHE_HOME: '/c'})).toBe(path.join('/c', 'drill', 'demo'));
});
