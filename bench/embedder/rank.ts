import {coarseItems} from '../../source/search/semantic/semantic.js';
import {fuse} from '../../source/search/funnel/fusion.js';
import type {ScoredNode} from '../../source/search/keyword/keyword.js';
import {normalize} from '../../source/search/semantic/embedder.js';
import {embedTerms} from '../../source/search/semantic/lsa.js';
import {dot, topRows} from '../../source/search/semantic/vectors.js';
import {topNodes} from '../../source/search/semantic/vector-index.js';
import {stemmedTerms} from '../../source/text/index-words.js';
import {scoreRankings, type Scores} from '../eval/run.js';
import type {LabData, LabVariant, Trained} from './variants.js';

/** The hybrid settings measured: keyword share × feedback (top keyword hits, weight). */
export const hybridGrid = {
	/** `undefined`: the share adapts to the lists' agreement (the default, see adaptiveShare). */
	shares: [undefined, 0.5, 0.6, 0.7, 0.8, 0.9],
	feedbacks: [
		[0, 0],
		[2, 0.5],
		[2, 1],
		[3, 1],
		[5, 1],
	] as Array<[number, number]>,
};

const depth = 300;

/** As `VectorIndex.search`: the roots first, then every node of the best `coarseItems` items. */
function search(trained: Trained, query: Float32Array): Array<ScoredNode & {item: number}> {
	const top = topRows(query, coarseItems, trained.roots.data, trained.dimension, (index) => index);
	return topNodes(query, depth, top.map((hit) => trained.nodes[trained.roots.items[hit.row]!]!), trained.dimension);
}

function moved(query: Float32Array | undefined, toward: readonly Float32Array[], weight: number, d: number): Float32Array | undefined {
	if (toward.length === 0) return query;
	const sum = new Float64Array(d);
	if (query) for (let j = 0; j < d; j++) sum[j] = query[j]!;
	for (const vector of toward) for (let j = 0; j < d; j++) sum[j]! += (weight / toward.length) * vector[j]!;
	return normalize(sum);
}

/** Per query and setting, the semantic list and the hybrid, as item orders; scored. */
export function rankVariant(variant: LabVariant, trained: Trained, data: LabData): {semantic: Scores; hybrid: Map<string, Scores>} {
	const d = trained.dimension;
	const itemIds = data.items.map(({record}) => record.item_id);
	const nodeItem = new Map<number, number>();
	for (const group of trained.nodes) for (const id of group.nodes) nodeItem.set(id, group.item);
	// Keyword hits name nodes the lab may not have vectors for (none: every node is embedded), and items by store row.
	const rowIndex = new Map(data.items.map(({nodeIds}, index) => [...nodeIds.values()].map((id) => [id, index] as const)).flat());
	const order = (hits: ReadonlyArray<{node: number}>, itemOf: ReadonlyMap<number, number>) => {
		const out: string[] = [];
		const seen = new Set<number>();
		for (const {node} of hits) {
			const item = itemOf.get(node);
			if (item === undefined || seen.has(item)) continue;
			seen.add(item);
			out.push(itemIds[item]!);
			if (out.length >= 100) break;
		}
		return out;
	};
	const semanticRuns: Array<{ranked: string[]; judged: ReadonlyMap<string, number>}> = [];
	const hybridRuns = new Map<string, Array<{ranked: string[]; judged: ReadonlyMap<string, number>}>>();
	for (const query of data.queries) {
		const embedded = embedTerms(stemmedTerms(query.terms.join(' ')), d, (term) => trained.model.terms.get(term));
		let plain = embedded ? search(trained, embedded) : [];
		if (variant.selfFeedback && embedded) {
			const toward = plain.slice(0, variant.selfFeedback).flatMap((hit) => trained.byNode.get(hit.node) ?? []);
			const again = moved(embedded, toward, 1, d);
			if (again) plain = search(trained, again);
		}
		semanticRuns.push({ranked: order(plain, nodeItem), judged: query.judged});
		const itemOf = new Map<number, number>(rowIndex);
		for (const [hits, weight] of hybridGrid.feedbacks) {
			const vector = hits === 0 ? embedded : moved(embedded, query.keyword.slice(0, hits).flatMap((hit) => trained.byNode.get(hit.node) ?? []), weight, d);
			let semantic = hits === 0 ? plain : vector ? search(trained, vector) : [];
			if (variant.exactCandidates && vector) {
				const listed = new Set(semantic.map((hit) => hit.node));
				const extra = query.keyword.flatMap((hit) => {
					const own = trained.byNode.get(hit.node);
					return own && !listed.has(hit.node) ? [{node: hit.node, item: nodeItem.get(hit.node)!, score: dot(vector, own, 0, d)}] : [];
				});
				semantic = [...semantic, ...extra].sort((a, b) => b.score - a.score);
			}
			for (const share of hybridGrid.shares) {
				const setting = `share ${share ?? 'adaptive'} feedback ${hits}×${weight}`;
				if (!hybridRuns.has(setting)) hybridRuns.set(setting, []);
				hybridRuns.get(setting)!.push({ranked: order(fuse(query.keyword, semantic, itemOf, share), itemOf), judged: query.judged});
			}
		}
	}
	return {semantic: scoreRankings(semanticRuns), hybrid: new Map([...hybridRuns].map(([setting, runs]) => [setting, scoreRankings(runs)]))};
}
