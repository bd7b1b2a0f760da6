import {describe, expect, it} from 'vitest';
import {addTo, append, largest, prepend} from '../../source/core/arrays.js';

describe('arrays of any length', () => {
	const million = Array.from({length: 1_000_000}, (_, index) => index);

	it('appends and prepends a million items, where push(...items) throws', () => {
		expect(() => [].push(...(million as never[]))).toThrow(RangeError);
		expect(append([-1], million)).toHaveLength(1_000_001);
		const both = prepend([-1, -2], million);
		expect([both.length, both[0], both[999_999], both[1_000_000], both[1_000_001]]).toEqual([1_000_002, 0, 999_999, -1, -2]);
		expect(prepend([1], [])).toEqual([1]);
	});

	it('finds the largest of a million numbers, and the floor of none', () => {
		expect(largest(million)).toBe(999_999);
		expect(largest([], 2)).toBe(2);
		expect(largest([1, 5, 3], 2)).toBe(5);
		expect(largest([])).toBe(Number.NEGATIVE_INFINITY);
	});

	it('groups a million values under one key in linear time', () => {
		const groups = new Map<string, number[]>();
		for (const value of million) addTo(groups, value % 2 === 0 ? 'even' : 'odd', value);
		expect([groups.get('even')!.length, groups.get('odd')!.at(-1)]).toEqual([500_000, 999_999]);
	});
});
