// `npm run eval -- DATASET_DIR… [--method keyword|semantic|keyword,semantic] [--items ingest|sketch] [--guard[=METHODS]] [--json]`:
// ingests each BEIR collection into a temp store (each document one item), runs every judged
// query through `find`, and prints nDCG@10, Recall@100 and MRR@10 at item level with latency
// p50/p95, next to the bare FTS5 bm25 floor over the same raw text and each method's difference
// to it. `--guard` exits 3 when a guarded method (default keyword and keyword,semantic) falls
// below the floor, or the hybrid below keyword. `--make DIR` writes the generated collections.
// `--smoke` adds a tiny built-in collection (to check that the eval runs).
import {mkdtempSync, rmSync} from 'node:fs';
import {cpus, loadavg, tmpdir} from 'node:os';
import path from 'node:path';
import {DrillError} from '../source/core/errors.js';
import {parseMethod} from '../source/search/funnel/params.js';
import {reindex} from '../source/search/indexing/reindex.js';
import type {Method} from '../source/search/types.js';
import {loadBeir} from './eval/beir.js';
import {guardFailures, type CollectionReport} from './eval/guard.js';
import {makeCollections} from './eval/collections/make.js';
import {writeSmokeCollection} from './eval/smoke.js';
import {evaluate, evaluateBaseline, ingestCollection, judgedQueries, sameRankings, versus, type ItemPipeline, type Rankings} from './eval/run.js';

const usage = 'usage: npm run eval -- DATASET_DIR…|--smoke [--method keyword|semantic|keyword,semantic] [--items sketch|ingest] [--guard[=METHODS]] [--json]; npm run eval -- --make OUT_DIR';

interface Args {
	folders: string[];
	methods: Method[];
	json: boolean;
	pipeline: ItemPipeline;
	guard: Method[] | undefined;
	make: string | undefined;
}

function parseArgs(args: string[], smokeFolder: () => string): Args {
	const parsed: Args = {folders: [], methods: ['keyword', 'semantic', 'keyword,semantic'], json: false, pipeline: 'sketch', guard: undefined, make: undefined};
	for (let i = 0; i < args.length; i++) {
		const arg = args[i]!;
		const value = () => (arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : args[++i]);
		if (arg === '--json') parsed.json = true;
		else if (arg === '--smoke') parsed.folders.push(smokeFolder());
		else if (arg === '--guard') parsed.guard = ['keyword', 'keyword,semantic'];
		else if (arg.startsWith('--guard=')) parsed.guard = value()!.split(/\s*;\s*|\s+/u).filter(Boolean).map((method) => parseMethod(method));
		else if (arg === '--items' || arg.startsWith('--items=')) {
			const pipeline = value();
			if (pipeline !== 'ingest' && pipeline !== 'sketch') throw new DrillError('bad_argument', `--items ${JSON.stringify(pipeline)} is not a pipeline`, "use --items sketch (default, the eval's short-document summarizer) or --items ingest (the ingest text pipeline)");
			parsed.pipeline = pipeline;
		} else if (arg === '--method' || arg.startsWith('--method=')) parsed.methods = [parseMethod(value() ?? '')];
		else if (arg === '--make' || arg.startsWith('--make=')) parsed.make = value();
		else if (arg.startsWith('-')) throw new DrillError('bad_argument', `unknown option ${arg}`, usage);
		else parsed.folders.push(arg);
	}
	if (parsed.make === undefined && parsed.folders.length === 0) throw new DrillError('bad_argument', 'give a BEIR collection folder', usage);
	if (parsed.make !== undefined && !parsed.make) throw new DrillError('bad_argument', '--make needs a folder to write the collections into', usage);
	return parsed;
}

