import {describe, expect, test} from 'vitest';
import {decodeKeys, keyLabel} from '../../source/ui/keys.js';

const names = (text: string) => decodeKeys(text).keys.map((key) => key.name);

describe('decodeKeys', () => {
	test('every character of a chunk is its own key', () => {
		expect(names('jjj')).toEqual(['j', 'j', 'j']);
		expect(names('abc\r')).toEqual(['a', 'b', 'c', 'enter']);
		expect(decodeKeys('a').keys).toEqual([{name: 'a', text: 'a'}]);
	});

	test('CR LF from a paste is one Enter; LF alone is Enter', () => {
		expect(names('x\r\ny\n')).toEqual(['x', 'enter', 'y', 'enter']);
	});

	test('arrows, paging and editing keys, also with modifiers', () => {
		expect(names('\u001b[A\u001b[B\u001b[C\u001b[D')).toEqual(['up', 'down', 'right', 'left']);
		expect(names('\u001bOA\u001b[5~\u001b[6~\u001b[H\u001b[F\u001b[3~')).toEqual(['up', 'pageup', 'pagedown', 'home', 'end', 'delete']);
		expect(names('\u001b[1;5A\u001b[3;2~\u001b[Z')).toEqual(['up', 'delete', 'shift-tab']);
	});

	test('control characters are named', () => {
		expect(names('\u0003\u0004\u0015\u0017\t\u007f\u0008')).toEqual(['ctrl-c', 'ctrl-d', 'ctrl-u', 'ctrl-w', 'tab', 'backspace', 'backspace']);
	});

	test('keys around an escape sequence keep their order', () => {
		expect(names('j\u001b[Bk')).toEqual(['j', 'down', 'k']);
	});

	test('an escape sequence cut at the end of a chunk is kept for the next one', () => {
		const first = decodeKeys('j\u001b[');
		expect(first.keys.map((key) => key.name)).toEqual(['j']);
		expect(first.rest).toBe('\u001b[');
		expect(names(`${first.rest}A`)).toEqual(['up']);
		expect(decodeKeys('\u001b').rest).toBe('\u001b');
	});

	test('Escape then a character, and a doubled Escape', () => {
		expect(names('\u001bq')).toEqual(['escape', 'q']);
		expect(names('\u001b\u001b[A')).toEqual(['escape', 'up']);
	});

	test('bracketed paste markers vanish and the pasted text arrives as keys', () => {
		expect(names('\u001b[200~hi\r\u001b[201~')).toEqual(['h', 'i', 'enter']);
	});

	test('wide and astral characters are single keys; C1 controls are dropped', () => {
		expect(decodeKeys('é漢😀').keys).toEqual([
			{name: 'é', text: 'é'},
			{name: '漢', text: '漢'},
			{name: '😀', text: '😀'},
		]);
		expect(names('a\u009bb')).toEqual(['a', 'b']);
	});

	test('labels for the help overlay', () => {
		expect(keyLabel('up')).toBe('↑');
		expect(keyLabel('pagedown')).toBe('PgDn');
		expect(keyLabel('ctrl-d')).toBe('ctrl-d');
		expect(keyLabel('j')).toBe('j');
	});
});

test('mouse reports (SGR and legacy X10) are mouse keys, never typed text; a cut one waits for its rest', async () => {
	const {decodeKeys} = await import('../../source/ui/keys.js');
	const {keys} = decodeKeys('a\u001b[<0;5;3M\u001b[<0;5;3m\u001b[<64;10;5M\u001b[<65;1;1M\u001b[<32;8;4M\u001b[M !!b');
	expect(keys.map((key) => key.name)).toEqual(['a', 'mouse', 'mouse', 'mouse', 'mouse', 'mouse', 'mouse', 'b']);
	expect(keys[1]!.mouse).toEqual({row: 2, column: 4, button: 0, press: true, at: 0});
	expect(keys[2]!.mouse).toMatchObject({press: false});
	expect(keys[3]!.mouse).toMatchObject({wheel: 'up', row: 4, column: 9});
	expect(keys[4]!.mouse).toMatchObject({wheel: 'down'});
	expect(keys[5]!.mouse).toMatchObject({press: false});
	expect(keys[6]!.mouse).toMatchObject({button: 0, row: 0, column: 0, press: true});
	expect(decodeKeys('\u001b[<0;5;')).toEqual({keys: [], rest: '\u001b[<0;5;'});
	expect(decodeKeys('\u001b[M !')).toEqual({keys: [], rest: '\u001b[M !'});
});
