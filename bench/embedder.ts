// `npm run bench -- embedder --stores DIR [--variants NAME,…] [--smoke] COLLECTION_DIR…`: measures
// variants of the offline embedder (LSA dimensions, term weighting, training units, query
// expansion) and of the hybrid's use of it, on every collection at once, in memory: each variant is
// trained on each collection's items, its node vectors made as `drill reindex` makes them, and the
// semantic list and the hybrid (over the fusion grid, setting chosen by leave-one-collection-out)
// scored against the keyword list of the store. Stores are the tune bench's (built when missing).
import {loadavg} from 'node:os';
import {parseQuery} from '../source/search/funnel/query.js';
import {searchStatus} from '../source/search/indexing/search-status.js';
import {keywordList, keywordWeights, type KeywordHit} from '../source/search/keyword/keyword.js';
import {ItemTermStats} from '../source/search/keyword/term-stats.js';
import {withSmokeCollection} from './eval/smoke.js';
import {judgedQueries, scoreRankings, type Scores} from './eval/run.js';
import {prepare, type Prepared} from './tune.js';
import {labVariants, trainVariant, type LabData} from './embedder/variants.js';
import {rankVariant} from './embedder/rank.js';

async function load(folder: string, stores: string): Promise<LabData & {prepared: Prepared}> {
	const prepared = await prepare(folder, stores, undefined, '');
	const {store} = prepared;
	const items: LabData['items'] = [];
	for (const row of store.eachItem()) {
		const record = store.record(row);
		const ids = new Map((store.db.prepare('SELECT ordinal, id FROM nodes WHERE item = ?').raw(true).all(row.id) as Array<[number, number]>).map(([ordinal, id]) => [ordinal, id]));
		items.push({row: row.id, record, nodeIds: ids});
	}
	const status = searchStatus(store);
	const queries = judgedQueries(prepared.collection).map((query) => {
		const parsed = parseQuery(query.text);
		const stats = new ItemTermStats(store, parsed.words, status.keywordItems);
		const keyword: KeywordHit[] = keywordList(store, parsed, {}, 300, keywordWeights, stats);
		return {text: query.text, terms: parsed.terms, judged: query.judged, keyword};
	});
	return {name: prepared.name, items, queries, prepared};
}

const f3 = (value: number) => value.toFixed(3);

export async function run(argv: string[]): Promise<void> {
	await withSmokeCollection(argv, 'drill-embedder-', lab);
}

async function lab(args: string[]): Promise<void> {
	const stores = args[args.indexOf('--stores') + 1];
	if (!args.includes('--stores') || !stores) throw new Error('usage: npm run bench -- embedder --stores DIR [--variants NAME,…] COLLECTION_DIR… (or --smoke)');
	const wanted = args.includes('--variants') ? args[args.indexOf('--variants') + 1]!.split(',') : undefined;
	const folders = args.filter((arg, i) => !arg.startsWith('--') && !['--stores', '--variants'].includes(args[i - 1] ?? ''));
	const variants = labVariants.filter((variant) => !wanted || wanted.includes(variant.name));
	if (variants.length === 0) throw new Error(`no such variant; variants: ${labVariants.map((variant) => variant.name).join(', ')}`);
	const out = (line: string) => process.stdout.write(`${line}\n`);
	out(`load ${loadavg()[0]!.toFixed(1)}`);
	// results[variant][collection]
	const semantic = new Map<string, Map<string, Scores>>();
	const hybrid = new Map<string, Map<string, Map<string, Scores>>>();
	const keyword = new Map<string, Scores>();
	const costs = new Map<string, string[]>();
	for (const folder of folders) {
		const data = await load(folder, stores);
		keyword.set(data.name, scoreRankings(data.queries.map((query) => ({ranked: itemOrderOf(data, query.keyword), judged: query.judged}))));
		for (const variant of variants) {
			const started = performance.now();
			const cpu = process.cpuUsage();
			const trained = trainVariant(variant, data);
			const used = process.cpuUsage(cpu);
			const cost = `${data.name} ${((performance.now() - started) / 1000).toFixed(1)} s (cpu ${((used.user + used.system) / 1e6).toFixed(1)} s)`;
			costs.set(variant.name, [...(costs.get(variant.name) ?? []), cost]);
			const ranked = rankVariant(variant, trained, data);
			if (!semantic.has(variant.name)) semantic.set(variant.name, new Map());
			semantic.get(variant.name)!.set(data.name, ranked.semantic);
			if (!hybrid.has(variant.name)) hybrid.set(variant.name, new Map());
			for (const [setting, scores] of ranked.hybrid) {
				const bySetting = hybrid.get(variant.name)!;
				if (!bySetting.has(setting)) bySetting.set(setting, new Map());
				bySetting.get(setting)!.set(data.name, scores);
			}
			process.stderr.write(`${data.name} ${variant.name}: semantic ${f3(ranked.semantic.ndcg10)}, training ${cost}\n`);
		}
		data.prepared.store.close();
	}
	const names = [...keyword.keys()];
	out(`\n| nDCG@10 | ${names.join(' | ')} |`);
	out(`|---|${names.map(() => '---|').join('')}`);
	out(`| keyword | ${names.map((name) => f3(keyword.get(name)!.ndcg10)).join(' | ')} |`);
	for (const variant of variants) out(`| semantic ${variant.name} | ${names.map((name) => f3(semantic.get(variant.name)!.get(name)!.ndcg10)).join(' | ')} |`);
	out('\n| variant | hybrid setting (chosen on all) | gain over keyword per collection | minimum | leave-one-out minimum |');
	out('|---|---|---|---|---|');
	for (const variant of variants) {
		const bySetting = hybrid.get(variant.name)!;
		const gain = (setting: string, name: string) => bySetting.get(setting)!.get(name)!.ndcg10 - keyword.get(name)!.ndcg10;
		const settings = [...bySetting.keys()];
		const pick = (among: string[]) => settings.reduce((best, setting) => (Math.min(...among.map((name) => gain(setting, name))) > Math.min(...among.map((name) => gain(best, name))) ? setting : best));
		const chosen = pick(names);
		const held = names.map((name) => gain(pick(names.filter((other) => other !== name)), name));
		out(`| ${variant.name} | ${chosen} | ${names.map((name) => `${name} ${gain(chosen, name) >= 0 ? '+' : ''}${gain(chosen, name).toFixed(4)}`).join(', ')} | ${Math.min(...names.map((name) => gain(chosen, name))).toFixed(4)} | ${Math.min(...held).toFixed(4)} |`);
	}
	out('\ntraining (and embedding every node):');
	for (const variant of variants) out(`- ${variant.name}: ${costs.get(variant.name)!.join('; ')}`);
}

function itemOrderOf(data: {prepared: Prepared}, hits: ReadonlyArray<{node: number}>): string[] {
	const out: string[] = [];
	for (const {node} of hits) {
		const id = data.prepared.itemIds.get(data.prepared.itemOfNode([node]).get(node) ?? -1);
		if (id !== undefined && !out.includes(id)) out.push(id);
		if (out.length >= 100) break;
	}
	return out;
}
