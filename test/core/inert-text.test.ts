import {describe, expect, it} from 'vitest';
import {inertJson, inertPath, inertText, isInert} from '../../source/core/inert-text.js';

const hostile = [
	'\u001b]52;c;ZXZpbA==\u0007',
	'\u001b[2J',
	'\u001b]0;title\u0007',
	'\u009b31m',
	'\u202eevil\u202c',
	'\u001bP+q544e\u001b\\',
	'\u009d0;title\u009c',
	'\u0007\u0008\u007f',
];

describe('inertText', () => {
	it.each(hostile)('leaves nothing a terminal acts on in %j', (sequence) => {
		const clean = inertText(`before ${sequence} after`);
		expect(clean).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/u);
		expect(clean.startsWith('before ')).toBe(true);
		expect(clean.endsWith(' after')).toBe(true);
		expect(isInert(clean)).toBe(true);
	});

	it('keeps ordinary text, unicode, newlines and tabs', () => {
		expect(inertText('Résumé — 日本語 😀\n\tindented')).toBe('Résumé — 日本語 😀\n\tindented');
		expect(inertText('a\r\nb\rc')).toBe('a\nb\nc');
	});

	it('folds lines for single-line places', () => {
		expect(inertText('one\ntwo\tthree', {singleLine: true})).toBe('one two three');
	});

	it('escapes C1 controls and bidi overrides inside JSON without changing its meaning', () => {
		const value = {text: `x\u009b2J\u202ey\u001b[0m`};
		const json = inertJson(value);
		expect(json).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e]/u);
		expect(JSON.parse(json)).toEqual(value);
	});

	it('writes out the control characters of a path instead of dropping them, so the path shown is the one that exists', () => {
		const osc = '/tmp/bad\u001b]0;TITLE\u0007name.md';
		expect(inertPath(osc)).toBe('/tmp/bad\\x1b]0;TITLE\\x07name.md');
		expect(isInert(inertPath(osc))).toBe(true);
		expect(inertPath('/tmp/a\\b\u202e.md')).toBe('/tmp/a\\\\b\\u202e.md');
		expect(inertPath('/tmp/line\nbreak')).toBe('/tmp/line\\x0abreak');
		expect(inertPath('/tmp/plain\\name é.md')).toBe('/tmp/plain\\name é.md');
	});
});
