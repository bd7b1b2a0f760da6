import {readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {TermMatcher} from '../../source/search/keyword/term-matcher.js';
import {stem, words} from '../../source/text/index-words.js';

/** Every word of the markdown fixtures: a vocabulary with plurals, -ing/-ed forms, y-words, digits. */
function fixtureWords(): string[] {
	const folder = 'fixtures/knowledge';
	const found = new Set<string>();
	const walk = (dir: string) => {
		for (const entry of readdirSync(dir, {withFileTypes: true})) {
			const file = path.join(dir, entry.name);
			if (entry.isDirectory()) walk(file);
			else if (entry.name.endsWith('.md')) for (const word of words(readFileSync(file, 'utf8'))) found.add(word);
		}
	};
	walk(folder);
	return [...found];
}

describe('TermMatcher', () => {
	it('finds exactly the words whose Porter stem is a term, as stemming every word would', () => {
		const vocabulary = [...fixtureWords(), 'yielding', 'yields', 'Ünïcode', 'ies', 'y', '2026', 'retries', 'retry', 'caching', 'cached'];
		expect(vocabulary.length).toBeGreaterThan(200);
		// Terms: every 7th word's stem, plus words that begin with y and vowels (where a stemmer could change the first letter).
		const terms = new Set([...vocabulary.filter((_, i) => i % 7 === 0), 'yielding', 'ies', 'retry'].map(stem));
		const matcher = new TermMatcher(terms);
		for (const word of vocabulary) {
			const expected = terms.has(stem(word)) ? stem(word) : undefined;
			expect(matcher.term(word), word).toBe(expected);
			expect(matcher.term(word), `${word} (again)`).toBe(expected);
		}
	});

	it('matches nothing when there are no terms', () => {
		const matcher = new TermMatcher(new Set());
		expect(matcher.term('retry')).toBeUndefined();
		expect(matcher.term('')).toBeUndefined();
	});
});
