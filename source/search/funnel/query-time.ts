import {monthNames, namedPeriod, timeBound, type Period, type TimeBounds} from './time-range.js';

/**
 * A date said in a query's words ("on 13 October 2023", "in June", "last week", "3 days ago"):
 * items of that time that match the query rank first. A month named without a year is the latest
 * such month the store reaches (`month`, resolved against the store's newest item).
 */
export interface DateMention {
	/** The words that said it, as typed. */
	said: string;
	period?: Period;
	/** 0–11: a month named without a year. */
	month?: number;
}

export interface QueryTime {
	/** The query without its `after:`/`before:` words: what is searched. */
	text: string;
	/** What `after:`/`before:` narrowed the search to. */
	bounds: TimeBounds;
	mention?: DateMention;
}

const month = `(${monthNames.join('|')}|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)\\.?`;
const ordinal = '(\\d{1,2})(?:st|nd|rd|th)?';
const counts: Record<string, number> = {a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10};

const monthIndex = (name: string) => monthNames.findIndex((full) => full.startsWith(name.toLowerCase().replace(/\.$/u, '').slice(0, 3)));
const dayOf = (year: number, monthAt: number, date: number): Period | undefined =>
	date >= 1 && date <= 31 ? {start: new Date(year, monthAt, date).getTime(), end: new Date(year, monthAt, date + 1).getTime()} : undefined;

/** The mention patterns, most specific first: each gives the period (or month) a match names. */
const patterns: Array<{pattern: RegExp; period: (match: RegExpExecArray, now: number) => Omit<DateMention, 'said'> | undefined}> = [
	{pattern: new RegExp(`\\b${ordinal}(?:\\s+of)?\\s+${month},?\\s+(\\d{4})\\b`, 'iu'), period: (m) => ({period: dayOf(Number(m[3]), monthIndex(m[2]!), Number(m[1]))})},
	{pattern: new RegExp(`\\b${month}\\s+${ordinal},?\\s+(\\d{4})\\b`, 'iu'), period: (m) => ({period: dayOf(Number(m[3]), monthIndex(m[1]!), Number(m[2]))})},
	{pattern: /\b(\d{4})-(\d{2})-(\d{2})\b/u, period: (m) => (Number(m[2]) >= 1 && Number(m[2]) <= 12 ? {period: dayOf(Number(m[1]), Number(m[2]) - 1, Number(m[3]))} : undefined)},
	{pattern: new RegExp(`\\b${month},?\\s+(\\d{4})\\b`, 'iu'), period: (m) => ({period: {start: new Date(Number(m[2]), monthIndex(m[1]!), 1).getTime(), end: new Date(Number(m[2]), monthIndex(m[1]!) + 1, 1).getTime()}})},
	{pattern: new RegExp(`\\b(?:(?:in|during|since|on|of|early|late)\\s+|mid-?\\s*)(${monthNames.join('|')})\\b`, 'iu'), period: (m) => ({month: monthIndex(m[1]!)})},
	{pattern: /\b(?:in|during)\s+((?:19|20)\d{2})\b/iu, period: (m) => ({period: {start: new Date(Number(m[1]), 0, 1).getTime(), end: new Date(Number(m[1]) + 1, 0, 1).getTime()}})},
	{pattern: /\b(today|yesterday|(?:this|last) (?:week|month|year))\b/iu, period: (m, now) => ({period: namedPeriod(m[1]!, now)})},
	{
		pattern: /\b(\d{1,3}|an?|one|two|three|four|five|six|seven|eight|nine|ten) (day|week|month)s? ago\b/iu,
		period: (m, now) => {
			const count = counts[m[1]!.toLowerCase()] ?? Number(m[1]);
			const unit = m[2]!.toLowerCase();
			const date = new Date(now);
			if (unit === 'day') return {period: dayOf(date.getFullYear(), date.getMonth(), date.getDate() - count)};
			if (unit === 'month') return {period: {start: new Date(date.getFullYear(), date.getMonth() - count, 1).getTime(), end: new Date(date.getFullYear(), date.getMonth() - count + 1, 1).getTime()}};
			const week = namedPeriod('this week', now)!;
			return {period: {start: week.start - count * 7 * 86_400_000, end: week.end - count * 7 * 86_400_000}};
		},
	},
];

/**
 * Words one of which every mention pattern needs (or else a digit): the month names' first three
 * letters, and the words of "today", "yesterday", "this week", "3 days ago".
 */
const mentionWords = /jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|today|yesterday|week|month|year|ago|[0-9]/u;

/**
 * Whether `text` can hold a mention at all: most queries say no date, and the patterns (case
 * folded across Unicode) cost a first query ~8 ms to compile. Folded as the patterns fold it: 'ſ'
 * (U+017F) and the Kelvin sign (U+212A) match 's' and 'k' there (toLowerCase already gives 'k').
 */
export function mayMentionDate(text: string): boolean {
	return mentionWords.test(text.toLowerCase().replaceAll('\u017f', 's'));
}

/** The first date the query's words say, if any. */
export function dateMention(text: string, now: number): DateMention | undefined {
	if (!mayMentionDate(text)) return undefined;
	for (const {pattern, period} of patterns) {
		const match = pattern.exec(text);
		if (!match) continue;
		const found = period(match, now);
		if (found && (found.period || found.month !== undefined)) return {said: match[0], ...found};
	}
	return undefined;
}

/**
 * `after:WHEN` and `before:WHEN` taken out of a query (WHEN as `--since` takes it, one word:
 * `after:2025-03`, `before:7d`, `after:last-week`), and the date its other words say. A WHEN
 * that is no time is refused, naming the forms that are.
 */
export function queryTime(query: string, now: number): QueryTime {
	let bounds: TimeBounds = {};
	const text = query.replace(/(^|\s)(after|before):(\S+)/giu, (_whole, lead: string, kind: string, when: string) => {
		const lower = kind.toLowerCase();
		const bound = timeBound(lower === 'after' ? 'since' : 'before', when, now, `${lower}:`);
		bounds = lower === 'after' ? {...bounds, since: bounds.since && bounds.since > bound ? bounds.since : bound} : {...bounds, until: bounds.until && bounds.until < bound ? bounds.until : bound};
		return lead;
	});
	const mention = dateMention(text, now);
	return {text: text.replace(/\s+/gu, ' ').trim(), bounds, ...(mention ? {mention} : {})};
}

/** The period a mention names; a month without a year is the latest such month not after `newest` (the store's newest item, else now). */
export function mentionPeriod(mention: DateMention, newest: number): Period | undefined {
	if (mention.period) return mention.period;
	if (mention.month === undefined) return undefined;
	const latest = new Date(newest);
	const year = mention.month <= latest.getMonth() ? latest.getFullYear() : latest.getFullYear() - 1;
	return {start: new Date(year, mention.month, 1).getTime(), end: new Date(year, mention.month + 1, 1).getTime()};
}
