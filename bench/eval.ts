// `npm run eval -- DATASET_DIR [--method keyword|semantic|keyword,semantic] [--items ingest|sketch] [--json]`
// (or `npm run eval -- --smoke`: a tiny built-in collection, to check that the eval runs): ingests a
// BEIR collection into a temp store (each document one item), runs every judged query through
// `find`, and prints nDCG@10, Recall@100 and MRR@10 at item level, with latency p50/p95.
import {mkdtempSync, rmSync} from 'node:fs';
import {cpus, tmpdir} from 'node:os';
import path from 'node:path';
import {DrillError} from '../source/core/errors.js';
import {parseMethod} from '../source/search/funnel/params.js';
import '../source/search/indexing/register.js';
import {reindex} from '../source/search/indexing/reindex.js';
import type {Method} from '../source/search/types.js';
import {loadBeir} from './eval/beir.js';
import {writeSmokeCollection} from './eval/smoke.js';
import {evaluate, ingestCollection, type ItemPipeline, type MethodScores} from './eval/run.js';

function parseArgs(args: string[], smokeFolder: () => string): {folder: string; methods: Method[]; json: boolean; pipeline: ItemPipeline} {
	let folder: string | undefined;
	let pipeline: ItemPipeline = 'sketch';
	let methods: Method[] = ['keyword', 'semantic', 'keyword,semantic'];
	let json = false;
	for (let i = 0; i < args.length; i++) {
		const arg = args[i]!;
		if (arg === '--json') json = true;
		else if (arg === '--smoke') folder ??= smokeFolder();
		else if (arg === '--items' || arg.startsWith('--items=')) {
			const value = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : args[++i];
			if (value !== 'ingest' && value !== 'sketch') throw new DrillError('bad_argument', `--items ${JSON.stringify(value)} is not a pipeline`, 'use --items sketch (default, the eval\'s short-document summarizer) or --items ingest (the ingest text pipeline)');
			pipeline = value;
		}
		else if (arg === '--method' || arg.startsWith('--method=')) {
			const value = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : args[++i];
			methods = [parseMethod(value ?? '')];
		} else if (arg.startsWith('-')) throw new DrillError('bad_argument', `unknown option ${arg}`, 'usage: npm run eval -- DATASET_DIR [--method keyword|semantic|keyword,semantic] [--json]');
		else if (folder) throw new DrillError('bad_argument', `one DATASET_DIR, got also ${arg}`, 'usage: npm run eval -- DATASET_DIR [--method …] [--json]');
		else folder = arg;
	}
	if (!folder) throw new DrillError('bad_argument', 'give a BEIR collection folder', 'usage: npm run eval -- DATASET_DIR [--method keyword|semantic|keyword,semantic] [--json], or npm run eval -- --smoke');
	return {folder, methods, json, pipeline};
}

async function main(args: string[]): Promise<void> {
	const dir = mkdtempSync(path.join(tmpdir(), 'drill-eval-'));
	try {
		await evaluateFolder(args, dir);
	} finally {
		rmSync(dir, {recursive: true, force: true});
	}
}

async function evaluateFolder(args: string[], dir: string): Promise<void> {
	const {folder, methods, json, pipeline} = parseArgs(args, () => writeSmokeCollection(dir));
	const collection = loadBeir(folder);
	const log = (line: string) => {
		if (!json) process.stderr.write(`${line}\n`);
	};
	let started = performance.now();
	const store = ingestCollection(collection, path.join(dir, 'store.db'), pipeline);
	log(`ingested ${collection.documents.length} documents (items by ${pipeline === 'ingest' ? 'the ingest text pipeline' : 'the eval sketch'}) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
	started = performance.now();
	const report = await reindex(store);
	log(`trained ${report.embedder} (${report.dimension} dims) and embedded ${report.nodes} nodes in ${((performance.now() - started) / 1000).toFixed(1)} s`);
	const results: Record<string, MethodScores> = {};
	for (const method of methods) results[method] = await evaluate(store, collection, method);
	store.close();
	if (json) {
		process.stdout.write(`${JSON.stringify({collection: collection.name, methods: results}, null, 2)}\n`);
		return;
	}
	const judged = collection.queries.filter((query) => collection.qrels.get(query.id)?.size).length;
	process.stdout.write(`\n${collection.name}: ${collection.documents.length} documents, ${judged} judged queries (${cpus()[0]?.model ?? 'cpu'}, node ${process.version})\n\n`);
	process.stdout.write('| method | nDCG@10 | R@100 | MRR@10 | p50 ms | p95 ms |\n|---|---|---|---|---|---|\n');
	for (const [method, scores] of Object.entries(results)) {
		process.stdout.write(`| ${method} | ${scores.ndcg10.toFixed(3)} | ${scores.recall100.toFixed(3)} | ${scores.mrr10.toFixed(3)} | ${scores.p50_ms.toFixed(1)} | ${scores.p95_ms.toFixed(1)} |\n`);
	}
}

main(process.argv.slice(2)).catch((error: unknown) => {
	const line = error instanceof DrillError ? error.line : error instanceof Error ? (process.env.DRILL_DEBUG ? String(error.stack) : error.message) : String(error);
	process.stderr.write(`eval: ${line}\n`);
	process.exitCode = 1;
});
