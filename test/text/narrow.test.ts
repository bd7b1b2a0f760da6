import stringWidth from 'string-width';
import {expect, test} from 'vitest';
import {isNarrow} from '../../source/text/narrow.js';

test('every character isNarrow accepts is one column wide to string-width, on its own and next to any other', () => {
	const accepted: string[] = [];
	for (let code = 0; code <= 0xffff; code++) {
		if (code >= 0xd800 && code <= 0xdfff) continue;
		const character = String.fromCodePoint(code);
		if (isNarrow(character)) accepted.push(character);
	}
	expect(accepted.length).toBeGreaterThan(1000);
	expect(accepted.filter((character) => stringWidth(character) !== 1)).toEqual([]);
	// Nothing accepted combines: a run of them is as wide as it is long.
	const run = accepted.join('');
	expect(stringWidth(run)).toBe(run.length);
});

test('wide, combining, zero-width and control characters are not narrow', () => {
	for (const text of ['漢', '😀', 'e\u0301', '\u00ad', '\u200b', '\u202e', '\u2028', '\u0007', '\u001b', '\u25fd', 'ab漢']) expect(isNarrow(text), JSON.stringify(text)).toBe(false);
	expect(isNarrow('')).toBe(true);
	expect(isNarrow('plain ascii, é, ─│┌ ▸▾ · … ⠋ →')).toBe(true);
});
