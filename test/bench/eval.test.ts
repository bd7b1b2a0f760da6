import {spawnSync} from 'node:child_process';
import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {loadBeir} from '../../bench/eval/beir.js';
import {documentToItem} from '../../bench/eval/document-to-item.js';
import {mrrAt, ndcgAt, percentile, recallAt} from '../../bench/eval/metrics.js';
import {guardFailures, hybridVersusMax, minimums, type CollectionReport} from '../../bench/eval/guard.js';
import {PlainBm25, plainMatch} from '../../bench/eval/plain-bm25.js';
import {makeSmartCollections, smartJudgments, smartRecords} from '../../bench/eval/collections/smart.js';
import {validateItem} from '../../source/store/interchange.js';
import {tempDir} from '../helpers/cli.js';

describe('eval metrics', () => {
	const judged = new Map([
		['a', 2],
		['b', 1],
	]);
	it('nDCG@10 uses gain 2^rel − 1 and log2(rank + 1)', () => {
		expect(ndcgAt(['a', 'b'], judged)).toBeCloseTo(1, 10);
		const dcg = 1 / Math.log2(2) + 3 / Math.log2(3);
		const idcg = 3 + 1 / Math.log2(3);
		expect(ndcgAt(['b', 'a'], judged)).toBeCloseTo(dcg / idcg, 10);
		expect(ndcgAt(['x', 'y'], judged)).toBe(0);
	});
	it('Recall@100 and MRR@10', () => {
		expect(recallAt(['a', 'x'], judged)).toBe(0.5);
		expect(mrrAt(['x', 'x2', 'b'], judged)).toBeCloseTo(1 / 3, 10);
		expect(mrrAt([...Array(10).fill('x'), 'a'], judged)).toBe(0);
	});
	it('percentiles by nearest rank', () => {
		expect(percentile([5, 1, 3, 2, 4], 50)).toBe(3);
		expect(percentile(Array.from({length: 100}, (_, i) => i + 1), 95)).toBe(95);
	});
});

describe('documentToItem', () => {
	it('makes a valid summary tree: root summary and keywords, topics owning one span per sentence', () => {
		const text = 'Retry storms overload databases. Clients retry without backoff. Pools run out of connections. Jitter spreads the retries. Backoff caps the rate. Monitoring shows the recovery.';
		const item = validateItem(documentToItem({_id: 'd1', title: 'Retry storms', text}, 'eval'));
		expect(item.nodes[0]).toMatchObject({ordinal: 0, title: 'Retry storms'});
		expect(item.nodes[0]!.summary.length).toBeLessThan(text.length);
		expect(item.nodes[0]!.keywords.length).toBeGreaterThan(0);
		expect(item.spans).toHaveLength(6);
		expect(item.nodes.slice(1).map((node) => node.spans)).toEqual([[0, 1, 2, 3], [4, 5]]);
		expect(item.tldr).not.toBe('');
	});
	it('keeps a document with no text as a root alone', () => {
		const item = validateItem(documentToItem({_id: '471', title: 'untitled', text: ''}, 'eval'));
		expect(item.nodes).toHaveLength(1);
		expect(item.spans).toEqual([]);
	});
});

function tinyCollection(): string {
	const folder = path.join(tempDir('drill-beir-'), 'tiny');
	mkdirSync(folder);
	const docs = [
		{_id: '1', title: 'Retry storms', text: 'Clients retry without backoff and the pool runs dry.'},
		{_id: '2', title: 'WAL mode', text: 'Readers do not block writers in write-ahead logging.'},
		{_id: '3', title: 'Export', text: 'Items are exported as JSON lines.'},
	];
	writeFileSync(path.join(folder, 'corpus.jsonl'), docs.map((doc) => JSON.stringify(doc)).join('\n'));
	writeFileSync(path.join(folder, 'queries.jsonl'), [{_id: 'q1', text: 'retry backoff'}, {_id: 'q2', text: 'write-ahead readers'}, {_id: 'q3', text: 'unjudged'}].map((q) => JSON.stringify(q)).join('\n'));
	writeFileSync(path.join(folder, 'qrels.tsv'), 'query-id\tcorpus-id\tscore\nq1\t1\t1\nq2\t2\t2\n');
	return folder;
}

