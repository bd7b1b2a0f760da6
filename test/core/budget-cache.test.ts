import {describe, expect, it} from 'vitest';
import {BudgetCache} from '../../source/core/budget-cache.js';

describe('BudgetCache', () => {
	it('keeps values while they fit in the budget, and refuses the one that would not', () => {
		const keeper = new BudgetCache<number, string>(100);
		expect(keeper.keep(1, 'a', 40)).toBe(true);
		expect(keeper.keep(2, 'b', 60)).toBe(true);
		expect(keeper.heldBytes).toBe(100);
		expect(keeper.keep(3, 'c', 1)).toBe(false);
		expect([keeper.get(1), keeper.get(2), keeper.get(3)]).toEqual(['a', 'b', undefined]);
		expect({size: keeper.size, refused: keeper.refused}).toEqual({size: 2, refused: 1});
	});

	it('counts a value kept again under its key once, at its new size', () => {
		const keeper = new BudgetCache<string, string>(100);
		keeper.keep('x', 'old', 90);
		expect(keeper.keep('x', 'new', 30)).toBe(true);
		expect(keeper.heldBytes).toBe(30);
		expect(keeper.keep('y', 'other', 70)).toBe(true);
		expect(keeper.get('x')).toBe('new');
	});

	it('lets everything go on release, and has the whole budget again', () => {
		const keeper = new BudgetCache<number, number[]>(10);
		keeper.keep(1, [1], 10);
		keeper.release();
		expect([keeper.get(1), keeper.heldBytes, keeper.size]).toEqual([undefined, 0, 0]);
		expect(keeper.keep(2, [2], 10)).toBe(true);
	});

	it('a zero budget keeps nothing', () => {
		const keeper = new BudgetCache<number, number>(0);
		expect(keeper.keep(1, 1, 1)).toBe(false);
		expect(keeper.get(1)).toBeUndefined();
	});
});
