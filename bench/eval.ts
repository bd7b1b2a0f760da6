// `npm run eval -- DATASET_DIR… [--method keyword|semantic|keyword,semantic] [--items ingest|sketch] [--guard[=METHODS]] [--json]`:
// ingests each BEIR collection into a temp store (each document one item), runs every judged
// query through `find`, and prints nDCG@10, Recall@100 and MRR@10 at item level with latency
// p50/p95, next to the plain-bm25 floor (../shared/eval/plain-bm25.mjs, over the same raw text),
// each method's difference to it and the hybrid's to max(keyword, semantic). `--guard` exits 3
// when a guarded method (default keyword and keyword,semantic) falls below the floor, or the
// hybrid below max(keyword, semantic). `--make DIR` writes the generated collections
// (`--make DIR --from CLONE`: the SMART collections MED, CISI and ADI found in CLONE).
// A LoCoMo file (data/locomo10.json of snap-research/LoCoMo, or a folder holding it) is read as
// session retrieval: one store per conversation, hit@1/5/10, MRR and recall_all@5 per category.
// `--smoke` adds a tiny built-in collection (to check that the eval runs).
// `npm run eval -- summaries DIR…`: titles and TLDRs of session logs (bench/eval/summaries.ts).
// `npm run eval -- agents DIR…`: what drill reads of each agent's real files (bench/eval/agents.ts).
import {mkdtempSync, rmSync} from 'node:fs';
import {cpus, loadavg, tmpdir} from 'node:os';
import path from 'node:path';
import {DrillError} from '../source/core/errors.js';
import {parseMethod} from '../source/search/funnel/params.js';
import {reindex} from '../source/search/indexing/reindex.js';
import {searchStatus} from '../source/search/indexing/search-status.js';
import {finishBatch} from '../source/search/indexing/train-phase.js';
import {readSemanticMeta} from '../source/search/semantic/semantic-meta.js';
import type {Method} from '../source/search/types.js';
import {loadBeir} from './eval/beir.js';
import {fittedMix, guardFailures, hybridVersusMax, minimums, type CollectionReport, type FoldInReport} from './eval/guard.js';
import {makeCollections} from './eval/collections/make.js';
import {makeSmartCollections} from './eval/collections/smart.js';
import {writeGuardCollection, writeSmokeCollection} from './eval/smoke.js';
import {evaluateAgents} from './eval/agents.js';
import {evaluateSummaries} from './eval/summaries.js';
import {conversationTable, evaluateLocomo, type ConversationReport} from './eval/conversations.js';
import {isLocomo} from './eval/locomo.js';
import {evaluate, evaluateBaseline, ingestCollection, judgedQueries, versus, writeDocuments, type ItemPipeline} from './eval/run.js';
import {fitCandidates} from '../source/search/funnel/fusion-fit.js';

const usage = 'usage: npm run eval -- DATASET_DIR…|--smoke|--smoke-guard [--method keyword|semantic|keyword,semantic] [--items sketch|ingest|markdown] [--guard[=METHODS]] [--fold-in[=N]] [--json]; npm run eval -- --make OUT_DIR [--from SMART_CLONE]';

interface Args {
	folders: string[];
	methods: Method[];
	json: boolean;
	pipeline: ItemPipeline;
	guard: Method[] | undefined;
	make: string | undefined;
	from: string | undefined;
	/**
	 * The semantic model trained on the first 80% of the documents, the rest written by this many
	 * ingests, each folding its items into the model and then closing as an ingest does (which
	 * retrains when the store has grown by a quarter or its vocabulary has drifted; issue 40). 0: off.
	 */
	foldIn: number;
}

