import {requiredFields, type DialogState} from '../dialog-state.js';
import {segment} from '../segments.js';
import type {Line, Theme} from '../theme.js';

/** The d/u form: one line per field, the entered plan, and a hint or the error. */
export function dialogPane(dialog: DialogState, height: number, paint: Theme): Line[] {
	const lines: Line[] = [];
	dialog.fields.forEach((field, index) => {
		const focused = index === dialog.focus;
		const pointer = segment(focused ? '› ' : '  ', paint('key'));
		if (field.kind === 'button') {
			lines.push([pointer, segment(`[ ${field.label} ]`, focused ? paint('selected') : paint('accent'))]);
			return;
		}
		// A required field is marked: * (the hint line says what it means).
		const label = segment(`${field.label}${field.required ? ' *' : ''}`.padEnd(12), focused ? paint('title') : paint('dim'));
		if (field.kind === 'choice') {
			lines.push([pointer, label, segment(`‹ ${field.input.value} ›`, focused ? paint('accent') : undefined), segment(focused ? `  ${field.choices?.join(' | ')}` : '', paint('dim'))]);
			return;
		}
		const {value, caret} = field.input;
		if (!focused) {
			lines.push([pointer, label, value ? segment(value) : segment(field.placeholder ?? '', paint('dim'))]);
			return;
		}
		const at = value.slice(caret, caret + 1) || ' ';
		lines.push([pointer, label, segment(value.slice(0, caret)), segment(at, paint('caret')), segment(value.slice(caret + at.length)), segment(value ? '' : `  ${field.placeholder ?? ''}`, paint('dim'))]);
	});
	if (dialog.kind === 'up') {
		const sinks = dialog.plan.map((action) => action.sink);
		lines.push([segment(`  plan: ${dialog.plan.length} action${dialog.plan.length === 1 ? '' : 's'} entered${sinks.length ? ` (${sinks.join(', ')})` : ''}`, paint('dim'))]);
	}
	if (dialog.context) lines.push([segment(`  context: ${dialog.context}`, paint('dim'))]);
	if (dialog.error) lines.push([segment(`  ${dialog.error}`, paint('error'))]);
	else if (dialog.busy) lines.push([segment('  working…', paint('dim'))]);
	else {
		const forActions = requiredFields(dialog, 'action');
		const marked = forActions.length > 0 ? `* required (${forActions.join(', ')}: for each action)` : '* required';
		lines.push([segment(`  ${marked} · Enter next field · ↑↓ Tab move · ←→ choose · Enter on a button presses it · Esc cancel`, paint('dim'))]);
	}
	// Keep the focused field in view when the form is taller than its room.
	const first = Math.max(0, Math.min(dialog.focus - Math.floor(height / 2), lines.length - height));
	return lines.slice(first, first + height);
}
