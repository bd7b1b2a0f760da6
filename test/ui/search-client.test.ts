import path from 'node:path';
import {afterEach, expect, test} from 'vitest';
import {DrillError} from '../../source/core/errors.js';
import {WorkerSearch} from '../../source/ui/search-client.js';
import {tempDir} from '../helpers/cli.js';
import {fixtureStore, fixturesDir} from '../helpers/fixture-store.js';

// The worker script of the build (npm test builds first): the funnel on its own thread.
const script = path.resolve('dist/search-worker.js');
let search: WorkerSearch | undefined;
afterEach(() => search?.close());

const open = (storePath = fixtureStore()) => (search = new WorkerSearch(script, {storePath, knowledgeDir: path.join(fixturesDir, 'knowledge'), drillsRoot: tempDir('drill-worker-')}));

test('the funnel answers on the worker thread, in the result shape', async () => {
	const result = await open().find('pool exhaustion', {method: 'keyword,semantic'});
	expect(result.query).toBe('pool exhaustion');
	expect(result.stage1_hits.length).toBeGreaterThan(0);
	expect(result.stage1_hits.some((hit) => hit.title === 'Pool exhaustion')).toBe(true);
});

test('while one search runs, a newer one replaces the one waiting; an aborted one is answered at once', async () => {
	const worker = open();
	const first = worker.find('retry storm', {method: 'keyword'});
	const second = worker.find('pgbouncer', {method: 'keyword'});
	const third = worker.find('pool', {method: 'keyword'});
	await expect(second).rejects.toThrow('the search was replaced by a newer one');
	expect((await first).query).toBe('retry storm');
	expect((await third).query).toBe('pool');
	const abort = new AbortController();
	const aborted = worker.find('slow', {method: 'keyword', signal: abort.signal});
	abort.abort();
	await expect(aborted).rejects.toBeInstanceOf(DrillError);
	expect((await worker.find('cache', {method: 'keyword'})).query).toBe('cache');
});

test('a failure on the worker comes back as the DrillError it was', async () => {
	const missing = path.join(tempDir('drill-worker-'), 'missing.db');
	const error = await open(missing)
		.find('pool', {method: 'keyword'})
		.catch((caught: unknown) => caught);
	expect(error).toBeInstanceOf(DrillError);
	expect(error).toMatchObject({code: 'store_unreadable'});
	expect((error as DrillError).message).toContain(missing);
});

test('close answers what is pending and stops the thread', async () => {
	const worker = open();
	const pending = worker.find('pool', {method: 'keyword'});
	worker.close();
	await expect(pending).rejects.toThrow('replaced');
});
