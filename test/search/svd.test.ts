import {createHash} from 'node:crypto';
import {describe, expect, it} from 'vitest';
import {packRows, random, symmetricEigen, truncatedSvd, type SparseRows} from '../../source/search/semantic/svd.js';

/** `count` orthonormal vectors of length `size` (Gram–Schmidt on seeded random vectors). */
function orthonormal(size: number, count: number, seed: number): number[][] {
	const next = random(seed);
	const basis: number[][] = [];
	while (basis.length < count) {
		const v = Array.from({length: size}, () => next() - 0.5);
		for (const b of basis) {
			const dot = v.reduce((sum, x, i) => sum + x * b[i]!, 0);
			for (let i = 0; i < size; i++) v[i]! -= dot * b[i]!;
		}
		const norm = Math.hypot(...v);
		basis.push(v.map((x) => x / norm));
	}
	return basis;
}

/** X = U · diag(s) · Vᵀ as sparse rows (every entry stored), and its dense form. */
function lowRank(rows: number, columns: number, singular: number[], seed: number): {x: SparseRows; dense: number[][]; v: number[][]} {
	const u = orthonormal(rows, singular.length, seed);
	const v = orthonormal(columns, singular.length, seed + 1);
	const dense = Array.from({length: rows}, (_, i) => Array.from({length: columns}, (_, j) => singular.reduce((sum, s, r) => sum + s * u[r]![i]! * v[r]![j]!, 0)));
	const terms = dense.map(() => Int32Array.from({length: columns}, (_, j) => j));
	return {x: packRows(columns, terms, dense.map((row) => Float64Array.from(row))), dense, v};
}

/** `rows` sparse rows of `perRow` distinct random columns of `columns`, with random values. */
function randomSparse(rows: number, columns: number, perRow: number, seed: number): SparseRows {
	const next = random(seed);
	const terms: Int32Array[] = [];
	const values: Float64Array[] = [];
	for (let i = 0; i < rows; i++) {
		const picked = new Set<number>();
		while (picked.size < perRow) picked.add(Math.floor(next() * columns));
		const ids = Int32Array.from([...picked].sort((a, b) => a - b));
		terms.push(ids);
		values.push(Float64Array.from(ids, () => next()));
	}
	return packRows(columns, terms, values);
}

/** Column j of the `columns × k` row-major right factor. */
const column = (right: Float64Array, columns: number, k: number, j: number) => Array.from({length: columns}, (_, t) => right[t * k + j]!);
const dot = (a: number[], b: number[]) => a.reduce((sum, x, i) => sum + x * b[i]!, 0);

describe('truncatedSvd', () => {
	it('recovers the singular values of a known rank-3 matrix, with orthonormal right factors spanning its row space', () => {
		const {x, dense, v} = lowRank(40, 25, [9, 5, 2], 7);
		const {singular, right, k} = truncatedSvd(x, {k: 3, seed: 3});
		expect(k).toBe(3);
		[9, 5, 2].forEach((expected, j) => expect(singular[j]).toBeCloseTo(expected, 6));
		const w = [0, 1, 2].map((j) => column(right, 25, 3, j));
		for (let a = 0; a < 3; a++) for (let b = 0; b < 3; b++) expect(dot(w[a]!, w[b]!)).toBeCloseTo(a === b ? 1 : 0, 6);
		// Each right singular vector is ± the generating one.
		for (let j = 0; j < 3; j++) expect(Math.abs(dot(w[j]!, v[j]!))).toBeCloseTo(1, 6);
		// Projecting the rows on the factors gives the matrix back: X · W · Wᵀ = X.
		for (const row of dense) {
			const coordinates = w.map((vector) => dot(row, vector));
			const back = row.map((_, t) => coordinates.reduce((sum, c, j) => sum + c * w[j]![t]!, 0));
			back.forEach((value, t) => expect(value).toBeCloseTo(row[t]!, 6));
		}
	});

	it('gives the same factors to the bit as before its dense blocks were reused in place, on each of its paths', () => {
		// Hashes of the right factors and singular values as the SVD gave them when each step made
		// a new documents × l matrix (before orthonormalize and the power iteration wrote in place):
		// more documents than terms (the terms' gram), fewer (X·Bt, and W from Xᵀ·(Q·Ũ)), and few
		// enough for the documents' gram X·Xᵀ. A change of arithmetic or order changes the model.
		const cases = [
			[1500, 60, 12, 'dd4637becdc1093647f2e5505e29dbcff63ff60a'],
			[300, 2000, 12, '1972c3fdc647a83707508b3eff792bd2edbe2f2f'],
			[200, 90, 12, '764f4df91e856d8756bd6b8656c09b40d726a62d'],
			[100, 300, 100, 'b56cceb6954b5ed6979ac02919e6402af45f41b6'],
		] as const;
		// Xᵀ·D from X's columns (byRowsMaxBytes 0) or from its rows (the default at these sizes): the same bits.
		for (const byRowsMaxBytes of [0, undefined])
			for (const [rows, columns, perRow, expected] of cases) {
				const svd = truncatedSvd(randomSparse(rows, columns, perRow, rows), {k: 24, seed: 5, ...(byRowsMaxBytes === undefined ? {} : {byRowsMaxBytes})});
				expect(createHash('sha1').update(new Uint8Array(svd.right.buffer)).update(new Uint8Array(svd.singular.buffer)).digest('hex'), `${rows}×${columns}, by rows up to ${byRowsMaxBytes}`).toBe(expected);
			}
	});

	it('keeps the largest k of a higher rank, and is the same for the same seed', () => {
		const {x} = lowRank(30, 20, [10, 6, 3, 1, 0.5], 11);
		const first = truncatedSvd(x, {k: 2, seed: 5});
		expect([...first.singular].map((s) => Number(s.toFixed(6)))).toEqual([10, 6]);
		expect(truncatedSvd(x, {k: 2, seed: 5})).toEqual(first);
		expect(truncatedSvd(x, {k: 50, seed: 5}).k).toBe(20);
	});
});

