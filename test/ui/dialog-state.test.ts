import {expect, test} from 'vitest';
import {dialogKey, downDialog, fieldValue, focusedField, upDialog, type DialogState} from '../../source/ui/dialog-state.js';
import type {Command} from '../../source/ui/key-table.js';
import {dialogPane} from '../../source/ui/panes/dialog-pane.js';
import {theme} from '../../source/ui/theme.js';

function type(dialog: DialogState, text: string): DialogState {
	for (const character of text) dialog = dialogKey(dialog, undefined, character).dialog;
	return dialog;
}
const press = (dialog: DialogState, command: Command) => dialogKey(dialog, command);

test('drill down: Enter moves from field to field, then the button submits', () => {
	let dialog = downDialog('context', 'summary ns:item');
	dialog = type(dialog, 'pool-limit');
	dialog = press(dialog, 'submit').dialog;
	expect(focusedField(dialog).name).toBe('objective');
	dialog = type(dialog, 'why the pool runs out');
	dialog = press(dialog, 'submit').dialog;
	expect(focusedField(dialog).name).toBe('submit');
	const outcome = press(dialog, 'submit');
	expect(outcome.submit).toBe(true);
	expect(fieldValue(outcome.dialog, 'slug')).toBe('pool-limit');
	expect(fieldValue(outcome.dialog, 'objective')).toBe('why the pool runs out');
});

test('undrill: actions are entered one after another; choices cycle with left and right', () => {
	let dialog = type(upDialog(), 'pool was 20 per pod');
	dialog = press(dialog, 'submit').dialog; // → plan file
	dialog = press(dialog, 'submit').dialog; // → action
	dialog = type(dialog, 'cap pools per pod');
	dialog = press(dialog, 'submit').dialog; // → scope
	expect(focusedField(dialog).name).toBe('scope');
	dialog = press(dialog, 'choiceNext').dialog;
	expect(fieldValue(dialog, 'scope')).toBe('user');
	dialog = press(dialog, 'choicePrevious').dialog;
	dialog = press(dialog, 'choicePrevious').dialog;
	expect(fieldValue(dialog, 'scope')).toBe('universal');
	dialog = press(dialog, 'nextField').dialog; // → sink
	dialog = press(dialog, 'choicePrevious').dialog;
	expect(fieldValue(dialog, 'sink')).toBe('workaround');
	dialog = press(dialog, 'nextField').dialog; // → owner (prefilled)
	dialog = press(dialog, 'nextField').dialog; // → evidence
	dialog = type(dialog, 'k3x9#n4');
	dialog = press(dialog, 'submit').dialog; // → add
	expect(focusedField(dialog).name).toBe('add');
	dialog = press(dialog, 'submit').dialog;
	expect(dialog.plan).toEqual([{action: 'cap pools per pod', scope: 'universal', sink: 'workaround', owner: 'human', evidence: 'k3x9#n4'}]);
	expect(focusedField(dialog).name).toBe('action');
	expect(fieldValue(dialog, 'action')).toBe('');
	// Enter on an empty action goes to the undrill button.
	dialog = press(dialog, 'submit').dialog;
	expect(focusedField(dialog).name).toBe('submit');
	expect(press(dialog, 'submit').submit).toBe(true);
});

test('an incomplete action is refused with the missing fields named', () => {
	let dialog = upDialog();
	while (focusedField(dialog).name !== 'action') dialog = press(dialog, 'nextField').dialog;
	dialog = type(dialog, 'something');
	while (focusedField(dialog).name !== 'add') dialog = press(dialog, 'nextField').dialog;
	dialog = press(dialog, 'submit').dialog;
	expect(dialog.plan).toEqual([]);
	expect(dialog.error).toBe('an action needs evidence');
});

test('Escape cancels; a busy dialog ignores keys but still cancels', () => {
	expect(press(downDialog('c', 'n'), 'cancel').cancel).toBe(true);
	const busy = {...downDialog('c', 'n'), busy: true};
	expect(type(busy, 'x')).toBe(busy);
	expect(press(busy, 'cancel').cancel).toBe(true);
});

test('every field the forms refuse to go without is marked required, and only those', () => {
	const lines = (dialog: DialogState) => dialogPane(dialog, 40, theme(false)).map((line) => line.map((piece) => piece.text).join(''));
	const marked = (dialog: DialogState) => dialog.fields.filter((field) => lines(dialog).some((line) => line.trimStart().replace(/^› /u, '').startsWith(`${field.label} *`))).map((field) => field.name);
	// Undrill: no findings → refused; an action without owner or evidence → refused.
	let up = upDialog();
	expect(marked(up)).toEqual(['findings', 'owner', 'evidence']);
	expect(lines(up).at(-1)).toContain('* required (owner, evidence: for each action)');
	while (focusedField(up).name !== 'owner') up = press(up, 'nextField').dialog;
	up = press(up, 'clearLine').dialog;
	while (focusedField(up).name !== 'evidence') up = press(up, 'nextField').dialog;
	up = type(up, 'k3x9#n4');
	while (focusedField(up).name !== 'action') up = press(up, 'previousField').dialog;
	up = type(up, 'cap pools');
	while (focusedField(up).name !== 'add') up = press(up, 'nextField').dialog;
	expect(press(up, 'submit').dialog.error).toBe('an action needs owner');
	// Drill down: slug and objective.
	const down = downDialog('c', 'n');
	expect(marked(down)).toEqual(['slug', 'objective']);
	expect(lines(down).at(-1)).toMatch(/^ {2}\* required · /u);
});
