import {find} from '../../source/search/funnel/find.js';
import type {Method} from '../../source/search/types.js';
import {validateItem} from '../../source/store/interchange.js';
import type {SummaryStore} from '../../source/store/summary-store.js';
import type {BeirCollection} from './beir.js';
import {documentToItem} from './document-to-item.js';
import {textToItem} from '../../source/ingest/index.js';
import {mean, mrrAt, ndcgAt, percentile, recallAt} from './metrics.js';
import {benchRuntime} from '../stats.js';

export interface MethodScores {
	ndcg10: number;
	recall100: number;
	mrr10: number;
	p50_ms: number;
	p95_ms: number;
}

/** Stage-1 nodes asked for when ranking items to depth 100 (several nodes can share an item). */
const rankingTopK = 300;

/** How documents become items: the real ingest pipeline's text path, or the eval's own sketch of it. */
export type ItemPipeline = 'ingest' | 'sketch';

export function ingestCollection(collection: BeirCollection, storePath: string, pipeline: ItemPipeline = 'sketch'): SummaryStore {
	const store = benchRuntime(storePath).openWritableStore();
	const namespace = collection.name.replace(/[^\w.-]+/gu, '_') || 'beir';
	for (const document of collection.documents) {
		const item =
			pipeline === 'ingest'
				? textToItem({namespace, itemId: document._id, title: document.title, text: document.text || document.title || document._id})
				: validateItem(documentToItem(document, namespace));
		store.writeItem(item);
	}
	return store;
}

export async function evaluate(store: SummaryStore, collection: BeirCollection, method: Method): Promise<MethodScores> {
	const ndcg: number[] = [];
	const recall: number[] = [];
	const mrr: number[] = [];
	const latency: number[] = [];
	for (const query of collection.queries) {
		const judged = collection.qrels.get(query.id);
		if (!judged || judged.size === 0) continue;
		const ranking = await find({query: query.text, method, top_k: rankingTopK, drill: false}, {store});
		const ranked = ranking.candidate_items.map((item) => item.item_id).slice(0, 100);
		ndcg.push(ndcgAt(ranked, judged));
		recall.push(recallAt(ranked, judged));
		mrr.push(mrrAt(ranked, judged));
		// Latency as a person sees it: the default top_k with the drill stage on.
		const started = performance.now();
		await find({query: query.text, method}, {store});
		latency.push(performance.now() - started);
	}
	const round = (value: number) => Number(value.toFixed(4));
	return {ndcg10: round(mean(ndcg)), recall100: round(mean(recall)), mrr10: round(mean(mrr)), p50_ms: Number(percentile(latency, 50).toFixed(2)), p95_ms: Number(percentile(latency, 95).toFixed(2))};
}
