import {statSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {pathToFileURL} from 'node:url';
import {afterEach, describe, expect, it} from 'vitest';
import {WorkerExecutor} from '../../../source/ingest/work/executor.js';
import {runSourceJob, type JobResult, type SourceJob} from '../../../source/ingest/work/source-job.js';
import {termCountsOf, type ItemTermCounts} from '../../../source/text/item-term-counts.js';
import {bagMap} from '../../../source/text/term-bags.js';
import {tempDir} from '../../helpers/cli.js';

const page = path.resolve('fixtures/docs/incident-review.md');

function jobOf(file: string): SourceJob {
	const {size, mtime} = statSync(file);
	return {path: file, shown: path.basename(file), size, mtime: mtime.toISOString(), format: 'markdown', namespace: 'docs', itemId: 'incident-review', uri: file, hash: 'h'};
}

/** A worker script of the test's own: `body` handles each job the executor posts (`job`, `port`). */
function workerScript(body: string): URL {
	const file = path.join(tempDir(), 'worker.mjs');
	writeFileSync(file, `import {parentPort} from 'node:worker_threads';\nparentPort.on('message', (job) => {\n${body}\n});\n`);
	return pathToFileURL(file);
}

const executors: WorkerExecutor[] = [];
afterEach(async () => {
	await Promise.all(executors.splice(0).map((executor) => executor.close()));
});

async function runOn(script: URL, job: SourceJob): Promise<JobResult> {
	const executor = new WorkerExecutor(script, 1);
	executors.push(executor);
	let result: JobResult | undefined;
	await executor.submit(job, (done) => (result = done));
	await executor.drain();
	return result!;
}

describe('the ingest worker pool', () => {
	it('redoes on this thread the job of a worker that dies, and the item is the one it would have been', async () => {
		const job = jobOf(page);
		const result = await runOn(workerScript('process.exit(3);'), job);
		expect(result.failure).toBeUndefined();
		expect(result.item).toEqual((await runSourceJob(job)).item);
	});

	it('redoes on this thread the job of a worker that throws', async () => {
		const job = jobOf(page);
		const result = await runOn(workerScript("throw new Error('the worker broke');"), job);
		expect(result.item).toEqual((await runSourceJob(job)).item);
	});

	it('turns a failure the worker reports into a one-line failure of that file, with no item', async () => {
		const result = await runOn(workerScript("parentPort.postMessage({type: 'error', message: 'no memory left'});"), jobOf(page));
		expect(result.item).toBeUndefined();
		expect(result.failure?.reason).toBe('unexpected failure: no memory left');
	});

	it('hands results back in the order their jobs were submitted, whichever worker finishes first', async () => {
		// Each job's result names it; the first takes longest.
		const script = workerScript("setTimeout(() => parentPort.postMessage({type: 'result', result: {problems: [], failure: {reason: job.itemId}}}), job.itemId === 'first' ? 400 : 0);");
		const executor = new WorkerExecutor(script, 3);
		executors.push(executor);
		const order: string[] = [];
		for (const itemId of ['first', 'second', 'third']) await executor.submit({...jobOf(page), itemId}, (result) => order.push(result.failure!.reason));
		await executor.drain();
		expect(order).toEqual(['first', 'second', 'third']);
	});

	it('hands the term counts a worker counted to the indexer with their item', async () => {
		const {item} = await runSourceJob(jobOf(page));
		// Counts no text would give: the indexer must take these, not count the item again.
		const counts = {item: new Map([['handed', 1]]), nodes: new Map(item!.nodes.map((node) => [node.ordinal, new Map([['over', node.ordinal + 1]])]))};
		const script = workerScript(`parentPort.postMessage({type: 'result', result: {item: ${JSON.stringify(item)}, problems: []}, counts: ${countsSource(counts)}});`);
		const result = await runOn(script, jobOf(page));
		expect(result.item).toEqual(item);
		expect(maps(termCountsOf(result.item!))).toEqual(counts);
		expect(maps(termCountsOf(result.item!, {whole: false}))).toEqual({nodes: counts.nodes});
		// A copy of the item is another item: counted from its text.
		expect(termCountsOf({...result.item!})).toEqual(termCountsOf(item!));
	});
});

/** The counts as term → count maps, in their order. */
function maps(counts: ItemTermCounts): {item?: Map<string, number>; nodes: Map<number, Map<string, number>>} {
	return {...(counts.item ? {item: bagMap(counts.item, counts.ids)} : {}), nodes: new Map([...counts.nodes].map(([ordinal, bag]) => [ordinal, bagMap(bag, counts.ids)]))};
}

/** The source of the counts as a worker posts them: bags of its own term ids, with its terms. */
function countsSource(counts: {item: Map<string, number>; nodes: Map<number, Map<string, number>>}): string {
	const terms: string[] = [];
	const bag = (map: Map<string, number>) => {
		const ids = [...map.keys()].map((term) => (terms.includes(term) ? terms.indexOf(term) : terms.push(term) - 1));
		return `{ids: Int32Array.from(${JSON.stringify(ids)}), counts: Int32Array.from(${JSON.stringify([...map.values()])})}`;
	};
	const item = bag(counts.item);
	const nodes = [...counts.nodes].map(([ordinal, map]) => `[${ordinal}, ${bag(map)}]`).join(', ');
	return `{terms: ${JSON.stringify(terms)}, item: ${item}, nodes: new Map([${nodes}])}`;
}
