import {readFileSync} from 'node:fs';
import fc from 'fast-check';
import {expect, test} from 'vitest';
import stringWidth from 'string-width';
import {styledCharsFromTokens as packageStyledChars, styledCharsToString as packageToString, tokenize as graphemeTokenize} from '@alcalzone/ansi-tokenize';
// @ts-expect-error plain JavaScript build helpers, without type declarations
import fastStringWidth from '../../scripts/fast-string-width.mjs';
// @ts-expect-error plain JavaScript build helpers, without type declarations
import {styledCharsFromTokens, styledCharsToString, tokenize as fastTokenize} from '../../scripts/fast-ansi-tokenize.mjs';

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

test('the fast paths use only the public exports of the packages they stand in front of', () => {
	for (const file of ['scripts/fast-string-width.mjs', 'scripts/fast-ansi-tokenize.mjs', 'scripts/build.mjs']) {
		expect(readFileSync(file, 'utf8'), file).not.toMatch(/node_modules\//u);
	}
});
