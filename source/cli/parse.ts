import {parseArgs} from 'node:util';
import {globalFlags, type FlagSpec, type FlagTable, type FlagValues} from './command.js';
import {suggestion} from './did-you-mean.js';
import {flagName, kebab} from './help.js';
import {usageError} from './output.js';

type Token = NonNullable<ReturnType<typeof parseArgs>['tokens']>[number];
type OptionToken = Extract<Token, {kind: 'option'}>;

function tokensOf(argv: readonly string[], flags: FlagTable): Token[] {
	const options = Object.fromEntries(Object.entries(flags).map(([name, spec]) => [kebab(name), {type: spec.type === 'boolean' ? ('boolean' as const) : ('string' as const), ...(spec.short ? {short: spec.short} : {}), ...(spec.multiple ? {multiple: true} : {})}]));
	// Not strict: every token comes back, and this module says what is wrong with it in drill's words.
	return parseArgs({args: [...argv], options, strict: false, allowPositionals: true, allowNegative: true, tokens: true}).tokens;
}

/** The first word that is not a flag or a flag's value names the command: its position in argv, or undefined. */
export function commandWord(argv: readonly string[], flags: FlagTable): {name: string; index: number} | undefined {
	const first = tokensOf(argv, {...globalFlags, ...flags}).find((token) => token.kind === 'positional' || token.kind === 'option-terminator');
	return first?.kind === 'positional' ? {name: first.value, index: first.index} : undefined;
}

function scalar(spec: FlagSpec, token: OptionToken, where: string): string | number | boolean {
	const name = token.rawName;
	if (spec.type === 'boolean') {
		if (token.inlineValue) throw usageError(`${name} takes no value`, `write ${name} alone (or --no-${token.name} to turn it off)`);
		return !name.startsWith('--no-');
	}
	if (token.value === undefined) throw usageError(`${name} needs a value`, `e.g. ${name} ${spec.value ?? 'VALUE'}; see ${where} --help`);
	if (!token.inlineValue && /^--[a-z]/u.test(token.value)) {
		throw usageError(`${name} needs a value, but the next word is the option ${token.value}`, `give ${name} a value, or write ${name}=${token.value} if that is the value`);
	}
	if (spec.type === 'string') return token.value;
	const number = Number(token.value);
	if (token.value.trim() === '' || !Number.isFinite(number)) throw usageError(`${name} must be a number, got ${JSON.stringify(token.value)}`, `e.g. ${name} 5`);
	return number;
}

/**
 * Parses a command line with one flag table (the global flags are added): unknown options, a
 * missing value or a value on a switch are usage errors that name the
 * command (`where`, e.g. `drill walk`).
 */
export function parseCommandLine<Flags extends FlagTable>(argv: readonly string[], flags: Flags, where: string): {input: string[]; flags: FlagValues<Flags & typeof globalFlags>} {
	const table: FlagTable = {...globalFlags, ...flags};
	const byOption = new Map(Object.entries(table).map(([name, spec]) => [kebab(name), {name, spec}]));
	const values: Record<string, unknown> = {};
	const input: string[] = [];
	for (const token of tokensOf(argv, table)) {
		if (token.kind === 'positional') {
			input.push(token.value);
			continue;
		}
		if (token.kind !== 'option') continue;
		const known = byOption.get(token.name);
		const negated = token.rawName.startsWith('--no-');
		if (!known || (negated && known.spec.type !== 'boolean')) {
			const options = Object.entries(table).flatMap(([name, spec]) => [`--${kebab(name)}`, ...(spec.type === 'boolean' ? [flagName(name, spec)] : [])]);
			const meant = token.rawName.startsWith('--') ? suggestion(token.rawName, [...new Set(options)]) : '';
			throw usageError(`unknown option ${token.rawName} for ${where}`, `${meant}see ${where} --help`);
		}
		const value = scalar(known.spec, token, where);
		// A repeatable flag collects its values; any other takes the last one given (a later flag overrides).
		values[known.name] = known.spec.multiple ? [...((values[known.name] as unknown[] | undefined) ?? []), value] : value;
	}
	for (const [name, spec] of Object.entries(table)) {
		if (name in values) continue;
		if (spec.multiple) values[name] = [];
		else if (spec.default !== undefined) values[name] = spec.default;
		else if (spec.type === 'boolean') values[name] = false;
	}
	return {input, flags: values as FlagValues<Flags & typeof globalFlags>};
}
