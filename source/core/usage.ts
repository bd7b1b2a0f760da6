/**
 * Usage at message granularity: what each message of a session used (input, output, cache
 * writes and cache reads, counted once per message), folded into one bucket per UTC hour and
 * model. The buckets are part of an item's provenance (`source.usage`), so they travel with the
 * item (export, import, team push and pull); the store keeps a row per bucket for `drill usage`.
 */

/** The four kinds of tokens the price tables charge apart. */
export const tokenKinds = ['input', 'output', 'cache_write', 'cache_read'] as const;
export type TokenKind = (typeof tokenKinds)[number];
export type TokenCounts = Record<TokenKind, number>;

/** What one message used, as a reader finds it in the log. Input is what was not read from the cache. */
export interface MessageUsage {
	/** ISO 8601: when the message was made. Without it, the session's start. */
	at?: string;
	model?: string;
	input?: number;
	output?: number;
	cache_read?: number;
	cache_write?: number;
	/** Of `cache_write`, what was written to Anthropic's one-hour cache (priced higher). */
	cache_write_1h?: number;
	/** What the agent itself recorded this message cost, USD. */
	cost_usd?: number;
	/**
	 * A forked Codex thread's count: how many units its conversation had when the count was made
	 * (what the fork copied from its parent is left out by it, see ingest/tree/subagents.ts).
	 */
	units?: number;
}

/** One UTC hour of one model's use in a session. */
export interface UsageBucket extends TokenCounts {
	/** `YYYY-MM-DDTHH`, UTC. */
	hour: string;
	/** The model as the log names it; "" when it names none. */
	model: string;
	messages: number;
	/** drill's estimate, USD, from the price table; absent when the table has no price for the model. */
	usd?: number;
	/** What the agent recorded these messages cost, USD. */
	recorded_usd?: number;
	/** ISO 8601: the last message of the hour (5-hour blocks end there). */
	last?: string;
}

/** A message's price, USD, or undefined when the model has none. */
export type PriceOf = (message: MessageUsage & {model: string; at: string}) => number | undefined;

const count = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.round(value) : 0);

/** The UTC hour of an ISO time (`2026-10-14T09`), or undefined for something that is no time. */
export function hourOf(iso: string | undefined): string | undefined {
	if (!iso) return undefined;
	const time = Date.parse(iso);
	return Number.isFinite(time) ? new Date(time).toISOString().slice(0, 13) : undefined;
}

/**
 * Messages folded into hourly buckets per model, each priced by `price` (a message without a
 * time takes the last one before it, else `fallbackAt`). Messages that used no tokens (Claude
 * Code's `<synthetic>` notices) are left out.
 */
export function bucketsOf(messages: readonly MessageUsage[], price: PriceOf, fallback: {at?: string; model?: string} = {}): UsageBucket[] {
	const buckets = new Map<string, UsageBucket>();
	let lastAt = fallback.at;
	for (const message of messages) {
		const own = message.at && hourOf(message.at) ? new Date(Date.parse(message.at)).toISOString() : undefined;
		if (own) lastAt = own;
		const at = own ?? lastAt;
		const hour = hourOf(at);
		const tokens: TokenCounts = {input: count(message.input), output: count(message.output), cache_write: count(message.cache_write), cache_read: count(message.cache_read)};
		const recorded = typeof message.cost_usd === 'number' && Number.isFinite(message.cost_usd) && message.cost_usd >= 0 ? message.cost_usd : undefined;
		if (!hour || !at || (tokens.input + tokens.output + tokens.cache_write + tokens.cache_read === 0 && !recorded)) continue;
		const model = (message.model ?? fallback.model ?? '').trim();
		const key = `${hour}\u0000${model}`;
		let bucket = buckets.get(key);
		if (!bucket) {
			bucket = {hour, model, input: 0, output: 0, cache_write: 0, cache_read: 0, messages: 0};
			buckets.set(key, bucket);
		}
		for (const kind of tokenKinds) bucket[kind] += tokens[kind];
		bucket.messages++;
		if (!bucket.last || at > bucket.last) bucket.last = at;
		// One model, one hour: priced for every message of the bucket or for none.
		const usd = model ? price({...message, ...tokens, model, at}) : undefined;
		if (usd !== undefined) bucket.usd = (bucket.usd ?? 0) + usd;
		if (recorded !== undefined) bucket.recorded_usd = (bucket.recorded_usd ?? 0) + recorded;
	}
	return [...buckets.values()].sort((a, b) => (a.hour === b.hour ? a.model.localeCompare(b.model) : a.hour < b.hour ? -1 : 1));
}

