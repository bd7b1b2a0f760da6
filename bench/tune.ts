// `npm run bench -- tune --stores DIR [--lsa JSON --tag NAME] [--quick] [--keyword-only] [--dump] COLLECTION_DIR…`: measures the settings stage 1
// is built from on every collection at once — keyword with and without each addition on top of
// bm25 (proximity, rare identifiers), and the hybrid over a grid of fusion shares and feedback —
// then picks the hybrid setting by leave-one-collection-out and prints the gain over keyword on
// each held-out collection. Stores are built once into DIR (one per collection) and reused.
// `--dump` instead writes DIR/<collection>.lists.json: every judged query's keyword variants and
// semantic lists, item by item, with plain bm25's ranking (bench/eval/lists.ts), for offline
// experiments with fusion rules (how the agreement rule of fusion.ts was chosen).
import {copyFileSync, existsSync, mkdirSync} from 'node:fs';
import {withSmokeCollection} from './eval/smoke.js';
import {openIndexedStore} from '../source/search/indexing/indexer.js';
import path from 'node:path';
import {fuse} from '../source/search/funnel/fusion.js';
import {parseQuery} from '../source/search/funnel/query.js';
import {reindex} from '../source/search/indexing/reindex.js';
import {searchStatus} from '../source/search/indexing/search-status.js';
import {keywordList, keywordWeights, type KeywordHit, type KeywordOptions} from '../source/search/keyword/keyword.js';
import {ItemTermStats} from '../source/search/keyword/term-stats.js';
import {semanticList} from '../source/search/semantic/semantic.js';
import {SummaryStore} from '../source/store/summary-store.js';
import {loadBeir, type BeirCollection} from './eval/beir.js';
import {ingestCollection, judgedQueries, scoreRankings, evaluateBaseline} from './eval/run.js';
import type {LsaOptions} from '../source/search/semantic/lsa.js';
import {dumpLists} from './eval/lists.js';

export interface Prepared {
	name: string;
	collection: BeirCollection;
	store: SummaryStore;
	itemIds: Map<number, string>;
	itemOfNode: (nodes: number[]) => Map<number, number>;
}

export async function prepare(folder: string, stores: string, lsa: LsaOptions | undefined, tag: string): Promise<Prepared> {
	const collection = loadBeir(folder);
	const file = path.join(stores, `${collection.name}${tag}.db`);
	const base = path.join(stores, `${collection.name}.db`);
	if (!existsSync(file) && tag && existsSync(base)) {
		// Another semantic model over the same items: retrain a copy of the base store.
		copyFileSync(base, file);
		const store = openIndexedStore(file);
		await reindex(store, {lsa});
		store.close();
	} else if (!existsSync(file)) {
		const store = ingestCollection(collection, file);
		await reindex(store, {lsa});
		store.close();
	}
	const store = SummaryStore.open(file);
	const itemIds = new Map((store.db.prepare('SELECT id, item_id FROM items').raw(true).all() as Array<[number, string]>).map(([id, itemId]) => [id, itemId]));
	const nodeItem = new Map((store.db.prepare('SELECT id, item FROM nodes').raw(true).all() as Array<[number, number]>).map(([node, item]) => [node, item]));
	return {name: collection.name, collection, store, itemIds, itemOfNode: (nodes) => new Map(nodes.map((node) => [node, nodeItem.get(node) ?? -1]))};
}

function itemOrder(prepared: Prepared, nodes: ReadonlyArray<{node: number}>): string[] {
	const items = prepared.itemOfNode(nodes.map((hit) => hit.node));
	const out: string[] = [];
	for (const {node} of nodes) {
		const id = prepared.itemIds.get(items.get(node) ?? -1);
		if (id !== undefined && !out.includes(id)) out.push(id);
		if (out.length >= 100) break;
	}
	return out;
}

let shares = [0.5, 0.6, 0.7, 0.8, 0.9];
let feedbacks: Array<[number, number]> = [
	[0, 0],
	[2, 0.5],
	[2, 1],
	[3, 1],
	[5, 1],
	[5, 2],
];

export async function run(argv: string[]): Promise<void> {
	await withSmokeCollection(argv, 'drill-tune-', tune);
}

