import {expect, test} from 'vitest';
import {FuzzyIndex, sliceSize} from '../../source/ui/fuzzy.js';

const entries = (count: number) => Array.from({length: count}, (_, index) => ({key: `k${index}`, name: index === count - 3 ? 'Pool exhaustion' : `Item ${index} about caches`}));

test('finds a fuzzy match, best first, with the matched ranges', async () => {
	const index = new FuzzyIndex([...entries(50), {key: 'x', name: 'Reproducing the 502s'}]);
	const matches = await index.search('pol exhaustn', () => false);
	expect(matches?.[0]?.key).toBe('k47');
	expect(matches?.[0]?.ranges.length).toBeGreaterThan(0);
});

test('searches slice by slice across many names, yielding between slices', async () => {
	const index = new FuzzyIndex(entries(sliceSize * 3 + 10));
	const progress: number[] = [];
	let turns = 0;
	const ticker = setInterval(() => turns++, 0);
	const matches = await index.search('pool exhaustion', () => false, (done) => progress.push(done));
	clearInterval(ticker);
	expect(progress).toEqual([1, 2, 3, 4]);
	// Timers ran while the search was under way: it did not hold the event loop throughout.
	expect(turns).toBeGreaterThan(0);
	expect(matches?.[0]?.key).toBe(`k${sliceSize * 3 + 7}`);
});

test('a cancelled search stops and answers nothing', async () => {
	const index = new FuzzyIndex(entries(sliceSize * 2));
	let slices = 0;
	const matches = await index.search('caches', () => slices >= 1, () => slices++);
	expect(matches).toBeUndefined();
	expect(slices).toBe(1);
});
