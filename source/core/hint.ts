/**
 * Hints that name an operation or a parameter without naming a surface: "start one with
 * ${run('down', …)}" reads `drill down SLUG --objective TEXT` on the command line and
 * `drill(direction="down", slug=SLUG, objective=TEXT)` over MCP. Each surface renders a hint in its
 * own words (a `HintSurface`); the CLI's words are the default, which the app and `--json` show too.
 */
import {append} from './arrays.js';

/** What a hint can tell the reader to do; every surface maps these to its own commands or tools. */
export type HintOperation = 'walk' | 'find' | 'down' | 'up' | 'status' | 'retrospect' | 'reindex' | 'import' | 'ingest' | 'doctor';

/** Settings the CLI takes as global flags and the MCP server as its own start-up options. */
export type HintOption = 'store' | 'knowledge' | 'drills';

/** A value the reader fills in, shown as its name: TEXT, FILE, SLUG. */
export interface Blank {
	blank: string;
}

export type HintValue = string | number | boolean | Blank;

export interface RunRef {
	kind: 'run';
	op: HintOperation;
	args: Readonly<Record<string, HintValue>>;
	/** Set in backquotes where the surface writes a command (the CLI's `drill reindex`). */
	quoted: boolean;
}

export interface GiveRef {
	kind: 'give';
	op: HintOperation;
	/** The parameter's name as the seeds and the MCP tools spell it (snake_case). */
	param: string;
	value?: HintValue;
}

export interface OptionRef {
	kind: 'option';
	name: HintOption;
	value?: HintValue;
}

export type HintRef = RunRef | GiveRef | OptionRef;

/** How one surface (the CLI, the MCP server) writes operations, parameters and options. */
export interface HintSurface {
	run(ref: RunRef): string;
	give(ref: GiveRef): string;
	option(ref: OptionRef): string;
}

export const blank = (name: string): Blank => ({blank: name});
export const isBlank = (value: HintValue | undefined): value is Blank => typeof value === 'object' && value !== null && 'blank' in value;

export const run = (op: HintOperation, args: Record<string, HintValue> = {}, options: {quoted?: boolean} = {}): RunRef => ({kind: 'run', op, args, quoted: options.quoted ?? false});
export const give = (op: HintOperation, param: string, value?: HintValue): GiveRef => ({kind: 'give', op, param, ...(value === undefined ? {} : {value})});
export const option = (name: HintOption, value?: HintValue): OptionRef => ({kind: 'option', name, ...(value === undefined ? {} : {value})});

// ── The CLI's words ────────────────────────────────────────────────────────────────────────────

/** Each operation's command line: its words and which parameters are positional, in order. */
const cliCommands: Record<HintOperation, {words: string; positional: readonly string[]}> = {
	walk: {words: 'drill walk', positional: ['domain', 'node_id']},
	find: {words: 'drill find', positional: ['query']},
	down: {words: 'drill down', positional: ['slug']},
	up: {words: 'drill up', positional: []},
	status: {words: 'drill status', positional: []},
	retrospect: {words: 'drill retrospect', positional: []},
	reindex: {words: 'drill reindex', positional: []},
	import: {words: 'drill import', positional: ['file']},
	ingest: {words: 'drill ingest', positional: ['path']},
	doctor: {words: 'drill doctor', positional: []},
};

/** Where a flag's name is not the parameter's name with dashes. */
const cliFlagNames: Partial<Record<HintOperation, Record<string, string>>> = {up: {prevention_plan: 'plan'}};

/** A value as a shell word: bare when it can be, words with spaces in double quotes, other specials (#, $, …) in single ones. */
function shellWord(value: HintValue): string {
	if (isBlank(value)) return value.blank;
	const text = String(value);
	if (text === '') return "''";
	if (/^[\w.,:@%+=/-]+$/u.test(text)) return text;
	return /\s|'/u.test(text) ? JSON.stringify(text) : `'${text}'`;
}

const cliFlag = (op: HintOperation, param: string) => `--${cliFlagNames[op]?.[param] ?? param.replaceAll('_', '-')}`;

function cliFlagWithValue(op: HintOperation, param: string, value: HintValue | undefined): string {
	if (value === undefined || value === true) return cliFlag(op, param);
	return `${cliFlag(op, param)} ${shellWord(value)}`;
}

/** How the CLI (and the app, and `--json`) write hints: `drill walk drills ''`, `--objective TEXT`. */
export const cliHints: HintSurface = {
	run(ref) {
		const command = cliCommands[ref.op];
		const words = [command.words];
		for (const name of command.positional) if (ref.args[name] !== undefined) words.push(shellWord(ref.args[name]!));
		for (const [name, value] of Object.entries(ref.args)) {
			if (command.positional.includes(name) || value === false) continue;
			words.push(cliFlagWithValue(ref.op, name, value));
		}
		const line = words.join(' ');
		return ref.quoted ? `\`${line}\`` : line;
	},
	give: (ref) => cliFlagWithValue(ref.op, ref.param, ref.value),
	option: (ref) => (ref.value === undefined ? `--${ref.name}` : `--${ref.name} ${shellWord(ref.value)}`),
};

// ── Hints ───────────────────────────────────────────────────────────────────────────────────

/** A hint as text and references, rendered by whichever surface shows it. */
export class Hint {
	constructor(readonly parts: ReadonlyArray<string | HintRef>) {}

	render(surface: HintSurface = cliHints): string {
		return this.parts.map((part) => (typeof part === 'string' ? part : surface[part.kind](part as never))).join('');
	}

	toString(): string {
		return this.render(cliHints);
	}
}

/** Tagged template: hint`start one with ${run('down', {slug: blank('SLUG')})}`; a Hint inside another is spliced in. */
export function hint(strings: TemplateStringsArray, ...refs: Array<HintRef | Hint | string>): Hint {
	const parts: Array<string | HintRef> = [];
	strings.forEach((text, index) => {
		if (text) parts.push(text);
		const ref = refs[index];
		if (ref instanceof Hint) append(parts, ref.parts);
		else if (ref !== undefined) parts.push(ref);
	});
	return new Hint(parts);
}
