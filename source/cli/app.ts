import {parseDepth} from '../core/depth.js';
import type {CommandLine, FlagTable} from './command.js';
import {commandList, unknownCommand} from './command-list.js';
import {resolveConfig} from './config.js';
import {mainHelp} from './help.js';
import {exitUsage, usageError} from './output.js';
import type {Streams} from './run-command.js';
import type {ExplorerStart} from './start-explorer.js';
import {version} from '../version.js';
import {colourWanted} from '../ui/theme.js';
import {largest} from '../core/arrays.js';

/** `drill` with no command: the explorer's flags and help, in the same table shape as a command's. */
export const explorer = {
	about: `
  drill — explore tree-shaped knowledge: summaries, a knowledge base and .drills/ work frames`,
	usage: ['[--domain D --node ID --depth X --query Q]   the explorer (on a terminal)', 'COMMAND [options]', 'COMMAND --help'],
	flags: {
		domain: {type: 'string', value: 'DOMAIN', help: 'open the tree at this domain (default: the top, one row per domain)'},
		node: {type: 'string', value: 'ID', help: 'and at this node of it'},
		depth: {type: 'string', value: 'index|summary|full', help: "the detail pane's depth (default: index); 1/2/3 or t change it"},
		query: {type: 'string', value: 'TEXT', help: 'run this search at start'},
		maxChars: {type: 'number', value: 'N', help: 'the first chunk of a full view (default 20000); the rest loads as you scroll'},
		keys: {type: 'string', value: 'SCRIPT', help: 'play a key script (a file, or the script itself) and print the last screen'},
		record: {type: 'string', value: 'FILE.cast', help: 'write the session as asciicast v2; same script and store, same bytes'},
		size: {type: 'string', value: 'COLSxROWS', help: 'the screen size for --keys (default 100x30)'},
		theme: {type: 'string', value: 'dark|light', help: 'colours for a dark (default) or a light background'},
		version: {type: 'boolean', help: 'the version'},
	},
	more: `
  Key scripts (--keys, no terminal needed): text is typed; <enter> <esc> <tab> <space> <backspace>
  <up> <down> <left> <right> <pgup> <pgdn> <home> <end> <c-d> (ctrl+letter) <lt> are keys;
  <wait 600ms> pauses; <wait-for "text"> (or <wait-for "text" 10s>) waits until the text is on
  screen; # starts a comment.

  Keys: ? in the app lists them all.`,
} as const satisfies {about: string; usage: readonly string[]; flags: FlagTable; more: string};

export type ExplorerLine = CommandLine<typeof explorer.flags>;

/** The lines printed when there is no terminal to draw on. */
export function noTerminalMessage(): string {
	const width = largest(commandList.map((entry) => entry.name.length));
	const list = commandList.map((entry) => `  drill ${entry.name.padEnd(width)}  ${entry.summary}`);
	return `drill: the explorer needs a terminal, but standard ${process.stdin.isTTY ? 'output' : 'input'} is not one; these commands work without one:\n${list.join('\n')}\n`;
}

/**
 * Where the app's code comes from: the full CLI imports it (app-modules.ts); the light start
 * (light-script.ts) runs the explorer's bundle itself, and leaves --keys to the full CLI.
 */
export interface AppModules {
	/** Starts the explorer on the terminal. */
	explorer(): Promise<(start: ExplorerStart, streams: Streams) => Promise<number>>;
	/** The key-script player (--keys, --record). */
	playback?(): Promise<typeof import('./playback.js')>;
}

/** `drill` with no command: the version, the help, or the app. */
export async function runExplorerLine(line: ExplorerLine, streams: Streams, modules: AppModules): Promise<number> {
	if (line.flags.version) {
		streams.stdout.write(`${version}\n`);
		return 0;
	}
	if (line.flags.help) {
		streams.stdout.write(mainHelp(explorer));
		return 0;
	}
	return await openApp(line, streams, modules);
}

/** `drill` with no command: check the flags, make sure there is a terminal, run the app. */
async function openApp({input, flags}: ExplorerLine, streams: Streams, modules: AppModules): Promise<number> {
	if (input.length > 0) throw unknownCommand(input[0]!);
	if (flags.json) throw usageError('the explorer has no --json output', 'use a command, e.g. drill walk summary \'\' --json');
	const depth = parseDepth(flags.depth);
	const theme = flags.theme ?? 'dark';
	if (theme !== 'dark' && theme !== 'light') throw usageError(`--theme ${JSON.stringify(theme)} is not a colour scheme`, 'use --theme dark or --theme light');
	if (flags.node !== undefined && flags.domain === undefined) throw usageError('--node needs --domain', "e.g. drill --domain summary --node 'conversation_session:k3x9'");
	const {maxChars} = flags;
	if (maxChars !== undefined && (!Number.isInteger(maxChars) || maxChars < 1 || maxChars > 100_000_000)) throw usageError(`--max-chars must be a whole number from 1 to 100000000, got ${String(maxChars)}`, 'e.g. --max-chars 20000');
	if (flags.record !== undefined && flags.keys === undefined) throw usageError('--record needs --keys', 'recordings are scripted: e.g. drill --keys demo/browse.keys --record demo/browse.cast');
	if (flags.keys !== undefined) {
		if (!modules.playback) throw new Error('this start of drill has no key-script player');
		const {playScript} = await modules.playback();
		return playScript(
			{keys: flags.keys, record: flags.record, size: flags.size, theme, color: flags.color && !process.env.NO_COLOR, depth, maxChars, initial: {domain: flags.domain, node: flags.node, query: flags.query}},
			resolveConfig(flags),
			streams.stdout,
		);
	}
	if (!process.stdin.isTTY || !streams.stdout.isTTY) {
		streams.stderr.write(noTerminalMessage());
		return exitUsage;
	}
	const startExplorer = await modules.explorer();
	return await startExplorer({config: resolveConfig(flags), color: colourWanted(process.env, !flags.color), theme, depth, initial: {domain: flags.domain, node: flags.node, query: flags.query}, maxChars}, streams);
}
