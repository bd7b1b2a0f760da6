import {termCountsOf} from '../../source/text/item-term-counts.js';
import {bagMap} from '../../source/text/term-bags.js';
import {embedCounts, trainLsa, type LsaModel, type LsaOptions} from '../../source/search/semantic/lsa.js';
import type {ItemRecord} from '../../source/store/interchange.js';
import type {KeywordHit} from '../../source/search/keyword/keyword.js';

/** One collection as the lab reads it: its items (with their node ids in the store) and judged queries with their keyword lists. */
export interface LabData {
	name: string;
	items: Array<{row: number; record: ItemRecord; nodeIds: Map<number, number>}>;
	queries: Array<{text: string; terms: string[]; judged: ReadonlyMap<string, number>; keyword: KeywordHit[]}>;
}

/** A way to make and use the offline embedder, measured against the current one. */
export interface LabVariant {
	name: string;
	lsa?: LsaOptions;
	/** What LSA trains on: each item's text (as `drill reindex` does), or each leaf topic's text too. */
	units?: 'items' | 'items+leaves';
	/** Semantic-only queries move toward their own top hits (pseudo-relevance feedback): how many. */
	selfFeedback?: number;
	/** The hybrid scores every keyword candidate by its exact cosine, not only those the semantic list holds. */
	exactCandidates?: boolean;
}

export const labVariants: LabVariant[] = [
	{name: 'current'},
	{name: 'dim64', lsa: {dimension: 64}},
	{name: 'dim256', lsa: {dimension: 256}},
	{name: 'logentropy', lsa: {weighting: 'logentropy'}},
	{name: 'sigma0.5', lsa: {sigmaPower: 0.5}},
	{name: 'sigma1', lsa: {sigmaPower: 1}},
	{name: 'leaves', units: 'items+leaves'},
	{name: 'self-feedback3', selfFeedback: 3},
	{name: 'exact-candidates', exactCandidates: true},
];

/** A trained variant: the model and every node's vector, item by item (root first). */
export interface Trained {
	model: LsaModel;
	dimension: number;
	/** Per item (in `LabData.items` order): its node ids and their vectors side by side. */
	nodes: Array<{item: number; nodes: Int32Array; data: Float32Array}>;
	/** Node id → its vector. */
	byNode: Map<number, Float32Array>;
	/** The root vectors side by side, and the item index of each. */
	roots: {data: Float32Array; items: Int32Array};
}

function leafCounts(record: ItemRecord): Array<Map<string, number>> {
	const {ids, nodes: counts} = termCountsOf(record, {whole: false});
	const parents = new Set(record.nodes.map((node) => node.parent));
	return record.nodes.filter((node) => node.ordinal !== 0 && !parents.has(node.ordinal)).map((node) => bagMap(counts.get(node.ordinal)!, ids));
}

export function trainVariant(variant: LabVariant, data: LabData): Trained {
	const documents = data.items.map(({record}) => {
		const counts = termCountsOf(record);
		return bagMap(counts.item!, counts.ids);
	});
	if (variant.units === 'items+leaves') for (const {record} of data.items) documents.push(...leafCounts(record).filter((counts) => counts.size > 0));
	const model = trainLsa(documents, variant.lsa);
	const d = model.dimension;
	const lookup = (term: string) => model.terms.get(term);
	const nodes: Trained['nodes'] = [];
	const byNode = new Map<number, Float32Array>();
	const rootData: number[] = [];
	const rootItems: number[] = [];
	data.items.forEach(({record, nodeIds}, index) => {
		const ids: number[] = [];
		const vectors: Float32Array[] = [];
		const counted = termCountsOf(record, {whole: false});
		for (const [ordinal, bag] of [...counted.nodes].sort((a, b) => a[0] - b[0])) {
			const vector = embedCounts(bagMap(bag, counted.ids), d, lookup);
			const id = nodeIds.get(ordinal);
			if (!vector || id === undefined) continue;
			ids.push(id);
			vectors.push(vector);
			byNode.set(id, vector);
			if (ordinal === 0) {
				rootData.push(...vector);
				rootItems.push(index);
			}
		}
		const packed = new Float32Array(vectors.length * d);
		vectors.forEach((vector, at) => packed.set(vector, at * d));
		nodes.push({item: index, nodes: Int32Array.from(ids), data: packed});
	});
	return {model, dimension: d, nodes, byNode, roots: {data: Float32Array.from(rootData), items: Int32Array.from(rootItems)}};
}
