import {z} from 'zod';

/**
 * The size limits of `drill mcp`, documented in the readme and in each tool's input schema
 * (`maxLength`, `maxItems`), so an agent sees them before it calls. A request line over
 * `maxRequestBytes` is answered with a JSON-RPC error and skipped; an argument over its limit is
 * a tool error that names the limit.
 */
export const limits = {
	/** One JSON-RPC message on stdio or one HTTP body. */
	maxRequestBytes: 8 * 1024 * 1024,
	query: 4096,
	nodeId: 4096,
	name: 256,
	/** One entry of a list (a scope, a reference, an issue, a plan field). */
	entry: 4096,
	listEntries: 200,
	/** Findings and a return payload. */
	text: 256 * 1024,
	batchIds: 100,
	/** The byte budget of one read_nodes call. */
	maxBudgetBytes: 1024 * 1024,
	/** How deep a message's objects and arrays may nest (no tool takes more than a few levels). */
	maxNesting: 64,
	/** HTTP: connections open at once (sessions' event streams included); past it a new one is closed as it arrives. */
	maxConnections: 256,
	/** HTTP: body bytes received and not yet handled, over all requests; past it a request is answered 503. */
	maxInFlightBodyBytes: 32 * 1024 * 1024,
	/** HTTP: a body that sends nothing for this long is answered 408 and its connection closed. */
	bodyIdleMs: 5_000,
	/**
	 * HTTP: a refused body (413, 503) is read on and dropped until its client pauses this long, at
	 * most `refusedDrainMaxMs`, before the answer: a connection closed with bytes unread is reset by
	 * the kernel, and the reset can reach the client before it has read the answer.
	 */
	refusedDrainPauseMs: 200,
	refusedDrainMaxMs: 2_000,
	/** HTTP: the whole request (headers and body) must arrive within this. */
	requestMs: 30_000,
} as const;

/** 4,096 — by hand: the first toLocaleString call loads ICU's locale data, ~40 ms of the server's start. */
const thousands = (value: number) => String(value).replace(/\B(?=(\d{3})+$)/gu, ',');

/** Text up to `max` characters, refused past it with a message that names the limit (shown as maxLength). */
export function boundedText(what: string, max: number): z.ZodString {
	return z.string().max(max, {error: `${what} is over the limit of ${thousands(max)} characters`});
}

/** The same limit, checked but left out of the JSON Schema (for the many small fields of a frame). */
export function checkedText(what: string, max: number = limits.entry) {
	return z.string().refine((value) => value.length <= max, {error: `${what} is over the limit of ${thousands(max)} characters`});
}

/** A list of up to `entries` texts, each up to `max` characters. */
export function boundedList(what: string, max: number = limits.entry, entries: number = limits.listEntries) {
	return z.array(checkedText(`each of ${what}`, max)).refine((list) => list.length <= entries, {error: `${what} is over the limit of ${thousands(entries)} entries`});
}
