import type {ItemSource} from '../../store/interchange.js';
import type {ParsedSource} from '../model.js';
import {isNoiseTitle} from '../tree/titles.js';
import {append} from '../../core/arrays.js';

/** What an agent's log says about a session beyond its messages: the shared `ItemSource` fields. */
export interface SessionFacts {
	sessionId?: string | undefined;
	/** The agent's own title (one it generated, or a chat's name where the log does not say who gave it). */
	/** A string as a rule; a reader of a database may pass a column's blob as it is (sessionTitle reads it). */
	agentTitle?: unknown;
	/** The person's own name for the session (a rename): the title before the agent's. */
	userTitle?: string | undefined;
	/** What the session cost, US dollars, as the agent itself recorded it. */
	costUsd?: number | undefined;
	tokens?: ItemSource['tokens'] | undefined;
	filesEdited?: Iterable<string> | undefined;
	parentSession?: string | undefined;
	/** Commits the session's shell calls made (see `commitsMade`). */
	commits?: number | undefined;
	project?: string | undefined;
	model?: string | undefined;
	/** The agent's version, as its log records it (the last one named, when it changed). */
	agentVersion?: unknown;
}

const maxFiles = 500;

/**
 * A title an agent recorded, as a person should read it: the reasoning a model leaked into it
 * (`<think>…</think>`, seen in real Crush and OpenCode titles) left out, white space folded. A
 * title that is only reasoning (or longer than a title can be) is none.
 */
export function sessionTitle(given: unknown): string | undefined {
	// A database column may hold a title as a blob (or a number): its text, or none.
	const recorded = typeof given === 'string' ? given : given instanceof Uint8Array ? new TextDecoder().decode(given) : undefined;
	if (!recorded) return undefined;
	const title = recorded
		.replace(/<(think|thinking|reasoning)>[\s\S]*?(?:<\/\1>|$)/giu, ' ')
		.replace(/^[\s\S]*<\/(?:think|thinking|reasoning)>/iu, ' ')
		.replace(/\s+/gu, ' ')
		.trim();
	return title && title.length <= 300 ? title : undefined;
}

/**
 * Puts what the log records into the parsed source as it is: the session id, the agent's title
 * (also the source's title, as the other readers do, unless it is a placeholder such as "New
 * chat"), tokens, the files its tool calls edited, its parent session. Choosing titles and TLDRs
 * is the tree builder's.
 */
export function withSessionFacts(source: ParsedSource, facts: SessionFacts): ParsedSource {
	const provenance = (source.facts.provenance ??= {});
	if (facts.sessionId) provenance.session_id = facts.sessionId;
	const agentTitle = sessionTitle(facts.agentTitle);
	const userTitle = sessionTitle(facts.userTitle);
	if (agentTitle) provenance.agent_title = agentTitle;
	if (userTitle) provenance.user_title = userTitle;
	// The person's rename, else the agent's own; a placeholder ("New chat") is neither.
	const title = [userTitle, agentTitle].find((candidate) => candidate && !isNoiseTitle(candidate));
	if (title) source.facts.title = title;
	if (facts.costUsd !== undefined && Number.isFinite(facts.costUsd) && facts.costUsd > 0) provenance.cost_usd = Math.round(facts.costUsd * 1e6) / 1e6;
	if (facts.tokens && Object.keys(facts.tokens).length > 0) provenance.tokens = facts.tokens;
	const given = [...new Set([...(facts.filesEdited ?? [])].map((file) => file.trim()).filter((file) => file !== '' && file.length <= 4096))];
	// A file named both by its path in the project and absolutely is one file: the absolute name is kept.
	const files = given.filter((file) => file.startsWith('/') || !given.some((other) => other !== file && other.endsWith(`/${file.replace(/^\.\//u, '')}`)));
	if (files.length > 0) provenance.files_edited = files.slice(0, maxFiles);
	if (facts.parentSession) provenance.parent_session = facts.parentSession;
	if (facts.commits) provenance.commits = facts.commits;
	if (facts.project && !provenance.project) provenance.project = facts.project;
	if (facts.model && !provenance.model) provenance.model = facts.model;
	const version = agentVersion(facts.agentVersion);
	if (version) provenance.agent_version = version;
	return source;
}

/** A version as an agent writes it (`2.1.22`, `0.140.0-alpha.3`, `v1.2`): anything else is not one. */
export function agentVersion(value: unknown): string | undefined {
	return typeof value === 'string' && /^v?\d+(?:\.\d+){0,3}(?:[-+][\w.-]{1,40})?$/u.test(value.trim()) ? value.trim().replace(/^v/u, '') : undefined;
}

/** Tool names that change files: edit_file, Write, replace_in_file, apply_patch, newFileCreated, … */
const editTool = /edit|write|replac|patch|creat|insert|delet/iu;
/** Whether a tool of this name changes files (a to-do list's `TodoWrite` does not). */
export const changesFiles = (name: string) => editTool.test(name) && !/todo/iu.test(name);
const pathKeys = ['file_path', 'filePath', 'filepath', 'path', 'target_file', 'targetFile', 'absolute_path', 'file', 'relativeWorkspacePath', 'relative_workspace_path', 'target_notebook', 'notebook_path', 'filename', 'uri'];

