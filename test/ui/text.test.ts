import {expect, test} from 'vitest';
import {displayWidth, fit, formatCount, manyLines, oneLine, wrap} from '../../source/ui/text.js';

test('fit cuts with an ellipsis and pads to the exact width', () => {
	expect(fit('hello world', 8)).toBe('hello w…');
	expect(fit('hi', 5, true)).toBe('hi   ');
	expect(fit('hello', 5)).toBe('hello');
	expect(fit('anything', 0)).toBe('');
});

test('fit counts wide characters as two columns and never splits one', () => {
	expect(displayWidth('漢字')).toBe(4);
	expect(fit('漢字漢字', 5)).toBe('漢字…');
	expect(displayWidth(fit('漢字漢字', 6, true))).toBe(6);
	expect(fit('e\u0301e\u0301e\u0301', 2)).toBe('e\u0301…');
});

test('box drawing, arrows and braille are one column each', () => {
	expect(displayWidth('│ ▸ ─┤⠋')).toBe(7);
	expect(displayWidth('😀')).toBe(2);
});

test('wrap breaks at spaces and breaks words longer than a line', () => {
	expect(wrap('the quick brown fox', 10)).toEqual(['the quick', 'brown fox']);
	expect(wrap('abcdefghij klm', 4)).toEqual(['abcd', 'efgh', 'ij', 'klm']);
	expect(wrap('one\n\ntwo', 10)).toEqual(['one', '', 'two']);
	for (const line of wrap('漢字漢字漢字 wide words', 5)) expect(displayWidth(line)).toBeLessThanOrEqual(5);
});

test('text from stores is made inert on the way in', () => {
	expect(oneLine('a\u001b]52;c;aGk=\u0007b\u001b[2Jc\nd\te')).toBe('abc d e');
	expect(manyLines('x\u009b31my\u202ez\tw')).toBe('xyz    w');
});

test('counts are grouped as en-US writes them, without Intl for whole numbers', () => {
	for (const value of [0, 7, 999, 1000, 12_345, 100_004, -1234, -999, 1_000_000_000, Number.MAX_SAFE_INTEGER, 2 ** 60, 1.5, Number.NaN]) {
		expect(formatCount(value)).toBe(value.toLocaleString('en-US'));
	}
});
