import {editInput, emptyInput, inputOf, insertText, type LineInput} from './line-input.js';
import type {Command} from './key-table.js';
import {planScopes, planSinks, type PlanAction} from './services.js';

/** The `d` (drill down) and `u` (undrill) forms: text fields, choices and buttons. */
export interface Field {
	name: string;
	label: string;
	kind: 'text' | 'choice' | 'button';
	input: LineInput;
	choices?: readonly string[];
	placeholder?: string;
}

export interface DialogState {
	kind: 'down' | 'up';
	title: string;
	fields: Field[];
	focus: number;
	/** Actions entered so far (undrill). */
	plan: PlanAction[];
	error?: string;
	busy: boolean;
	/** What goes into the new frame's context (drill down). */
	context?: string;
}

const text = (name: string, label: string, placeholder = '', value = ''): Field => ({name, label, kind: 'text', input: inputOf(value), placeholder});
const choice = (name: string, label: string, choices: readonly string[], value: string): Field => ({name, label, kind: 'choice', input: inputOf(value), choices});
const button = (name: string, label: string): Field => ({name, label, kind: 'button', input: emptyInput});

export function downDialog(context: string, nodeLabel: string): DialogState {
	return {
		kind: 'down',
		title: `drill down from ${nodeLabel}`,
		fields: [text('slug', 'slug', 'a short name, e.g. pool-limit'), text('objective', 'objective', 'what this frame must find out'), button('submit', 'drill down')],
		focus: 0,
		plan: [],
		busy: false,
		context,
	};
}

export function upDialog(): DialogState {
	return {
		kind: 'up',
		title: 'undrill: close the current frame',
		fields: [
			text('findings', 'findings', 'what was found (required)'),
			text('planFile', 'plan file', 'a .json/.yaml plan, or leave empty and add actions below'),
			text('action', 'action', 'a prevention action (empty: skip to undrill)'),
			choice('scope', 'scope', planScopes, 'project'),
			choice('sink', 'sink', planSinks, 'backlog'),
			text('owner', 'owner', 'who acts', 'human'),
			text('evidence', 'evidence', 'a link to findings or artifacts'),
			button('add', 'add action'),
			button('submit', 'undrill'),
		],
		focus: 0,
		plan: [],
		busy: false,
	};
}

export function fieldValue(dialog: DialogState, name: string): string {
	return dialog.fields.find((field) => field.name === name)?.input.value ?? '';
}

function withField(dialog: DialogState, name: string, update: (field: Field) => Field): DialogState {
	return {...dialog, fields: dialog.fields.map((field) => (field.name === name ? update(field) : field))};
}

function focusOn(dialog: DialogState, name: string): DialogState {
	const index = dialog.fields.findIndex((field) => field.name === name);
	return index === -1 ? dialog : {...dialog, focus: index};
}

export function focusedField(dialog: DialogState): Field {
	return dialog.fields[dialog.focus]!;
}

/** Adds the action being entered to the plan; returns an error when a field is missing. */
function addAction(dialog: DialogState): DialogState {
	const action: PlanAction = {
		action: fieldValue(dialog, 'action').trim(),
		scope: fieldValue(dialog, 'scope'),
		sink: fieldValue(dialog, 'sink'),
		owner: fieldValue(dialog, 'owner').trim(),
		evidence: fieldValue(dialog, 'evidence').trim(),
	};
	const missing = (['action', 'owner', 'evidence'] as const).filter((name) => !action[name]);
	if (missing.length > 0) return {...dialog, error: `an action needs ${missing.join(', ')}`};
	const cleared = withField(withField(dialog, 'action', (field) => ({...field, input: emptyInput})), 'evidence', (field) => ({...field, input: emptyInput}));
	return focusOn({...cleared, plan: [...dialog.plan, action], error: undefined}, 'action');
}

export type DialogOutcome = {dialog: DialogState; submit?: boolean; cancel?: boolean};

/** One key in a dialog. Enter moves on; on a button it presses it; "submit" asks the caller to act. */
export function dialogKey(dialog: DialogState, command: Command | undefined, typed?: string): DialogOutcome {
	const field = focusedField(dialog);
	const last = dialog.fields.length - 1;
	if (command === 'cancel') return {dialog, cancel: true};
	if (dialog.busy) return {dialog};
	switch (command) {
		case 'nextField':
			return {dialog: {...dialog, focus: Math.min(last, dialog.focus + 1)}};
		case 'previousField':
			return {dialog: {...dialog, focus: Math.max(0, dialog.focus - 1)}};
		case 'choiceNext':
		case 'choicePrevious': {
			if (field.kind !== 'choice' || !field.choices) return {dialog};
			const at = field.choices.indexOf(field.input.value);
			const step = command === 'choiceNext' ? 1 : -1;
			const next = field.choices[(at + step + field.choices.length) % field.choices.length]!;
			return {dialog: withField(dialog, field.name, (current) => ({...current, input: inputOf(next)}))};
		}
		case 'submit': {
			if (field.name === 'submit') return {dialog: {...dialog, error: undefined}, submit: true};
			if (field.name === 'add') return {dialog: addAction(dialog)};
			if (field.name === 'action' && !field.input.value.trim()) return {dialog: focusOn(dialog, 'submit')};
			if (field.name === 'evidence') return {dialog: focusOn(dialog, 'add')};
			return {dialog: {...dialog, focus: Math.min(last, dialog.focus + 1)}};
		}
		default:
			break;
	}
	if (field.kind !== 'text') return {dialog};
	if (typed !== undefined) return {dialog: withField(dialog, field.name, (current) => ({...current, input: insertText(current.input, typed)}))};
	if (command) return {dialog: withField(dialog, field.name, (current) => ({...current, input: editInput(current.input, command)}))};
	return {dialog};
}
