import {describe, expect, it} from 'vitest';
import {dateMention, mayMentionDate, mentionPeriod, queryTime} from '../../source/search/funnel/query-time.js';
import {followingDays, intersectBounds, parseTime, timeBound} from '../../source/search/funnel/time-range.js';

// Wednesday 2025-06-18, noon local time.
const now = new Date(2025, 5, 18, 12, 0).getTime();
const local = (...parts: [number, number, number?]) => new Date(parts[0], parts[1], parts[2] ?? 1).getTime();

describe('times --since/--until and after:/before: take', () => {
	it('reads ISO dates as local periods, and full times as instants', () => {
		expect(parseTime('2025-03-14', now)).toEqual({start: local(2025, 2, 14), end: local(2025, 2, 15)});
		expect(parseTime('2025-03', now)).toEqual({start: local(2025, 2, 1), end: local(2025, 3, 1)});
		expect(parseTime('2024', now)).toEqual({start: local(2024, 0, 1), end: local(2025, 0, 1)});
		const at = Date.parse('2025-03-14T09:30:00Z');
		expect(parseTime('2025-03-14T09:30:00Z', now)).toEqual({start: at, end: at});
		expect(parseTime('2025-13', now)).toBeUndefined();
	});

	it('reads spans back from now and named periods', () => {
		expect(parseTime('7d', now)).toEqual({start: now - 7 * 86_400_000, end: now - 7 * 86_400_000});
		expect(parseTime('12h', now)!.start).toBe(now - 12 * 3_600_000);
		expect(parseTime('3mo', now)!.start).toBe(new Date(2025, 2, 18, 12, 0).getTime());
		expect(parseTime('yesterday', now)).toEqual({start: local(2025, 5, 17), end: local(2025, 5, 18)});
		// Weeks start on Monday: the 18th is a Wednesday.
		expect(parseTime('last week', now)).toEqual({start: local(2025, 5, 9), end: local(2025, 5, 16)});
		expect(parseTime('last-week', now)).toEqual(parseTime('last week', now));
		expect(parseTime('this month', now)).toEqual({start: local(2025, 5, 1), end: local(2025, 6, 1)});
		expect(parseTime('soon', now)).toBeUndefined();
	});

	it('since starts at the period, until ends after it, before stops short of it', () => {
		expect(timeBound('since', '2025-03', now)).toBe(new Date(local(2025, 2, 1)).toISOString());
		expect(timeBound('until', '2025-03', now)).toBe(new Date(local(2025, 3, 1)).toISOString());
		expect(timeBound('before', '2025-03', now)).toBe(new Date(local(2025, 2, 1)).toISOString());
		expect(() => timeBound('since', 'soon', now)).toThrow(/--since "soon" is not a time/u);
		expect(intersectBounds({since: '2025-01-01T00:00:00.000Z'}, {since: '2025-02-01T00:00:00.000Z', until: '2025-03-01T00:00:00.000Z'})).toEqual({since: '2025-02-01T00:00:00.000Z', until: '2025-03-01T00:00:00.000Z'});
	});
});

describe('the query', () => {
	it('takes after:/before: out of the words and keeps the rest', () => {
		const time = queryTime('cache  after:2025-06 before:7d misses', now);
		expect(time.text).toBe('cache misses');
		expect(time.bounds).toEqual({since: new Date(local(2025, 5, 1)).toISOString(), until: new Date(now - 7 * 86_400_000).toISOString()});
		expect(queryTime('ratio 3:1 before', now)).toEqual({text: 'ratio 3:1 before', bounds: {}});
		expect(() => queryTime('cache after:whenever', now)).toThrow(/after: "whenever" is not a time/u);
	});

	it('finds the date its words say', () => {
		expect(dateMention('What did Gina find for her store on 1 February, 2023?', now)?.period).toEqual({start: local(2023, 1, 1), end: local(2023, 1, 2)});
		expect(dateMention('What painting did Melanie show on October 13, 2023?', now)?.period).toEqual({start: local(2023, 9, 13), end: local(2023, 9, 14)});
		expect(dateMention('the 2023-10-13 incident', now)?.period?.start).toBe(local(2023, 9, 13));
		expect(dateMention('setbacks in October 2023', now)?.period).toEqual({start: local(2023, 9, 1), end: local(2023, 10, 1)});
		expect(dateMention('When did Melanie go camping in June?', now)).toMatchObject({said: 'in June', month: 5});
		expect(dateMention('papers published in 2019', now)?.period).toEqual({start: local(2019, 0, 1), end: local(2020, 0, 1)});
		expect(dateMention('what did we decide last week about the cache', now)?.period).toEqual({start: local(2025, 5, 9), end: local(2025, 5, 16)});
		expect(dateMention('the deploy two days ago', now)?.period).toEqual({start: local(2025, 5, 16), end: local(2025, 5, 17)});
		// "may" the verb, a bare number and a version are no dates.
		expect(dateMention('it may fail on 2 nodes', now)).toBeUndefined();
		expect(dateMention('upgrade to 2024.1', now)).toBeUndefined();
	});

	it('skips the patterns only for words none of them can match, folded as they fold case', () => {
		const dated = ['on 1 FEBRUARY, 2023', 'in JUNE', 'In ſeptember', 'during ſeptember 2021', 'THIS WEEK', 'Last Year', 'Yesterday', 'TODAY', 'three DAYS AGO', 'AN HOUR AGO or a week ago', '2023-10-13', 'IN DECEMBER', 'mid-March', 'late august'];
		for (const text of dated) {
			expect(mayMentionDate(text), text).toBe(true);
			expect(dateMention(text, now), text).toBeDefined();
		}
		for (const text of ['seldrosel pririk selquibel vasde', 'cache misses in the pool', 'KELVIN ſtorm', '']) {
			expect(mayMentionDate(text), text).toBe(false);
			expect(dateMention(text, now), text).toBeUndefined();
		}
		// The Kelvin sign (U+212A) folds to "k" in the patterns: "wee\u212a" is a week.
		expect(mayMentionDate('this wee\u212a')).toBe(true);
		expect(dateMention('this wee\u212a', now)?.period).toEqual(dateMention('this week', now)?.period);
	});

	it('resolves a month without a year to the latest such month the store reaches', () => {
		const june = {said: 'in June', month: 5};
		expect(mentionPeriod(june, local(2023, 8, 10))).toEqual({start: local(2023, 5, 1), end: local(2023, 6, 1)});
		expect(mentionPeriod(june, local(2023, 2, 10))).toEqual({start: local(2022, 5, 1), end: local(2022, 6, 1)});
	});
});

describe('the week after a named day', () => {
	it('follows a day, and nothing longer', () => {
		const day = {since: new Date(local(2025, 2, 14)).toISOString(), until: new Date(local(2025, 2, 15)).toISOString()};
		expect(followingDays(day)).toEqual({since: day.until, until: new Date(local(2025, 2, 15) + 7 * 86_400_000).toISOString()});
		expect(followingDays({since: new Date(local(2025, 2, 1)).toISOString(), until: new Date(local(2025, 3, 1)).toISOString()})).toBeUndefined();
		expect(followingDays({since: day.since})).toBeUndefined();
	});
});