function parseArgs(args: string[], smokeFolder: () => string, guardFolder: () => string): Args {
	const parsed: Args = {folders: [], methods: ['keyword', 'semantic', 'keyword,semantic'], json: false, pipeline: 'sketch', guard: undefined, make: undefined, from: undefined, foldIn: 0};
	for (let i = 0; i < args.length; i++) {
		const arg = args[i]!;
		const value = () => (arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : args[++i]);
		if (arg === '--json') parsed.json = true;
		else if (arg === '--fold-in') parsed.foldIn = 1;
		else if (arg.startsWith('--fold-in=')) {
			parsed.foldIn = Number(value());
			if (!Number.isInteger(parsed.foldIn) || parsed.foldIn < 1) throw new DrillError('bad_argument', `--fold-in takes a number of ingests, not ${value()}`, usage);
		}
		else if (arg === '--smoke') parsed.folders.push(smokeFolder());
		else if (arg === '--smoke-guard') parsed.folders.push(guardFolder());
		else if (arg === '--guard') parsed.guard = ['keyword', 'keyword,semantic'];
		else if (arg.startsWith('--guard=')) parsed.guard = value()!.split(/\s*;\s*|\s+/u).filter(Boolean).map((method) => parseMethod(method));
		else if (arg === '--items' || arg.startsWith('--items=')) {
			const pipeline = value();
			if (pipeline !== 'ingest' && pipeline !== 'sketch' && pipeline !== 'markdown') throw new DrillError('bad_argument', `--items ${JSON.stringify(pipeline)} is not a pipeline`, "use --items sketch (default, the eval's short-document summarizer), --items ingest (the ingest text pipeline) or --items markdown (the ingest markdown pipeline)");
			parsed.pipeline = pipeline;
		} else if (arg === '--method' || arg.startsWith('--method=')) parsed.methods = [parseMethod(value() ?? '')];
		else if (arg === '--make' || arg.startsWith('--make=')) parsed.make = value();
		else if (arg === '--from' || arg.startsWith('--from=')) parsed.from = value();
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
		const floor = evaluateBaseline(collection);
		// --fold-in: the model is trained when the store was a fifth smaller (the most a store grows, by a quarter, before the growth retrains it).
		const trainedOn = args.foldIn ? Math.ceil(collection.documents.length / 1.25) : collection.documents.length;
		const store = ingestCollection({...collection, documents: collection.documents.slice(0, trainedOn)}, path.join(dir, 'store.db'), args.pipeline);
		log(`${collection.name}: ingested ${trainedOn} documents (items by ${args.pipeline === 'ingest' ? 'the ingest text pipeline' : args.pipeline === 'markdown' ? 'the ingest markdown pipeline' : 'the eval sketch'}) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
		started = performance.now();
		const report = await reindex(store);
		log(`${collection.name}: trained ${report.embedder} (${report.dimension} dims) and embedded ${report.nodes} nodes in ${((performance.now() - started) / 1000).toFixed(1)} s`);
		const fit = fittedMix(searchStatus(store).fusion);
		if (fit) log(`${collection.name}: hybrid mix fitted by self-retrieval: ${fit.share} (${fit.queries} titles; MRR@10 ${fitCandidates.map((name) => `${name} ${fit.mrr[String(name)]}`).join(', ')})`);
		const foldIn: FoldInReport = {ingests: 0, retrained: 0, drift: [], trained: []};
		const rest = collection.documents.slice(trainedOn);
		for (let ingest = 0; ingest < args.foldIn && rest.length > 0; ingest++) {
			const part = rest.slice(Math.floor((ingest * rest.length) / args.foldIn), Math.floor(((ingest + 1) * rest.length) / args.foldIn));
			writeDocuments(store, collection, part, args.pipeline);
			const before = searchStatus(store);
			finishBatch(store, () => undefined);
			const retrained = readSemanticMeta(store)!.generation !== before.semantic?.generation;
			foldIn.ingests++;
			if (retrained) foldIn.retrained++;
			foldIn.drift.push(Number(before.vocabularyDrift.share.toFixed(4)));
			foldIn.trained.push(Number(before.vocabularyDrift.trained.toFixed(4)));
			log(`${collection.name}: ingest ${ingest + 1} folded ${part.length} documents into the model (${before.vocabularyDrift.occurrences} term occurrences, ${(before.vocabularyDrift.share * 100).toFixed(2)}% unknown to it, ${(before.vocabularyDrift.trained * 100).toFixed(2)}% of its training text's; store ${before.items} items, model trained on ${before.semantic?.builtItems}) and its close ${retrained ? `retrained it (${before.retrain})` : 'kept it'}`);
		}
		const methods: CollectionReport['methods'] = {};
		for (const method of args.methods) {
			const scores = await evaluate(store, collection, method);
			methods[method] = {...scores, vs_plain_bm25: versus(scores, floor)};
		}
		store.close();
		const againstMax = hybridVersusMax(methods);
		return {collection: collection.name, documents: collection.documents.length, queries: judgedQueries(collection).length, plain_bm25: floor, methods, ...(againstMax ? {hybrid_vs_max: againstMax} : {}), ...(fit ? {fusion: [fit]} : {}), ...(foldIn.ingests > 0 ? {fold_in: foldIn} : {})};
	} finally {
		rmSync(dir, {recursive: true, force: true});
	}
}

const signed = (value: number) => `${value >= 0 ? '+' : '−'}${Math.abs(value).toFixed(3)}`;

function table(report: CollectionReport): string {
	const rows = [
		`\n${report.collection}: ${report.documents} documents, ${report.queries} judged queries (${cpus()[0]?.model ?? 'cpu'}, node ${process.version}, load ${loadavg()[0]!.toFixed(1)})\n`,
		'| method | nDCG@10 | R@100 | MRR@10 | Δ nDCG@10 vs plain bm25 | p50 ms | p95 ms |',
		'|---|---|---|---|---|---|---|',
		`| plain bm25 (the floor) | ${report.plain_bm25.ndcg10.toFixed(3)} | ${report.plain_bm25.recall100.toFixed(3)} | ${report.plain_bm25.mrr10.toFixed(3)} | | | |`,
	];
	for (const [method, scores] of Object.entries(report.methods)) {
		rows.push(`| ${method} | ${scores.ndcg10.toFixed(3)} | ${scores.recall100.toFixed(3)} | ${scores.mrr10.toFixed(3)} | ${signed(scores.vs_plain_bm25.ndcg10)} | ${scores.p50_ms.toFixed(1)} | ${scores.p95_ms.toFixed(1)} |`);
	}
	if (report.fold_in) rows.push(`\nfolded in by ${report.fold_in.ingests} ingest${report.fold_in.ingests === 1 ? '' : 's'} after training on 80%: ${report.fold_in.retrained} retrained the model (vocabulary drift at each close: ${report.fold_in.drift.map((share) => `${(share * 100).toFixed(1)}%`).join(', ')})`);
	if (report.hybrid_vs_max) rows.push(`\nhybrid − max(keyword, semantic): ${signed(report.hybrid_vs_max.ndcg10)} nDCG@10 (the better list: ${report.hybrid_vs_max.better})`);
	return `${rows.join('\n')}\n`;
}

function minimumsLine(reports: readonly CollectionReport[]): string {
	const worst = minimums(reports);
	const parts = Object.entries(worst).map(([key, value]) => `${key.replaceAll('_', ' ')} ${signed(value)}`);
	return `\nworst case over ${reports.length} collections (nDCG@10): ${parts.join(', ')}\n`;
}

const help = `${usage}

Scores drill's search on BEIR collections (corpus.jsonl, queries.jsonl, qrels.tsv): each document
becomes an item in a temp store, every judged query runs through find, and nDCG@10, R@100 and
MRR@10 are printed per method beside the floor, plain bm25 as ../shared/eval/plain-bm25.mjs
computes it over the same raw text, and the hybrid's difference to max(keyword, semantic).

  DATASET_DIR…       BEIR folders (e.g. ../shared/eval/scifact), or LoCoMo's locomo10.json (or a folder
                     holding it: one store per conversation, each session an item; hit@k per category);
                     --smoke adds a tiny built-in one,
                     --smoke-guard the known-item collection of this repo's fixtures/ (what CI guards)
  --method M         keyword, semantic or keyword,semantic (default: all three)
  --items P          sketch (default: the eval's short-document summarizer) or ingest (the ingest text pipeline)
  --guard[=METHODS]  exit 3 when a method (default keyword and keyword,semantic) falls below plain bm25,
                     or the hybrid below max(keyword, semantic)
  --fold-in[=N]      train the semantic model on the first 80% of each collection, then write the rest
                     in N ingests (default 1) that fold it in and close as an ingest does (retraining when
                     the store grew by a quarter or the vocabulary drifted); fold_in says how many retrained
  --json             one JSON report (methods[m].ndcg10, vs_bm25, …) on stdout
  --make OUT_DIR     write the generated known-item collections (fixtures, Python docs, npm readmes, man pages)
  --from CLONE       with --make: write the SMART collections (medline, cisi, adi) from a clone that has
                     MED/CISI/ADI .ALL .QRY .REL, e.g. github.com/lailaglez/belief-network-irs
`;

async function main(argv: string[]): Promise<void> {
	if (argv[0] === 'agents') {
		await evaluateAgents(argv.slice(1));
		return;
	}
	if (argv[0] === 'summaries') {
		await evaluateSummaries(argv.slice(1));
		return;
	}
	if (argv.includes('--help') || argv.includes('-h')) {
		process.stdout.write(help);
		return;
	}
	const smoke = mkdtempSync(path.join(tmpdir(), 'drill-eval-smoke-'));
	try {
		await evaluateAll(parseArgs(argv, () => writeSmokeCollection(smoke), () => writeGuardCollection(smoke)));
	} finally {
		rmSync(smoke, {recursive: true, force: true});
	}
}

async function evaluateAll(args: Args): Promise<void> {
	if (args.make !== undefined) {
		for (const made of args.from ? makeSmartCollections(args.make, args.from) : makeCollections(args.make)) process.stdout.write(`${made.folder}: ${made.documents} documents, ${made.queries} queries\n`);
		return;
	}
	const log = (line: string) => {
		if (!args.json) process.stderr.write(`${line}\n`);
	};
	const reports: CollectionReport[] = [];
	for (const folder of args.folders) {
		const report = isLocomo(folder) ? await evaluateLocomo(folder, args.methods, log) : await evaluateCollection(folder, args, log);
		reports.push(report);
		if (!args.json) process.stdout.write(table(report) + ('conversation' in report ? conversationTable(report as ConversationReport) : ''));
	}
	if (args.json) process.stdout.write(`${JSON.stringify(reports.length === 1 ? reports[0] : {collections: reports, minimums: minimums(reports)}, null, 2)}\n`);
	else if (reports.length > 1) process.stdout.write(minimumsLine(reports));
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
