/**
 * What starts from a CommonJS bundle of its own, dist/cli-light.cjs, run with V8's code cache
 * (cached-script.ts) by the built CLI's entry (entry.ts): the light commands (light-commands.ts,
 * `drill usage`: a few rollup rows to read) and the explorer, whose own bundle it runs in turn.
 * Loading the full CLI's ~40 modules cost as much as usage's query. Both run through the same
 * parsing, help, runtime and error report as in the full CLI (cli.tsx): same output either way.
 */
import {createUsageRuntime} from '../usage-runtime.js';
import {explorer, runExplorerLine, type AppModules, type ExplorerLine} from './app.js';
import type {AnyCommand} from './command.js';
import {commandList} from './command-list.js';
import {startExplorer} from './explorer.js';
import {startsWithLightCommand, type LightCommandName} from './light-commands.js';
import {endQuietlyWhenReaderLeaves, reportError} from './output.js';
import {commandWord, parseCommandLine} from './parse.js';
import {runCommand, type Streams} from './run-command.js';
import {command as usage} from './usage.js';

const lightCommands: Record<LightCommandName, AnyCommand> = {usage};

/** What the entry hands over: its import(), which code run by vm.Script has not on Node 20. */
export interface LightHost {
	importModule(url: string): Promise<unknown>;
}

/**
 * Runs `drill ARGV…` when it is a light command or the explorer on a terminal, and sets the exit
 * code when it ends; false (nothing done, nothing printed) for any other command line.
 */
export function runLight(argv: string[], host: LightHost): boolean {
	const streams = {stdout: process.stdout, stderr: process.stderr};
	const run = lightRun(argv, streams, host);
	if (!run) return false;
	endQuietlyWhenReaderLeaves(process.stdout);
	endQuietlyWhenReaderLeaves(process.stderr);
	run().then(
		(code) => {
			process.exitCode = code;
		},
		(error: unknown) => {
			// The flags may not have parsed: --json anywhere asks for the error as JSON.
			process.exitCode = reportError(error, argv.includes('--json'), streams);
		},
	);
	return true;
}

/** The run for argv, if the light start takes it. */
function lightRun(argv: string[], streams: Streams, host: LightHost): (() => Promise<number>) | undefined {
	if (startsWithLightCommand(argv)) {
		const name = argv[0] as LightCommandName;
		const entry = commandList.find((candidate) => candidate.name === name)!;
		return () => runCommand(entry, lightCommands[name], argv, 0, streams, {usage: createUsageRuntime});
	}
	if (commandWord(argv, explorer.flags)) return undefined;
	let line: ExplorerLine;
	try {
		line = parseCommandLine(argv, explorer.flags, 'drill');
	} catch {
		// The full CLI reports it, as it reports every other bad command line.
		return undefined;
	}
	// --keys plays a script without a terminal: the full CLI's player.
	if (line.flags.keys !== undefined) return undefined;
	const modules: AppModules = {explorer: async () => (start, app) => startExplorer(start, app, host.importModule)};
	return () => runExplorerLine(line, streams, modules);
}
