import fc from 'fast-check';
import Fuse from 'fuse.js';
import {expect, test} from 'vitest';
import {FuzzyIndex, scanSlice, sliceSize} from '../../source/ui/fuzzy.js';

const entries = (count: number) => Array.from({length: count}, (_, index) => ({key: `k${index}`, name: index === count - 3 ? 'Pool exhaustion' : `Item ${index} about caches`}));

test('finds a fuzzy match, best first, with the matched ranges', async () => {
	const index = new FuzzyIndex([...entries(50), {key: 'x', name: 'Reproducing the 502s'}]);
	const matches = await index.search('pol exhaustn', () => false);
	expect(matches?.[0]?.key).toBe('k47');
	expect(matches?.[0]?.ranges.length).toBeGreaterThan(0);
});

test('a query most names resemble is searched slice by slice, yielding between slices', async () => {
	const index = new FuzzyIndex(entries(scanSlice * 3 + 10));
	const progress: number[] = [];
	let turns = 0;
	const ticker = setInterval(() => turns++, 0);
	const matches = await index.search('item about caches', () => false, (done) => progress.push(done));
	clearInterval(ticker);
	expect(progress).toEqual(Array.from({length: Math.ceil((scanSlice * 3 + 10) / scanSlice)}, (_, index) => index + 1));
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

test('a query fuse splits (over 32 characters) is answered by fuse itself', async () => {
	const long = 'pool exhaustion under load when the retries storm';
	const list = [{key: 'a', name: `${long} again`}, {key: 'b', name: 'nothing like it'}];
	const matches = await new FuzzyIndex(list).search(long, () => false);
	expect(matches?.map((match) => match.key)).toEqual(['a']);
});

test('the answer is fuse.js\'s own over every name: the same names, order, scores and ranges', async () => {
	const words = ['pool', 'Pool', 'exhaustion', 'exhaust', 'retry', 'storm', 'caché', 'İ', '漢字', 'a', 'x', ' ', '  ', '0', '9', 'item', 'wide'];
	const text = fc.array(fc.constantFrom(...words), {minLength: 1, maxLength: 6}).map((parts) => parts.join(''));
	await fc.assert(
		fc.asyncProperty(fc.array(text, {minLength: 1, maxLength: 40}), text, async (names, query) => {
			fc.pre(query.trim() !== '');
			const list = names.map((name, index) => ({key: `k${index}`, name}));
			const ours = await new FuzzyIndex(list).search(query, () => false);
			const fuse = new Fuse(list, {keys: ['name'], includeMatches: true, includeScore: true, threshold: 0.3, ignoreLocation: true});
			const theirs = fuse.search(query, {limit: 1000}).map((result) => ({key: result.item.key, score: result.score, ranges: (result.matches?.[0]?.indices ?? []).map(([start, end]) => [start, end])}));
			expect(ours, query).toEqual(theirs);
		}),
		{numRuns: 300},
	);
});

test('fewer than all matches: the best 1000 of 5 000 by fuse\'s score, ties in their order', async () => {
	const list = Array.from({length: 5000}, (_, index) => ({key: `k${index}`, name: index % 7 === 0 ? `wide item ${index}` : `wide ${index % 3 ? 'items' : 'itam'} of ${index} about pools`}));
	const ours = await new FuzzyIndex(list).search('wide item', () => false);
	const theirs = new Fuse(list, {keys: ['name'], includeScore: true, threshold: 0.3, ignoreLocation: true}).search('wide item', {limit: 1000});
	expect(ours!.map((match) => match.key)).toEqual(theirs.map((result) => result.item.key));
});

test('two searches under way at once do not mix their patterns: a cancelled one leaves the newer one\'s answer intact', async () => {
	const list = entries(scanSlice * 3);
	const alone = await new FuzzyIndex(list).search('pool exhaustion', () => false);
	const index = new FuzzyIndex(list);
	let older = false;
	// The older search pauses after its first slice; the newer one starts while it waits, and the older one is cancelled.
	const first = index.search('item caches', () => older);
	const second = index.search('pool exhaustion', () => false);
	older = true;
	expect(await first).toBeUndefined();
	expect(await second).toEqual(alone);
});
