import type {UsageGroup} from '../core/usage-report.js';
import type {Runtime} from '../runtime.js';
import type {UsageScreenData} from './usage-types.js';

/** What the usage screen reads: its window of days, and a day's sessions. */
export interface UsageService {
	screen(days: number, now?: Date): UsageScreenData;
	day(day: string): UsageGroup[];
}

const pad = (value: number) => String(value).padStart(2, '0');
/** A local day as YYYY-MM-DD. */
const localDay = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** This machine's zone as the screen names it: `local time (UTC+02:00)`. */
export function zoneName(now = new Date()): string {
	const minutes = -now.getTimezoneOffset();
	const sign = minutes < 0 ? '-' : '+';
	return `local time (UTC${sign}${pad(Math.floor(Math.abs(minutes) / 60))}:${pad(Math.abs(minutes) % 60)})`;
}

const zero = (key: string): UsageGroup => ({key, sessions: 0, messages: 0, input: 0, output: 0, cache_write: 0, cache_read: 0, total_tokens: 0, cost: {exact: false}, models: []});

/** The screen's reads over the runtime, in this machine's time zone (the week's rhythm is the person's). */
export function usageOver(runtime: Runtime): UsageService {
	return {
		screen(count, now = new Date()) {
			// The window ends today, or on the last day with use when there was none in it.
			const hour = runtime.usageLatest();
			const latest = hour ? localDay(new Date(`${hour}:00:00Z`)) : undefined;
			const start = (end: Date) => new Date(end.getFullYear(), end.getMonth(), end.getDate() - (count - 1));
			let end = now;
			if (latest && latest < localDay(start(now))) {
				const [year, month, date] = latest.split('-').map(Number) as [number, number, number];
				end = new Date(year, month - 1, date);
			}
			const first = start(end);
			const filter = {since: localDay(first), until: localDay(end), timezone: 'local'};
			const byDay = runtime.usage({...filter, by: 'day'});
			const found = new Map(byDay.groups.map((group) => [group.key, group]));
			const days: UsageGroup[] = [];
			for (let index = 0; index < count; index++) {
				const key = localDay(new Date(first.getFullYear(), first.getMonth(), first.getDate() + index));
				days.push(found.get(key) ?? zero(key));
			}
			return {
				days,
				agents: runtime.usage({...filter, by: 'agent', limit: 6}).groups,
				projects: runtime.usage({...filter, by: 'project', limit: 6}).groups,
				activity: runtime.usageActivity(filter),
				total: byDay.total,
				zone: zoneName(now),
			};
		},
		day: (day) => runtime.usage({since: day, until: day, timezone: 'local', by: 'session', limit: 50}).groups,
	};
}
