import {DrillError} from '../../core/errors.js';

/**
 * Times a search can be narrowed to or prefer: what `--since`/`--until`, the query's
 * `after:`/`before:` and a date said in the query's words name. A period is [start, end) in ms
 * since the epoch; days, weeks (from Monday), months and years are the machine's local ones.
 */
export interface Period {
	start: number;
	end: number;
}

/** Items overlapping [since, until): ISO 8601 instants, either open. */
export interface TimeBounds {
	since?: string;
	until?: string;
}

const day = 86_400_000;
export const monthNames = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

const startOfDay = (at: number) => {
	const date = new Date(at);
	return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
};
const monthPeriod = (year: number, month: number): Period => ({start: new Date(year, month, 1).getTime(), end: new Date(year, month + 1, 1).getTime()});
const dayPeriod = (year: number, month: number, date: number): Period => ({start: new Date(year, month, date).getTime(), end: new Date(year, month, date + 1).getTime()});

/** today, yesterday, this/last week, month or year, around `now`. */
export function namedPeriod(name: string, now: number): Period | undefined {
	const today = startOfDay(now);
	const date = new Date(now);
	const monday = today - ((date.getDay() + 6) % 7) * day;
	switch (name.toLowerCase().replace(/[\s_-]+/gu, ' ').trim()) {
		case 'today':
			return {start: today, end: today + day};
		case 'yesterday':
			return {start: today - day, end: today};
		case 'this week':
			return {start: monday, end: monday + 7 * day};
		case 'last week':
			return {start: monday - 7 * day, end: monday};
		case 'this month':
			return monthPeriod(date.getFullYear(), date.getMonth());
		case 'last month':
			return monthPeriod(date.getFullYear(), date.getMonth() - 1);
		case 'this year':
			return {start: new Date(date.getFullYear(), 0, 1).getTime(), end: new Date(date.getFullYear() + 1, 0, 1).getTime()};
		case 'last year':
			return {start: new Date(date.getFullYear() - 1, 0, 1).getTime(), end: new Date(date.getFullYear(), 0, 1).getTime()};
		default:
			return undefined;
	}
}

const unitMs: Record<string, number> = {h: 3_600_000, d: day, w: 7 * day};

/** `7d`, `12h`, `2w`, `3mo`, `1y`: the instant that long before `now`. */
function durationBack(text: string, now: number): number | undefined {
	const match = /^(\d{1,5})\s*(h|d|w|mo|y)$/u.exec(text.toLowerCase());
	if (!match) return undefined;
	const count = Number(match[1]);
	const unit = match[2]!;
	if (unit in unitMs) return now - count * unitMs[unit]!;
	const date = new Date(now);
	return unit === 'mo' ? new Date(date.getFullYear(), date.getMonth() - count, date.getDate(), date.getHours(), date.getMinutes()).getTime() : new Date(date.getFullYear() - count, date.getMonth(), date.getDate(), date.getHours(), date.getMinutes()).getTime();
}

/** `2025`, `2025-03`, `2025-03-14` (local periods) or a full ISO time (`2025-03-14T09:30Z`: an instant). */
function isoPeriod(text: string): Period | undefined {
	const match = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/u.exec(text);
	if (match) {
		const [year, month, date] = [Number(match[1]), match[2] ? Number(match[2]) - 1 : undefined, match[3] ? Number(match[3]) : undefined];
		if (month !== undefined && (month < 0 || month > 11)) return undefined;
		if (date !== undefined && (date < 1 || date > 31)) return undefined;
		if (date !== undefined) return dayPeriod(year, month!, date);
		if (month !== undefined) return monthPeriod(year, month);
		return {start: new Date(year, 0, 1).getTime(), end: new Date(year + 1, 0, 1).getTime()};
	}
	if (!/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/u.test(text)) return undefined;
	const at = new Date(text).getTime();
	return Number.isNaN(at) ? undefined : {start: at, end: at};
}

/** One time as `--since`/`--until` and `after:`/`before:` take it: a period, or an instant (start = end). */
export function parseTime(text: string, now: number): Period | undefined {
	const trimmed = text.trim();
	const back = durationBack(trimmed, now);
	if (back !== undefined) return {start: back, end: back};
	return isoPeriod(trimmed) ?? namedPeriod(trimmed, now);
}

const timeForms = 'an ISO date (2025-03-14, 2025-03), a span back from now (12h, 7d, 2w, 3mo, 1y), or today, yesterday, this week, last week, this month, last month';

/**
 * A bound given by name: `since` starts at the period's start (`--since 2025-03` is from 1 March
 * on), `until` ends at its end (`--until 2025-03-14` takes in that day) — and `before` ends at its
 * start (`before:2025-03-14` is the days before it).
 */
export function timeBound(kind: 'since' | 'until' | 'before', text: string, now: number, name = `--${kind}`): string {
	const period = typeof text === 'string' ? parseTime(text, now) : undefined;
	if (!period) throw new DrillError('bad_argument', `${name} ${JSON.stringify(text)} is not a time`, `use ${timeForms}`);
	return new Date(kind === 'until' ? period.end : period.start).toISOString();
}

/** Both bounds at once (the later since, the earlier until). */
export function intersectBounds(a: TimeBounds, b: TimeBounds): TimeBounds {
	const since = [a.since, b.since].filter((value): value is string => Boolean(value)).sort().at(-1);
	const until = [a.until, b.until].filter((value): value is string => Boolean(value)).sort()[0];
	return {...(since ? {since} : {}), ...(until ? {until} : {})};
}

/** How many days after a day are searched when no item of the day matches (see followingDays). */
export const followingDayCount = 7;

/**
 * The week after a single day: where a conversation tells what happened that day ("yesterday I…",
 * "last week we…"). Undefined for a longer time, or bounds that are not one day.
 */
export function followingDays(bounds: TimeBounds): TimeBounds | undefined {
	if (!bounds.since || !bounds.until) return undefined;
	const start = Date.parse(bounds.since);
	const end = Date.parse(bounds.until);
	// A calendar day is 23 to 25 hours across a change of summer time.
	if (!(end > start && end - start <= day + 3_600_000)) return undefined;
	return {since: bounds.until, until: new Date(end + followingDayCount * day).toISOString()};
}
