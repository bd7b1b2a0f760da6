import {globalFlags, type AnyCommand, type FlagSpec, type FlagTable} from './command.js';
import {commandList, type CommandInfo} from './command-list.js';
import {largest} from '../core/arrays.js';

export const kebab = (name: string) => name.replace(/[A-Z]/gu, (letter) => `-${letter.toLowerCase()}`);

/** How a flag is written on the command line: `--no-color` for a boolean that is on by default. */
export function flagName(name: string, spec: Pick<FlagSpec, 'type' | 'default'>): string {
	return spec.type === 'boolean' && spec.default === true ? `--no-${kebab(name)}` : `--${kebab(name)}`;
}

const widest = 30;

/** The option lines of a flag table, aligned: `    --depth, -d index|summary|full   how much to show`. */
export function optionLines(flags: FlagTable): string {
	const rows = Object.entries(flags).map(([name, spec]) => ({
		left: `${flagName(name, spec)}${spec.short ? `, -${spec.short}` : ''}${spec.value ? ` ${spec.value}` : ''}`,
		help: spec.help.split('\n'),
	}));
	const column = Math.min(widest, largest(rows.map((row) => row.left.length))) + 2;
	const pad = ' '.repeat(4 + column);
	return rows
		.flatMap(({left, help}) => {
			const [first = '', ...rest] = help;
			const head = left.length + 2 > column ? [`    ${left}`, `${pad}${first}`] : [`    ${left.padEnd(column)}${first}`];
			return [...head, ...rest.map((line) => `${pad}${line}`)];
		})
		.join('\n');
}

/** A whole `--help` text: what the command does, its usage, its options, more sections, the global options. */
function helpText(parts: {about: string; usage: readonly string[]; flags: FlagTable; more?: string; optionsTitle?: string}): string {
	const sections = [parts.about.replace(/^\n+|\s+$/gu, ''), `  Usage\n${parts.usage.map((line) => `    drill ${line}`).join('\n')}`];
	if (Object.keys(parts.flags).length > 0) sections.push(`  ${parts.optionsTitle ?? 'Options'}\n${optionLines(parts.flags)}`);
	if (parts.more) sections.push(parts.more.replace(/^\n+|\s+$/gu, ''));
	sections.push(`  Global options\n${optionLines(globalFlags)}`);
	return `\n${sections.join('\n\n')}\n`;
}

/** `drill COMMAND --help`: the command's own text, its usage lines with the aliases said once. */
export function commandHelp(entry: CommandInfo, command: AnyCommand): string {
	const aliases = entry.aliases?.length ? `        (alias: ${entry.aliases.map((alias) => `drill ${alias}`).join(', ')})` : '';
	return helpText({...command, usage: command.usage.map((line, index) => (index === 0 ? `${line}${aliases}` : line))});
}

/** `drill --help`: the explorer's usage and options, then one line per command. */
export function mainHelp(explorer: {about: string; usage: readonly string[]; flags: FlagTable; more: string}): string {
	const commands: readonly CommandInfo[] = commandList;
	const names = commands.map((entry) => [entry.name, ...(entry.aliases ?? [])].join(', '));
	const width = largest(names.map((name) => name.length));
	const list = commands.map((entry, index) => `    ${names[index]!.padEnd(width)}  ${entry.summary}`);
	return helpText({about: explorer.about, usage: [...explorer.usage], flags: explorer.flags, optionsTitle: 'Explorer options', more: `  Commands\n${list.join('\n')}\n\n${explorer.more.replace(/^\n+/u, '')}`});
}
