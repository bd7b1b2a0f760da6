import {expect, test} from 'vitest';
import {editInput, emptyInput, inputOf, insertText} from '../../source/ui/line-input.js';

test('typing inserts at the caret', () => {
	let input = insertText(emptyInput, 'helo');
	input = editInput(input, 'caretLeft');
	input = insertText(input, 'l');
	expect(input).toEqual({value: 'hello', caret: 4});
});

test('deleting back and forward, a word, the line', () => {
	expect(editInput(inputOf('abc'), 'deleteBack')).toEqual({value: 'ab', caret: 2});
	expect(editInput({value: 'abc', caret: 0}, 'deleteForward')).toEqual({value: 'bc', caret: 0});
	expect(editInput(inputOf('retry storm  '), 'deleteWord')).toEqual({value: 'retry ', caret: 6});
	expect(editInput(inputOf('anything'), 'clearLine')).toEqual(emptyInput);
	expect(editInput(emptyInput, 'deleteBack')).toBe(emptyInput);
});

test('a surrogate pair is one character for the caret and for deletion', () => {
	const input = inputOf('a😀');
	expect(editInput(input, 'deleteBack')).toEqual({value: 'a', caret: 1});
	expect(editInput(input, 'caretLeft')).toEqual({value: 'a😀', caret: 1});
	expect(editInput({value: 'a😀', caret: 1}, 'caretRight').caret).toBe(3);
	expect(editInput({value: 'a😀', caret: 1}, 'deleteForward')).toEqual({value: 'a', caret: 1});
});

test('home, end, and commands that do not edit', () => {
	expect(editInput(inputOf('abc'), 'caretHome').caret).toBe(0);
	expect(editInput({value: 'abc', caret: 0}, 'caretEnd').caret).toBe(3);
	const input = inputOf('abc');
	expect(editInput(input, 'quit')).toBe(input);
});