/**
 * The files a tool call edited, when its name says it writes (edit, write, replace, apply_patch,
 * create, …) and its input names them: a path field, an `edits`/`files` list, or a patch's
 * `*** Update File:` lines. A call that reads (read_file, grep) edits nothing.
 */
export function filesEditedBy(name: string, input: unknown): string[] {
	if (!editTool.test(name)) return [];
	const object = typeof input === 'string' ? parsedObject(input) : input;
	const found: string[] = [];
	const take = (value: unknown) => {
		if (typeof value === 'string' && value.trim() && value.length <= 4096 && !value.includes('\n')) found.push(value.trim().replace(/^file:\/\//u, ''));
	};
	if (typeof object === 'object' && object !== null && !Array.isArray(object)) {
		const fields = object as Record<string, unknown>;
		for (const key of pathKeys) take(fields[key]);
		for (const list of [fields.edits, fields.files, fields.changes]) {
			if (!Array.isArray(list)) continue;
			for (const entry of list) {
				if (typeof entry === 'string') take(entry);
				else if (typeof entry === 'object' && entry !== null) for (const key of pathKeys) take((entry as Record<string, unknown>)[key]);
			}
		}
		for (const value of Object.values(fields)) if (typeof value === 'string') append(found, patchFiles(value));
	} else if (typeof input === 'string') append(found, patchFiles(input));
	return [...new Set(found)];
}

/** The files a patch (`*** Update File: …`, `+++ b/…`) touches. */
function patchFiles(text: string): string[] {
	const files: string[] = [];
	for (const match of text.matchAll(/^\*\*\* (?:Update|Add|Delete) File: (.+)$/gmu)) files.push(match[1]!.trim());
	for (const match of text.matchAll(/^\+\+\+ (?:b\/)?(\S.*)$/gmu)) if (match[1]!.trim() !== '/dev/null') files.push(match[1]!.trim());
	return files;
}

function parsedObject(text: string): unknown {
	const trimmed = text.trim();
	if (!trimmed.startsWith('{')) return undefined;
	try {
		return JSON.parse(trimmed) as unknown;
	} catch {
		return undefined;
	}
}

/** A shell command that commits: `git commit …`, `git -C dir commit …`, inside `bash -lc "…"` too. */
const gitCommit = /\bgit(?:\s+-[cC]\s+\S+|\s+--?[a-z-]+(?:=\S+)?)*\s+commit\b/u;
/** What `git commit` prints first: `[main 1a2b3c4] subject` (or `[main (root-commit) 1a2b3c4]`). */
const commitLine = /^\[[^\]\s]+(?: \([^)]*\))? [0-9a-f]{7,40}\] /gmu;
const commitFailed = /nothing (?:added )?to commit|no changes added to commit|^(?:fatal|error): /imu;

/**
 * The commits one shell tool call made: the `[branch hash]` lines git printed, else one when the
 * command ran `git commit` and did not fail. Not a commit command: none.
 */
/** Whether a shell command runs `git commit` (only such a command's output can count commits). */
export function runsCommit(command: string): boolean {
	return gitCommit.test(command);
}

export function commitsMade(command: string, output: string, failed: boolean): number {
	if (!runsCommit(command)) return 0;
	const printed = output.match(commitLine)?.length ?? 0;
	if (printed > 0) return printed;
	return failed || commitFailed.test(output) ? 0 : 1;
}

/** The shell command of a tool call's input (`command`, `cmd`, a Codex argv list), or "". */
export function shellCommand(input: unknown): string {
	const object = typeof input === 'string' ? (parsedObject(input) ?? input) : input;
	if (typeof object === 'string') return object;
	if (typeof object !== 'object' || object === null) return '';
	const fields = object as Record<string, unknown>;
	for (const key of ['command', 'cmd', 'script']) {
		const value = fields[key];
		if (typeof value === 'string') return value;
		if (Array.isArray(value)) return value.filter((part) => typeof part === 'string').join(' ');
	}
	return '';
}

type Tokens = NonNullable<ItemSource['tokens']>;

/** Tokens added up (a session and its subagents); undefined when neither has any. */
export function addTokens(a: Tokens | undefined, b: Tokens | undefined): Tokens | undefined {
	if (!a) return b ? {...b} : undefined;
	if (!b) return a;
	const sum: Tokens = {};
	for (const key of ['input', 'output', 'cache_read', 'cache_write'] as const) {
		if (a[key] !== undefined || b[key] !== undefined) sum[key] = (a[key] ?? 0) + (b[key] ?? 0);
	}
	return sum;
}

/**
 * A subagent that did no work: Claude Code starts each subagent with a "Warmup" prompt to fill its
 * cache, and a transcript of that alone (no tool call) is left out of the tree and counted.
 */
export function isWarmup(source: ParsedSource): boolean {
	const provenance = source.facts.provenance;
	if ((provenance?.tool_calls ?? 0) > 0 || (provenance?.turns ?? 0) > 1) return false;
	const first = firstPrompt(source.root);
	return first !== undefined && /^\s*warm-?up\s*$/iu.test(first);
}

function firstPrompt(section: ParsedSource['root']): string | undefined {
	for (const unit of section.units) for (const block of unit.blocks) if (block.role === 'user') return block.text;
	for (const child of section.children) {
		const found = firstPrompt(child);
		if (found !== undefined) return found;
	}
	return undefined;
}
