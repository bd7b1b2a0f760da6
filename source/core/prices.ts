import {createRequire} from 'node:module';
import type {calcPrice as CalcPrice} from '@pydantic/genai-prices';
import type {MessageUsage} from './usage.js';

/**
 * What a message cost, estimated from `@pydantic/genai-prices` (a maintained price table, pinned
 * in package.json and read from the package: nothing is fetched). Tiered prices (Claude Sonnet 4.x
 * and Gemini 2.5 Pro above 200k input tokens, OpenAI above 272k) apply per request, as the
 * providers bill them, and dated prices by the message's time.
 *
 * The package is loaded on the first price asked for, not when this module is (it takes ~50 ms),
 * and kept out of the bundle (scripts/build.mjs): only ingest and store writes ask for prices.
 */

let calc: typeof CalcPrice | undefined;
function calcPrice(): typeof CalcPrice {
	calc ??= (createRequire(import.meta.url)('@pydantic/genai-prices') as {calcPrice: typeof CalcPrice}).calcPrice;
	return calc;
}

/** USD per token of each kind, for one model, hour and price tier. */
interface Rates {
	input: number;
	output: number;
	cache_read: number;
	cache_write: number;
	cache_write_1h: number;
}

/** A model's prices in one hour: the tier starts (input tokens) and the rates of each tier found so far. */
interface ModelHour {
	starts: number[];
	tiers: Map<number, Rates>;
}

const known = new Map<string, ModelHour | null>();
const maxKnown = 20_000;

/** The names to look a model up by: as logged, then without a `provider/` prefix or a `[1m]`-style suffix. */
function candidates(model: string): string[] {
	const names = [model];
	const bare = model.replace(/\[[^\]]*\]$/u, '');
	if (bare !== model) names.push(bare);
	const slash = bare.lastIndexOf('/');
	if (slash >= 0 && slash < bare.length - 1) names.push(bare.slice(slash + 1));
	return names;
}

function modelHour(model: string, hour: string): ModelHour | null {
	const key = `${model}\u0000${hour}`;
	const cached = known.get(key);
	if (cached !== undefined) return cached;
	if (known.size >= maxKnown) known.clear();
	const timestamp = new Date(`${hour}:30:00Z`);
	let found: ModelHour | null = null;
	for (const name of candidates(model)) {
		let result: ReturnType<typeof CalcPrice> = null;
		try {
			result = calcPrice()({input_tokens: 1}, name, {timestamp});
		} catch {
			result = null;
		}
		if (!result) continue;
		const starts = new Set<number>();
		for (const value of Object.values(result.model_price)) {
			if (typeof value === 'object' && value !== null && Array.isArray(value.tiers)) for (const tier of value.tiers) starts.add(tier.start);
		}
		found = {starts: [...starts].sort((a, b) => a - b), tiers: new Map()};
		nameOf.set(key, name);
		break;
	}
	known.set(key, found);
	return found;
}

const nameOf = new Map<string, string>();

/**
 * The rates of a tier, found by asking the table for requests of `inputTotal` input tokens (which
 * lie in that tier) of each kind alone: a price is linear in the counts within a tier.
 */
function ratesOf(model: string, hour: string, entry: ModelHour, tier: number, inputTotal: number): Rates {
	const cached = entry.tiers.get(tier);
	if (cached) return cached;
	const name = nameOf.get(`${model}\u0000${hour}`) ?? model;
	const timestamp = new Date(`${hour}:30:00Z`);
	const n = Math.max(1, inputTotal);
	const total = (usage: Record<string, number>) => calcPrice()(usage, name, {timestamp})?.total_price ?? 0;
	const input = total({input_tokens: n}) / n;
	const outputCount = 1_000_000;
	const rates: Rates = {
		input,
		output: (total({input_tokens: n, output_tokens: outputCount}) - input * n) / outputCount,
		cache_read: total({input_tokens: n, cache_read_tokens: n}) / n,
		cache_write: total({input_tokens: n, cache_write_tokens: n}) / n,
		cache_write_1h: total({input_tokens: n, cache_write_tokens: n, cache_write_1h_tokens: n}) / n,
	};
	entry.tiers.set(tier, rates);
	return rates;
}

/** A message's estimated price, USD; undefined when the price table does not know its model. */
export function estimateUsd(message: MessageUsage & {model: string; at: string}): number | undefined {
	const hour = message.at.slice(0, 13);
	const entry = modelHour(message.model, hour);
	if (!entry) return undefined;
	const input = message.input ?? 0;
	const cacheRead = message.cache_read ?? 0;
	const cacheWrite = message.cache_write ?? 0;
	const oneHour = Math.min(cacheWrite, message.cache_write_1h ?? 0);
	// The table's input is all of the prompt: what was read from and written to the cache is part of it.
	const inputTotal = input + cacheRead + cacheWrite;
	// A tier applies when the prompt is larger than its start.
	const tier = entry.starts.filter((start) => inputTotal > start).length;
	const rates = ratesOf(message.model, hour, entry, tier, inputTotal);
	return input * rates.input + (message.output ?? 0) * rates.output + cacheRead * rates.cache_read + (cacheWrite - oneHour) * rates.cache_write + oneHour * rates.cache_write_1h;
}
