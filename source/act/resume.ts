import {spawn} from 'node:child_process';
import {accessSync, constants, openSync, readSync, closeSync, statSync} from 'node:fs';
import path from 'node:path';
import {DrillError} from '../core/errors.js';
import type {ItemSource} from '../core/item-source.js';
import {fileOfSourceUri} from '../core/source-uri.js';
import {claudeAgentSessionId} from '../ingest/formats/claude-agent.js';
import {claudeSessionId} from '../ingest/formats/claude-code.js';
import {codexSessionId} from '../ingest/formats/codex.js';
import {geminiChatSessionId} from '../ingest/formats/gemini-chat.js';
import {geminiStreamSessionId} from '../ingest/formats/gemini-stream.js';
import {agentResume, type AgentResume} from './agent-resume.js';
import {idShapes, quotedId, resumeFileProblem, resumeIdProblem} from './resume-id.js';

/** What `drill resume` runs: the agent's program and arguments, in the session's folder. */
export interface ResumePlan {
	agent: string;
	/** The agent's name for people. */
	name: string;
	/** The program and its arguments (argv; never run by a shell). */
	command: string[];
	cwd: string;
	session_id?: string;
	/** The command as one shell line, quoted, to copy: `cd '/src/api' && claude --resume '…'`. */
	shell: string;
	/** Where the program is on PATH (undefined: not found). */
	found?: string;
	/** What the entry follows (the agent's documentation and version). */
	followed: string;
	/** A session pulled from a team archive: the machine (and user) whose agent holds its log. */
	lives_on?: {machine: string; user?: string};
}

const quote = (word: string): string => (/^[\w@%+=:,./-]+$/u.test(word) ? word : `'${word.replace(/'/gu, `'\\''`)}'`);

/** The first bytes of a session log, to read its session id from when the store does not have it. */
function head(file: string): string {
	try {
		const fd = openSync(file, 'r');
		try {
			const buffer = Buffer.alloc(64 * 1024);
			const read = readSync(fd, buffer, 0, buffer.length, 0);
			return buffer.subarray(0, read).toString('utf8');
		} catch {
			return '';
		} finally {
			closeSync(fd);
		}
	} catch {
		return '';
	}
}

/** The readers' own session-id functions (a subagent's key ends in `/agent`: the session is before it). */
const logReaders: Readonly<Record<string, (text: string, file: string) => string | undefined>> = {
	'claude-code': (text, file) => claudeSessionId(text, file)?.split('/')[0],
	'claude-agent': (text) => claudeAgentSessionId(text),
	codex: (text) => codexSessionId(text),
	'gemini-cli': (text) => geminiStreamSessionId(text),
	'gemini-chat': (text) => geminiChatSessionId(text),
};

const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/iu;

/**
 * The session id: the one ingest stored (`source.session_id`), else read again from the log's
 * first lines as ingest reads it, else the UUID its file name holds (Claude Code names a log
 * `<session id>.jsonl`, Codex `rollout-<time>-<session id>.jsonl`).
 */
export function sessionIdOf(source: ItemSource): string | undefined {
	if (source.session_id) return source.session_id;
	const file = fileOfSourceUri(source.uri, source.kind);
	if (!file) return undefined;
	const text = head(file);
	const fromLog = logReaders[source.kind ?? '']?.(text, file);
	return fromLog ?? uuid.exec(path.basename(file))?.[0];
}

/** Where `program` is on PATH (as a shell finds it), or undefined. */
export function onPath(program: string, env: NodeJS.ProcessEnv): string | undefined {
	if (program.includes('/')) return program;
	for (const folder of (env.PATH ?? '').split(path.delimiter)) {
		if (!folder) continue;
		const candidate = path.join(folder, program);
		try {
			accessSync(candidate, constants.X_OK);
			if (statSync(candidate).isFile()) return candidate;
		} catch {
			// not here
		}
	}
	return undefined;
}

function entryFor(source: ItemSource, label: string): AgentResume {
	const agent = source.agent ?? (source.kind === 'gemini-chat' ? 'gemini-cli' : undefined);
	const entry = agent ? agentResume[agent] : undefined;
	if (!entry) {
		const what = agent ? `a ${agent} ${source.kind === agent || !source.kind ? 'session' : `${source.kind} item`}` : `not a session (${source.kind ?? 'no source format'})`;
		throw new DrillError('bad_input', `${label} is ${what}, which has no resume`, `resume works for ${Object.keys(agentResume).filter((name) => !agentResume[name]!.unsupported).join(', ')} sessions; drill export ${label} --format markdown gives it to read`);
	}
	if (entry.unsupported) throw new DrillError('bad_input', `${label}: ${entry.unsupported}`, `drill export ${label} --format markdown gives the session to read`);
	return entry;
}

/**
 * How to resume the session an item is (its own agent's command, in its project folder), without
 * running it. Throws a one-line DrillError that says what would work when the format has no
 * resume or the session id is unknown; a missing program or folder is left to `checkPlan`, so
 * that `--print` can still show the command.
 */
export function resumePlan(source: ItemSource, label: string, options: {cwd?: string; env?: NodeJS.ProcessEnv} = {}): ResumePlan {
	const entry = entryFor(source, label);
	const agent = source.agent ?? source.kind ?? '';
	const id = sessionIdOf(source);
	// A chat export or an event stream may record no id at all: reading it again would not find one.
	if (entry.needsId && !id) throw new DrillError('not_found', `${label}: its log records no ${entry.name} session id, so ${entry.name} cannot reopen it by id`, `run ${entry.program} in the project folder and pick the session there, or read it: drill export ${label} --format markdown`);
	const file = fileOfSourceUri(source.uri, source.kind);
	const args = entry.args!({...(id ? {id} : {}), ...(file ? {file} : {}), ...(source.project ? {project: source.project} : {})});
	refuseUnsafeArguments(args ?? [], {id, file, entry, label});
	if (!args) throw new DrillError('bad_input', `${label}: ${entry.notResumable ?? `${entry.name} cannot resume this session by its id`}`, `drill export ${label} --format markdown gives the session to read`);
	const cwd = options.cwd ?? source.project ?? (agent === 'aider' && file ? path.dirname(file) : undefined);
	if (!cwd) throw new DrillError('not_found', `${label}: the session does not record its project folder`, `give it: drill resume ${label} --cwd DIR`);
	const foreign = options.cwd === undefined ? foreignFolder(cwd) : undefined;
	if (foreign) throw new DrillError('not_found', `${label}: the session ran in ${cwd}, a ${foreign} folder, not one on this machine`, `resume it in a folder here: drill resume ${label} --cwd DIR`);
	const command = [entry.program, ...args];
	const found = onPath(entry.program, options.env ?? process.env);
	const livesOn = source.machine ? {lives_on: {machine: source.machine, ...(source.user ? {user: source.user} : {})}} : {};
	return {agent, name: entry.name, command, cwd: path.resolve(cwd), ...(id ? {session_id: id} : {}), shell: `cd ${quote(path.resolve(cwd))} && ${command.map(quote).join(' ')}`, ...(found ? {found} : {}), followed: entry.followed, ...livesOn};
}

/**
 * An id or a file from a log reaches the agent's argv only in the shape of one (resume-id.ts): a log
 * can be written so that its "session id" is `--dangerously-skip-permissions` or `-p`. Throws a
 * one-line DrillError naming the value and why it was refused.
 */
function refuseUnsafeArguments(args: string[], {id, file, entry, label}: {id: string | undefined; file: string | undefined; entry: AgentResume; label: string}): void {
	const readInstead = `the id comes from the session's log, which anyone can write; read the session instead: drill export ${label} --format markdown`;
	// An agent that needs the id is refused one of the wrong shape even when it would not resume this session anyway.
	if (id !== undefined && (entry.needsId || args.some((arg) => arg.includes(id)))) {
		const shape = entry.idShape ?? idShapes.plain;
		const problem = resumeIdProblem(id, shape);
		if (problem) throw new DrillError('bad_input', `${label}: drill will not pass the session id ${quotedId(id)} to ${entry.program}: ${problem} (${entry.name} session ids are ${shape.described})`, readInstead);
	}
	if (file !== undefined && args.some((arg) => arg.includes(file))) {
		const problem = resumeFileProblem(file);
		if (problem) throw new DrillError('bad_input', `${label}: drill will not pass the session file ${quotedId(file)} to ${entry.program}: ${problem}`, readInstead.replace('the id comes', 'the path comes'));
	}
}