describe('the floor and the guard', () => {
	it('plain bm25 queries as ../shared/eval/plain-bm25.mjs does: [a-z0-9]+ words less its stopwords, repeats kept', () => {
		expect(plainMatch('What is the effect of Mach number on the Mach cone?')).toBe('"effect" OR "mach" OR "number" OR "mach" OR "cone"');
		expect(plainMatch('the of and')).toBe('');
	});
	it('ranks like the script: title and text as two columns', () => {
		const ranked = new PlainBm25({name: 't', documents: [{_id: 'a', title: 'Mach cones', text: 'shock waves'}, {_id: 'b', title: '', text: 'boundary layers'}], queries: [], qrels: new Map()});
		expect(ranked.rank('mach number')).toEqual(['a']);
		ranked.close();
	});
	const report = (keyword: number, semantic: number, hybrid: number, floor = 0.5): CollectionReport => {
		const scores = (ndcg10: number) => ({ndcg10, recall100: 0, mrr10: 0, p50_ms: 0, p95_ms: 0, vs_plain_bm25: {ndcg10: ndcg10 - floor, recall100: 0, mrr10: 0}});
		const methods = {keyword: scores(keyword), semantic: scores(semantic), 'keyword,semantic': scores(hybrid)};
		return {collection: 'c', documents: 10, queries: 5, plain_bm25: {ndcg10: floor, recall100: 0, mrr10: 0}, methods, hybrid_vs_max: hybridVersusMax(methods)};
	};
	it('fails a keyword list below plain bm25 and a hybrid below the better of its lists, and passes neither otherwise', () => {
		expect(guardFailures([report(0.6, 0.4, 0.6)], ['keyword', 'keyword,semantic'])).toEqual([]);
		expect(guardFailures([report(0.49, 0.4, 0.6)], ['keyword', 'keyword,semantic'])).toEqual(["keyword nDCG@10 0.4900 is below plain bm25's 0.5000 on c"]);
		expect(guardFailures([report(0.6, 0.8, 0.7)], ['keyword', 'keyword,semantic'])).toEqual(["keyword,semantic nDCG@10 0.7000 is below semantic's 0.8000 on c"]);
		expect(guardFailures([], ['keyword'])).toEqual(['no collection was evaluated']);
		expect(guardFailures([{...report(0.6, 0.4, 0.6), queries: 0}], ['keyword'])).toEqual(['c has no judged query']);
	});
	it('reports the worst case over collections', () => {
		expect(minimums([report(0.6, 0.4, 0.62), report(0.52, 0.7, 0.69)])).toEqual({keyword_vs_plain_bm25: 0.02, semantic_vs_plain_bm25: -0.1, hybrid_vs_plain_bm25: 0.12, hybrid_vs_max: -0.01});
	});
});

describe('SMART collections (MED, CISI, ADI)', () => {
	it('reads .I records with their fields, and judgments in either layout', () => {
		const records = smartRecords('.I 1\n.T\nCrystalline lens\n.A\nSmith\n.W\nThe lens of\n vertebrates .\n.I 2\n.W\nsecond\n');
		expect(records.map((record) => [record.id, record.fields.get('T'), record.fields.get('W')])).toEqual([
			['1', 'Crystalline lens', 'The lens of vertebrates .'],
			['2', undefined, 'second'],
		]);
		expect(smartJudgments('1 13 1\n     2     28\t0\t0.000000\n\n')).toEqual([
			['1', '13'],
			['2', '28'],
		]);
	});
	it('writes BEIR folders from a clone, and refuses a folder without any', () => {
		const source = tempDir('drill-smart-');
		mkdirSync(path.join(source, 'med'));
		writeFileSync(path.join(source, 'med', 'MED.ALL'), '.I 1\n.W\nlens proteins\n.I 2\n.W\nblood oxygen\n');
		writeFileSync(path.join(source, 'med', 'MED.QRY'), '.I 1\n.W\n the crystalline lens\n');
		writeFileSync(path.join(source, 'med', 'MED.REL'), '1 1 1\n');
		const out = tempDir('drill-smart-out-');
		expect(makeSmartCollections(out, source)).toEqual([{folder: path.join(out, 'medline'), documents: 2, queries: 1}]);
		const collection = loadBeir(path.join(out, 'medline'));
		expect(collection.qrels.get('1')?.get('1')).toBe(1);
		expect(() => makeSmartCollections(out, tempDir())).toThrow(/no SMART collection/u);
	});
});

