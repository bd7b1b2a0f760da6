// `npm run bench -- find [--items N] [--queries N] [--store FILE] [--keep] [--no-vec] [--first-runs N] [--smoke]` (smoke: 300 items, 5 queries): generates a store of 50 000 items
// (500 000 nodes, 2 000 000 spans) in a temp folder, then prints p50/p95 of `find` (hybrid, drill
// on), of keyword-only `find`, of the bare FTS5 queries stage 1 is built on, and of the semantic
// list's exact scan against sqlite-vec's vec0 at the same size; first, the first query after opening
// the store, in fresh processes.
import {spawnSync} from 'node:child_process';
import {existsSync, mkdtempSync, rmSync, statSync} from 'node:fs';
import {cpus, tmpdir} from 'node:os';
import path from 'node:path';
import * as sqliteVec from 'sqlite-vec';
import {find} from '../source/search/funnel/find.js';
import {keywordSql, keywordWeights} from '../source/search/keyword/keyword.js';
import {SummaryStore} from '../source/store/summary-store.js';
import {searchStatus} from '../source/search/indexing/search-status.js';
import {ItemTermStats} from '../source/search/keyword/term-stats.js';
import {LsaEmbedder} from '../source/search/semantic/lsa-store.js';
import {parseQuery, quote} from '../source/search/funnel/query.js';
import {reindex} from '../source/search/indexing/reindex.js';
import {coarseItems, vectorMatrix} from '../source/search/semantic/semantic.js';
import {readSemanticMeta} from '../source/search/semantic/semantic-meta.js';
import {validateItem} from '../source/store/interchange.js';
import {percentile} from './eval/metrics.js';
import {makeCorpus, makeItem, makeQuery} from './find/generate.js';
import {benchRuntime} from './stats.js';

function option(args: string[], name: string): string | undefined {
	const at = args.indexOf(name);
	return at === -1 ? undefined : args[at + 1];
}

const ms = (value: number) => value.toFixed(2);

function time<T>(samples: number[], action: () => T): T {
	const started = performance.now();
	const result = action();
	samples.push(performance.now() - started);
	return result;
}

async function timeAsync<T>(samples: number[], action: () => Promise<T>): Promise<T> {
	const started = performance.now();
	const result = await action();
	samples.push(performance.now() - started);
	return result;
}

function line(name: string, samples: number[]): string {
	return `${name.padEnd(44)} p50 ${ms(percentile(samples, 50)).padStart(8)} ms   p95 ${ms(percentile(samples, 95)).padStart(8)} ms`;
}

/**
 * `find --first-query FILE QUERY…` (run in a fresh process): opens the store and times its first
 * `find` (hybrid, drill on) — what a person waits for after starting the app — then the next ones.
 */
async function firstQuery(args: string[]): Promise<void> {
	const [file, ...queries] = args;
	const started = performance.now();
	const store = SummaryStore.open(file!);
	const opened = performance.now();
	const cpu = process.cpuUsage();
	const faults = process.resourceUsage().minorPageFault;
	const answer = await find({query: queries[0]!}, {store});
	const first = performance.now();
	const used = process.cpuUsage(cpu);
	const firstFaults = process.resourceUsage().minorPageFault - faults;
	const later: number[] = [];
	for (const query of queries.slice(1)) await timeAsync(later, () => find({query}, {store}));
	store.close();
	process.stdout.write(`${JSON.stringify({open: opened - started, first: first - opened, firstCpu: (used.user + used.system) / 1000, firstFaults, later: percentile(later, 50), laterMax: Math.max(0, ...later), timings: 'timings_ms' in answer ? answer.timings_ms : undefined})}\n`);
}

/** The first query after opening the store, in fresh processes (median of `runs`). */
function measureFirstQuery(file: string, queries: string[], runs: number): {open: number; first: number; firstCpu: number; later: number} {
	const samples = Array.from({length: runs}, (_, run) => {
		const result = spawnSync(process.execPath, [process.argv[1]!, 'find', '--first-query', file, ...queries.slice(run, run + 6)], {encoding: 'utf8'});
		if (result.status !== 0) throw new Error(`first-query run failed: ${result.stderr}`);
		return JSON.parse(result.stdout.trim().split('\n').pop()!) as {open: number; first: number; firstCpu: number; later: number};
	});
	const median = (key: 'open' | 'first' | 'firstCpu' | 'later') => percentile(samples.map((sample) => sample[key]), 50);
	return {open: median('open'), first: median('first'), firstCpu: median('firstCpu'), later: median('later')};
}

