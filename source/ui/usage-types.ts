import type {UsageGroup, UsageTotals} from '../core/usage-report.js';

/** The usage screen's state (usage-state.ts changes it), in a module of its own so app-types.ts can name it. */

/** What the usage screen shows: the last days, the agents and projects over them, the week's rhythm. */
export interface UsageScreenData {
	/** Every day of the window, oldest first (days without use included, at zero). */
	days: UsageGroup[];
	agents: UsageGroup[];
	projects: UsageGroup[];
	/** Sessions at work per weekday (Sunday 0) and hour. */
	activity: number[][];
	total: UsageTotals;
	/** How the days are counted: `local time (UTC+02:00)`. */
	zone: string;
}

export interface UsageScreenState {
	status: 'loading' | 'ready' | 'failed';
	data?: UsageScreenData;
	error?: string;
	/** What the chart shows. */
	metric: 'cost' | 'tokens';
	/** The selected day (an index into data.days). */
	day: number;
	/** The selected day's sessions, once read, and the one selected. */
	sessions?: {day: string; groups: UsageGroup[]};
	session: number;
	scroll: number;
	/** The view follows the selected session (↑↓) rather than where the reader scrolled (PgUp/PgDn). */
	follow: boolean;
	/** Numbers the loads: an answer for any but the latest is dropped. */
	sequence: number;
}

export const emptyUsage: UsageScreenState = {status: 'loading', metric: 'cost', day: 0, session: 0, scroll: 0, follow: false, sequence: 0};

