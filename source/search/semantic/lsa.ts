import {truncatedSvd, type SparseRows} from './svd.js';
import {termCounts} from '../../text/item-term-counts.js';

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

/** Trains on documents given as their stemmed-term counts (read several times over, in the same order: see indexing/training-counts.ts). */
export function trainLsa(counted: Iterable<ReadonlyMap<string, number>> & {readonly length: number}, options: LsaOptions = {}): LsaModel {
	const settings = {...defaultLsaOptions, ...options};
	const df = new Map<string, number>();
	for (const counts of counted) for (const term of counts.keys()) df.set(term, (df.get(term) ?? 0) + 1);
	// A small store keeps its rare terms: with few documents, a term seen once still says something.
	const minDf = counted.length < 1000 ? 1 : settings.minDocumentFrequency;
	const vocabulary = [...df].filter(([, n]) => n >= minDf).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, settings.maxTerms);
	const index = new Map(vocabulary.map(([term], i) => [term, i]));
	const n = counted.length;
	let idf = Float64Array.from(vocabulary, ([, count]) => Math.log((n + 1) / (count + 0.5)));
	if (settings.weighting === 'logentropy') {
		// g(t) = 1 + Σ_d p log p / log n, with p = tf / gf: 1 for a term in one document, 0 for one spread evenly.
		const gf = new Float64Array(vocabulary.length);
		const plogp = new Float64Array(vocabulary.length);
		for (const counts of counted) for (const [term, tf] of counts) {
			const id = index.get(term);
			if (id !== undefined) gf[id]! += tf;
		}
		for (const counts of counted) for (const [term, tf] of counts) {
			const id = index.get(term);
			if (id === undefined) continue;
			const p = tf / gf[id]!;
			plogp[id]! += p * Math.log(p);
		}
		idf = Float64Array.from(plogp, (value) => 1 + value / Math.log(Math.max(n, 2)));
	}
	const matrix: SparseRows = {rows: 0, columns: vocabulary.length, terms: [], values: []};
	for (const counts of counted) {
		const ids: number[] = [];
		const values: number[] = [];
		let norm = 0;
		for (const [term, tf] of counts) {
			const id = index.get(term);
			if (id === undefined) continue;
			const value = (1 + Math.log(tf)) * idf[id]!;
			ids.push(id);
			values.push(value);
			norm += value * value;
		}
		if (ids.length === 0) continue;
		norm = Math.sqrt(norm);
		matrix.terms.push(Int32Array.from(ids));
		matrix.values.push(Float64Array.from(values, (value) => value / norm));
		matrix.rows++;
	}
	const terms = new Map<string, LsaTerm>();
	if (matrix.rows < 2 || matrix.columns < 2) return {dimension: settings.dimension, terms, singular: new Float64Array(0), documents: matrix.rows};
	const svd = truncatedSvd(matrix, {k: settings.dimension, seed: settings.seed});
	const scale = Float64Array.from(svd.singular, (s) => (s > 0 ? s ** -settings.sigmaPower : 0));
	vocabulary.forEach(([term], id) => {
		const vector = new Float32Array(settings.dimension);
		for (let j = 0; j < svd.k; j++) vector[j] = svd.right[id * svd.k + j]! * scale[j]!;
		terms.set(term, {weight: idf[id]!, vector});
	});
	return {dimension: settings.dimension, terms, singular: svd.singular, documents: matrix.rows};
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
	let found = false;
	for (const [term, tf] of counts) {
		const entry = lookup(term);
		if (!entry) continue;
		found = true;
		const weight = (1 + Math.log(tf)) * entry.weight;
		const vector = entry.vector;
		for (let j = 0; j < dimension; j++) sum[j]! += weight * vector[j]!;
	}
	if (!found) return undefined;
	let norm = 0;
	for (let j = 0; j < dimension; j++) norm += sum[j]! * sum[j]!;
	if (norm === 0) return undefined;
	norm = Math.sqrt(norm);
	return Float32Array.from(sum, (value) => value / norm);
}
