import {createRequire} from 'node:module';
import {describe, expect, it} from 'vitest';
import {estimateUsd} from '../../source/core/prices.js';

const {calcPrice} = createRequire(import.meta.url)('@pydantic/genai-prices') as typeof import('@pydantic/genai-prices');
const at = '2026-10-14T09:12:00.000Z';

describe('estimateUsd', () => {
	it('gives the price table\'s own answer per request, cache reads and writes at their rates, tiers by the whole prompt', () => {
		const cases = [
			{model: 'claude-sonnet-4-5-20250929', input: 10, output: 200, cache_read: 5000, cache_write: 700},
			// Above 200k input tokens Sonnet 4.5 is billed at its long-context rates, for the whole request.
			{model: 'claude-sonnet-4-5-20250929', input: 2000, output: 900, cache_read: 250_000, cache_write: 1000},
			{model: 'claude-opus-4-1-20250805', input: 3, output: 50, cache_read: 0, cache_write: 20_000, cache_write_1h: 20_000},
			{model: 'gpt-5-codex', input: 1200, output: 300, cache_read: 8000, cache_write: 0},
			{model: 'gemini-2.5-pro', input: 60_000, output: 1000, cache_read: 190_000, cache_write: 0},
			{model: 'gemini-2.5-flash', input: 1000, output: 10, cache_read: 0, cache_write: 0},
		];
		for (const message of cases) {
			const expected = calcPrice(
				{input_tokens: message.input + message.cache_read + message.cache_write, output_tokens: message.output, cache_read_tokens: message.cache_read, cache_write_tokens: message.cache_write, cache_write_1h_tokens: message.cache_write_1h ?? 0},
				message.model,
				{timestamp: new Date(at)},
			)!.total_price;
			expect(estimateUsd({...message, at}), message.model).toBeCloseTo(expected, 10);
		}
		// By hand: Sonnet 4.5 at $3 in, $15 out, $0.30 cache read, $3.75 cache write per million tokens.
		expect(estimateUsd({model: 'claude-sonnet-4-5-20250929', at, input: 1_000_000, output: 1_000_000, cache_read: 0, cache_write: 0})).toBeCloseTo(6 + 22.5, 6);
		expect(estimateUsd({model: 'claude-sonnet-4-5-20250929', at, input: 100_000, output: 100_000, cache_read: 0, cache_write: 0})).toBeCloseTo(0.3 + 1.5, 6);
	});

	it('has no price (not $0) for a model the table does not know', () => {
		expect(estimateUsd({model: 'glm-4.6-local', at, input: 1000, output: 10})).toBeUndefined();
		expect(estimateUsd({model: '<synthetic>', at, input: 0, output: 0})).toBeUndefined();
	});

	it('finds a model named with its provider or a context suffix', () => {
		const plain = estimateUsd({model: 'claude-sonnet-4-5', at, input: 1000, output: 100});
		expect(plain).toBeGreaterThan(0);
		expect(estimateUsd({model: 'anthropic/claude-sonnet-4-5', at, input: 1000, output: 100})).toBeCloseTo(plain!, 12);
		expect(estimateUsd({model: 'claude-sonnet-4-5[1m]', at, input: 1000, output: 100})).toBeCloseTo(plain!, 12);
	});
});
