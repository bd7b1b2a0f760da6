import type {AnyCommand} from './command.js';
import {commandList, type CommandInfo, type CommandName} from './command-list.js';

/** A command of the table (command-list.ts) with its module, which holds its flags and the rest of its help. */
export interface CommandEntry extends CommandInfo {
	/** Loaded on use, so start-up pays only for the command that runs. */
	load(): Promise<{command: AnyCommand}>;
}

const modules: Record<CommandName, CommandEntry['load']> = {
	walk: () => import('./walk.js'),
	down: () => import('./down.js'),
	up: () => import('./up.js'),
	status: () => import('./status.js'),
	retrospect: () => import('./retrospect.js'),
	domains: () => import('./domains.js'),
	import: () => import('./import.js'),
	export: () => import('./export.js'),
	ingest: () => import('./ingest.js'),
	mcp: () => import('./mcp.js'),
	find: () => import('./find.js'),
	doctor: () => import('./doctor.js'),
	resume: () => import('./resume.js'),
	forget: () => import('./forget.js'),
	usage: () => import('./usage.js'),
	push: () => import('./push.js'),
	pull: () => import('./pull.js'),
	reindex: () => import('./reindex.js'),
};

export const commands: CommandEntry[] = commandList.map((entry) => ({...entry, load: modules[entry.name]}));

export function findCommand(name: string): CommandEntry | undefined {
	return commands.find((entry) => entry.name === name || entry.aliases?.includes(name));
}
