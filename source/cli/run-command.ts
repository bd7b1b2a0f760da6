import type {DrillConfig} from '../core/registry.js';
import type {Runtime} from '../runtime.js';
import type {UsageRuntime} from '../usage-runtime.js';
import type {AnyCommand} from './command.js';
import type {CommandInfo} from './command-list.js';
import {resolveConfig} from './config.js';
import {commandHelp} from './help.js';
import {parseCommandLine} from './parse.js';

export interface Streams {
	stdout: NodeJS.WriteStream;
	stderr: NodeJS.WriteStream;
}

/**
 * How a command's runtime is opened, by what the command reads: the whole runtime, or the usage
 * reads alone. A start that carries only usage commands (the light script) has no `all`.
 */
export interface RuntimeOpeners {
	usage(config: DrillConfig): Promise<UsageRuntime> | UsageRuntime;
	all?(config: DrillConfig): Promise<Runtime>;
}

/**
 * Runs the command found at `argv[wordIndex]`: parses the rest of argv with its flag table, prints
 * its help, or opens the runtime it reads, runs it and closes the runtime.
 */
export async function runCommand(entry: CommandInfo, command: AnyCommand, argv: string[], wordIndex: number, streams: Streams, open: RuntimeOpeners): Promise<number> {
	const line = parseCommandLine(argv.filter((_, index) => index !== wordIndex), command.flags, `drill ${entry.name}`);
	if (line.flags.help) {
		streams.stdout.write(commandHelp(entry, command));
		return 0;
	}
	const config = resolveConfig(line.flags);
	const options = {json: line.flags.json, color: line.flags.color && !process.env.NO_COLOR, ...streams};
	// A command that reads only usage starts without the domains, search and the frames.
	if (command.reads === 'usage') {
		const runtime = await open.usage(config);
		try {
			return await command.run(line, {runtime, ...options});
		} finally {
			runtime.close();
		}
	}
	if (!open.all) throw new Error(`drill ${entry.name} needs the whole runtime, which this start does not carry`);
	const runtime = await open.all(config);
	try {
		return await command.run(line, {runtime, ...options});
	} finally {
		runtime.close();
	}
}
