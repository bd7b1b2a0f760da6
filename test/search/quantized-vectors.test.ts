import {describe, expect, it} from 'vitest';
import {quantize, topQuantizedRows} from '../../source/search/semantic/quantized-vectors.js';
import {topRows} from '../../source/search/semantic/vectors.js';

/** `count` unit vectors of `d` whose dimensions shrink in spread, as LSA's do (seeded, so the test is fixed). */
function unitVectors(count: number, d: number, seed = 7): Float32Array {
	let state = seed;
	const random = () => {
		state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
		return state / 2_147_483_648;
	};
	const data = new Float32Array(count * d);
	for (let row = 0; row < count; row++) {
		let norm = 0;
		for (let j = 0; j < d; j++) {
			const value = (random() * 2 - 1) / Math.sqrt(1 + j);
			data[row * d + j] = value;
			norm += value * value;
		}
		for (let j = 0; j < d; j++) data[row * d + j]! /= Math.sqrt(norm);
	}
	return data;
}

describe('the 8-bit codes of the root pack', () => {
	it('keep every value within half a step of its dimension (zero dimensions stay zero)', () => {
		const d = 16;
		const data = unitVectors(300, d);
		for (let row = 0; row < 300; row++) data[row * d + 5] = 0;
		const {codes, scales} = quantize(data, d);
		expect(scales[5]).toBe(0);
		let worst = 0;
		for (let at = 0; at < data.length; at++) {
			const j = at % d;
			if (j === 5) expect(codes[at]).toBe(0);
			else worst = Math.max(worst, Math.abs(codes[at]! * scales[j]! - data[at]!) / scales[j]!);
		}
		expect(worst).toBeLessThanOrEqual(0.5 + 1e-4);
	});

	it('pick the candidates the float vectors pick: the same best ten (in any order), and nearly all of the best 150', () => {
		const d = 128;
		const data = unitVectors(5000, d);
		const packed = quantize(data, d);
		for (const queryRow of [3, 1234, 4999]) {
			const query = data.slice(queryRow * d, (queryRow + 1) * d);
			const exact = topRows(query, 150, data, d, (index) => index);
			const coded = topQuantizedRows(query, 150, packed, d);
			expect(coded[0]!.row).toBe(queryRow);
			// The coarse step keeps a set of items: near ties may swap places, not leave the set.
			const ten = (hits: Array<{row: number}>) => hits.slice(0, 10).map((hit) => hit.row).sort((a, b) => a - b);
			expect(ten(coded)).toEqual(ten(exact));
			const kept = new Set(exact.map((hit) => hit.row));
			expect(coded.filter((hit) => kept.has(hit.row)).length).toBeGreaterThanOrEqual(145);
			expect(Math.abs(coded[0]!.score - exact[0]!.score)).toBeLessThan(0.02);
		}
	});

	it('leave out rows the filter refuses', () => {
		const d = 8;
		const data = unitVectors(50, d);
		const query = data.slice(0, d);
		const rows = topQuantizedRows(query, 5, quantize(data, d), d, (row) => row % 2 === 1).map((hit) => hit.row);
		expect(rows).toHaveLength(5);
		expect(rows.every((row) => row % 2 === 1)).toBe(true);
	});
});