describe('the eval runner', () => {
	it('reads a BEIR folder', () => {
		const collection = loadBeir(tinyCollection());
		expect(collection).toMatchObject({name: 'tiny'});
		expect(collection.documents).toHaveLength(3);
		expect(collection.qrels.get('q2')?.get('2')).toBe(2);
		expect(() => loadBeir(tempDir())).toThrow(/no corpus\.jsonl/u);
	});

	it('prints every method with --json', () => {
		const result = spawnSync(process.execPath, ['dist/eval.js', tinyCollection(), '--json'], {encoding: 'utf8', timeout: 60_000});
		expect(result.status).toBe(0);
		const parsed = JSON.parse(result.stdout);
		expect(parsed.collection).toBe('tiny');
		expect(Object.keys(parsed.methods)).toEqual(['keyword', 'semantic', 'keyword,semantic']);
		expect(Object.keys(parsed.methods.keyword).sort()).toEqual(['mrr10', 'ndcg10', 'p50_ms', 'p95_ms', 'recall100', 'vs_plain_bm25']);
		expect(parsed.methods.keyword.ndcg10).toBe(1);
		// The plain-bm25 floor over the same raw text, each method's difference to it, and the hybrid's to the better list.
		expect(parsed.plain_bm25).toEqual({ndcg10: 1, recall100: 1, mrr10: 1});
		expect(parsed.methods.keyword.vs_plain_bm25).toEqual({ndcg10: 0, recall100: 0, mrr10: 0});
		expect(parsed.hybrid_vs_max).toEqual({ndcg10: parsed.methods['keyword,semantic'].ndcg10 - Math.max(parsed.methods.keyword.ndcg10, parsed.methods.semantic.ndcg10), better: 'keyword'});
	});

	it('--guard exits 3 naming the method that falls below plain bm25, and 0 when none does', () => {
		// LSA leaves out long numbers, so the semantic list cannot find a document by one; bm25 can.
		const folder = path.join(tempDir('drill-beir-'), 'numbers');
		mkdirSync(folder);
		const docs = Array.from({length: 6}, (_, i) => ({_id: `d${i}`, title: `Ticket ${i}`, text: `Ticket ${i} about the export job, reference ${70000 + i * 1111}.`}));
		writeFileSync(path.join(folder, 'corpus.jsonl'), docs.map((doc) => JSON.stringify(doc)).join('\n'));
		writeFileSync(path.join(folder, 'queries.jsonl'), [{_id: 'q1', text: '73333'}, {_id: 'q2', text: '75555'}].map((q) => JSON.stringify(q)).join('\n'));
		writeFileSync(path.join(folder, 'qrels.tsv'), 'query-id\tcorpus-id\tscore\nq1\td3\t1\nq2\td5\t1\n');
		const guarded = spawnSync(process.execPath, ['dist/eval.js', folder, '--guard'], {encoding: 'utf8', timeout: 60_000});
		expect(guarded.stderr).not.toMatch(/guard/u);
		expect(guarded.status).toBe(0);
		const semantic = spawnSync(process.execPath, ['dist/eval.js', folder, '--guard=semantic', '--json'], {encoding: 'utf8', timeout: 60_000});
		expect(semantic.status).toBe(3);
		expect(semantic.stderr).toMatch(/^eval: guard: semantic nDCG@10 0\.0000 is below plain bm25's 1\.0000 on numbers$/mu);
		expect(JSON.parse(semantic.stdout).methods.semantic.vs_plain_bm25.ndcg10).toBe(-1);
	});

	it('reports several collections in one run, with the worst case over them', () => {
		const result = spawnSync(process.execPath, ['dist/eval.js', tinyCollection(), tinyCollection(), '--method', 'keyword', '--json'], {encoding: 'utf8', timeout: 60_000});
		expect(result.status).toBe(0);
		const parsed = JSON.parse(result.stdout);
		expect(parsed.collections).toHaveLength(2);
		expect(parsed.minimums).toEqual({keyword_vs_plain_bm25: 0});
	});

	it('the default --guard refuses a run it cannot check (the hybrid without both lists) instead of passing', () => {
		const result = spawnSync(process.execPath, ['dist/eval.js', tinyCollection(), '--method', 'keyword', '--guard'], {encoding: 'utf8', timeout: 60_000});
		expect(result.status).toBe(3);
		expect(result.stderr).toMatch(/^eval: guard: keyword,semantic was not run on tiny$/mu);
		expect(result.stderr).toMatch(/^eval: guard: keyword,semantic cannot be checked against max\(keyword, semantic\) on tiny: run all three methods$/mu);
	});

	it('runs one method and refuses a bad folder in one line', () => {
		const one = spawnSync(process.execPath, ['dist/eval.js', tinyCollection(), '--method', 'keyword', '--json'], {encoding: 'utf8', timeout: 60_000});
		expect(Object.keys(JSON.parse(one.stdout).methods)).toEqual(['keyword']);
		const bad = spawnSync(process.execPath, ['dist/eval.js', '/nonexistent'], {encoding: 'utf8'});
		expect(bad.status).toBe(1);
		expect(bad.stderr).toMatch(/^eval: no corpus\.jsonl in \/nonexistent; /u);
	});

	it('--help prints the usage and every option, and exits 0', () => {
		const result = spawnSync(process.execPath, ['dist/eval.js', '--help'], {encoding: 'utf8'});
		expect(result.status).toBe(0);
		expect(result.stdout).toMatch(/^usage: npm run eval -- /u);
		for (const option of ['--method', '--items', '--guard', '--json', '--make', '--from', '--smoke', '--smoke-guard']) expect(result.stdout).toContain(option);
	});
});
