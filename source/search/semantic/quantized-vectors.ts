import {TopRows} from './vectors.js';

/**
 * Vectors of `dimension` side by side as 8-bit codes, with one scale per dimension: a value is
 * `codes[i] * scales[j]`. A quarter of the float bytes, for steps that only pick candidates (the
 * coarse step of the semantic list), whose scores the full vectors then give.
 */
export interface QuantizedVectors {
	codes: Int8Array;
	scales: Float32Array;
}

/** Each dimension's largest magnitude maps to ±127 (a dimension that is zero everywhere has scale 0). */
export function quantize(data: Float32Array, dimension: number): QuantizedVectors {
	const scales = new Float32Array(dimension);
	for (let at = 0; at < data.length; at += dimension) {
		for (let j = 0; j < dimension; j++) scales[j] = Math.max(scales[j]!, Math.abs(data[at + j]!));
	}
	for (let j = 0; j < dimension; j++) scales[j] = scales[j]! / 127;
	const codes = new Int8Array(data.length);
	for (let at = 0; at < data.length; at += dimension) quantizeRow(data.subarray(at, at + dimension), scales, codes, at);
	return {codes, scales};
}

/** One vector's codes under `scales` (as `quantize` gives them), written to `codes` from `at`. */
export function quantizeRow(vector: Float32Array, scales: Float32Array, codes: Int8Array, at: number): void {
	for (let j = 0; j < scales.length; j++) {
		const scale = scales[j]!;
		codes[at + j] = scale === 0 ? 0 : Math.max(-127, Math.min(127, Math.round(vector[j]! / scale)));
	}
}

/** query · (codes[at … at+d) ⊙ scales), given `scaled` = query ⊙ scales: four running sums, as `dot`. */
function codeDot(scaled: Float32Array, codes: Int8Array, at: number, d: number): number {
	let s0 = 0;
	let s1 = 0;
	let s2 = 0;
	let s3 = 0;
	let j = 0;
	for (; j + 3 < d; j += 4) {
		s0 += scaled[j]! * codes[at + j]!;
		s1 += scaled[j + 1]! * codes[at + j + 1]!;
		s2 += scaled[j + 2]! * codes[at + j + 2]!;
		s3 += scaled[j + 3]! * codes[at + j + 3]!;
	}
	for (; j < d; j++) s0 += scaled[j]! * codes[at + j]!;
	return s0 + s1 + s2 + s3;
}

const littleEndian = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/** The best `limit` rows of `vectors` by (approximate) dot product with `query`, best first; `allow` as in topRows. */
export function topQuantizedRows(query: Float32Array, limit: number, vectors: QuantizedVectors, d: number, allow?: (row: number) => boolean): Array<{row: number; score: number}> {
	const scaled = new Float32Array(d);
	for (let j = 0; j < d; j++) scaled[j] = query[j]! * vectors.scales[j]!;
	const top = new TopRows(limit);
	const count = vectors.codes.length / d;
	if (littleEndian && d % 4 === 0 && vectors.codes.byteOffset % 4 === 0) {
		scanWords(scaled, new Int32Array(vectors.codes.buffer, vectors.codes.byteOffset, vectors.codes.length / 4), count, d, top, allow);
		return top.best();
	}
	for (let row = 0; row < count; row++) {
		const score = codeDot(scaled, vectors.codes, row * d, d);
		if (!top.admits(score)) continue;
		if (allow && !allow(row)) continue;
		top.offer(score, row);
	}
	return top.best();
}

/**
 * The same scan and the same scores as codeDot, bit for bit (each lane sums the same products in
 * the same order), with four codes read per 32-bit word, every score first, then the top: a
 * store's first query runs this scan once, mostly before V8 has optimized it.
 */
function scanWords(scaled: Float32Array, words: Int32Array, count: number, d: number, top: TopRows, allow?: (row: number) => boolean): void {
	const scores = rowScores(scaled, words, count, d / 4);
	// What top.admits says, kept here: once the top is full, a row must beat its worst score.
	let full = top.isFull();
	let worst = top.worst();
	for (let row = 0; row < count; row++) {
		const score = scores[row]!;
		if (full && !(score > worst)) continue;
		if (!top.admits(score)) continue;
		if (allow && !allow(row)) continue;
		top.offer(score, row);
		full = top.isFull();
		worst = top.worst();
	}
}

/** Kept between scans: a fresh 400 KB array per query is ~100 page faults on the machines measured. */
let scoreBuffer = new Float64Array(0);

function rowScores(scaled: Float32Array, words: Int32Array, count: number, perRow: number): Float64Array {
	if (scoreBuffer.length < count) scoreBuffer = new Float64Array(count);
	const scores = scoreBuffer;
	for (let row = 0, at = 0; row < count; row++, at += perRow) {
		let s0 = 0;
		let s1 = 0;
		let s2 = 0;
		let s3 = 0;
		for (let k = 0, j = 0; k < perRow; k++, j += 4) {
			const word = words[at + k]!;
			s0 += scaled[j]! * ((word << 24) >> 24);
			s1 += scaled[j + 1]! * ((word << 16) >> 24);
			s2 += scaled[j + 2]! * ((word << 8) >> 24);
			s3 += scaled[j + 3]! * (word >> 24);
		}
		scores[row] = s0 + s1 + s2 + s3;
	}
	return scores;
}
