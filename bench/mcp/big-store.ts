import {existsSync, mkdirSync, renameSync, rmSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {reindex} from '../../source/search/indexing/reindex.js';
import {validateItem} from '../../source/store/interchange.js';
import {makeCorpus, makeItem, makeQuery} from '../find/generate.js';
import {benchRuntime} from '../stats.js';

const namespaces = ['conversation_session', 'docs', 'web_page', 'task_note', 'drill'];

/**
 * The find benchmark's synthetic store (10 nodes and 40 spans per item, a Zipfian vocabulary) at
 * `items` items, with its semantic index built: generated once into the temp folder and kept
 * there, since 50 000 items take minutes. Returns the file and a few short queries of its words.
 */
export async function bigStore(items: number, log: (line: string) => void, given?: string): Promise<{file: string; queries: string[]}> {
	const corpus = makeCorpus();
	const queries: string[] = [];
	const file = given ?? path.join(os.tmpdir(), 'drill-bench-mcp', `store-${items}.db`);
	const build = !existsSync(file);
	const building = `${file}.building`;
	const store = build ? (mkdirSync(path.dirname(file), {recursive: true}), rmSync(building, {force: true}), benchRuntime(building).openWritableStore()) : undefined;
	const started = performance.now();
	for (let i = 0; i < items && (store || queries.length < 3); i++) {
		const item = makeItem(corpus, i, namespaces);
		if (i % Math.max(1, Math.floor(items / 3)) === 0 && queries.length < 3) queries.push(makeQuery(corpus, item.topics));
		store?.writeItem(validateItem(item));
		if (store && (i + 1) % 10_000 === 0) log(`  wrote ${i + 1} items`);
	}
	if (store) {
		await reindex(store);
		store.close();
		renameSync(building, file);
		log(`generated ${items} synthetic items into ${file} in ${((performance.now() - started) / 1000).toFixed(0)} s (kept for the next run)`);
	}
	return {file, queries};
}
