import type {Method} from '../../source/search/types.js';
import type {MethodScores, Scores} from './run.js';
import type {FusionChoice, FusionFit} from '../../source/search/funnel/fitted-share.js';

export interface CollectionReport {
	collection: string;
	documents: number;
	queries: number;
	/** The floor: plain bm25 as ../shared/eval/plain-bm25.mjs computes it, over the same raw text. */
	plain_bm25: Scores;
	/** Each method's scores and their difference to the floor. */
	methods: Partial<Record<Method, MethodScores & {vs_plain_bm25: Scores}>>;
	/** The hybrid's nDCG@10 less the better of keyword's and semantic's (when all three ran). */
	hybrid_vs_max?: {ndcg10: number; better: 'keyword' | 'semantic'};
	/** The hybrid's mix `reindex` fitted to each store (one per conversation for LoCoMo), and its evidence. */
	fusion?: FittedMix[];
	/** With --fold-in: the ingests that wrote the last fifth, how many of their closes retrained, the drift each found. */
	fold_in?: FoldInReport;
}

export interface FittedMix {
	share: FusionChoice;
	queries: number;
	mrr: Record<string, number>;
}

/** The fit a store holds, as the eval reports it (undefined before any fit). */
export function fittedMix(fit: FusionFit | undefined): FittedMix | undefined {
	return fit ? {share: fit.share, queries: fit.queries, mrr: fit.mrr} : undefined;
}

export interface FoldInReport {
	ingests: number;
	retrained: number;
	/** The vocabulary drift (share of folded-in term occurrences the model did not know) at each close. */
	drift: number[];
	/** The same share in the text the model in use was trained on, at each close. */
	trained: number[];
}

/** The worst case over collections: the smallest of each gain (nDCG@10). */
export interface Minimums {
	keyword_vs_plain_bm25?: number;
	semantic_vs_plain_bm25?: number;
	hybrid_vs_plain_bm25?: number;
	hybrid_vs_max?: number;
}

const round = (value: number) => Number(value.toFixed(4));

/** The hybrid less max(keyword, semantic), nDCG@10. */
export function hybridVersusMax(methods: CollectionReport['methods']): CollectionReport['hybrid_vs_max'] {
	const keyword = methods.keyword?.ndcg10;
	const semantic = methods.semantic?.ndcg10;
	const hybrid = methods['keyword,semantic']?.ndcg10;
	if (keyword === undefined || semantic === undefined || hybrid === undefined) return undefined;
	return {ndcg10: round(hybrid - Math.max(keyword, semantic)), better: semantic > keyword ? 'semantic' : 'keyword'};
}

export function minimums(reports: readonly CollectionReport[]): Minimums {
	const smallest = (values: Array<number | undefined>) => {
		const known = values.filter((value): value is number => value !== undefined);
		return known.length > 0 ? round(Math.min(...known)) : undefined;
	};
	const out: Minimums = {};
	const set = (key: keyof Minimums, value: number | undefined) => {
		if (value !== undefined) out[key] = value;
	};
	set('keyword_vs_plain_bm25', smallest(reports.map((report) => report.methods.keyword?.vs_plain_bm25.ndcg10)));
	set('semantic_vs_plain_bm25', smallest(reports.map((report) => report.methods.semantic?.vs_plain_bm25.ndcg10)));
	set('hybrid_vs_plain_bm25', smallest(reports.map((report) => report.methods['keyword,semantic']?.vs_plain_bm25.ndcg10)));
	set('hybrid_vs_max', smallest(reports.map((report) => report.hybrid_vs_max?.ndcg10)));
	return out;
}

/**
 * What `--guard` refuses, one line each (nDCG@10): a guarded method below plain bm25 on a
 * collection, and — when the hybrid is guarded — the hybrid below max(keyword, semantic). The
 * default guard (keyword and the hybrid) needs all three methods run: a check it cannot make is a
 * failure, never a pass.
 */
export function guardFailures(reports: readonly CollectionReport[], guarded: readonly Method[]): string[] {
	const failures: string[] = [];
	if (reports.length === 0) failures.push('no collection was evaluated');
	for (const report of reports) {
		if (report.queries === 0) failures.push(`${report.collection} has no judged query`);
		for (const method of guarded) {
			const scores = report.methods[method];
			if (!scores) failures.push(`${method} was not run on ${report.collection}`);
			else if (scores.ndcg10 < report.plain_bm25.ndcg10) failures.push(`${method} nDCG@10 ${scores.ndcg10.toFixed(4)} is below plain bm25's ${report.plain_bm25.ndcg10.toFixed(4)} on ${report.collection}`);
		}
		if (!guarded.includes('keyword,semantic')) continue;
		const versus = report.hybrid_vs_max;
		if (!versus) failures.push(`keyword,semantic cannot be checked against max(keyword, semantic) on ${report.collection}: run all three methods`);
		else if (versus.ndcg10 < 0) {
			const hybrid = report.methods['keyword,semantic']!.ndcg10;
			const better = report.methods[versus.better]!.ndcg10;
			failures.push(`keyword,semantic nDCG@10 ${hybrid.toFixed(4)} is below ${versus.better}'s ${better.toFixed(4)} on ${report.collection}`);
		}
	}
	return failures;
}
