/**
 * Truncated SVD of a sparse matrix by randomized range finding (Halko, Martinsson & Tropp 2011):
 * a few sparse products, small dense factorizations, no dependencies. Dense matrices here are
 * row-major Float64Arrays.
 */

/**
 * Documents as rows, packed: row i's non-zero columns and values are `terms` and `values` from
 * `start[i]` to `start[i + 1]`. Two arrays for the whole matrix, not two per row: at 30 000
 * training documents the rows' own typed arrays (their headers and buffers) held more than the
 * packed form's 12 bytes per non-zero.
 */
export interface SparseRows {
	rows: number;
	columns: number;
	start: Int32Array;
	terms: Int32Array;
	values: Float64Array;
}

/** Sparse rows from one array of columns and one of values per row (the same matrix, packed). */
export function packRows(columns: number, terms: readonly Int32Array[], values: readonly Float64Array[]): SparseRows {
	const start = new Int32Array(terms.length + 1);
	terms.forEach((row, i) => (start[i + 1] = start[i]! + row.length));
	const packedTerms = new Int32Array(start[terms.length]!);
	const packedValues = new Float64Array(packedTerms.length);
	terms.forEach((row, i) => {
		packedTerms.set(row, start[i]!);
		packedValues.set(values[i]!, start[i]!);
	});
	return {rows: terms.length, columns, start, terms: packedTerms, values: packedValues};
}

export interface SvdResult {
	/** Right singular vectors, `columns × k` row-major: one k-vector per term. */
	right: Float64Array;
	singular: Float64Array;
	k: number;
}

