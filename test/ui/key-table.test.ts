import {expect, test} from 'vitest';
import {commandFor, helpSections, hintsFor, keyTable} from '../../source/ui/key-table.js';
import {keyLabel} from '../../source/ui/keys.js';

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

test('the help overlay lists every binding of the table, with its keys (a group of bindings on one row)', () => {
	const rows = helpSections().flatMap((section) => section.rows);
	for (const binding of keyTable.filter((entry) => entry.context !== 'help')) {
		const row = rows.find((candidate) => candidate.help === (binding.group ?? binding.help));
		expect(row, binding.help).toBeDefined();
		for (const key of binding.keys) expect(row!.keys.split(' ')).toContain(keyLabel(key));
	}
	expect(rows).toContainEqual({keys: '↓ j ↑ k', help: 'move down / up'});
});

test('the status line starts with help and follows the table', () => {
	const hints = hintsFor(['tree', 'global']);
	expect(hints[0]).toMatchObject({keys: '?', hint: 'help'});
	expect(hints.map((hint) => hint.hint)).toEqual(['help', 'move', 'open', 'close', 'depth', 'search', 'filter', 'group', 'drill', 'undrill', 'pane', 'quit']);
});
