import {totalTokens} from '../core/item-source.js';
import {estimateUsd} from '../core/prices.js';
import {bucketsOf, type MessageUsage, type UsageBucket} from '../core/usage.js';
import type {ParsedSource} from './model.js';

/**
 * What a session's messages used, as its reader found them; a log that records only the session's
 * totals (Gemini's stream-json result, Goose, Crush) gives them as one message at the session's start.
 */
export function messagesOf(parsed: ParsedSource): MessageUsage[] {
	if (parsed.usage?.length) return parsed.usage;
	const provenance = parsed.facts.provenance;
	if (!provenance?.tokens || totalTokens(provenance.tokens) === null) return [];
	const at = provenance.started_at ?? parsed.facts.generatedAt;
	return [{...(at ? {at} : {}), ...(provenance.model ? {model: provenance.model} : {}), ...provenance.tokens}];
}

/** The session's usage per UTC hour and model, priced (core/prices.ts); undefined when the log records no tokens. */
export function usageBuckets(parsed: ParsedSource, fallbackAt?: string): UsageBucket[] | undefined {
	const messages = messagesOf(parsed);
	if (messages.length === 0) return undefined;
	const provenance = parsed.facts.provenance;
	const at = provenance?.started_at ?? parsed.facts.generatedAt ?? fallbackAt;
	const buckets = bucketsOf(messages, estimateUsd, {...(at ? {at} : {}), ...(provenance?.model ? {model: provenance.model} : {})});
	return buckets.length > 0 ? buckets : undefined;
}
