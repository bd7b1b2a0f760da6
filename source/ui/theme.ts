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

export type Role = 'border' | 'title' | 'dim' | 'accent' | 'selected' | 'selectedDim' | 'match' | 'error' | 'info' | 'key' | 'caret' | 'count' | 'focusBorder' | 'focusTitle' | 'current';

/**
 * A line laid out but not yet painted: pieces name their role, not their colours. Long texts (the
 * detail pane, the help) are laid out once per width and painted only where they show.
 */
export type RoleLine = Array<{text: string; role?: Role}>;

const colours: Record<Role, Style> = {
	border: {color: 'gray'},
	focusBorder: {color: 'cyan'},
	title: {bold: true},
	dim: {dim: true},
	accent: {color: 'cyan'},
	selected: {inverse: true},
	selectedDim: {inverse: true, dim: true},
	match: {color: 'yellow', bold: true, underline: true},
	/** The find's current match: a match, in reverse video. */
	current: {color: 'yellow', bold: true, underline: true, inverse: true},
	/** The focused pane's title. */
	focusTitle: {color: 'cyan', bold: true},
	error: {color: 'red', bold: true},
	info: {color: 'green'},
	key: {color: 'cyan', bold: true},
	caret: {inverse: true},
	count: {color: 'gray'},
};

/** Colours for a light background: blue and magenta where dark backgrounds get cyan and yellow. */
const lightColours: Record<Role, Style> = {
	...colours,
	focusBorder: {color: 'blue'},
	accent: {color: 'blue'},
	match: {color: 'magenta', bold: true, underline: true},
	current: {color: 'magenta', bold: true, underline: true, inverse: true},
	focusTitle: {color: 'blue', bold: true},
	key: {color: 'blue', bold: true},
};

export const schemes = ['dark', 'light'] as const;
export type Scheme = (typeof schemes)[number];
let active = colours;

/** Picks the colour scheme for this process's app (`--theme`); dark is the default. */
export function useScheme(scheme: Scheme): void {
	active = scheme === 'light' ? lightColours : colours;
}

export type Theme = (role: Role) => Style;

const plain = Object.fromEntries(Object.entries(colours).map(([role, {color: _dropped, ...rest}]) => [role, rest])) as Record<Role, Style>;
const coloured: Theme = (role) => active[role];
const colourless: Theme = (role) => plain[role];

/** Styles by role; without colour only bold, dim, inverse and underline remain. */
export function theme(color: boolean): Theme {
	return color ? coloured : colourless;
}

export function paintLine(line: RoleLine, paint: Theme): Line {
	return line.map(({text, role}) => (role ? {text, style: paint(role)} : {text}));
}

/** Whether colours are wanted: off under NO_COLOR (any non-empty value) or --no-color. */
export function colourWanted(env: NodeJS.ProcessEnv, noColorFlag: boolean): boolean {
	return !noColorFlag && !env.NO_COLOR;
}

const colourCodes: Record<string, number> = {black: 30, red: 31, green: 32, yellow: 33, blue: 34, magenta: 35, cyan: 36, white: 37, gray: 90};

/**
 * A line as text with SGR escapes. The app writes its own styles instead of asking Ink's chalk,
 * whose colour level follows its own guesses (it turns every style off for `--no-color` in argv,
 * and for a stream it does not think is a terminal): without colour, bold, dim, inverse and
 * underline must stay, or the selection would vanish.
 */
export function toAnsi(line: Line): string {
	let out = '';
	for (const {text, style} of line) {
		if (!style) {
			out += text;
			continue;
		}
		const codes: number[] = [];
		if (style.color && colourCodes[style.color] !== undefined) codes.push(colourCodes[style.color]!);
		if (style.bold) codes.push(1);
		if (style.dim) codes.push(2);
		if (style.underline) codes.push(4);
		if (style.inverse) codes.push(7);
		out += codes.length ? `\u001b[${codes.join(';')}m${text}\u001b[0m` : text;
	}
	return out;
}
