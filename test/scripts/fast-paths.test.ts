import {readFileSync} from 'node:fs';
import fc from 'fast-check';
import {expect, test} from 'vitest';
import stringWidth from 'string-width';
import {styledCharsFromTokens as packageStyledChars, styledCharsToString as packageToString, tokenize as graphemeTokenize} from '@alcalzone/ansi-tokenize';
// @ts-expect-error plain JavaScript build helpers, without type declarations
import fastStringWidth from '../../scripts/fast-string-width.mjs';
// @ts-expect-error plain JavaScript build helpers, without type declarations
import {styledCharsFromTokens, styledCharsToString, tokenize as fastTokenize} from '../../scripts/fast-ansi-tokenize.mjs';
// @ts-expect-error plain JavaScript build helpers, without type declarations
import {LazySegmenter} from '../../scripts/lazy-segmenter.mjs';

// Narrow characters, wide ones, combining marks, emoji, and the SGR codes the app and Ink write.
const pieces = ['a', 'Z', ' ', '~', 'é', '─', '│', '┌', '▸', '▾', '·', '…', '⠋', '→', '漢', '😀', 'e\u0301', '\u25fd', '\u00ad', '\u200b', '\u001b[36m', '\u001b[1;7m', '\u001b[0m', '\u001b[39m', '\u001b[38;5;240m', '\u001b[2m'];
const lines = fc.array(fc.constantFrom(...pieces), {maxLength: 60}).map((parts) => parts.join(''));
// Only what the fast paths take: narrow characters and SGR codes.
const narrowLines = fc.array(fc.constantFrom(...pieces.filter((piece) => /^(?:[ -~é─│┌▸▾·…⠋→]|\u001b\[[0-9;]*m)$/u.test(piece))), {maxLength: 60}).map((parts) => parts.join(''));

test('the fast string width agrees with string-width', () => {
	fc.assert(fc.property(lines, (line) => fastStringWidth(line) === stringWidth(line)));
	fc.assert(fc.property(narrowLines, (line) => fastStringWidth(line) === stringWidth(line)));
});

test('the fast tokenizer gives the same tokens as the grapheme tokenizer', () => {
	fc.assert(
		fc.property(fc.oneof(lines, narrowLines), fc.integer({min: 1, max: 80}), (line, endChar) => {
			expect(fastTokenize(line)).toEqual(graphemeTokenize(line));
			expect(fastTokenize(line, endChar)).toEqual(graphemeTokenize(line, endChar));
		}),
	);
});

test('styled characters and the text made from them are the same, also across lines and blank cells', () => {
	const blank = () => ({type: 'char' as const, value: ' ', fullWidth: false, styles: []});
	fc.assert(
		fc.property(fc.array(fc.oneof(lines, narrowLines), {minLength: 1, maxLength: 4}), fc.integer({min: 0, max: 5}), (parts, blanks) => {
			const fast = parts.flatMap((part) => [...styledCharsFromTokens(fastTokenize(part)), ...Array.from({length: blanks}, blank)]);
			const slow = parts.flatMap((part) => [...packageStyledChars(graphemeTokenize(part)), ...Array.from({length: blanks}, blank)]);
			expect(fast).toEqual(slow);
			expect(styledCharsToString(fast)).toBe(packageToString(slow));
		}),
	);
});

test('the lazy segmenter gives the segments of Intl.Segmenter, ASCII (CR LF, controls) or not', () => {
	const asciiPieces = ['a', ' ', '~', '\r', '\n', '\r\n', '\t', '\u0000', '\u001b', '\u001b[36;1m', '\u007f'];
	const text = fc.oneof(fc.array(fc.constantFrom(...asciiPieces), {maxLength: 30}), fc.array(fc.constantFrom(...asciiPieces, ...pieces), {maxLength: 30})).map((parts) => parts.join(''));
	const plain = (segments: Iterable<{segment: string; index: number; input: string}>) => Array.from(segments, ({segment, index, input}) => ({segment, index, input}));
	fc.assert(
		fc.property(text, fc.constantFrom(undefined, {granularity: 'grapheme' as const}, {granularity: 'word' as const}), (line, options) => {
			const real = new Intl.Segmenter(undefined, options).segment(line);
			const lazy = new LazySegmenter(undefined, options).segment(line);
			expect(plain(lazy)).toEqual(plain(real));
			for (let at = -1; at <= line.length; at++) {
				const [a, b] = [lazy.containing(at), real.containing(at)];
				expect(a && {segment: a.segment, index: a.index, input: a.input}).toEqual(b && {segment: b.segment, index: b.index, input: b.input});
			}
			expect(lazy.containing()?.segment).toBe(real.containing()?.segment);
		}),
	);
	expect(new LazySegmenter('en', {granularity: 'word'}).resolvedOptions()).toEqual(new Intl.Segmenter('en', {granularity: 'word'}).resolvedOptions());
});

test('the fast paths use only the public exports of the packages they stand in front of', () => {
	for (const file of ['scripts/fast-string-width.mjs', 'scripts/fast-ansi-tokenize.mjs', 'scripts/build.mjs']) {
		expect(readFileSync(file, 'utf8'), file).not.toMatch(/node_modules\//u);
	}
});
