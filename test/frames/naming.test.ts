import fc from 'fast-check';
import {describe, expect, it} from 'vitest';
import {drillFolderName, drillSha, formatStamp, parseDrillName, slugify} from '../../source/frames/files/naming.js';

const seedPattern = /^\d{4}-\d{2}-\d{2}-\d{6}-[0-9a-f]{6}-[a-z0-9-]+$/u;

describe('drill names', () => {
	it('formats the seed example and parses it back', () => {
		const date = new Date('2026-07-11T13:21:05Z');
		expect(formatStamp(date)).toBe('2026-07-11-132105');
		const name = drillFolderName(date, 'a1b2c3', 'api-debug');
		expect(name).toBe('2026-07-11-132105-a1b2c3-api-debug');
		expect(parseDrillName(name)).toEqual({name, stamp: '2026-07-11-132105', sha: 'a1b2c3', slug: 'api-debug'});
	});

	it('uses UTC whatever the local zone', () => {
		expect(formatStamp(new Date('2026-01-02T23:59:59-05:00'))).toBe('2026-01-03-045959');
	});

	it('refuses names that only look like drills', () => {
		for (const name of ['2026-07-11-132105-a1b2c3-', '2026-07-11-132105-A1B2C3-x', '2026-07-11-1321-a1b2c3-x', 'x-2026-07-11-132105-a1b2c3-x', '2026-07-11-132105-a1b2c3-x--y', '2026-07-11-132105-a1b2c3-x/y']) {
			expect(parseDrillName(name), name).toBeUndefined();
		}
	});

	it.each([
		['API Debug', 'api-debug'],
		['Café / Naïve résumé', 'cafe-naive-resume'],
		['../../etc/passwd', 'etc-passwd'],
		['a\\b\u0000c\u001b[31m', 'a-b-c-31m'],
		['調査', 'drill'],
		['', 'drill'],
		['   ', 'drill'],
		['---', 'drill'],
	])('slugify(%j) = %j', (input, slug) => {
		expect(slugify(input)).toBe(slug);
	});

	it('cuts a 300-character slug at a word boundary', () => {
		const slug = slugify(`${'word '.repeat(60)}`);
		expect(slug.length).toBeLessThanOrEqual(48);
		expect(slug).toMatch(/^word(-word)*$/u);
		expect(slugify('x'.repeat(300))).toBe('x'.repeat(48));
	});

	it('makes a safe folder name from any input', () => {
		fc.assert(
			fc.property(fc.string({unit: 'binary', maxLength: 400}), fc.date({min: new Date('2000-01-01T00:00:00Z'), max: new Date('2999-12-31T23:59:59Z'), noInvalidDate: true}), (input, date) => {
				const slug = slugify(input);
				const name = drillFolderName(date, drillSha(date, slug, null, Buffer.from(input)), slug);
				expect(name).toMatch(seedPattern);
				expect(parseDrillName(name)?.slug).toBe(slug);
				expect(Buffer.byteLength(name)).toBeLessThan(100);
			}),
			{numRuns: 500},
		);
	});

	it('hashes time, slug, parent and randomness into six hex digits', () => {
		const date = new Date('2026-07-11T13:21:05Z');
		const random = Buffer.alloc(16, 1);
		const sha = drillSha(date, 'api-debug', null, random);
		expect(sha).toMatch(/^[0-9a-f]{6}$/u);
		expect(drillSha(date, 'api-debug', null, random)).toBe(sha);
		expect(new Set([drillSha(date, 'api-debug', 'a1b2c3', random), drillSha(date, 'db', null, random), drillSha(new Date(date.getTime() + 1000), 'api-debug', null, random), drillSha(date, 'api-debug', null, Buffer.alloc(16, 2))]).size).toBe(4);
	});
});
