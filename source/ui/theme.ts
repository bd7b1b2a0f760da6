/** What a piece of a line looks like. Colour is dropped entirely under NO_COLOR / --no-color. */
export interface Style {
	color?: string;
	bold?: boolean;
	dim?: boolean;
	inverse?: boolean;
	underline?: boolean;
}

export interface Segment {
	text: string;
	style?: Style;
}

/** One screen row, exactly the terminal's width once padded. */
export type Line = Segment[];

export type Role = 'border' | 'title' | 'dim' | 'accent' | 'selected' | 'selectedDim' | 'match' | 'error' | 'info' | 'key' | 'caret' | 'count' | 'focusBorder';

const colours: Record<Role, Style> = {
	border: {color: 'gray'},
	focusBorder: {color: 'cyan'},
	title: {bold: true},
	dim: {dim: true},
	accent: {color: 'cyan'},
	selected: {inverse: true},
	selectedDim: {inverse: true, dim: true},
	match: {color: 'yellow', bold: true, underline: true},
	error: {color: 'red', bold: true},
	info: {color: 'green'},
	key: {color: 'cyan', bold: true},
	caret: {inverse: true},
	count: {color: 'gray'},
};

export type Theme = (role: Role) => Style;

const plain = Object.fromEntries(Object.entries(colours).map(([role, {color: _dropped, ...rest}]) => [role, rest])) as Record<Role, Style>;
const coloured: Theme = (role) => colours[role];
const colourless: Theme = (role) => plain[role];

/** Styles by role; without colour only bold, dim, inverse and underline remain. */
export function theme(color: boolean): Theme {
	return color ? coloured : colourless;
}

/** Whether colours are wanted: off under NO_COLOR (any non-empty value) or --no-color. */
export function colourWanted(env: NodeJS.ProcessEnv, noColorFlag: boolean): boolean {
	return !noColorFlag && !env.NO_COLOR;
}
