import type {DrillError} from '../core/errors.js';
import type {AnyCommand} from './command.js';
import {suggestion} from './did-you-mean.js';
import {usageError} from './output.js';

/**
 * The command table: every command's name, aliases and one-line summary (what `drill --help`
 * lists and how a command is found), and its module, which holds its flags and the rest of its help.
 */
export interface CommandEntry {
	name: string;
	aliases?: string[];
	/** One line for `drill --help`. */
	summary: string;
	/** Loaded on use, so start-up pays only for the command that runs. */
	load(): Promise<{command: AnyCommand}>;
}

export const commands: CommandEntry[] = [
	{name: 'walk', aliases: ['tree'], summary: 'walk a domain at a depth: index, summary or full', load: () => import('./walk.js')},
	{name: 'down', summary: 'open a narrower drill frame under the current one (/drill)', load: () => import('./down.js')},
	{name: 'up', aliases: ['undrill'], summary: 'close the current drill with findings and a prevention plan (/undrill)', load: () => import('./up.js')},
	{name: 'status', summary: 'the drill cursor, the path of open frames and the pending plan', load: () => import('./status.js')},
	{name: 'retrospect', summary: "route a closed root drill's merged prevention plan to its sinks", load: () => import('./retrospect.js')},
	{name: 'domains', summary: 'list the registered domains', load: () => import('./domains.js')},
	{name: 'import', summary: 'load summary items from interchange JSON (a file or -)', load: () => import('./import.js')},
	{name: 'export', summary: 'write summary items as JSON lines, or one node as Markdown or HTML to read and share', load: () => import('./export.js')},
	{name: 'ingest', summary: 'summarize files and folders (markdown, text, HTML, transcripts) into the store', load: () => import('./ingest.js')},
	{name: 'mcp', summary: 'serve drill to agents over MCP (stdio, or HTTP with --http)', load: () => import('./mcp.js')},
	{name: 'find', aliases: ['search'], summary: 'search coarse-to-fine: ranked summary nodes, candidate items, drilled spans', load: () => import('./find.js')},
	{name: 'doctor', summary: 'check the store for damage; --repair rebuilds it from what can be read', load: () => import('./doctor.js')},
	{name: 'resume', summary: "resume a session in its own agent (claude --resume, codex resume, …) in its project folder", load: () => import('./resume.js')},
	{name: 'forget', summary: 'remove items, or all from a file or folder, from the store and the index; ingest leaves them out after', load: () => import('./forget.js')},
	{name: 'usage', summary: 'tokens and cost by day, week, month, session, project, agent or model; 5-hour blocks', load: () => import('./usage.js')},
	{name: 'push', summary: "send this store's items to the team archive (PostgreSQL; docs/team.md)", load: () => import('./push.js')},
	{name: 'pull', summary: "bring the team archive's items from other machines into this store", load: () => import('./pull.js')},
	{name: 'reindex', summary: 'rebuild the search indexes (keyword rows, semantic model and vectors)', load: () => import('./reindex.js')},
];

export function findCommand(name: string): CommandEntry | undefined {
	return commands.find((entry) => entry.name === name || entry.aliases?.includes(name));
}

/** The error for a word that names no command: the closest command, if one is close, and the list. */
export function unknownCommand(word: string): DrillError {
	const names = commands.flatMap((entry) => [entry.name, ...(entry.aliases ?? [])]);
	return usageError(`unknown command ${JSON.stringify(word)}`, `${suggestion(word, names)}commands: ${commands.map((command) => command.name).join(', ')}; see drill --help`);
}
