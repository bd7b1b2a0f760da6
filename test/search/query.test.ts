import {describe, expect, it} from 'vitest';
import {DrillError} from '../../source/core/errors.js';
import {maxQueryTerms, parseQuery, scopeToken, scopedMatch, maxPhrases, maxRepeats, quote, weightedMatch} from '../../source/search/funnel/query.js';

describe('parseQuery', () => {
	it('quotes every word and ORs them, dropping function words', () => {
		expect(parseQuery('What is the retry storm?').match).toBe('"retry" OR "storm"');
	});

	it('keeps function words when there is nothing else', () => {
		expect(parseQuery('the who').terms).toEqual(['the', 'who']);
	});

	it('turns FTS5 syntax into plain quoted words', () => {
		for (const hostile of ['"', 'a:b', 'NEAR(', 'pool AND NOT (x OR y)*', '^start', 'col:"x" NEAR/3']) {
			const {match} = parseQuery(hostile);
			for (const part of match ? match.split(' OR ') : []) expect(part).toMatch(/^"[\p{L}\p{N}]+"$/u);
		}
		expect(parseQuery('x:y').terms).toEqual(['x', 'y']);
		expect(parseQuery('NEAR(').terms).toEqual(['near']);
	});

	it('caps the number of terms of a very long query', () => {
		const words = Array.from({length: 2000}, (_, i) => `word${i}`).join(' ');
		expect(parseQuery(words).terms).toHaveLength(maxQueryTerms);
	});

	it('gives no match for a query without letters or digits', () => {
		expect(parseQuery('🔥🚀 !!!').match).toBe('');
	});

	it('refuses an empty query and a non-string with a DrillError', () => {
		expect(() => parseQuery('   ')).toThrow(DrillError);
		expect(() => parseQuery(42)).toThrow(/must be a string/u);
	});

	it('folds diacritics and case as the tokenizer does', () => {
		expect(parseQuery('Café NAÏVE').terms).toEqual(['cafe', 'naive']);
	});
});

describe('scope tokens', () => {
	it('gives distinct namespaces distinct single tokens', () => {
		expect(scopeToken('a_b')).not.toBe(scopeToken('a-b'));
		expect(scopeToken('conversation_session')).toMatch(/^ns[0-9a-f]+0$/u);
	});

	it('restricts a match to one namespace inside the FTS expression', () => {
		expect(scopedMatch('"x"', 'docs')).toBe(`("x") AND scope : "${scopeToken('docs')}"`);
		expect(scopedMatch('"x"', undefined)).toBe('"x"');
	});
});

describe('the stage-1 bm25 query', () => {
	it('counts how often each word was typed', () => {
		expect(parseQuery('library use of the library and library staff').counts).toEqual({library: 3, use: 1, of: 1, the: 1, and: 1, staff: 1});
	});
	it('repeats each word by its count times its weight, every word once before any repeat', () => {
		expect(weightedMatch(['library', 'staff'], {library: 3, staff: 1})).toBe('"library" OR "staff" OR "library" OR "library"');
		expect(weightedMatch(['the', 'lens'], {the: 1, lens: 1}, (word) => (word === 'the' ? 1 : 2))).toBe('"the" OR "lens" OR "lens"');
	});
	it('caps the phrases of one word and of the whole query', () => {
		expect(weightedMatch(['a'], {a: 100}).split(' OR ')).toHaveLength(maxRepeats);
		const many = Array.from({length: 48}, (_, i) => `w${i}`);
		const match = weightedMatch(many, Object.fromEntries(many.map((word) => [word, 5])));
		expect(match.split(' OR ')).toHaveLength(maxPhrases);
		expect(match.startsWith(many.map(quote).join(' OR '))).toBe(true);
	});
});
