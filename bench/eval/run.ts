import {find} from '../../source/search/funnel/find.js';
import {resolveFindParams} from '../../source/search/funnel/params.js';
import {stage1Query} from '../../source/search/funnel/stage1-query.js';
import {rankedItemIds, type Stage1Tuning} from '../../source/search/funnel/stage1.js';
import {searchStatus} from '../../source/search/indexing/search-status.js';
import type {Method} from '../../source/search/types.js';
import {validateItem} from '../../source/store/interchange.js';
import type {SummaryStore} from '../../source/store/summary-store.js';
import {PlainBm25} from './plain-bm25.js';
import type {BeirCollection} from './beir.js';
import {documentToItem} from './document-to-item.js';
import {textToItem} from '../../source/ingest/index.js';
import {mean, mrrAt, ndcgAt, percentile, recallAt} from './metrics.js';
import {benchRuntime} from '../stats.js';

export interface Scores {
	ndcg10: number;
	recall100: number;
	mrr10: number;
}

export interface MethodScores extends Scores {
	p50_ms: number;
	p95_ms: number;
}

/** Stage-1 nodes ranked when ranking items to depth 100 (several nodes can share an item). */
const rankingTopK = 300;

/** How documents become items: the real ingest pipeline's text or markdown path, or the eval's own sketch of it. */
export type ItemPipeline = 'ingest' | 'markdown' | 'sketch';

export function ingestCollection(collection: BeirCollection, storePath: string, pipeline: ItemPipeline = 'sketch'): SummaryStore {
	const store = benchRuntime(storePath).openWritableStore();
	writeDocuments(store, collection, collection.documents, pipeline);
	return store;
}

/** Writes documents of a collection into its store, each one item (embedded with the store's model, if it has one). */
export function writeDocuments(store: SummaryStore, collection: BeirCollection, documents: BeirCollection['documents'], pipeline: ItemPipeline): void {
	const namespace = collection.name.replace(/[^\w.-]+/gu, '_') || 'beir';
	for (const document of documents) {
		const item =
			pipeline === 'sketch'
				? validateItem(documentToItem(document, namespace))
				: textToItem({namespace, itemId: document._id, title: document.title, text: document.text || document.title || document._id, ...(pipeline === 'markdown' ? {format: 'markdown' as const} : {})});
		store.writeItem(item);
	}
}

/** The judged queries of a collection, each with its judgments. */
export function judgedQueries(collection: BeirCollection): Array<{id: string; text: string; judged: ReadonlyMap<string, number>}> {
	return collection.queries.flatMap((query) => {
		const judged = collection.qrels.get(query.id);
		return judged && judged.size > 0 ? [{...query, judged}] : [];
	});
}

/** Averages the three metrics over per-query rankings (document ids, best first). */
export function scoreRankings(rankings: ReadonlyArray<{ranked: readonly string[]; judged: ReadonlyMap<string, number>}>): Scores {
	const round = (value: number) => Number(value.toFixed(4));
	return {
		ndcg10: round(mean(rankings.map(({ranked, judged}) => ndcgAt(ranked, judged)))),
		recall100: round(mean(rankings.map(({ranked, judged}) => recallAt(ranked, judged)))),
		mrr10: round(mean(rankings.map(({ranked, judged}) => mrrAt(ranked, judged)))),
	};
}

/** drill's item ranking for one query and method, to depth 100: stage 1's order of items, as `find` lists its candidates. */
export async function drillRanking(store: SummaryStore, text: string, method: Method, tuning?: Partial<Stage1Tuning>): Promise<string[]> {
	const params = resolveFindParams({query: text, method, top_k: rankingTopK, drill: false});
	return rankedItemIds(store, {...stage1Query(store, params), lists: params.lists, depth: rankingTopK, status: searchStatus(store), tuning}, 100);
}

/** Per query id, the ranking a method gave. */
export type Rankings = Map<string, string[]>;

/** Each judged query's ranking by one method (into `out`), and the latency of a full `find` for it. */
export async function rankQueries(store: SummaryStore, collection: BeirCollection, method: Method, out: Rankings = new Map()): Promise<{rankings: Array<{ranked: string[]; judged: ReadonlyMap<string, number>}>; latency: number[]}> {
	const rankings: Array<{ranked: string[]; judged: ReadonlyMap<string, number>}> = [];
	const latency: number[] = [];
	for (const query of judgedQueries(collection)) {
		const ranked = await drillRanking(store, query.text, method);
		out.set(query.id, ranked);
		rankings.push({ranked, judged: query.judged});
		// Latency as a person sees it: the default top_k with the drill stage on.
		const started = performance.now();
		await find({query: query.text, method}, {store});
		latency.push(performance.now() - started);
	}
	return {rankings, latency};
}

/** The three metrics and the latency's median and 95th percentile. */
export function methodScores(rankings: ReadonlyArray<{ranked: readonly string[]; judged: ReadonlyMap<string, number>}>, latency: readonly number[]): MethodScores {
	return {...scoreRankings(rankings), p50_ms: Number(percentile(latency, 50).toFixed(2)), p95_ms: Number(percentile(latency, 95).toFixed(2))};
}

export async function evaluate(store: SummaryStore, collection: BeirCollection, method: Method, out: Rankings = new Map()): Promise<MethodScores> {
	const {rankings, latency} = await rankQueries(store, collection, method, out);
	return methodScores(rankings, latency);
}

/** The plain-bm25 floor over the same documents (see PlainBm25). */
export function evaluateBaseline(collection: BeirCollection, out: Rankings = new Map()): Scores {
	const bare = new PlainBm25(collection);
	try {
		return scoreRankings(
			judgedQueries(collection).map((query) => {
				const ranked = bare.rank(query.text);
				out.set(query.id, ranked);
				return {ranked, judged: query.judged};
			}),
		);
	} finally {
		bare.close();
	}
}

/** Each metric's difference to the floor (positive: above it). */
export function versus(scores: Scores, floor: Scores): Scores {
	const round = (value: number) => Number(value.toFixed(4));
	return {ndcg10: round(scores.ndcg10 - floor.ndcg10), recall100: round(scores.recall100 - floor.recall100), mrr10: round(scores.mrr10 - floor.mrr10)};
}