/**
 * A folder of another kind of machine, which `path.resolve` would glue onto the current folder:
 * a Windows one (`C:\\Users\\…`, `\\\\server\\share`) here, a POSIX one on Windows, or one VS
 * Code opened remotely (`dev-container: /workspaces/api`, see formats/json-values.ts).
 */
function foreignFolder(folder: string, platform: NodeJS.Platform = process.platform): string | undefined {
	const remote = /^([\w-]+)(?: [^:/\\]+)?: [\\/]/u.exec(folder);
	if (remote) return remote[1];
	const windows = /^[a-z]:[\\/]/iu.test(folder) || folder.startsWith('\\\\');
	if (platform !== 'win32') return windows ? 'Windows' : undefined;
	return !windows && folder.startsWith('/') ? 'POSIX' : undefined;
}

/** The problems that stop a plan from running: the session lives on another machine, the program is not on PATH, the folder is gone. */
export function planProblem(plan: ResumePlan, label: string): DrillError | undefined {
	// The agent keeps its sessions on the machine that ran them: this one has only the pulled summary.
	if (plan.lives_on) {
		const {machine, user} = plan.lives_on;
		return new DrillError('not_found', `${label} is a session of ${machine}${user ? ` (pushed by ${user})` : ''}: its log is there, not on this machine`, `resume it on ${machine}: ${plan.shell}; or read it here: drill export ${label} --format markdown`);
	}
	const program = plan.command[0]!;
	if (!plan.found) {
		const entry = agentResume[plan.agent];
		return new DrillError('not_found', `${program} (${plan.name}) is not on PATH`, `install it (${entry?.install ?? program}) or add its folder to PATH; drill resume ${label} --print shows the command to run by hand`);
	}
	try {
		if (!statSync(plan.cwd).isDirectory()) throw new Error('not a folder');
	} catch {
		return new DrillError('not_found', `the session's folder ${plan.cwd} is gone`, `restore it, or resume elsewhere: drill resume ${label} --cwd DIR`);
	}
	return undefined;
}

/** Runs the plan with the terminal as it is (stdio inherited); resolves with the program's exit code. */
export function runPlan(plan: ResumePlan, env: NodeJS.ProcessEnv = process.env): Promise<number> {
	return new Promise((resolve, reject) => {
		const child = spawn(plan.found ?? plan.command[0]!, plan.command.slice(1), {cwd: plan.cwd, stdio: 'inherit', env});
		child.on('error', (error) => reject(new DrillError('io_error', `cannot run ${plan.command[0]}: ${error.message}`, 'check that the program runs: drill resume --print shows it')));
		child.on('close', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
	});
}
