import fc from 'fast-check';
import Fuse from 'fuse.js';
import {expect, test} from 'vitest';
import {candidateTest, FuzzyIndex, sliceSize} from '../../source/ui/fuzzy.js';

const entries = (count: number) => Array.from({length: count}, (_, index) => ({key: `k${index}`, name: index === count - 3 ? 'Pool exhaustion' : `Item ${index} about caches`}));

test('finds a fuzzy match, best first, with the matched ranges', async () => {
	const index = new FuzzyIndex([...entries(50), {key: 'x', name: 'Reproducing the 502s'}]);
	const matches = await index.search('pol exhaustn', () => false);
	expect(matches?.[0]?.key).toBe('k47');
	expect(matches?.[0]?.ranges.length).toBeGreaterThan(0);
});

test('narrowing first never loses a name fuse would match', () => {
	const words = ['pool', 'Pool', 'POOL', 'exhaustion', 'retry', 'storm', 'caché', 'İ', '漢字', '😀', 'a', 'x', ' ', '0', '9'];
	const text = fc.array(fc.constantFrom(...words), {minLength: 1, maxLength: 6}).map((parts) => parts.join(''));
	fc.assert(
		fc.property(fc.array(text, {minLength: 1, maxLength: 30}), text, (names, query) => {
			const test = candidateTest(query);
			const fuse = new Fuse(names.map((name) => ({name})), {keys: ['name'], threshold: 0.3, ignoreLocation: true});
			for (const result of fuse.search(query)) expect(test === undefined || test(result.item.name.toLowerCase()), `${query} ~ ${result.item.name}`).toBe(true);
		}),
		{numRuns: 300},
	);
});

test('narrowing drops most names when the query fits few', () => {
	const test = candidateTest('wide item 099999')!;
	expect(test('wide item 099999 about pools')).toBe(true);
	expect(test('wide item 000123 about pools')).toBe(false);
	expect(candidateTest('   ')).toBeUndefined();
});

test('a query most names resemble is searched slice by slice, yielding between slices', async () => {
	const index = new FuzzyIndex(entries(sliceSize * 3 + 10));
	const progress: number[] = [];
	let turns = 0;
	const ticker = setInterval(() => turns++, 0);
	const matches = await index.search('item about caches', () => false, (done) => progress.push(done));
	clearInterval(ticker);
	expect(progress).toEqual(Array.from({length: Math.ceil((sliceSize * 3 + 10) / sliceSize)}, (_, index) => index + 1));
	// Timers ran while the search was under way: it did not hold the event loop throughout.
	expect(turns).toBeGreaterThan(0);
	expect(matches!.length).toBeGreaterThan(100);
});

test('a cancelled search stops and answers nothing', async () => {
	const index = new FuzzyIndex(entries(sliceSize * 2));
	let slices = 0;
	const matches = await index.search('caches', () => slices >= 1, () => slices++);
	expect(matches).toBeUndefined();
	expect(slices).toBe(1);
});
