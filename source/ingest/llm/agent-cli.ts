import {spawn} from 'node:child_process';
import {accessSync, constants, mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';

/**
 * Running a coding agent the person already has as a one-shot summarizer: `claude -p`, `codex
 * exec`, `gemini -p`. The session text goes to the agent's standard input, never into its
 * arguments or through a shell; the agent runs in an empty folder of its own (no project's
 * instructions or files around it), and its answer is what it prints.
 */

export type AgentName = 'claude' | 'codex' | 'gemini';

export const agentNames: readonly AgentName[] = ['claude', 'codex', 'gemini'];

/** The first line of everything drill sends an agent: a session that begins with it is drill's own call, never ingested. */
export const summarizerMarker = '[drill summarizer]';

interface AgentCommand {
	/** The executable looked up on PATH. */
	binary: string;
	/** Its arguments: a fixed instruction only; the session text goes to standard input. */
	args: string[];
	/** Who the text is sent to, for the notice before the run. */
	vendor: string;
}

const instruction = `${summarizerMarker} Follow the instructions in the input and answer with the JSON object only. Use no tools.`;

export const agentCommands: Record<AgentName, AgentCommand> = {
	// Print mode: one answer, the prompt read from standard input after the argument; one turn, no tools run.
	claude: {binary: 'claude', args: ['-p', instruction, '--max-turns', '1'], vendor: 'Claude Code (Anthropic)'},
	// The argument is the instruction, piped input its context; read-only, outside any git repository.
	codex: {binary: 'codex', args: ['exec', '--skip-git-repo-check', '--sandbox', 'read-only', instruction], vendor: 'Codex CLI (OpenAI)'},
	gemini: {binary: 'gemini', args: ['-p', instruction], vendor: 'Gemini CLI (Google)'},
};

export class AgentError extends Error {}

/** The agent's executable on PATH, or undefined when it is not installed there. */
export function findBinary(binary: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
	const extensions = process.platform === 'win32' ? (env.PATHEXT ?? '.EXE;.CMD;.BAT').split(';') : [''];
	for (const folder of (env.PATH ?? '').split(path.delimiter)) {
		if (!folder) continue;
		for (const extension of extensions) {
			const candidate = path.join(folder, binary + extension);
			try {
				accessSync(candidate, constants.X_OK);
				return candidate;
			} catch {
				// Not here.
			}
		}
	}
	return undefined;
}

/** What an agent may print at most: an answer is a few hundred characters. */
const maxOutputBytes = 1 << 20;

/** Runs the agent once with `input` on its standard input; its standard output, or an AgentError saying what went wrong in one line. */
export function runAgent(agent: AgentName, input: string, timeoutMs: number, env: NodeJS.ProcessEnv = process.env): Promise<string> {
	const command = agentCommands[agent];
	const executable = findBinary(command.binary, env);
	if (!executable) return Promise.reject(new AgentError('is not on PATH'));
	const folder = mkdtempSync(path.join(tmpdir(), 'drill-summarizer-'));
	return new Promise<string>((resolve, reject) => {
		const child = spawn(executable, command.args, {cwd: folder, env, stdio: ['pipe', 'pipe', 'pipe'], shell: false, windowsHide: true});
		const out: Buffer[] = [];
		let outBytes = 0;
		let errText = '';
		let settled = false;
		const finish = (error: AgentError | undefined, text?: string) => {
			if (settled) return;
			settled = true;
			clearTimeout(timer);
			rmSync(folder, {recursive: true, force: true});
			if (error) reject(error);
			else resolve(text!);
		};
		const timer = setTimeout(() => {
			child.kill('SIGKILL');
			finish(new AgentError(`no answer within ${Math.round(timeoutMs / 1000)} s`));
		}, timeoutMs);
		child.stdout.on('data', (chunk: Buffer) => {
			outBytes += chunk.length;
			if (outBytes > maxOutputBytes) {
				child.kill('SIGKILL');
				finish(new AgentError(`printed more than ${maxOutputBytes >> 20} MB`));
			} else out.push(chunk);
		});
		child.stderr.on('data', (chunk: Buffer) => {
			if (errText.length < 2000) errText += chunk.toString('utf8');
		});
		child.on('error', (error) => finish(new AgentError(`could not be started (${error.message})`)));
		child.on('close', (code, signal) => {
			if (code === 0) finish(undefined, Buffer.concat(out).toString('utf8'));
			else {
				const why = errText.split('\n').map((line) => line.trim()).find(Boolean);
				finish(new AgentError(`${signal ? `was stopped by ${signal}` : `exited with ${code}`}${why ? `: ${why.slice(0, 160)}` : ''}`));
			}
		});
		// An agent that exits before reading all of its input is judged by its exit, not by the broken pipe.
		child.stdin.on('error', () => {});
		child.stdin.end(input);
	});
}
