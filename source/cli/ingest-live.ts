import os from 'node:os';
import path from 'node:path';
import {DrillError} from '../core/errors.js';
import {inertJson, inertPath, inertText} from '../core/inert-text.js';
import type {AgentFolder} from '../ingest/live/agent-folder.js';
import {findAgentFolders, type AgentSearch} from '../ingest/live/agent-folders.js';
import type {Round, FileOutcome} from '../ingest/live/watch.js';
import {scanSources, type SourceRoot} from '../ingest/live/source-scan.js';
import {append} from '../core/arrays.js';

/** `drill ingest --agents` and `--watch` as the command line shows them: which agents were found, and each round. */

export interface AgentReport {
	agent: string;
	folder: string;
	found: boolean;
	/** The session files found there. */
	files: number;
}

/** `~` for the home folder, so the lines stay short. */
function tilde(file: string, home: string): string {
	return home && (file === home || file.startsWith(home + path.sep)) ? `~${file.slice(home.length)}` : file;
}

/** An agent's folder as a root to ingest: its sessions, and the files read with them. */
function rootOf(folder: AgentFolder): SourceRoot {
	return {path: folder.root, accepts: folder.accepts, ...(folder.companions ? {companions: folder.companions} : {})};
}

/** The agents' folders that exist here now, as roots to ingest. */
export function agentFolderRoots(env: NodeJS.ProcessEnv, cwd: string): SourceRoot[] {
	return findAgentFolders(env, cwd).found.map(rootOf);
}

/** The agents' folders found here (as roots to ingest), their session files, and what to say about the search. */
export async function agentRoots(env: NodeJS.ProcessEnv, cwd: string): Promise<{roots: SourceRoot[]; files: string[]; agents: AgentReport[]; lines: string[]; search: AgentSearch}> {
	const search = findAgentFolders(env, cwd);
	const home = env.HOME || os.homedir();
	const roots: SourceRoot[] = [];
	const files: string[] = [];
	const agents: AgentReport[] = [];
	const lines: string[] = [];
	// One line and one entry per agent and folder: an agent whose sessions are in many roots under one folder (a workspace's database each) is counted there.
	const byFolder = new Map<string, AgentReport>();
	for (const folder of search.found) {
		const root = rootOf(folder);
		const found = (await scanSources([root], cwd)).files.map((file) => file.path);
		roots.push(root);
		append(files, found);
		const shown = folder.shown ?? folder.root;
		const key = `${folder.agent}\u0000${shown}`;
		const report = byFolder.get(key);
		if (report) report.files += found.length;
		else {
			const entry = {agent: folder.agent, folder: shown, found: true, files: found.length};
			byFolder.set(key, entry);
			agents.push(entry);
		}
	}
	for (const report of byFolder.values()) lines.push(`found ${report.agent}: ${plural(report.files, 'session file')} in ${tilde(report.folder, home)}`);
	for (const missing of search.missing) {
		agents.push({agent: missing.agent, folder: missing.looked, found: false, files: 0});
		lines.push(`no ${missing.agent} sessions: ${tilde(missing.looked, home)} does not exist`);
	}
	return {roots, files, agents, lines: [...lines, ...search.notes], search};
}

export function noAgentsError(search: AgentSearch, env: NodeJS.ProcessEnv): DrillError {
	const home = env.HOME || os.homedir();
	return new DrillError('not_found', `found no agent logs here (looked in ${search.missing.map((missing) => tilde(missing.looked, home)).join(', ')})`, 'give the folders or files to ingest as PATHs, e.g. drill ingest ~/sessions/');
}

function plural(count: number, word: string): string {
	return `${count} ${word}${count === 1 ? '' : 's'}`;
}

function changeText(outcome: FileOutcome): string {
	switch (outcome.change) {
		case 'new':
			return 'new';
		case 'grown':
			if (outcome.lines === undefined) return `+${plural(outcome.bytes, 'byte')}`;
			return `+${plural(outcome.lines, 'line')}${outcome.unfinished ? ', the last one unfinished' : ''}`;
		case 'rewritten':
			return 'rewritten';
		case 'cut':
			return 'cut';
		case 'deleted':
			return 'deleted';
		case 'changed':
			return 'changed';
	}
}

function outcomeText(outcome: FileOutcome): string {
	const report = outcome.report;
	if (!report) return 'its items stay in the store';
	const parts: string[] = [];
	if (report.added) parts.push(`${report.added} added`);
	if (report.updated) parts.push(`${report.updated} updated`);
	if (report.skipped && !report.added && !report.updated && report.conflicts.length === 0) parts.push('unchanged');
	for (const conflict of report.conflicts) parts.push(`conflict: ${conflict.reason}`);
	for (const failure of report.failed) parts.push(`failed${failure.line ? ` at line ${failure.line}` : ''}: ${failure.reason}`);
	if (parts.length === 0) parts.push('nothing to write');
	return parts.join('; ');
}

function clock(iso: string): string {
	const date = new Date(iso);
	return [date.getHours(), date.getMinutes(), date.getSeconds()].map((part) => String(part).padStart(2, '0')).join(':');
}

/** One line per file of a round after the first: when, how the file changed, what was written. */
export function roundLines(round: Round, show: (file: string) => string): string[] {
	return round.files.map((outcome) => inertText(`${clock(round.at)} ${inertPath(show(outcome.path))} (${changeText(outcome)}): ${outcomeText(outcome)}`, {singleLine: true}));
}

/** What the first round ends with on a terminal: what is being watched. */
export function watchingLine(round: Round): string {
	const watching = round.watching!;
	const how = watching.events === 'fs.watch' ? `${plural(watching.folders, 'folder')} watched` : 'listed every second (no change events here)';
	return `watching ${plural(watching.files, 'file')} (${how}); ctrl-c stops`;
}

/** A round as one line of JSON: its report, its files, when. */
export function roundJson(round: Round, extra: Record<string, unknown> = {}): string {
	const files = round.files.map(({report, ...file}) => ({...file, ...(report ? {report} : {})}));
	return inertJson({round: round.round, at: round.at, ...round.report, files, ...(round.watching ? {watching: round.watching} : {}), ...extra});
}
