import {describe, expect, it} from 'vitest';
import {bucketsOf, cacheHitShare, costLabel, costOf, formatUsd, mergeBuckets, modelsUsed, sessionCost, type PriceOf} from '../../source/core/usage.js';

/** A price of one dollar per thousand tokens of any kind, for models named `priced-…`. */
const price: PriceOf = (message) => (message.model.startsWith('priced') ? ((message.input ?? 0) + (message.output ?? 0) + (message.cache_read ?? 0) + (message.cache_write ?? 0)) / 1000 : undefined);

describe('usage buckets', () => {
	it('folds messages into one bucket per UTC hour and model, priced per message; a message without a time takes the one before', () => {
		const buckets = bucketsOf(
			[
				{at: '2026-10-14T09:12:00+02:00', model: 'priced-a', input: 100, output: 10, cache_read: 1000, cache_write: 50},
				{model: 'priced-a', input: 1, output: 1},
				{at: '2026-10-14T07:59:59Z', model: 'other', input: 5},
				{at: '2026-10-14T08:00:00Z', model: 'priced-a', output: 2000},
				// Claude Code's `<synthetic>` notices use nothing: left out.
				{at: '2026-10-14T08:30:00Z', model: '<synthetic>', input: 0, output: 0},
			],
			price,
		);
		expect(buckets).toEqual([
			{hour: '2026-10-14T07', model: 'other', input: 5, output: 0, cache_write: 0, cache_read: 0, messages: 1, last: '2026-10-14T07:59:59.000Z'},
			{hour: '2026-10-14T07', model: 'priced-a', input: 101, output: 11, cache_write: 50, cache_read: 1000, messages: 2, usd: 1.162, last: '2026-10-14T07:12:00.000Z'},
			{hour: '2026-10-14T08', model: 'priced-a', input: 0, output: 2000, cache_write: 0, cache_read: 0, messages: 1, usd: 2, last: '2026-10-14T08:00:00.000Z'},
		]);
		// Without any time of its own, a message is put at the session's start; without a model, the session's.
		expect(bucketsOf([{input: 7}], price, {at: '2026-01-02T03:04:05Z', model: 'priced-b'})).toMatchObject([{hour: '2026-01-02T03', model: 'priced-b', input: 7, usd: 0.007}]);
		expect(bucketsOf([{input: 7}], price)).toEqual([]);
	});

	it('merges a session with its subagents: the same hour and model added up; a part without a price leaves the whole without one', () => {
		const a = bucketsOf([{at: '2026-10-14T09:00:00Z', model: 'priced-a', input: 1000}], price);
		const b = bucketsOf([{at: '2026-10-14T09:30:00Z', model: 'priced-a', input: 2000, cost_usd: 0.5}, {at: '2026-10-14T10:00:00Z', model: 'x', input: 3}], price);
		expect(mergeBuckets(a, b)).toEqual([
			{hour: '2026-10-14T09', model: 'priced-a', input: 3000, output: 0, cache_write: 0, cache_read: 0, messages: 2, usd: 3, recorded_usd: 0.5, last: '2026-10-14T09:30:00.000Z'},
			{hour: '2026-10-14T10', model: 'x', input: 3, output: 0, cache_write: 0, cache_read: 0, messages: 1, last: '2026-10-14T10:00:00.000Z'},
		]);
		expect(mergeBuckets(undefined, a)).toEqual(a);
	});

	it('labels a cost: exact only when the agent recorded it, ≈ for an estimate, "no price for" a model the table lacks (never $0)', () => {
		const buckets = bucketsOf([{at: '2026-10-14T09:00:00Z', model: 'priced-a', input: 4120}, {at: '2026-10-14T09:00:00Z', model: 'glm-4.6', input: 99}], price);
		expect(costLabel(costOf(buckets))).toBe('≈ $4.12 + no price for glm-4.6');
		expect(costLabel(sessionCost({usage: buckets, cost_usd: 3.5}))).toBe('$3.50');
		expect(costLabel(sessionCost({usage: bucketsOf([{at: '2026-10-14T09:00:00Z', model: 'glm-4.6', input: 9}], price)}))).toBe('no price for glm-4.6');
		expect(costLabel(sessionCost({usage: bucketsOf([{at: '2026-10-14T09:00:00Z', model: 'priced-a', input: 9, cost_usd: 0.25}], price)}))).toBe('$0.25');
		expect(costLabel(sessionCost({}))).toBe('');
		expect([formatUsd(1234.5), formatUsd(0.004), formatUsd(0)]).toEqual(['$1,234.50', '< $0.01', '$0.00']);
	});

	it('says which models a session used, most tokens first, and what share of its input came from the cache', () => {
		const buckets = bucketsOf([{at: '2026-10-14T09:00:00Z', model: 'small', input: 10}, {at: '2026-10-14T09:00:00Z', model: 'big', input: 10, cache_read: 90}], price);
		expect(modelsUsed(buckets)).toEqual(['big', 'small']);
		expect(cacheHitShare({input: 20, cache_read: 90, cache_write: 10})).toBe(0.75);
		expect(cacheHitShare({output: 5})).toBeUndefined();
	});
});