/** A small deterministic PRNG (mulberry32) so a model trains the same way every time. */
export function random(seed: number): () => number {
	let state = seed >>> 0;
	return () => {
		state = (state + 0x6d2b79f5) >>> 0;
		let t = state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

function gaussian(next: () => number): number {
	const u = Math.max(next(), 1e-12);
	return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * next());
}

/** X · D (rows × l) for dense D (columns × l), into `into` when given (its entries set to zero first). */
function times(x: SparseRows, dense: Float64Array, l: number, into?: Float64Array): Float64Array {
	const out = into ? into.fill(0) : new Float64Array(x.rows * l);
	const {start, terms, values} = x;
	for (let i = 0; i < x.rows; i++) {
		const row = i * l;
		const end = start[i + 1]!;
		for (let n = start[i]!; n < end; n++) {
			const from = terms[n]! * l;
			const value = values[n]!;
			for (let c = 0; c < l; c++) out[row + c]! += value * dense[from + c]!;
		}
	}
	return out;
}

/**
 * X's non-zeros by column (term): `at[start[t]..start[t+1])` are where term t's non-zeros sit in
 * the rows' packed arrays (SparseRows), in ascending order (so their rows ascend too). Where, not
 * a copy of each row number and value: 4 bytes a non-zero beside the rows' 12, not 12 more (at
 * 30 000 training documents the copy was tens of MB at the top of the SVD's memory).
 */
interface SparseColumns {
	start: Int32Array;
	at: Int32Array;
}

function byColumn(x: SparseRows): SparseColumns {
	const start = new Int32Array(x.columns + 1);
	const {terms} = x;
	for (let n = 0; n < terms.length; n++) start[terms[n]! + 1]!++;
	for (let t = 0; t < x.columns; t++) start[t + 1]! += start[t]!;
	const filled = start.slice(0, x.columns);
	const at = new Int32Array(start[x.columns]!);
	const nonZeros = x.start[x.rows]!;
	for (let n = 0; n < nonZeros; n++) at[filled[terms[n]!]!++] = n;
	return {start, at};
}

/** The row holding the non-zero at `position` of X's packed arrays, searched from row `from` on (a column's positions ascend). */
function rowAt(rowStart: Int32Array, rows: number, position: number, from: number): number {
	let low = from;
	let high = rows - 1;
	while (low < high) {
		const middle = (low + high + 1) >> 1;
		if (rowStart[middle]! <= position) low = middle;
		else high = middle - 1;
	}
	return low;
}

/**
 * Xᵀ · D (columns × l) for dense D (rows × l), one output row (term) at a time from X's columns:
 * each entry adds the same products in the same order (rows ascending) as a pass over X's rows
 * would, so the result is the same to the bit, but the writes stay in one row of the output and
 * the reads in D, which is small when there are few documents. Scattering each document's
 * products over a terms × l output (22 MB for the 422-page docs store) was most of the training.
 */
function transposeTimes(x: SparseRows, byColumns: SparseColumns, dense: Float64Array, l: number): Float64Array {
	const columns = x.columns;
	const out = new Float64Array(columns * l);
	const {start, at} = byColumns;
	const {start: rowStart, values} = x;
	for (let t = 0; t < columns; t++) {
		const to = t * l;
		let row = 0;
		for (let n = start[t]!; n < start[t + 1]!; n++) {
			const position = at[n]!;
			row = rowAt(rowStart, x.rows, position, row);
			const from = row * l;
			const value = values[position]!;
			for (let c = 0; c < l; c++) out[to + c]! += value * dense[from + c]!;
		}
	}
	return out;
}

/**
 * Xᵀ · D as `transposeTimes` gives it, from X's rows instead of its columns: each document's
 * products scattered over the terms × l output. Each term's sum still adds its documents' products
 * in ascending order of rows (a document holds a term once), so the result is the same to the bit.
 * Used when that output is small enough to stay in cache (a vocabulary of a few hundred terms):
 * X's positions by column, 4 bytes a non-zero (17 MB at 30 000 training documents of the
 * generated 500 MB archive), are then never made, nor a binary search made per non-zero.
 */
function transposeTimesByRows(x: SparseRows, dense: Float64Array, l: number): Float64Array {
	const out = new Float64Array(x.columns * l);
	const {start, terms, values} = x;
	for (let i = 0; i < x.rows; i++) {
		const from = i * l;
		const end = start[i + 1]!;
		for (let n = start[i]!; n < end; n++) {
			const to = terms[n]! * l;
			const value = values[n]!;
			for (let c = 0; c < l; c++) out[to + c]! += value * dense[from + c]!;
		}
	}
	return out;
}

/** Aᵀ·A for a row-major n × l matrix: l × l. */
function gram(a: Float64Array, n: number, l: number): Float64Array {
	return crossGram(a, a, n, l);
}

/** Stores of at most this many training documents may run the power iteration on X·Xᵀ (8 MB at most). */
const documentGramMaxRows = 1024;

/** X·Xᵀ (rows × rows, row-major) from X's columns: each term adds the products of the documents holding it. */
function documentGram(x: SparseRows, byColumns: SparseColumns, n: number): Float64Array {
	const g = new Float64Array(n * n);
	const {start, at} = byColumns;
	const columns = x.columns;
	// Each non-zero's row and value in column order (few documents: small).
	const rows = new Int32Array(at.length);
	const values = Float64Array.from(at, (position) => x.values[position]!);
	for (let t = 0; t < columns; t++) {
		let row = 0;
		for (let a = start[t]!; a < start[t + 1]!; a++) rows[a] = row = rowAt(x.start, x.rows, at[a]!, row);
	}
	for (let t = 0; t < columns; t++) {
		const end = start[t + 1]!;
		for (let a = start[t]!; a < end; a++) {
			const row = rows[a]! * n;
			const value = values[a]!;
			// A column's rows ascend: this fills the upper triangle.
			for (let b = a; b < end; b++) g[row + rows[b]!]! += value * values[b]!;
		}
	}
	for (let i = 0; i < n; i++) for (let j = 0; j < i; j++) g[i * n + j] = g[j * n + i]!;
	return g;
}

/** G · Y for a dense n × n G and n × l Y (row-major). */
function denseTimes(g: Float64Array, y: Float64Array, n: number, l: number): Float64Array {
	const out = new Float64Array(n * l);
	for (let i = 0; i < n; i++) {
		const to = i * l;
		for (let j = 0; j < n; j++) {
			const value = g[i * n + j]!;
			if (value === 0) continue;
			const from = j * l;
			for (let c = 0; c < l; c++) out[to + c]! += value * y[from + c]!;
		}
	}
	return out;
}

/**
 * X · (Xᵀ·Y with unit columns), computed as G·Y·D for G = X·Xᵀ: the squared length of Xᵀ·Y's
 * column c is (Yᵀ·G·Y)_cc, so no terms × l matrix is made (the same product, up to rounding).
 */
function scaledColumnsProduct(g: Float64Array, y: Float64Array, n: number, l: number): Float64Array {
	const w = denseTimes(g, y, n, l);
	const scale = new Float64Array(l);
	for (let i = 0; i < n; i++) for (let c = 0; c < l; c++) scale[c]! += y[i * l + c]! * w[i * l + c]!;
	for (let c = 0; c < l; c++) scale[c] = scale[c]! > 0 ? 1 / Math.sqrt(scale[c]!) : 0;
	for (let i = 0; i < n; i++) for (let c = 0; c < l; c++) w[i * l + c]! *= scale[c]!;
	return w;
}

/**
 * Aᵀ·C for row-major n × l matrices whose product is symmetric (C = X·Xᵀ·A), upper triangle
 * mirrored: with fewer documents than terms, B Bᵀ computed this way costs n·l² instead of the
 * terms' count times l²/2 (408 documents against 18 525 terms in the 422-page docs store).
 */
function crossGram(a: Float64Array, c: Float64Array, n: number, l: number): Float64Array {
	const g = new Float64Array(l * l);
	for (let i = 0; i < n; i++) {
		const row = i * l;
		for (let p = 0; p < l; p++) {
			const v = a[row + p]!;
			if (v === 0) continue;
			const gp = p * l;
			for (let q = p; q < l; q++) g[gp + q]! += v * c[row + q]!;
		}
	}
	for (let p = 0; p < l; p++) for (let q = 0; q < p; q++) g[p * l + q] = g[q * l + p]!;
	return g;
}

/**
 * Orthonormal columns spanning A's (n × l): shifted Cholesky QR, done twice for accuracy.
 * Columns that are numerically dependent come out as (near) zero rather than failing.
 * Done in place: A becomes Q (returned). Row i of A R⁻¹ reads only row i of A and the entries of
 * row i already solved, so each row is overwritten as it is solved, with the same arithmetic in
 * the same order as into a new matrix: at 30 000 training documents × 148 columns, each pass's
 * new matrix was 35 MB more (two a call, three calls and more a training) until V8 collected them.
 */
function orthonormalize(a: Float64Array, n: number, l: number): Float64Array {
	const q = a;
	for (let pass = 0; pass < 2; pass++) {
		const g = gram(q, n, l);
		let trace = 0;
		for (let p = 0; p < l; p++) trace += g[p * l + p]!;
		const shift = 1e-12 * Math.max(trace, 1e-300);
		// Cholesky G = Rᵀ R (upper R stored row-major).
		const r = new Float64Array(l * l);
		for (let j = 0; j < l; j++) {
			let d = g[j * l + j]! + shift;
			for (let k = 0; k < j; k++) d -= r[k * l + j]! ** 2;
			const rjj = d > 0 ? Math.sqrt(d) : 0;
			r[j * l + j] = rjj;
			for (let c = j + 1; c < l; c++) {
				let s = g[j * l + c]!;
				for (let k = 0; k < j; k++) s -= r[k * l + j]! * r[k * l + c]!;
				r[j * l + c] = rjj > 0 ? s / rjj : 0;
			}
		}
		// Q = A R⁻¹, row by row (forward substitution with the upper triangle), in place.
		for (let i = 0; i < n; i++) {
			const row = i * l;
			for (let j = 0; j < l; j++) {
				let s = q[row + j]!;
				for (let k = 0; k < j; k++) s -= q[row + k]! * r[k * l + j]!;
				const rjj = r[j * l + j]!;
				q[row + j] = rjj > 0 ? s / rjj : 0;
			}
		}
	}
	return q;
}

/** Scales each column of a row-major n × l matrix to unit length. */
function scaleColumns(a: Float64Array, n: number, l: number): void {
	const norms = new Float64Array(l);
	for (let i = 0; i < n; i++) for (let c = 0; c < l; c++) norms[c]! += a[i * l + c]! ** 2;
	for (let c = 0; c < l; c++) norms[c] = norms[c]! > 0 ? 1 / Math.sqrt(norms[c]!) : 0;
	for (let i = 0; i < n; i++) for (let c = 0; c < l; c++) a[i * l + c]! *= norms[c]!;
}

/** Eigenvalues (descending) and eigenvectors (columns of a row-major l × l) of a symmetric matrix, by cyclic Jacobi. */
export function symmetricEigen(matrix: Float64Array, l: number): {values: Float64Array; vectors: Float64Array} {
	const a = Float64Array.from(matrix);
	const v = new Float64Array(l * l);
	for (let i = 0; i < l; i++) v[i * l + i] = 1;
	for (let sweep = 0; sweep < 60; sweep++) {
		let off = 0;
		let total = 0;
		for (let p = 0; p < l; p++) {
			for (let q = 0; q < l; q++) {
				const x = a[p * l + q]! ** 2;
				total += x;
				if (p !== q) off += x;
			}
		}
		if (off <= 1e-22 * total) break;
		for (let p = 0; p < l - 1; p++) {
			for (let q = p + 1; q < l; q++) {
				const apq = a[p * l + q]!;
				if (Math.abs(apq) < 1e-300) continue;
				const app = a[p * l + p]!;
				const aqq = a[q * l + q]!;
				const theta = (aqq - app) / (2 * apq);
				const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
				const c = 1 / Math.sqrt(t * t + 1);
				const s = t * c;
				for (let k = 0; k < l; k++) {
					const akp = a[k * l + p]!;
					const akq = a[k * l + q]!;
					a[k * l + p] = c * akp - s * akq;
					a[k * l + q] = s * akp + c * akq;
				}
				for (let k = 0; k < l; k++) {
					const apk = a[p * l + k]!;
					const aqk = a[q * l + k]!;
					a[p * l + k] = c * apk - s * aqk;
					a[q * l + k] = s * apk + c * aqk;
				}
				for (let k = 0; k < l; k++) {
					const vkp = v[k * l + p]!;
					const vkq = v[k * l + q]!;
					v[k * l + p] = c * vkp - s * vkq;
					v[k * l + q] = s * vkp + c * vkq;
				}
			}
		}
	}
	const order = [...Array(l).keys()].sort((x, y) => a[y * l + y]! - a[x * l + x]!);
	const values = new Float64Array(l);
	const vectors = new Float64Array(l * l);
	order.forEach((from, to) => {
		values[to] = a[from * l + from]!;
		for (let k = 0; k < l; k++) vectors[k * l + to] = v[k * l + from]!;
	});
	return {values, vectors};
}

export interface SvdOptions {
	k: number;
	oversample?: number;
	powerIterations?: number;
	seed?: number;
	/**
	 * Xᵀ·D is computed from X's rows when its terms × l output is at most this many bytes (it stays
	 * in cache), else from X's columns (scattering over a large output was most of a docs store's
	 * training). The same result to the bit either way.
	 */
	byRowsMaxBytes?: number;
}

/** See `SvdOptions.byRowsMaxBytes`. */
const byRowsMaxBytes = 2 << 20;

export function truncatedSvd(x: SparseRows, options: SvdOptions): SvdResult {
	const k = Math.max(1, Math.min(options.k, x.rows, x.columns));
	const l = Math.min(k + (options.oversample ?? 20), x.rows, x.columns);
	const next = random(options.seed ?? 1);
	const omega = new Float64Array(x.columns * l);
	for (let i = 0; i < omega.length; i++) omega[i] = gaussian(next);
	let y = orthonormalize(times(x, omega, l), x.rows, l);
	// X by column, made only if a step needs it.
	let byColumns: SparseColumns | undefined;
	const columns = (): SparseColumns => (byColumns ??= byColumn(x));
	const byRows = x.columns * l * 8 <= (options.byRowsMaxBytes ?? byRowsMaxBytes);
	const xt = (dense: Float64Array, width: number): Float64Array => (byRows ? transposeTimesByRows(x, dense, width) : transposeTimes(x, columns(), dense, width));
	// Few documents: X·Xᵀ is small, and X·Xᵀ·Y (all the power iteration needs) is one dense product.
	const g = x.rows <= documentGramMaxRows && x.rows * x.rows <= 2 * x.start[x.rows]! ? documentGram(x, columns(), x.rows) : undefined;
	for (let iteration = 0; iteration < (options.powerIterations ?? 2); iteration++) {
		// Orthonormalizing the row side alone keeps the iteration stable; the term side (often the
		// larger) only has its columns rescaled, which costs a pass instead of two Cholesky QRs.
		if (g) {
			y = orthonormalize(scaledColumnsProduct(g, y, x.rows, l), x.rows, l);
			continue;
		}
		const z = xt(y, l);
		scaleColumns(z, x.columns, l);
		// Y is read no more: X·Z is written over it (one documents × l matrix for the whole iteration).
		y = orthonormalize(times(x, z, l, y), x.rows, l);
	}
	// B = Qᵀ X, kept transposed (columns × l); B Bᵀ = Btᵀ Bt = Qᵀ · (X · Bt) = Qᵀ · X·Xᵀ · Q.
	const bt = g ? undefined : xt(y, l);
	const {values, vectors} = symmetricEigen(g ? crossGram(y, denseTimes(g, y, x.rows, l), x.rows, l) : x.rows < x.columns ? crossGram(y, times(x, bt!, l), x.rows, l) : gram(bt!, x.columns, l), l);
	const singular = new Float64Array(k);
	for (let j = 0; j < k; j++) singular[j] = Math.sqrt(Math.max(values[j]!, 0));
	return {right: rightVectors(x, xt, y, () => bt ?? xt(y, l), vectors, singular, l), singular, k};
}

/**
 * The top k right singular vectors, W = Bt · Ũ · S⁻¹ (columns × k), where Bt = Xᵀ Q. When X's
 * non-zeros and Q's entries are fewer than Bt's (most terms are in few documents), W = Xᵀ · (Q Ũ)
 * · S⁻¹ is the same product (up to rounding, 1e-16) in a fraction of the arithmetic: Bt · Ũ was
 * a quarter of the CPU of a training the size of a 422-page docs store's, Xᵀ · (Q Ũ) a third of that.
 */
function rightVectors(x: SparseRows, xt: (dense: Float64Array, width: number) => Float64Array, q: Float64Array, transposed: () => Float64Array, vectors: Float64Array, singular: Float64Array, l: number): Float64Array {
	const k = singular.length;
	const nonZeros = x.start[x.rows]!;
	let right: Float64Array;
	if (nonZeros + x.rows * l < x.columns * l) {
		const qu = new Float64Array(x.rows * k);
		for (let i = 0; i < x.rows; i++) {
			for (let c = 0; c < l; c++) {
				const value = q[i * l + c]!;
				if (value === 0) continue;
				const from = c * l;
				const out = i * k;
				for (let j = 0; j < k; j++) qu[out + j]! += value * vectors[from + j]!;
			}
		}
		right = xt(qu, k);
	} else {
		const bt = transposed();
		right = new Float64Array(x.columns * k);
		for (let t = 0; t < x.columns; t++) {
			const row = t * l;
			const out = t * k;
			for (let c = 0; c < l; c++) {
				const value = bt[row + c]!;
				const from = c * l;
				for (let j = 0; j < k; j++) right[out + j]! += value * vectors[from + j]!;
			}
		}
	}
	for (let t = 0; t < x.columns; t++) {
		for (let j = 0; j < k; j++) {
			const s = singular[j]!;
			right[t * k + j] = s === 0 ? 0 : right[t * k + j]! / s;
		}
	}
	return right;
}
