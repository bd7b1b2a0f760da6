import {expect, test} from 'vitest';
import {commandFor, helpSections, hintsFor, keyTable} from '../../source/ui/key-table.js';

test('no key is bound to two commands in the same context', () => {
	const seen = new Map<string, string>();
	for (const binding of keyTable) {
		for (const key of binding.keys) {
			const id = `${binding.context} ${key}`;
			expect(seen.get(id) ?? binding.command, `${id} is bound twice`).toBe(binding.command);
			seen.set(id, binding.command);
		}
	}
});

test('lookup tries the contexts in order', () => {
	expect(commandFor('j', ['tree', 'global'])).toBe('cursorDown');
	expect(commandFor('enter', ['results', 'global'])).toBe('jump');
	expect(commandFor('enter', ['tree', 'global'])).toBe('open');
	expect(commandFor('q', ['input'])).toBeUndefined();
	expect(commandFor('ctrl-c', ['input'])).toBe('quit');
	expect(commandFor('right', ['dialog', 'input'])).toBe('choiceNext');
	expect(commandFor('right', ['input', 'dialog'])).toBe('caretRight');
});

test('the help overlay lists every binding of the table, with its keys', () => {
	const rows = helpSections().flatMap((section) => section.rows);
	for (const binding of keyTable.filter((entry) => entry.context !== 'help')) {
		expect(rows.some((row) => row.help === binding.help)).toBe(true);
	}
	expect(rows).toContainEqual({keys: '↓ j', help: 'move down'});
});

test('the status line starts with help and follows the table', () => {
	const hints = hintsFor(['tree', 'global']);
	expect(hints[0]).toMatchObject({keys: '?', hint: 'help'});
	expect(hints.map((hint) => hint.hint)).toEqual(['help', 'move', 'open', 'close', 'depth', 'search', 'filter', 'drill', 'undrill', 'pane', 'quit']);
});