/** Two lists of buckets as one (a session and its subagents): the same hour and model added up. */
export function mergeBuckets(a: readonly UsageBucket[] | undefined, b: readonly UsageBucket[] | undefined): UsageBucket[] | undefined {
	if (!a?.length) return b?.length ? b.map((bucket) => ({...bucket})) : undefined;
	if (!b?.length) return [...a];
	const merged = new Map(a.map((bucket) => [`${bucket.hour}\u0000${bucket.model}`, {...bucket}]));
	for (const bucket of b) {
		const key = `${bucket.hour}\u0000${bucket.model}`;
		const into = merged.get(key);
		if (!into) {
			merged.set(key, {...bucket});
			continue;
		}
		for (const kind of tokenKinds) into[kind] += bucket[kind];
		into.messages += bucket.messages;
		// A price known for one part only is no price for the whole.
		if (into.usd !== undefined && bucket.usd !== undefined) into.usd += bucket.usd;
		else delete into.usd;
		if (bucket.recorded_usd !== undefined) into.recorded_usd = (into.recorded_usd ?? 0) + bucket.recorded_usd;
		if (bucket.last && (!into.last || bucket.last > into.last)) into.last = bucket.last;
	}
	return [...merged.values()].sort((x, y) => (x.hour === y.hour ? x.model.localeCompare(y.model) : x.hour < y.hour ? -1 : 1));
}

export const bucketTokens = (bucket: TokenCounts): number => bucket.input + bucket.output + bucket.cache_write + bucket.cache_read;

/** What something cost: the sum, whether the agent recorded all of it, and the models no price is known for. */
export interface CostView {
	/** USD: what the agent recorded where it did, drill's estimate elsewhere; absent when nothing could be priced. */
	usd?: number;
	/** Every part of it was recorded by the agent itself (not an estimate). */
	exact: boolean;
	/** Models that used tokens but have no price (their tokens are not in `usd`). */
	unpriced?: string[];
}

/**
 * A session's cost from its provenance: the total the agent recorded (`cost_usd`), else its
 * buckets (recorded costs where the agent gave them per message, estimates elsewhere).
 */
export function sessionCost(source: {cost_usd?: number; usage?: readonly UsageBucket[]} | undefined): CostView | undefined {
	if (!source) return undefined;
	if (typeof source.cost_usd === 'number') return {usd: source.cost_usd, exact: true};
	if (!source.usage?.length) return undefined;
	return costOf(source.usage);
}

/** The cost of a list of buckets (or rows shaped like them). */
export function costOf(buckets: Iterable<Pick<UsageBucket, 'usd' | 'recorded_usd' | 'model' | TokenKind>>): CostView | undefined {
	let usd: number | undefined;
	let exact = true;
	let any = false;
	const unpriced = new Set<string>();
	for (const bucket of buckets) {
		any = true;
		const part = bucket.recorded_usd ?? bucket.usd;
		if (bucket.recorded_usd === undefined) exact = false;
		if (part === undefined) {
			if (bucketTokens(bucket) > 0) unpriced.add(bucket.model || 'an unnamed model');
			continue;
		}
		usd = (usd ?? 0) + part;
	}
	if (!any) return undefined;
	return {...(usd === undefined ? {} : {usd}), exact: exact && usd !== undefined, ...(unpriced.size > 0 ? {unpriced: [...unpriced].sort()} : {})};
}

/** Dollars as people read them: `$4.12`, `$1,234.50`, `< $0.01` (by hand: toLocaleString's first call costs ~40 ms). */
export function formatUsd(usd: number): string {
	if (usd > 0 && usd < 0.005) return '< $0.01';
	const [whole, cents] = usd.toFixed(2).split('.') as [string, string];
	return `$${whole.replace(/\B(?=(?:\d{3})+$)/gu, ',')}.${cents}`;
}

/**
 * A cost as a line says it: `$4.12` when the agent recorded it, `≈ $4.12` for drill's estimate,
 * `no price for glm-4.6` (never $0) for a model the price table does not know, both when a part of
 * it has no price.
 */
export function costLabel(cost: CostView | undefined): string {
	if (!cost) return '';
	const parts: string[] = [];
	if (cost.usd !== undefined) parts.push(cost.exact ? formatUsd(cost.usd) : `≈ ${formatUsd(cost.usd)}`);
	if (cost.unpriced?.length) parts.push(`no price for ${cost.unpriced.slice(0, 3).join(', ')}${cost.unpriced.length > 3 ? ` and ${cost.unpriced.length - 3} more` : ''}`);
	return parts.join(' + ');
}

/** The models a session used, most tokens first. */
export function modelsUsed(usage: readonly UsageBucket[] | undefined): string[] {
	const tokens = new Map<string, number>();
	for (const bucket of usage ?? []) if (bucket.model) tokens.set(bucket.model, (tokens.get(bucket.model) ?? 0) + bucketTokens(bucket));
	return [...tokens].sort((a, b) => b[1] - a[1]).map(([model]) => model);
}

/** The share of the input that was read from the cache (cache reads over all input); undefined without input. */
export function cacheHitShare(tokens: Partial<TokenCounts> | undefined): number | undefined {
	if (!tokens) return undefined;
	const read = tokens.cache_read ?? 0;
	const all = read + (tokens.input ?? 0) + (tokens.cache_write ?? 0);
	return all > 0 ? read / all : undefined;
}
