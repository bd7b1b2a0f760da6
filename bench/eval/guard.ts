import type {Method} from '../../source/search/types.js';
import type {MethodScores, Scores} from './run.js';

export interface CollectionReport {
	collection: string;
	documents: number;
	queries: number;
	/** The bare FTS5 bm25 floor over the same raw text. */
	bm25: Scores;
	methods: Partial<Record<Method, MethodScores & {vs_bm25: Scores}>>;
	/** Share of queries where keyword's item ranking is bare bm25's, to depth 10 and 100. */
	keyword_order?: {same_top10: number; same_top100: number};
}

/**
 * What `--guard` refuses, one line each: a guarded method whose nDCG@10 falls below bare bm25's on
 * a collection, and a hybrid below keyword alone (when both were run).
 */
export function guardFailures(reports: readonly CollectionReport[], guarded: readonly Method[]): string[] {
	const failures: string[] = [];
	for (const report of reports) {
		for (const method of guarded) {
			const scores = report.methods[method];
			if (scores && scores.ndcg10 < report.bm25.ndcg10) failures.push(`${method} nDCG@10 ${scores.ndcg10.toFixed(4)} is below bare bm25's ${report.bm25.ndcg10.toFixed(4)} on ${report.collection}`);
		}
		const keyword = report.methods.keyword;
		const hybrid = report.methods['keyword,semantic'];
		if (keyword && hybrid && guarded.includes('keyword,semantic') && hybrid.ndcg10 < keyword.ndcg10) {
			failures.push(`keyword,semantic nDCG@10 ${hybrid.ndcg10.toFixed(4)} is below keyword's ${keyword.ndcg10.toFixed(4)} on ${report.collection}`);
		}
	}
	return failures;
}
