import {describe, expect, it} from 'vitest';
import {addTerms, capBag, cosine, isTermWord, Lexicon, scanWords, stemOf, termOf, termsOf} from '../../source/text/summary-words.js';

const words = (text: string) => {
	const found: string[] = [];
	scanWords(text, (start, end) => found.push(text.slice(start, end)));
	return found;
};

describe('scanWords', () => {
	it('keeps identifiers and hyphenated words whole, splits on dots and punctuation', () => {
		expect(words('Raise max_connections; single-flight fixed convert.test.ts!')).toEqual(['Raise', 'max_connections', 'single-flight', 'fixed', 'convert', 'test', 'ts']);
	});

	it('reads letters of any script and drops a trailing joiner', () => {
		expect(words('¿Puedes revisar esta función? 東京 naïve- Ünïcödé')).toEqual(['Puedes', 'revisar', 'esta', 'función', '東京', 'naïve', 'Ünïcödé']);
	});

	it('keeps apostrophes inside words', () => {
		expect(words("don't it’s")).toEqual(["don't", 'it’s']);
	});
});

describe('topic words', () => {
	it('drops stop words, numbers, ids and short lowercase words, keeps acronyms', () => {
		expect(isTermWord('the', 'the')).toBe(false);
		expect(isTermWord('1207', '1207')).toBe(false);
		expect(isTermWord('3f6c1a9e', '3f6c1a9e')).toBe(false);
		expect(isTermWord('db', 'db')).toBe(false);
		expect(isTermWord('CI', 'ci')).toBe(true);
		expect(isTermWord('retry', 'retry')).toBe(true);
	});

	it('stems English words and leaves code names and other scripts alone', () => {
		expect(stemOf('retries')).toBe(stemOf('retry'));
		expect(stemOf('connections')).toBe(stemOf('connection'));
		expect(termOf('max_connections')).toBe('max_connections');
		expect(termOf('función')).toBe('función');
		expect(termOf('The')).toBe('');
	});

	it('counts weighted terms into a bag', () => {
		const bag = addTerms('Retries retry the pool; the pool retried.', new Map(), 0.5);
		expect(bag.get(stemOf('retry'))).toBe(1.5);
		expect(bag.get(stemOf('pool'))).toBe(1);
		expect(termsOf('the pool and the retries')).toEqual([stemOf('pool'), stemOf('retries')]);
	});

	it('learns the readable form of a stem: the shortest lower-case one, else as written', () => {
		const lexicon = new Lexicon();
		addTerms('Retries happen. The retrying client retries. RateCache and API.', new Map(), 1, lexicon);
		addTerms('a retry', new Map(), 1, lexicon);
		expect(lexicon.display(stemOf('retries'))).toBe('retry');
		expect(lexicon.display(termOf('RateCache'))).toBe('RateCache');
		expect(lexicon.display(termOf('API'))).toBe('API');
	});
});

describe('bags', () => {
	it('measures cosine similarity and caps a bag to its heaviest terms', () => {
		const a = new Map([['x', 2], ['y', 1]]);
		expect(cosine(a, a)).toBeCloseTo(1);
		expect(cosine(a, new Map([['z', 1]]))).toBe(0);
		expect(cosine(a, new Map())).toBe(0);
		expect([...capBag(new Map([['a', 1], ['b', 3], ['c', 2]]), 2).keys()]).toEqual(['b', 'c']);
	});
});
