import type {AppState, DialogState, Field} from './app-types.js';
import type {Command} from './key-table.js';
import type {Key} from './keys.js';
import {editInput, emptyInput, inputOf, insertText} from './line-input.js';
import {planScopes, planSinks, type PlanAction, type UpRequest} from './services.js';
import {note, withEffect} from './state-updates.js';
import {oneLine} from './text.js';
import {selectedNode} from './tree-state.js';

/** The `d` (drill down) and `u` (undrill) forms (their state, Field and DialogState, is in app-types.ts). */
export type {DialogState, Field};

const text = (name: string, label: string, placeholder = '', value = '', required?: Field['required']): Field => ({name, label, kind: 'text', input: inputOf(value), placeholder, ...(required ? {required} : {})});
const choice = (name: string, label: string, choices: readonly string[], value: string): Field => ({name, label, kind: 'choice', input: inputOf(value), choices});
const button = (name: string, label: string): Field => ({name, label, kind: 'button', input: emptyInput});

export function downDialog(context: string, nodeLabel: string): DialogState {
	return {
		kind: 'down',
		title: `drill down from ${nodeLabel}`,
		fields: [text('slug', 'slug', 'a short name, e.g. pool-limit', '', 'always'), text('objective', 'objective', 'what this frame must find out', '', 'always'), button('submit', 'drill down')],
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
			text('findings', 'findings', 'what was found', '', 'always'),
			text('planFile', 'plan file', 'a .json/.yaml plan, or leave empty and add actions below'),
			text('action', 'action', 'a prevention action (empty: skip to undrill)'),
			choice('scope', 'scope', planScopes, 'project'),
			choice('sink', 'sink', planSinks, 'backlog'),
			text('owner', 'owner', 'who acts (every action needs one)', 'human', 'action'),
			text('evidence', 'evidence', 'a link to findings or artifacts (every action needs one)', '', 'action'),
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

/** The names of the fields the form marks as required (always, or for each action). */
export function requiredFields(dialog: DialogState, required: NonNullable<Field['required']>): string[] {
	return dialog.fields.filter((field) => field.required === required).map((field) => field.name);
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
	const missing = ['action', ...requiredFields(dialog, 'action')].filter((name) => !action[name as keyof PlanAction]);
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

/** The domain that walks the `.drills/` tree. */
export const framesDomain = 'drills';

/** The drill dialogs' outcomes: the dialog sub-reducer. */
export type DialogAction =
	/** The frames library did what the dialog asked; `message` says what. */
	| {type: 'dialog/done'; message: string}
	| {type: 'dialog/failed'; error: string};

/** d / u: opens the form, or says why it cannot. */
export function openDialog(state: AppState, kind: 'down' | 'up'): AppState {
	if (!state.frames.available) return note(state, 'frames are not available in this build', 'error');
	if (kind === 'up') {
		if (!state.frames.status?.cursor) return note(state, 'no open frame to undrill (d drills down from the selected node)', 'error');
		return {...state, mode: 'dialog', dialog: upDialog()};
	}
	const node = selectedNode(state.tree);
	if (!node) return state;
	const id = node.id === '' ? "''" : oneLine(node.id);
	return {...state, mode: 'dialog', dialog: downDialog(`Drilled from the ${node.domain} node ${id} (${node.name}).`, `${node.domain} ${id}`)};
}

/** Checks the form and asks the frames library to act; a missing field keeps the form open with the reason. */
function submit(state: AppState, dialog: DialogState): AppState {
	const fail = (error: string): AppState => ({...state, dialog: {...dialog, error, busy: false}});
	const busy: AppState = {...state, dialog: {...dialog, busy: true, error: undefined}};
	if (dialog.kind === 'down') {
		const slug = fieldValue(dialog, 'slug').trim();
		const objective = fieldValue(dialog, 'objective').trim();
		if (!slug || !objective) return fail('a drill needs a slug and an objective');
		return withEffect(busy, {type: 'framesDown', request: {slug, objective, context: dialog.context ?? ''}});
	}
	const findings = fieldValue(dialog, 'findings').trim();
	const planFile = fieldValue(dialog, 'planFile').trim();
	if (!findings) return fail('undrilling needs findings');
	const plan: PlanAction[] = [...dialog.plan];
	const pending = fieldValue(dialog, 'action').trim();
	if (pending) {
		const action = {action: pending, scope: fieldValue(dialog, 'scope'), sink: fieldValue(dialog, 'sink'), owner: fieldValue(dialog, 'owner').trim(), evidence: fieldValue(dialog, 'evidence').trim()};
		const missing = requiredFields(dialog, 'action').filter((name) => !action[name as keyof PlanAction]);
		if (missing.length > 0) return fail(`finish the action being entered (${missing.join(', ')}) or clear it`);
		plan.push(action);
	}
	const request: UpRequest = {findings, plan, ...(planFile ? {planFile} : {})};
	return withEffect(busy, {type: 'framesUp', request});
}

/** A key while a dialog is open. */
export function dialogInput(state: AppState, key: Key, command: Command | undefined): AppState {
	const {dialog} = state;
	if (!dialog) return {...state, mode: 'browse'};
	const typed = !command && key.text !== undefined ? key.text : undefined;
	const outcome = dialogKey(dialog, command, typed);
	if (outcome.cancel) return {...state, mode: 'browse', dialog: undefined};
	return outcome.submit ? submit(state, outcome.dialog) : {...state, dialog: outcome.dialog};
}

export function dialogReducer(state: AppState, action: DialogAction): AppState {
	if (action.type === 'dialog/failed') return state.dialog ? {...state, dialog: {...state.dialog, error: action.error, busy: false}} : note(state, action.error, 'error');
	// Done even if the form was closed meanwhile: the frames changed, so the panel and the drills
	// domain in the tree are read again.
	const closed: AppState = state.dialog ? {...state, mode: 'browse', dialog: undefined} : state;
	return withEffect(withEffect(note(closed, oneLine(action.message)), {type: 'framesRefresh'}), {type: 'reload', domain: framesDomain});
}
