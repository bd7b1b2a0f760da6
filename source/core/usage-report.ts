import type {CostView} from './usage.js';

/**
 * The shapes of `drill usage`'s answer (store/usage-report.ts computes them): the same for the
 * CLI's --json, the MCP tool `usage` and the app's usage screen.
 */

export const usageGroupings = ['day', 'week', 'month', 'session', 'project', 'agent', 'model'] as const;
export type UsageGrouping = (typeof usageGroupings)[number];

export interface UsageFilter {
	/** First and last day (YYYY-MM-DD, in the time zone), both included. */
	since?: string;
	until?: string;
	agent?: string;
	project?: string;
	model?: string;
	/** `UTC` (the default), `local` (this machine's zone, summer time included), or a fixed offset such as `+05:30`. */
	timezone?: string;
}

/** Tokens and cost of a group of rows. */
export interface UsageTotals {
	sessions: number;
	messages: number;
	input: number;
	output: number;
	cache_write: number;
	cache_read: number;
	total_tokens: number;
	cost: CostView;
	/** The models used, by name (not listed for days, weeks and months: a second distinct count of every row). */
	models: string[];
}

export interface UsageGroup extends UsageTotals {
	/** The day (YYYY-MM-DD), week (its Monday), month (YYYY-MM), or the session's id, project, agent or model. */
	key: string;
	/** A session's title, start and agent; a project's, agent's or model's nothing more. */
	title?: string;
	started_at?: string;
	agent?: string;
	project?: string;
	/** ISO: the first and last hour with use in the group. */
	first?: string;
	last?: string;
}

export interface UsageReport {
	by: UsageGrouping;
	timezone: string;
	since?: string;
	until?: string;
	groups: UsageGroup[];
	/** Groups left out by the limit (the totals count them): the earliest periods, else the last of the order. */
	more: number;
	total: UsageTotals;
}

export interface ReportOptions extends UsageFilter {
	by: UsageGrouping;
	/** At most this many groups (periods: the most recent; sessions: the most recent; the others: the costliest); default all. */
	limit?: number;
}

/** One of Claude's 5-hour blocks (as ccusage defines them): from the hour of its first message, five hours. */
export interface UsageBlock extends UsageTotals {
	start: string;
	end: string;
	/** ISO: the last message in it. */
	last?: string;
	/** Still open: its last message is less than five hours ago and its end not yet come. */
	active: boolean;
	/** Five hours or more without a message between two blocks. */
	gap: boolean;
}

