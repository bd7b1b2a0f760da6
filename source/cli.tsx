#!/usr/bin/env node
import {explorer, runExplorerLine} from './cli/app.js';
import {appModules} from './cli/app-modules.js';
import {unknownCommand} from './cli/command-list.js';
import {findCommand} from './cli/commands.js';
import {commandWord, parseCommandLine} from './cli/parse.js';
import {endQuietlyWhenReaderLeaves, reportError} from './cli/output.js';
import {runCommand} from './cli/run-command.js';

const streams = {stdout: process.stdout, stderr: process.stderr};
endQuietlyWhenReaderLeaves(process.stdout);
endQuietlyWhenReaderLeaves(process.stderr);

/** Finds the command in argv, parses its flags from the command table, and runs it (or the explorer). */
async function main(argv: string[]): Promise<number> {
	const word = commandWord(argv, explorer.flags);
	if (!word) return await runExplorerLine(parseCommandLine(argv, explorer.flags, 'drill'), streams, appModules);
	const entry = findCommand(word.name);
	if (!entry) {
		// `drill --dept 2`: the word is the value of a mistyped option, which is the thing to report.
		parseCommandLine(argv.slice(0, word.index), explorer.flags, 'drill');
		throw unknownCommand(word.name);
	}
	const {command} = await entry.load();
	return await runCommand(entry, command, argv, word.index, streams, {
		usage: async (config) => (await import('./usage-runtime.js')).createUsageRuntime(config),
		all: async (config) => (await import('./runtime.js')).createRuntime(config),
	});
}

main(process.argv.slice(2)).then(
	(code) => {
		process.exitCode = code;
	},
	(error: unknown) => {
		// The flags may not have parsed: --json anywhere asks for the error as JSON.
		process.exitCode = reportError(error, process.argv.includes('--json'), streams);
	},
);
