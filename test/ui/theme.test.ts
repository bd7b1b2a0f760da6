import {expect, test} from 'vitest';
import {colourWanted, theme, toAnsi} from '../../source/ui/theme.js';

test('colours are off under NO_COLOR (any non-empty value) and with --no-color', () => {
	expect(colourWanted({}, false)).toBe(true);
	expect(colourWanted({NO_COLOR: '1'}, false)).toBe(false);
	expect(colourWanted({NO_COLOR: ''}, false)).toBe(true);
	expect(colourWanted({}, true)).toBe(false);
});

test('a line becomes text with SGR codes; without colour only the other styles remain', () => {
	expect(toAnsi([{text: 'a'}, {text: 'b', style: theme(true)('match')}, {text: 'c', style: theme(true)('selected')}])).toBe('a\u001b[33;1;4mb\u001b[0m\u001b[7mc\u001b[0m');
	expect(toAnsi([{text: 'b', style: theme(false)('match')}, {text: 'x', style: theme(false)('border')}])).toBe('\u001b[1;4mb\u001b[0mx');
});
