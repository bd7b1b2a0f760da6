// `npm run eval -- agents DIR… [--json] [--files]`: ingests folders of agents' real session files
// into a throwaway store and says, per agent, what drill made of them: the files read, the
// sessions (and subagents) they gave, the agent each was named as, the titles taken from the agent
// (its own, and the person's rename), and every file not read with the reason. A DIR holding a
// `manifest.json` of `[{file, agent_folder}]` (what bench/eval/real-sessions.sh stages) groups its
// files by the agent the manifest says they are, so a file named as another agent shows.
import {existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {DrillError} from '../../source/core/errors.js';
import {fileOfSourceUri} from '../../source/core/source-uri.js';
import type {ItemRecord} from '../../source/store/interchange.js';
import {ingestItems} from './ingest-items.js';

export interface SessionLine {
	title: string;
	agent: string;
	agentTitle?: string;
	userTitle?: string;
	subagents: number;
}

export interface FileOutcome {
	file: string;
	/** The agent the folder's manifest says the file is. */
	expected?: string;
	/** `not a session`: no conversation in it (an agent's bookkeeping, an empty thread); `not read`: a conversation drill did not read. */
	status: 'read' | 'read as a document' | 'read with another file' | 'not a session' | 'not read' | 'failed';
	reason?: string;
	sessions: SessionLine[];
}

export interface AgentLine {
	agent: string;
	files: number;
	read: number;
	sessions: number;
	subagents: number;
	/** The agents drill named the sessions of these files as. */
	named: string[];
	/** Sessions titled by the agent's own title, and by the person's rename. */
	agentTitles: number;
	userTitles: number;
	/** Files with no conversation in them, and files drill did not read: each with the reason. */
	notSessions: Array<{file: string; reason: string}>;
	notRead: Array<{file: string; reason: string}>;
}

export interface AgentsReport {
	agents: AgentLine[];
	files: FileOutcome[];
	skipped_records: number;
}

/** Bookkeeping of a staged folder, not a session file. */
const bookkeeping = new Set(['manifest.json', 'STAGED.md', '.drillignore']);

function listFiles(folder: string): string[] {
	const found: string[] = [];
	const walk = (at: string) => {
		for (const name of readdirSync(at).sort()) {
			const full = path.join(at, name);
			const info = lstatSync(full);
			if (info.isDirectory()) walk(full);
			else if (!(at === folder && bookkeeping.has(name))) found.push(full);
		}
	};
	walk(folder);
	return found;
}

function real(file: string): string {
	try {
		return realpathSync(file);
	} catch {
		return path.resolve(file);
	}
}

function manifestAgents(folder: string): Map<string, string> {
	const file = path.join(folder, 'manifest.json');
	const agents = new Map<string, string>();
	if (!existsSync(file)) return agents;
	const rows = JSON.parse(readFileSync(file, 'utf8')) as unknown;
	if (!Array.isArray(rows)) throw new DrillError('bad_argument', `${file} is not a JSON array`, 'give [{"file": "…", "agent_folder": "…"}, …]');
	for (const row of rows as Array<{file?: unknown; agent_folder?: unknown}>) {
		if (typeof row.file === 'string' && typeof row.agent_folder === 'string') agents.set(real(path.join(folder, row.file)), row.agent_folder);
	}
	return agents;
}


/** The file an item came from: a store's sessions are `FILE#session`, a multi-item file's `file:…#fragment`. */
function fileOf(uri: string, kind: string | undefined): string {
	const named = fileOfSourceUri(uri, kind) ?? uri;
	return existsSync(named) ? named : named.replace(/#[^/]*$/u, '');
}

/** What became of every file of one folder. */
export async function folderOutcomes(folder: string): Promise<{files: FileOutcome[]; skipped_records: number}> {
	const dir = mkdtempSync(path.join(tmpdir(), 'drill-agents-'));
	try {
		const skipped = new Map<string, string>();
		const {items, report} = await ingestItems([folder], path.join(dir, 'eval.db'), {onSkippedFile: (file, reason) => skipped.set(real(file), reason)});
		const sessions = new Map<string, ItemRecord[]>();
		const documents = new Set<string>();
		for (const item of items) {
			if (!item.source?.uri) continue;
			const file = real(fileOf(item.source.uri, item.source.kind));
			if (item.namespace === 'conversation_session') sessions.set(file, [...(sessions.get(file) ?? []), item]);
			else documents.add(file);
		}
		const failures = new Map<string, string[]>();
		for (const failure of report.failed) {
			const file = real(path.resolve(failure.path));
			failures.set(file, [...(failures.get(file) ?? []), `${failure.line ? `line ${failure.line}: ` : ''}${failure.reason}`]);
		}
		const expected = manifestAgents(folder);
		const root = real(folder);
		const files = listFiles(folder).map((listed): FileOutcome => {
			const file = real(listed);
			const own = sessions.get(file) ?? [];
			const base: FileOutcome = {file: path.relative(root, file), ...(expected.has(file) ? {expected: expected.get(file)!} : {}), status: 'read', sessions: own.map(sessionLine)};
			const problems = failures.get(file);
			const database = /^(.*\.(?:db|vscdb|sqlite3?))-(?:wal|shm|journal)$/u.exec(file)?.[1];
			if (own.length > 0) return problems ? {...base, reason: `${problems.length} problem(s): ${problems[0]}`} : base;
			if (problems) return {...base, status: 'failed', reason: problems.length > 1 ? `${problems[0]} (and ${problems.length - 1} more)` : problems[0]!};
			if (documents.has(file)) return {...base, status: 'read as a document'};
			if (database && existsSync(database)) return {...base, status: 'read with another file', reason: `read with ${path.basename(database)}`};
			const why = skipped.get(file);
			if (why && / read with /u.test(why)) return {...base, status: 'read with another file', reason: why};
			if (why) return {...base, status: 'not a session', reason: why};
			if (path.relative(root, file).split(path.sep).some((part) => part.startsWith('.'))) return {...base, status: 'not read', reason: 'is hidden (a folder walk leaves hidden files out)'};
			return {...base, status: 'not a session', reason: 'read, and it held no session with a request (an empty or warm-up session)'};
		});
		return {files, skipped_records: report.skipped_records};
	} finally {
		rmSync(dir, {recursive: true, force: true});
	}
}

function sessionLine(item: ItemRecord): SessionLine {
	const source = item.source ?? {};
	return {title: item.title, agent: source.agent ?? source.kind ?? 'unknown', ...(source.agent_title ? {agentTitle: source.agent_title} : {}), ...(source.user_title ? {userTitle: source.user_title} : {}), subagents: source.subagents ?? 0};
}

/** The agent a file is reported under: the manifest's, else the one drill named, else the one a refusal names. */
function agentOf(file: FileOutcome): string {
	if (file.expected) return file.expected;
	if (file.sessions[0]) return file.sessions[0].agent;
	const named = /looks like a chat (?:database )?from (.+?)(?: \(.*?\))?, not read/u.exec(file.reason ?? '')?.[1];
	return named && !named.startsWith('an agent drill does not know') ? named.toLowerCase() : 'unknown';
}

export function agentLines(files: readonly FileOutcome[]): AgentLine[] {
	const byAgent = new Map<string, FileOutcome[]>();
	for (const file of files) byAgent.set(agentOf(file), [...(byAgent.get(agentOf(file)) ?? []), file]);
	return [...byAgent]
		.sort(([a], [b]) => (a < b ? -1 : 1))
		.map(([agent, list]) => {
			const sessions = list.flatMap((file) => file.sessions);
			return {
				agent,
				files: list.length,
				read: list.filter((file) => file.status.startsWith('read')).length,
				sessions: sessions.length,
				subagents: sessions.reduce((sum, session) => sum + session.subagents, 0),
				named: [...new Set(sessions.map((session) => session.agent))].sort(),
				agentTitles: sessions.filter((session) => session.agentTitle && session.title === session.agentTitle).length,
				userTitles: sessions.filter((session) => session.userTitle && session.title === session.userTitle).length,
				notSessions: list.filter((file) => file.status === 'not a session').map((file) => ({file: file.file, reason: file.reason ?? ''})),
				notRead: list.filter((file) => file.status === 'not read' || file.status === 'failed').map((file) => ({file: file.file, reason: file.reason ?? ''})),
			};
		});
}

export function agentsTable(report: AgentsReport, withFiles: boolean): string {
	const lines = ['| agent | files | read | sessions | subagents | named as | agent titles | renames | no session in them | not read |', '|---|---|---|---|---|---|---|---|---|---|'];
	for (const agent of report.agents) {
		lines.push(`| ${agent.agent} | ${agent.files} | ${agent.read} | ${agent.sessions} | ${agent.subagents} | ${agent.named.join(', ') || '—'} | ${agent.agentTitles} | ${agent.userTitles} | ${agent.notSessions.length} | ${agent.notRead.length} |`);
	}
	lines.push('', `records of unused kinds: ${report.skipped_records}`);
	const notRead = report.agents.flatMap((agent) => agent.notRead.map((file) => `  ${agent.agent}: ${file.file}: ${file.reason}`));
	if (notRead.length > 0) lines.push('', 'not read:', ...notRead);
	const notSessions = report.agents.flatMap((agent) => agent.notSessions.map((file) => `  ${agent.agent}: ${file.file}: ${file.reason}`));
	if (notSessions.length > 0) lines.push('', 'no session in them:', ...notSessions);
	if (withFiles) {
		for (const file of report.files) {
			lines.push('', `${file.file} [${agentOf(file)}] ${file.status}${file.reason ? `: ${file.reason}` : ''}`);
			for (const session of file.sessions) {
				const from = session.title === session.userTitle ? 'rename' : session.title === session.agentTitle ? 'agent' : `drill${session.agentTitle || session.userTitle ? ` (the agent's "${session.userTitle ?? session.agentTitle}" is no title)` : ''}`;
				lines.push(`  ${session.agent} · ${from}: ${session.title}${session.subagents ? ` (${session.subagents} subagents)` : ''}`);
			}
		}
	}
	return `${lines.join('\n')}\n`;
}

export async function evaluateAgents(args: string[]): Promise<void> {
	const usage = 'usage: npm run eval -- agents DIR… [--json] [--files]';
	const unknown = args.find((arg) => arg.startsWith('--') && !['--json', '--files'].includes(arg));
	if (unknown) throw new DrillError('bad_argument', `unknown option ${unknown}`, usage);
	const folders = args.filter((arg) => !arg.startsWith('--'));
	if (folders.length === 0) throw new DrillError('bad_argument', 'give a folder of agent session files', `${usage} (bench/eval/real-sessions.sh stages one)`);
	const files: FileOutcome[] = [];
	let skippedRecords = 0;
	for (const folder of folders) {
		if (!existsSync(folder) || !lstatSync(folder).isDirectory()) throw new DrillError('bad_argument', `${folder} is not a folder`, usage);
		const outcome = await folderOutcomes(folder);
		files.push(...outcome.files);
		skippedRecords += outcome.skipped_records;
	}
	const report: AgentsReport = {agents: agentLines(files), files, skipped_records: skippedRecords};
	process.stdout.write(args.includes('--json') ? `${JSON.stringify(report, null, 2)}\n` : agentsTable(report, args.includes('--files')));
}