// Rank 3: each document is a multiple of one of three patterns of 10 terms. The shapes take the
// three ways to B·Bᵀ: from the documents' gram X·Xᵀ (few documents), from X·Bt (more documents,
// still fewer than terms), from the terms' side Btᵀ·Bt (more documents than terms).
describe.each([
	{documents: 20, terms: 200, way: 'X·Xᵀ'},
	{documents: 60, terms: 200, way: 'Qᵀ·X·Bt'},
	{documents: 300, terms: 30, way: 'Btᵀ·Bt'},
])('truncatedSvd on a sparse matrix of $documents documents and $terms terms ($way)', ({documents, terms}) => {
	it('gives right factors w with Xᵀ·X·w = σ²·w, orthonormal', () => {
		const next = random(9);
		const patterns = [0, 1, 2].map((p) => Array.from({length: 10}, (_, i) => ({term: (p * 10 + i * 7) % terms, value: 1 + next()})).sort((a, b) => a.term - b.term));
		const rows = Array.from({length: documents}, (_, i) => ({pattern: patterns[i % 3]!, scale: 1 + (i % 5)}));
		const rowTerms = rows.map(({pattern}) => Int32Array.from(pattern, (entry) => entry.term));
		const rowValues = rows.map(({pattern, scale}) => Float64Array.from(pattern, (entry) => entry.value * scale));
		const x: SparseRows = packRows(terms, rowTerms, rowValues);
		const {singular, right, k} = truncatedSvd(x, {k: 3, seed: 2});
		const xx = (w: number[]): number[] => {
			const back = new Array<number>(terms).fill(0);
			for (let i = 0; i < documents; i++) {
				let projection = 0;
				rowTerms[i]!.forEach((term, n) => (projection += rowValues[i]![n]! * w[term]!));
				rowTerms[i]!.forEach((term, n) => (back[term]! += rowValues[i]![n]! * projection));
			}
			return back;
		};
		const w = [0, 1, 2].map((j) => column(right, terms, k, j));
		for (let j = 0; j < 3; j++) {
			expect(singular[j]).toBeGreaterThan(1);
			xx(w[j]!).forEach((value, t) => expect(value).toBeCloseTo(singular[j]! ** 2 * w[j]![t]!, 6));
			for (let other = 0; other < 3; other++) expect(dot(w[j]!, w[other]!)).toBeCloseTo(j === other ? 1 : 0, 9);
		}
	});
});

describe('symmetricEigen', () => {
	it('finds A·v = λ·v with the eigenvalues in descending order', () => {
		const a = Float64Array.from([4, 1, 0, 1, 3, 1, 0, 1, 2]);
		const {values, vectors} = symmetricEigen(a, 3);
		expect(values[0]).toBeGreaterThan(values[1]!);
		expect(values[1]).toBeGreaterThan(values[2]!);
		for (let j = 0; j < 3; j++) {
			const vector = [0, 1, 2].map((i) => vectors[i * 3 + j]!);
			const product = [0, 1, 2].map((i) => dot([0, 1, 2].map((c) => a[i * 3 + c]!), vector));
			product.forEach((value, i) => expect(value).toBeCloseTo(values[j]! * vector[i]!, 9));
		}
		expect(values.reduce((sum, value) => sum + value, 0)).toBeCloseTo(9, 9);
	});
});
