import type {Command} from './key-table.js';

/** A one-line text field: its value and the caret (an index into the value's code units). */
export interface LineInput {
	value: string;
	caret: number;
	/** The whole value is selected (a field reopened with its last text): typing replaces it, a caret key keeps it. */
	selected?: boolean;
}

export const emptyInput: LineInput = {value: '', caret: 0};

export function inputOf(value: string): LineInput {
	return {value, caret: value.length};
}

/** Length of the code point that ends at `index` (1, or 2 for a surrogate pair). */
function before(value: string, index: number): number {
	const low = value.charCodeAt(index - 1);
	return index >= 2 && low >= 0xdc00 && low <= 0xdfff ? 2 : 1;
}

function after(value: string, index: number): number {
	const high = value.charCodeAt(index);
	return high >= 0xd800 && high <= 0xdbff ? 2 : 1;
}

/** The last text offered again, selected: typed over, or kept and edited after ← → Home End. */
export function selectedInput(value: string): LineInput {
	return value ? {value, caret: value.length, selected: true} : emptyInput;
}

export function insertText(input: LineInput, text: string): LineInput {
	if (input.selected) return {value: text, caret: text.length};
	return {value: input.value.slice(0, input.caret) + text + input.value.slice(input.caret), caret: input.caret + text.length};
}

/** Applies an editing command; returns the input unchanged for commands that do not edit. */
export function editInput(input: LineInput, command: Command): LineInput {
	if (input.selected) {
		if (command === 'deleteBack' || command === 'deleteForward' || command === 'deleteWord' || command === 'clearLine') return emptyInput;
		if (command === 'caretLeft' || command === 'caretRight' || command === 'caretHome' || command === 'caretEnd') return editInput({value: input.value, caret: input.caret}, command);
		return input;
	}
	const {value, caret} = input;
	switch (command) {
		case 'deleteBack': {
			if (caret === 0) return input;
			const size = before(value, caret);
			return {value: value.slice(0, caret - size) + value.slice(caret), caret: caret - size};
		}
		case 'deleteForward':
			return caret >= value.length ? input : {value: value.slice(0, caret) + value.slice(caret + after(value, caret)), caret};
		case 'deleteWord': {
			const start = value.slice(0, caret).replace(/\S+\s*$/u, '').length;
			return {value: value.slice(0, start) + value.slice(caret), caret: start};
		}
		case 'clearLine':
			return emptyInput;
		case 'caretLeft':
			return caret === 0 ? input : {value, caret: caret - before(value, caret)};
		case 'caretRight':
			return caret >= value.length ? input : {value, caret: caret + after(value, caret)};
		case 'caretHome':
			return {value, caret: 0};
		case 'caretEnd':
			return {value, caret: value.length};
		default:
			return input;
	}
}
