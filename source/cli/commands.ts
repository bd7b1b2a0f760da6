import type {Command} from './command.js';

export interface CommandEntry {
	name: string;
	aliases?: string[];
	/** One line for `drill --help`. */
	summary: string;
	/** Loaded on use, so start-up pays only for the command that runs. */
	load(): Promise<{command: Command<any>}>;
}

export const commands: CommandEntry[] = [
	{name: 'walk', aliases: ['tree'], summary: 'walk a domain at a depth: index, summary or full', load: () => import('./walk.js')},
	{name: 'domains', summary: 'list the registered domains', load: () => import('./domains.js')},
	{name: 'import', summary: 'load summary items from interchange JSON (a file or -)', load: () => import('./import.js')},
	{name: 'export', summary: 'write summary items as JSON lines', load: () => import('./export.js')},
	{name: 'find', aliases: ['search'], summary: 'search coarse-to-fine: ranked summary nodes, candidate items, drilled spans', load: () => import('./find.js')},
	{name: 'reindex', summary: 'rebuild the search indexes (keyword rows, semantic model and vectors)', load: () => import('./reindex.js')},
];

export function findCommand(name: string): CommandEntry | undefined {
	return commands.find((entry) => entry.name === name || entry.aliases?.includes(name));
}
