import {truncatedSvd, type SparseRows} from './svd.js';
import {termCounts} from '../../text/item-term-counts.js';
import {bagOfMap, TermIds, type TermBag} from '../../text/term-bags.js';

/**
 * Latent semantic analysis trained on the store's own text: stemmed, sublinear TF-IDF documents,
 * a rank-k SVD, and one k-vector per term. A text's embedding is the weighted sum of its terms'
 * vectors, L2-normalized, so new text folds into a trained model without retraining.
 */
export interface LsaTerm {
	/** The term's IDF in the training documents. */
	weight: number;
	vector: Float32Array;
}

export interface LsaOptions {
	dimension?: number;
	/** Terms in fewer training documents than this are left out of the model. */
	minDocumentFrequency?: number;
	/** The vocabulary keeps the terms found in the most documents, up to this many. */
	maxTerms?: number;
	/** Term vectors are scaled by σ^-power: 0 keeps σ-weighted coordinates, 1 is the classic fold-in. */
	sigmaPower?: number;
	seed?: number;
	/** Term weights: sublinear TF × IDF, or log-entropy (log TF × (1 − normalized entropy)). */
	weighting?: 'tfidf' | 'logentropy';
}

export const defaultLsaOptions = {dimension: 128, minDocumentFrequency: 2, maxTerms: 100_000, sigmaPower: 0, seed: 1, weighting: 'tfidf'} satisfies Required<LsaOptions>;

export interface LsaModel {
	dimension: number;
	terms: Map<string, LsaTerm>;
	singular: Float64Array;
	documents: number;
}

/** Trains on documents given as their stemmed-term counts. */
export function trainLsa(counted: ReadonlyArray<ReadonlyMap<string, number>>, options: LsaOptions = {}): LsaModel {
	const ids = new TermIds();
	return trainLsaBags(
		counted.map((counts) => bagOfMap(counts, ids)),
		ids,
		options,
	);
}

/** What a caller of `trainLsaBags` may do between its passes. */
export interface LsaTrainingHooks {
	/**
	 * Called once the documents were read for the last time (their matrix made), before the SVD:
	 * `knows(id)` says whether the model will have a vector for the term of id `id` (as its
	 * `terms.has` will). A caller may count what it needs from the documents now and let them go,
	 * so that they are not held beside the SVD's matrices.
	 */
	documentsRead?: (knows: (id: number) => boolean) => void;
}

/**
 * Trains on documents given as bags of stemmed-term ids of `ids` (term-bags.ts; read several times over, in the same order: see indexing/training-counts.ts): the same model,
 * bit for bit, as `trainLsa` on the same counts as maps in the same order.
 */
