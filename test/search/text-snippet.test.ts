import {describe, expect, it} from 'vitest';
import {highlight} from '../../source/search/funnel/marks.js';
import {textSnippet} from '../../source/search/funnel/text-snippet.js';
import {stem} from '../../source/text/index-words.js';

const terms = (...words: string[]) => new Set(words.map(stem));
const shown = (text: string, set: ReadonlySet<string>, size: number) => highlight(textSnippet(text, set, size), '[', ']');

describe('textSnippet', () => {
	it('marks the words whose stems are query terms, keeping the text between them as it was', () => {
		expect(shown('Retries piled up: the retry storm, again.', terms('retry', 'storm'), 20)).toBe('[Retries] piled up: the [retry] [storm], again.');
	});

	it('picks the window with the most distinct terms, and says where the text was cut', () => {
		const text = `storm ${'filler '.repeat(30)}retry and storm together ${'tail '.repeat(30)}end`;
		expect(shown(text, terms('retry', 'storm'), 6)).toBe('…filler [retry] and [storm] together tail…');
	});

	it('matches words with diacritics and other scripts as FTS5 does, and leaves text without terms alone', () => {
		expect(shown('Le café était fermé', terms('cafe'), 10)).toBe('Le [café] était fermé');
		expect(shown('日本語 テスト', terms('テスト'), 10)).toBe('日本語 [テスト]');
		expect(shown('nothing to see', terms('absent'), 2)).toBe('nothing to…');
		expect(shown('', terms('x'), 5)).toBe('');
	});

	it('stays linear on a long span', () => {
		const text = 'word '.repeat(100_000) + 'needle';
		expect(shown(text, terms('needle'), 3)).toBe('…word word [needle]');
	});
});
