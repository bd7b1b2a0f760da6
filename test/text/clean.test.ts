import {expect, it} from 'vitest';
import {plainText} from '../../source/text/clean.js';

it('a bold run cut by a sentence end leaves no stray ** in either half; paired markers and code keep their meaning', () => {
	expect(plainText('**Fixed the race.')).toBe('Fixed the race.');
	expect(plainText('It held up under load**.')).toBe('It held up under load.');
	expect(plainText('Use **bold** here')).toBe('Use bold here');
	expect(plainText('call f(**kwargs) now')).toBe('call f(**kwargs) now');
	expect(plainText('2 ** 8 is 256')).toBe('2 ** 8 is 256');
});