async function tune(args: string[]): Promise<void> {
	const stores = args[args.indexOf('--stores') + 1];
	if (!args.includes('--stores') || !stores) throw new Error('usage: npm run bench -- tune --stores DIR [--lsa JSON --tag NAME] [--quick] [--keyword-only] [--dump] COLLECTION_DIR… (or --smoke)');
	const lsa = args.includes('--lsa') ? (JSON.parse(args[args.indexOf('--lsa') + 1]!) as LsaOptions) : undefined;
	const tag = args.includes('--tag') ? `-${args[args.indexOf('--tag') + 1]}` : '';
	const folders = args.filter((arg, i) => !arg.startsWith('--') && !['--stores', '--lsa', '--tag'].includes(args[i - 1] ?? ''));
	mkdirSync(stores, {recursive: true});
	if (args.includes('--dump')) {
		for (const folder of folders) {
			const started = performance.now();
			const prepared = await prepare(folder, stores, lsa, tag);
			await dumpLists(prepared, path.join(stores, `${prepared.name}${tag}.lists.json`));
			prepared.store.close();
			process.stderr.write(`${prepared.name}: lists in ${((performance.now() - started) / 1000).toFixed(0)} s\n`);
		}
		return;
	}
	if (args.includes('--quick')) {
		shares = [0.7, 0.8];
		feedbacks = [
			[0, 0],
			[2, 1],
			[5, 1],
		];
	}
	const keywordVariants: Record<string, KeywordOptions> = {bm25: {proximity: 0, identifiers: false}, '+identifiers': {proximity: 0, identifiers: true}, '+proximity': {identifiers: false}, 'keyword (both)': {}};
	// results[collection][setting] = nDCG@10 (and the other metrics)
	const results = new Map<string, Map<string, ReturnType<typeof scoreRankings>>>();
	for (const folder of folders) {
		const started = performance.now();
		const prepared = await prepare(folder, stores, lsa, tag);
		const status = searchStatus(prepared.store);
		const rows = new Map<string, Array<{ranked: string[]; judged: ReadonlyMap<string, number>}>>();
		const push = (setting: string, ranked: string[], judged: ReadonlyMap<string, number>) => {
			if (!rows.has(setting)) rows.set(setting, []);
			rows.get(setting)!.push({ranked, judged});
		};
		for (const query of judgedQueries(prepared.collection)) {
			const parsed = parseQuery(query.text);
			const stats = new ItemTermStats(prepared.store, parsed.words, status.keywordItems);
			let keyword: KeywordHit[] = [];
			for (const [name, options] of Object.entries(keywordVariants)) {
				const list = keywordList(prepared.store, parsed, {}, 300, keywordWeights, stats, options);
				push(name, itemOrder(prepared, list), query.judged);
				keyword = list;
			}
			if (!status.semantic || !parsed.match || args.includes('--keyword-only')) continue;
			const plain = await semanticList(prepared.store, status.semantic, parsed.terms.join(' '), {}, 300);
			push('semantic', itemOrder(prepared, plain), query.judged);
			for (const [hits, weight] of feedbacks) {
				const semantic = hits === 0 ? plain : await semanticList(prepared.store, status.semantic, parsed.terms.join(' '), {}, 300, undefined, keyword.slice(0, hits).map((hit) => hit.node), weight);
				const items = prepared.itemOfNode([...keyword, ...semantic].map((hit) => hit.node));
				for (const share of shares) push(`hybrid share ${share} feedback ${hits}×${weight}`, itemOrder(prepared, fuse(keyword, semantic, items, share)), query.judged);
			}
		}
		const scores = new Map([...rows].map(([setting, list]) => [setting, scoreRankings(list)]));
		scores.set('plain bm25', evaluateBaseline(prepared.collection));
		results.set(prepared.name, scores);
		prepared.store.close();
		process.stderr.write(`${prepared.name}: ${((performance.now() - started) / 1000).toFixed(0)} s\n`);
	}
	const names = [...results.keys()];
	const out = (line: string) => process.stdout.write(`${line}\n`);
	out(`| setting | ${names.join(' | ')} |`);
	out(`|---|${names.map(() => '---|').join('')}`);
	const settings = [...new Set([...results.values()].flatMap((scores) => [...scores.keys()]))];
	for (const setting of ['plain bm25', ...settings.filter((name) => name !== 'plain bm25')]) out(`| ${setting} | ${names.map((name) => results.get(name)!.get(setting)?.ndcg10.toFixed(4) ?? '').join(' | ')} |`);
	// Leave one collection out: the hybrid setting with the best smallest gain over keyword on the others.
	const hybrid = settings.filter((name) => name.startsWith('hybrid'));
	if (hybrid.length === 0) return;
	const gain = (setting: string, name: string) => results.get(name)!.get(setting)!.ndcg10 - results.get(name)!.get('keyword (both)')!.ndcg10;
	const pick = (among: string[]) => hybrid.reduce((best, setting) => (Math.min(...among.map((name) => gain(setting, name))) > Math.min(...among.map((name) => gain(best, name))) ? setting : best));
	out('');
	out('| held out | setting chosen on the others | gain over keyword on the held-out collection (nDCG@10) |');
	out('|---|---|---|');
	for (const held of names) {
		const chosen = pick(names.filter((name) => name !== held));
		out(`| ${held} | ${chosen} | ${gain(chosen, held) >= 0 ? '+' : ''}${gain(chosen, held).toFixed(4)} |`);
	}
	const overall = pick(names);
	out(`\nchosen on all: ${overall}; gains ${names.map((name) => `${name} ${gain(overall, name).toFixed(4)}`).join(', ')}; minimum ${Math.min(...names.map((name) => gain(overall, name))).toFixed(4)}`);
	out('');
	out(`| nDCG@10 / R@100 / MRR@10 | ${names.join(' | ')} |`);
	out(`|---|${names.map(() => '---|').join('')}`);
	for (const setting of ['plain bm25', 'keyword (both)', 'semantic', overall]) {
		out(`| ${setting} | ${names.map((name) => {
			const scores = results.get(name)!.get(setting)!;
			return `${scores.ndcg10.toFixed(3)} / ${scores.recall100.toFixed(3)} / ${scores.mrr10.toFixed(3)}`;
		}).join(' | ')} |`);
	}
}
