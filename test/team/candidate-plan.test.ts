import {describe, expect, it} from 'vitest';
import {candidateCap, planCandidates, tierCaps, type TermStat} from '../../source/team/ranking.js';

const term = (lexeme: string, df: number, items = 1_000_000): TermStat => ({lexeme, df, idf: Math.log(1 + (items - df + 0.5) / (df + 0.5))});

describe('find --team: which items stage 1 ranks', () => {
	it('ranks every item holding a query word when they are few enough', () => {
		const plan = planCandidates(1_000_000, [term('pool', 900), term('exhaust', 1200)]);
		expect(plan).toEqual({tiers: [{match: "'pool' | 'exhaust'", cap: 2 * candidateCap}], ranked: [term('pool', 900), term('exhaust', 1200)]});
	});

	it('bounded, prefers the items holding every word, then all but one, then a rarer one', () => {
		const plan = planCandidates(1_000_000, [term('retri', 90_000), term('storm', 3000), term('jitter', 40_000)])!;
		expect(plan.tiers).toEqual([
			{match: "('retri' & 'storm' & 'jitter')", cap: tierCaps.all},
			{match: "('storm' & 'jitter') | ('retri' & 'jitter') | ('retri' & 'storm')", cap: tierCaps.allButOne},
			{match: "'storm'", cap: tierCaps.rare},
		]);
		expect(plan.narrowed).toBe(`ranked the items that hold every query word, all but one of them or the rarer one: retri, jitter are in too many items to rank them all (133000 matches, at most ${tierCaps.all + tierCaps.allButOne + tierCaps.rare} ranked)`);
	});

	it('two common words: the items holding both, then the rarer one; a word most items hold is not ranked at all', () => {
		const plan = planCandidates(1_000_000, [term('retri', 90_000), term('the', 900_000), term('jitter', 40_000)])!;
		expect(plan.ranked.map((each) => each.lexeme)).toEqual(['retri', 'jitter']);
		expect(plan.tiers).toEqual([
			{match: "('retri' & 'jitter')", cap: tierCaps.all},
			{match: "'jitter'", cap: tierCaps.rare},
		]);
		expect(plan.narrowed).toMatch(/^ranked the items that hold every query word or the rarer one: retri, jitter are in too many items/u);
	});

	it('one common word: its first items, once', () => {
		const plan = planCandidates(1_000_000, [term('retri', 90_000)])!;
		expect(plan.tiers).toEqual([{match: "'retri'", cap: tierCaps.all}]);
		expect(plan.narrowed).toBe(`ranked the items that hold every query word: retri is in too many items to rank them all (90000 matches, at most ${tierCaps.all} ranked)`);
	});

	it('no word held: nothing to rank', () => {
		expect(planCandidates(1_000_000, [term('zebra', 0)])).toBeUndefined();
	});
});