export function trainLsaBags(counted: Iterable<TermBag> & {readonly length: number}, ids: TermIds, options: LsaOptions = {}, hooks: LsaTrainingHooks = {}): LsaModel {
	const settings = {...defaultLsaOptions, ...options};
	// Grown as it goes: a list read lazily (training-counts.ts) may give ids their terms on this first pass.
	let df = new Int32Array(Math.max(ids.size, 1024));
	for (const bag of counted)
		for (let i = 0; i < bag.ids.length; i++) {
			const id = bag.ids[i]!;
			if (id >= df.length) {
				const grown = new Int32Array(Math.max(df.length * 2, id + 1));
				grown.set(df);
				df = grown;
			}
			df[id]!++;
		}
	// A small store keeps its rare terms: with few documents, a term seen once still says something.
	const minDf = counted.length < 1000 ? 1 : settings.minDocumentFrequency;
	const kept: number[] = [];
	for (let id = 0; id < df.length; id++) if (df[id]! > 0 && df[id]! >= minDf) kept.push(id);
	const vocabulary = kept
		.map((id): [string, number, number] => [ids.term(id), df[id]!, id])
		.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
		.slice(0, settings.maxTerms);
	// Vocabulary index of each term id, -1 for a term left out.
	const index = new Int32Array(ids.size).fill(-1);
	vocabulary.forEach(([, , id], i) => (index[id] = i));
	const n = counted.length;
	let idf = Float64Array.from(vocabulary, ([, count]) => Math.log((n + 1) / (count + 0.5)));
	if (settings.weighting === 'logentropy') {
		// g(t) = 1 + Σ_d p log p / log n, with p = tf / gf: 1 for a term in one document, 0 for one spread evenly.
		const gf = new Float64Array(vocabulary.length);
		const plogp = new Float64Array(vocabulary.length);
		for (const bag of counted)
			for (let i = 0; i < bag.ids.length; i++) {
				const id = index[bag.ids[i]!]!;
				if (id >= 0) gf[id]! += bag.counts[i]!;
			}
		for (const bag of counted)
			for (let i = 0; i < bag.ids.length; i++) {
				const id = index[bag.ids[i]!]!;
				if (id < 0) continue;
				const p = bag.counts[i]! / gf[id]!;
				plogp[id]! += p * Math.log(p);
			}
		idf = Float64Array.from(plogp, (value) => 1 + value / Math.log(Math.max(n, 2)));
	}
	// Packed rows (svd.ts), sized from the document frequencies: each document holds a term once.
	let nonZeros = 0;
	for (const [, count] of vocabulary) nonZeros += count;
	const matrix: SparseRows = {rows: 0, columns: vocabulary.length, start: new Int32Array(n + 1), terms: new Int32Array(nonZeros), values: new Float64Array(nonZeros)};
	let at = 0;
	for (const bag of counted) {
		const first = at;
		let norm = 0;
		for (let i = 0; i < bag.ids.length; i++) {
			const id = index[bag.ids[i]!]!;
			if (id < 0) continue;
			const value = (1 + Math.log(bag.counts[i]!)) * idf[id]!;
			if (at === matrix.terms.length) grow(matrix, at);
			matrix.terms[at] = id;
			matrix.values[at++] = value;
			norm += value * value;
		}
		if (at === first) continue;
		norm = Math.sqrt(norm);
		for (let p = first; p < at; p++) matrix.values[p] = matrix.values[p]! / norm;
		matrix.start[++matrix.rows] = at;
	}
	const terms = new Map<string, LsaTerm>();
	if (matrix.rows < 2 || matrix.columns < 2) {
		hooks.documentsRead?.(() => false);
		return {dimension: settings.dimension, terms, singular: new Float64Array(0), documents: matrix.rows};
	}
	hooks.documentsRead?.((id) => id < index.length && index[id]! >= 0);
	const svd = truncatedSvd(matrix, {k: settings.dimension, seed: settings.seed});
	const scale = Float64Array.from(svd.singular, (s) => (s > 0 ? s ** -settings.sigmaPower : 0));
	vocabulary.forEach(([term], id) => {
		const vector = new Float32Array(settings.dimension);
		for (let j = 0; j < svd.k; j++) vector[j] = svd.right[id * svd.k + j]! * scale[j]!;
		terms.set(term, {weight: idf[id]!, vector});
	});
	return {dimension: settings.dimension, terms, singular: svd.singular, documents: matrix.rows};
}

/** Room for more non-zeros (only if the documents read differently on a later pass than on the first). */
function grow(matrix: SparseRows, size: number): void {
	const terms = new Int32Array(Math.max(size * 2, 16));
	terms.set(matrix.terms);
	const values = new Float64Array(terms.length);
	values.set(matrix.values);
	matrix.terms = terms;
	matrix.values = values;
}

/**
 * The embedding of a text given as stemmed terms, or undefined when none of its terms is in
 * the model. `lookup` lets a caller load term vectors lazily (e.g. from the store).
 */
export function embedTerms(terms: readonly string[], dimension: number, lookup: (term: string) => LsaTerm | undefined): Float32Array | undefined {
	return embedCounts(termCounts(terms), dimension, lookup);
}

/** The embedding of a text given as term counts. */
export function embedCounts(counts: ReadonlyMap<string, number>, dimension: number, lookup: (term: string) => LsaTerm | undefined): Float32Array | undefined {
	const sum = new Float64Array(dimension);
	for (const [term, tf] of counts) addWeighted(sum, lookup(term), tf);
	return unitLength(sum);
}

/**
 * The embedding of a text given as a bag of term ids, each id's model entry found by `entryOf`
 * (which may keep them by id: one lookup per term per ingest): `embedCounts` of the same counts.
 */
export function embedBag(bag: TermBag, dimension: number, entryOf: (id: number) => LsaTerm | undefined): Float32Array | undefined {
	const sum = new Float64Array(dimension);
	const {ids, counts} = bag;
	for (let i = 0; i < ids.length; i++) addWeighted(sum, entryOf(ids[i]!), counts[i]!);
	return unitLength(sum);
}

/** Adds a term's vector, weighted by its log count and its model weight (nothing for a term the model lacks). */
function addWeighted(sum: Float64Array, entry: LsaTerm | undefined, tf: number): void {
	if (!entry) return;
	const weight = (1 + Math.log(tf)) * entry.weight;
	const vector = entry.vector;
	for (let j = 0; j < sum.length; j++) sum[j]! += weight * vector[j]!;
}

/** `sum` scaled to unit length, or undefined when it is zero (no term of the text was in the model). */
function unitLength(sum: Float64Array): Float32Array | undefined {
	let norm = 0;
	for (let j = 0; j < sum.length; j++) norm += sum[j]! * sum[j]!;
	if (norm === 0) return undefined;
	norm = Math.sqrt(norm);
	return Float32Array.from(sum, (value) => value / norm);
}