export async function run(args: string[]): Promise<void> {
	if (args[0] === '--first-query') return firstQuery(args.slice(1));
	const smoke = args.includes('--smoke');
	const items = Number(option(args, '--items') ?? (smoke ? 300 : 50_000));
	const queryCount = Number(option(args, '--queries') ?? (smoke ? 5 : 200));
	const given = option(args, '--store');
	const dir = given ? undefined : mkdtempSync(path.join(tmpdir(), 'drill-bench-find-'));
	const file = given ?? path.join(dir!, 'store.db');
	const log = (text: string) => process.stdout.write(`${text}\n`);
	log(`machine: ${cpus()[0]?.model ?? 'cpu'} × ${cpus().length}, node ${process.version}`);
	const corpus = makeCorpus();
	const namespaces = ['conversation_session', 'docs', 'web_page', 'task_note', 'drill'];
	const queries: string[] = [];
	try {
		if (!given || !existsSync(file)) {
			let started = performance.now();
			const store = benchRuntime(file).openWritableStore();
			let nodes = 0;
			let spans = 0;
			for (let i = 0; i < items; i++) {
				const item = makeItem(corpus, i, namespaces);
				if (i % Math.max(1, Math.floor(items / queryCount)) === 0 && queries.length < queryCount) queries.push(makeQuery(corpus, item.topics));
				const record = validateItem(item);
				nodes += record.nodes.length;
				spans += record.spans.length;
				store.writeItem(record);
				if ((i + 1) % 10_000 === 0) process.stderr.write(`  wrote ${i + 1} items\n`);
			}
			log(`generated ${items} items, ${nodes} nodes, ${spans} spans in ${((performance.now() - started) / 1000).toFixed(1)} s (each item one transaction, search rows included)`);
			started = performance.now();
			const report = await reindex(store);
			log(`drill reindex (LSA ${report.dimension} dims, trained on ≤30 000 items, ${report.nodes} nodes embedded): ${((performance.now() - started) / 1000).toFixed(1)} s`);
			store.close();
		} else {
			for (let i = 0; i < items && queries.length < queryCount; i++) {
				const item = makeItem(corpus, i, namespaces);
				if (i % Math.max(1, Math.floor(items / queryCount)) === 0) queries.push(makeQuery(corpus, item.topics));
			}
		}
		log(`store: ${(statSync(file).size / 1e9).toFixed(2)} GB on disk; ${queries.length} queries such as ${JSON.stringify(queries[0])}, ${JSON.stringify(queries[1])}`);

		const firstRuns = Number(option(args, '--first-runs') ?? (smoke ? 1 : 5));
		const cold = measureFirstQuery(file, queries, firstRuns);
		log(`first query after opening the store (fresh process, hybrid, drill on; median of ${firstRuns}): open ${ms(cold.open)} ms, first find ${ms(cold.first)} ms (CPU ${ms(cold.firstCpu)} ms), later finds ${ms(cold.later)} ms`);

		const runtime = benchRuntime(file);
		const store = runtime.store();
		const meta = readSemanticMeta(store)!;
		let started = performance.now();
		const matrix = vectorMatrix(store, meta);
		log(`vectors loaded into memory once per session: ${matrix.size} × ${matrix.dimension} in ${((performance.now() - started) / 1000).toFixed(2)} s`);
		await runtime.find({query: queries[0]!});

		const hybrid: number[] = [];
		const question: number[] = [];
		const keyword: number[] = [];
		const keywordNoDrill: number[] = [];
		const bare: number[] = [];
		const semantic: number[] = [];
		const rootSql = store.db.prepare(keywordSql(keywordWeights.root));
		const indexedItems = searchStatus(store).keywordItems;
		const core: number[] = [];
		const hybridCpu: number[] = [];
		for (const query of queries) {
			const cpu = process.cpuUsage();
			await timeAsync(hybrid, () => runtime.find({query}));
			const used = process.cpuUsage(cpu);
			hybridCpu.push((used.user + used.system) / 1000);
			// As a question: the long items' best passages are scored too (keyword/passages.ts).
			await timeAsync(question, () => runtime.find({query: `what about ${query}?`}));
			await timeAsync(keyword, () => runtime.find({query, method: 'keyword'}));
			await timeAsync(keywordNoDrill, () => runtime.find({query, method: 'keyword', drill: false}));
			await timeAsync(semantic, () => runtime.find({query, method: 'semantic', drill: false}));
			const parsed = parseQuery(query);
			// What FTS5 alone does: bm25 over the item roots with every word of the query.
			time(bare, () => rootSql.all(parsed.words.map(quote).join(' OR '), 100));
			// The query stage 1 runs: the same, less the words most items hold, found from FTS5's vocabulary.
			time(core, () => {
				const stats = new ItemTermStats(store, parsed.words, indexedItems);
				rootSql.all(stats.informative(parsed.words).map(quote).join(' OR '), 100);
			});
		}
		const ratio = (a: number[], b: number[]) => `p50 ${(percentile(a, 50) / percentile(b, 50)).toFixed(2)}×, p95 ${(percentile(a, 95) / percentile(b, 95)).toFixed(2)}×`;
		log('');
		log(line('find, hybrid (keyword,semantic), drill on', hybrid));
		log(line('  its CPU time (steadier than wall under load)', hybridCpu));
		log(line('find, hybrid, drill on, asked as a question', question));
		log(line('find, keyword, drill on', keyword));
		log(line('find, keyword, drill off', keywordNoDrill));
		log(line('find, semantic, drill off', semantic));
		log(line('bare FTS5 bm25 query over item roots', bare));
		log(line('stage 1 core query (informative terms)', core));
		log(`keyword-only / bare FTS5: ${ratio(keyword, bare)} (drill on); ${ratio(keywordNoDrill, bare)} (drill off)`);
		log(`keyword-only / stage-1 core query: ${ratio(keyword, core)} (drill on); ${ratio(keywordNoDrill, core)} (drill off)`);
		log('targets: hybrid with drill p95 < 50 ms (a question too); keyword-only within 1.5× the bare FTS5 query');

		if (args.includes('--no-vec')) {
			runtime.close();
			return;
		}
		// The semantic list's nearest-neighbour step: exact scan in memory vs sqlite-vec's vec0.
		const embedder = new LsaEmbedder(meta.dimension, {db: store.db});
		const vectors = queries.map((query) => embedder.embedSync(parseQuery(query).terms.join(' '))).filter((vector): vector is Float32Array => vector !== undefined);
		const scan: number[] = [];
		const coarse: number[] = [];
		const coarseAgree: number[] = [];
		for (const vector of vectors) {
			const exact = time(scan, () => matrix.search(vector, 100));
			const approximate = new Set(time(coarse, () => matrix.searchByItem(vector, 100, coarseItems)).map((hit) => hit.node));
			coarseAgree.push(exact.filter((hit) => approximate.has(hit.node)).length / Math.max(1, exact.length));
		}
		runtime.close();
		const vecFile = path.join(path.dirname(file), 'vec.db');
		rmSync(vecFile, {force: true});
		const {default: Database} = await import('better-sqlite3');
		const vecDb = new Database(vecFile);
		sqliteVec.load(vecDb);
		vecDb.exec(`CREATE VIRTUAL TABLE vec_nodes USING vec0 (embedding float[${meta.dimension}] distance_metric=cosine)`);
		started = performance.now();
		const insert = vecDb.prepare('INSERT INTO vec_nodes (rowid, embedding) VALUES (?, ?)');
		vecDb.transaction(() => {
			for (let row = 0; row < matrix.size; row++) insert.run(BigInt(matrix.nodes[row]!), Buffer.from(matrix.data.buffer, matrix.data.byteOffset + row * meta.dimension * 4, meta.dimension * 4));
		})();
		const vecBuild = (performance.now() - started) / 1000;
		const knn = vecDb.prepare('SELECT rowid, distance FROM vec_nodes WHERE embedding MATCH ? AND k = 100');
		const vec: number[] = [];
		const agree: number[] = [];
		for (const vector of vectors) {
			const rows = time(vec, () => knn.all(Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength)) as Array<{rowid: number}>);
			const exact = new Set(matrix.search(vector, 100).map((hit) => hit.node));
			agree.push(rows.filter((row) => exact.has(row.rowid)).length / Math.max(1, exact.size));
		}
		vecDb.close();
		log('');
		log(`nearest 100 of ${matrix.size} node vectors (${meta.dimension} dims), ${vectors.length} queries:`);
		log(line('exact scan in memory', scan));
		log(line(`roots, then nodes of the best ${coarseItems} items`, coarse));
		log(`roots-first finds ${(100 * (coarseAgree.reduce((a, b) => a + b, 0) / Math.max(1, coarseAgree.length))).toFixed(1)}% of the exact top 100`);
		log(line('sqlite-vec 0.1.9 vec0 KNN (k = 100)', vec));
		log(`vec0: built in ${vecBuild.toFixed(1)} s, ${(statSync(vecFile).size / 1e6).toFixed(0)} MB; same top 100 as the exact scan for ${(100 * (agree.reduce((a, b) => a + b, 0) / Math.max(1, agree.length))).toFixed(1)}% of hits`);
		rmSync(vecFile, {force: true});
	} finally {
		if (dir && !args.includes('--keep')) rmSync(dir, {recursive: true, force: true});
		else if (dir) log(`kept ${file}`);
	}
}