async function evaluateCollection(folder: string, args: Args, log: (line: string) => void): Promise<CollectionReport> {
	const collection = loadBeir(folder);
	const dir = mkdtempSync(path.join(tmpdir(), 'drill-eval-'));
	try {
		let started = performance.now();
		const bareRankings: Rankings = new Map();
		const bm25 = evaluateBaseline(collection, bareRankings);
		const store = ingestCollection(collection, path.join(dir, 'store.db'), args.pipeline);
		log(`${collection.name}: ingested ${collection.documents.length} documents (items by ${args.pipeline === 'ingest' ? 'the ingest text pipeline' : 'the eval sketch'}) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
		started = performance.now();
		const report = await reindex(store);
		log(`${collection.name}: trained ${report.embedder} (${report.dimension} dims) and embedded ${report.nodes} nodes in ${((performance.now() - started) / 1000).toFixed(1)} s`);
		const methods: CollectionReport['methods'] = {};
		let keywordOrder: CollectionReport['keyword_order'];
		for (const method of args.methods) {
			const rankings: Rankings = new Map();
			const scores = await evaluate(store, collection, method, rankings);
			methods[method] = {...scores, vs_bm25: versus(scores, bm25)};
			// The floor by construction, checked: keyword's order of items is bare bm25's.
			if (method === 'keyword') keywordOrder = {same_top10: sameRankings(rankings, bareRankings, 10), same_top100: sameRankings(rankings, bareRankings, 100)};
		}
		store.close();
		return {collection: collection.name, documents: collection.documents.length, queries: judgedQueries(collection).length, bm25, methods, ...(keywordOrder ? {keyword_order: keywordOrder} : {})};
	} finally {
		rmSync(dir, {recursive: true, force: true});
	}
}

const signed = (value: number) => `${value >= 0 ? '+' : '−'}${Math.abs(value).toFixed(3)}`;

function table(report: CollectionReport): string {
	const rows = [
		`\n${report.collection}: ${report.documents} documents, ${report.queries} judged queries (${cpus()[0]?.model ?? 'cpu'}, node ${process.version}, load ${loadavg()[0]!.toFixed(1)})\n`,
		'| method | nDCG@10 | R@100 | MRR@10 | Δ nDCG@10 vs bm25 | p50 ms | p95 ms |',
		'|---|---|---|---|---|---|---|',
		`| bare FTS5 bm25 | ${report.bm25.ndcg10.toFixed(3)} | ${report.bm25.recall100.toFixed(3)} | ${report.bm25.mrr10.toFixed(3)} | | | |`,
	];
	for (const [method, scores] of Object.entries(report.methods)) {
		rows.push(`| ${method} | ${scores.ndcg10.toFixed(3)} | ${scores.recall100.toFixed(3)} | ${scores.mrr10.toFixed(3)} | ${signed(scores.vs_bm25.ndcg10)} | ${scores.p50_ms.toFixed(1)} | ${scores.p95_ms.toFixed(1)} |`);
	}
	if (report.keyword_order) rows.push(`\nkeyword's order of items is bare bm25's on ${(100 * report.keyword_order.same_top10).toFixed(1)}% of queries (top 10), ${(100 * report.keyword_order.same_top100).toFixed(1)}% (top 100)`);
	return `${rows.join('\n')}\n`;
}

const help = `${usage}

Scores drill's search on BEIR collections (corpus.jsonl, queries.jsonl, qrels.tsv): each document
becomes an item in a temp store, every judged query runs through find, and nDCG@10, R@100 and
MRR@10 are printed per method beside bare FTS5 bm25 over the same raw text.

  DATASET_DIR…       BEIR folders (e.g. ../shared/eval/scifact); --smoke adds a tiny built-in one
  --method M         keyword, semantic or keyword,semantic (default: all three)
  --items P          sketch (default: the eval's short-document summarizer) or ingest (the ingest text pipeline)
  --guard[=METHODS]  exit 3 when a method (default keyword and keyword,semantic) falls below bare bm25,
                     or the hybrid below keyword
  --json             one JSON report (methods[m].ndcg10, vs_bm25, …) on stdout
  --make OUT_DIR     write the generated known-item collections (fixtures, Python docs, npm readmes, man pages)
`;

async function main(argv: string[]): Promise<void> {
	if (argv.includes('--help') || argv.includes('-h')) {
		process.stdout.write(help);
		return;
	}
	const smoke = mkdtempSync(path.join(tmpdir(), 'drill-eval-smoke-'));
	try {
		await evaluateAll(parseArgs(argv, () => writeSmokeCollection(smoke)));
	} finally {
		rmSync(smoke, {recursive: true, force: true});
	}
}

async function evaluateAll(args: Args): Promise<void> {
	if (args.make !== undefined) {
		for (const made of makeCollections(args.make)) process.stdout.write(`${made.folder}: ${made.documents} documents, ${made.queries} queries\n`);
		return;
	}
	const log = (line: string) => {
		if (!args.json) process.stderr.write(`${line}\n`);
	};
	const reports: CollectionReport[] = [];
	for (const folder of args.folders) {
		const report = await evaluateCollection(folder, args, log);
		reports.push(report);
		if (!args.json) process.stdout.write(table(report));
	}
	if (args.json) process.stdout.write(`${JSON.stringify(reports.length === 1 ? reports[0] : {collections: reports}, null, 2)}\n`);
	if (args.guard) {
		const failures = guardFailures(reports, args.guard);
		for (const failure of failures) process.stderr.write(`eval: guard: ${failure}\n`);
		if (failures.length > 0) process.exitCode = 3;
	}
}

main(process.argv.slice(2)).catch((error: unknown) => {
	const line = error instanceof DrillError ? error.line : error instanceof Error ? (process.env.DRILL_DEBUG ? String(error.stack) : error.message) : String(error);
	process.stderr.write(`eval: ${line}\n`);
	process.exitCode = 1;
});
