import type {Runtime} from '../runtime.js';
import type {UsageRuntime} from '../usage-runtime.js';

/**
 * One flag of a command: how it parses and what `--help` says about it, so the options a
 * command parses and the options its help lists are one list.
 */
export interface FlagSpec {
	readonly type: 'string' | 'number' | 'boolean';
	/** A one-letter alias, e.g. `d` for `-d`. */
	readonly short?: string;
	/** Repeatable: the values come as an array (empty when none is given). */
	readonly multiple?: boolean;
	readonly default?: string | number | boolean;
	/** The value's placeholder in --help, e.g. PATH or index|summary|full; none for a boolean. */
	readonly value?: string;
	/** What the flag does, for --help; more lines after a \n are indented under the first. */
	readonly help: string;
}

/** Flags by their camelCase name (`maxChars` is `--max-chars` on the command line). */
export type FlagTable = Readonly<Record<string, FlagSpec>>;

type Scalar<Spec extends FlagSpec> = Spec['type'] extends 'boolean' ? boolean : Spec['type'] extends 'number' ? number : string;

/** What a flag table parses to: arrays for repeatable flags, undefined for a flag not given and without a default. */
export type FlagValues<Flags extends FlagTable> = {
	-readonly [Name in keyof Flags]: Flags[Name] extends {multiple: true}
		? Array<Scalar<Flags[Name]>>
		: Flags[Name] extends {default: string | number | boolean} | {type: 'boolean'}
			? Scalar<Flags[Name]>
			: Scalar<Flags[Name]> | undefined;
};

/** Flags every command takes, before or after the command's name. */
export const globalFlags = {
	store: {type: 'string', value: 'PATH', help: 'the summary store (default: $DRILL_STORE, else .drill/store.db in the project root)'},
	knowledge: {type: 'string', value: 'DIR', help: 'the knowledge folder (default: .agents/knowledge in the project root)'},
	drills: {type: 'string', value: 'DIR', help: 'the folder that holds .drills/ (default: the project root)'},
	json: {type: 'boolean', help: 'print machine-readable JSON (errors too: {"error": {"code", "message"}})'},
	color: {type: 'boolean', default: true, help: 'no colours (NO_COLOR is respected as well)'},
	help: {type: 'boolean', short: 'h', help: 'this help'},
} as const satisfies FlagTable;

/** A parsed command line: the positional arguments after the command's name, and the flags. */
export interface CommandLine<Flags extends FlagTable> {
	input: string[];
	flags: FlagValues<Flags & typeof globalFlags>;
}

/**
 * What a command reads: `all` (the default) is handed the whole runtime; `usage` only the usage
 * reads (usage-runtime.ts), which start without loading the domains, search or the frames.
 */
export type Reads = 'all' | 'usage';

export interface CommandContext<R extends UsageRuntime = Runtime> {
	/** Where the command's data is: the domains, the store, search (closed when the command ends). */
	runtime: R;
	json: boolean;
	color: boolean;
	stdout: NodeJS.WriteStream;
	stderr: NodeJS.WriteStream;
}

/** A command's module: its help text around the generated option list, its flags, and what it does. */
export interface Command<Flags extends FlagTable = FlagTable, What extends Reads = 'all'> {
	/** What it reads (default `all`): `usage` runs it on the light runtime. */
	reads?: What;
	/** What the command does: the paragraphs that open its --help (indented by two spaces). */
	about: string;
	/** Each usage line after `drill `, e.g. `walk DOMAIN [NODE_ID] [options]`. */
	usage: string[];
	flags: Flags;
	/** Sections after the options, as written (e.g. Examples). */
	more?: string;
	run(line: CommandLine<Flags>, context: CommandContext<What extends 'usage' ? UsageRuntime : Runtime>): Promise<number> | number;
}

/** A command of either kind, as the command table loads it. */
export type AnyCommand = Command<FlagTable> | Command<FlagTable, 'usage'>;

export function defineCommand<const Flags extends FlagTable, What extends Reads = 'all'>(command: Command<Flags, What>): Command<Flags, What> {
	return command;
}
