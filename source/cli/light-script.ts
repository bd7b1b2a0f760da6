/**
 * The commands that start from a CommonJS bundle of their own, dist/cli-light.cjs, run with V8's
 * code cache (cached-script.ts) by the built CLI's entry (entry.ts): `drill usage` reads a few
 * rollup rows, and loading the ~40 modules of the full CLI for it cost as much as its query.
 * A light command reads only usage (the light runtime, usage-runtime.ts), and runs through the
 * same parsing, help, runtime and error report as in the full CLI (cli.tsx): same output either way.
 */
import {createUsageRuntime} from '../usage-runtime.js';
import type {AnyCommand} from './command.js';
import {commandList} from './command-list.js';
import {startsWithLightCommand, type LightCommandName} from './light-commands.js';
import {endQuietlyWhenReaderLeaves, reportError} from './output.js';
import {runCommand} from './run-command.js';
import {command as usage} from './usage.js';

const lightCommands: Record<LightCommandName, AnyCommand> = {usage};

/**
 * Runs `drill NAME …` when argv[0] names a light command, and sets the exit code when it ends;
 * false (nothing done, nothing printed) for any other command line.
 */
export function runLight(argv: string[]): boolean {
	if (!startsWithLightCommand(argv)) return false;
	const name = argv[0] as LightCommandName;
	const entry = commandList.find((candidate) => candidate.name === name)!;
	const streams = {stdout: process.stdout, stderr: process.stderr};
	endQuietlyWhenReaderLeaves(process.stdout);
	endQuietlyWhenReaderLeaves(process.stderr);
	runCommand(entry, lightCommands[name], argv, 0, streams, {usage: createUsageRuntime}).then(
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
