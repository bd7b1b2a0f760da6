import fc from 'fast-check';
import {describe, expect, it} from 'vitest';
import {deleteAsciiWordsOf, words} from '../../source/text/index-words.js';

/** What deleteAsciiWordsOf must leave: the wanted words that `words` does not find in the text. */
function missing(text: string, wanted: readonly string[]): string[] {
	const found = new Set(words(text));
	return wanted.filter((word) => !found.has(word)).sort();
}

function left(text: string, wanted: readonly string[]): string[] {
	const set = new Set(wanted);
	deleteAsciiWordsOf(text, set);
	return [...set].sort();
}

describe('deleteAsciiWordsOf', () => {
	it('finds whole words in any case, never parts of words', () => {
		expect(left('The RateCache retries; x7 and 42!', ['ratecache', 'retries', 'x7', '42', 'rate', 'cache', 'retr', 'the'])).toEqual(['cache', 'rate', 'retr']);
		expect(left('', ['a'])).toEqual(['a']);
		expect(left('abc', [])).toEqual([]);
		// A word that is not ASCII is never in ASCII text.
		expect(left('naive cafe', ['naïve', 'cafe'])).toEqual(['naïve']);
	});

	it('agrees with `words` on any ASCII text, for few words (one pattern) and many (hashed)', () => {
		const letters = fc.constantFrom(...'aAbBzZ09 _-.\n'.split(''));
		const text = fc.array(letters, {maxLength: 200}).map((chars) => chars.join(''));
		const word = fc.array(fc.constantFrom(...'abz09'.split('')), {minLength: 1, maxLength: 4}).map((chars) => chars.join(''));
		fc.assert(
			fc.property(text, fc.uniqueArray(word, {maxLength: 24}), (body, wanted) => {
				expect(left(body, wanted)).toEqual(missing(body, wanted));
			}),
			{numRuns: 500},
		);
	});
});
