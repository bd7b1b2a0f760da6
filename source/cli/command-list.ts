import type {DrillError} from '../core/errors.js';
import {suggestion} from './did-you-mean.js';
import {usageError} from './output.js';

/**
 * Every command's name, aliases and one-line summary: what `drill --help` lists and how a word
 * finds its command. Data only, so the help and the parser load no command (commands.ts adds
 * each command's module loader).
 */
export const commandList = [
	{name: 'walk', aliases: ['tree'], summary: 'walk a domain at a depth: index, summary or full'},
	{name: 'down', summary: 'open a narrower drill frame under the current one (/drill)'},
	{name: 'up', aliases: ['undrill'], summary: 'close the current drill with findings and a prevention plan (/undrill)'},
	{name: 'status', summary: 'the drill cursor, the path of open frames and the pending plan'},
	{name: 'retrospect', summary: "route a closed root drill's merged prevention plan to its sinks"},
	{name: 'domains', summary: 'list the registered domains'},
	{name: 'import', summary: 'load summary items from interchange JSON (a file or -)'},
	{name: 'export', summary: 'write summary items as JSON lines, or one node as Markdown or HTML to read and share'},
	{name: 'ingest', summary: 'summarize files and folders (markdown, text, HTML, transcripts) into the store'},
	{name: 'mcp', summary: 'serve drill to agents over MCP (stdio, or HTTP with --http)'},
	{name: 'find', aliases: ['search'], summary: 'search coarse-to-fine: ranked summary nodes, candidate items, drilled spans'},
	{name: 'doctor', summary: 'check the store for damage; --repair rebuilds it from what can be read'},
	{name: 'resume', summary: "resume a session in its own agent (claude --resume, codex resume, …) in its project folder"},
	{name: 'forget', summary: 'remove items, or all from a file or folder, from the store and the index; ingest leaves them out after'},
	{name: 'usage', summary: 'tokens and cost by day, week, month, session, project, agent or model; 5-hour blocks'},
	{name: 'push', summary: "send this store's items to the team archive (PostgreSQL; docs/team.md)"},
	{name: 'pull', summary: "bring the team archive's items from other machines into this store"},
	{name: 'reindex', summary: 'rebuild the search indexes (keyword rows, semantic model and vectors)'},
] as const satisfies readonly CommandInfo[];

export interface CommandInfo {
	name: string;
	aliases?: readonly string[];
	/** One line for `drill --help`. */
	summary: string;
}

export type CommandName = (typeof commandList)[number]['name'];

/** The error for a word that names no command: the closest command, if one is close, and the list. */
export function unknownCommand(word: string): DrillError {
	const list: readonly CommandInfo[] = commandList;
	const names = list.flatMap((entry) => [entry.name, ...(entry.aliases ?? [])]);
	return usageError(`unknown command ${JSON.stringify(word)}`, `${suggestion(word, names)}commands: ${list.map((command) => command.name).join(', ')}; see drill --help`);
}
