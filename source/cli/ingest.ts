import {shownPath} from '../core/shown-path.js';
import {DrillError} from '../core/errors.js';
import {inertPath, inertText} from '../core/inert-text.js';
import {isValidNamespace} from '../core/summary-node-id.js';
import {formatChoices, type FormatChoice} from '../ingest/formats/catalog.js';
import {includeForgotten} from '../store/forgotten.js';
import type {SourceRoot} from '../ingest/live/source-scan.js';
import {watchSources} from '../ingest/live/watch.js';
import {ingest, type IngestOptions, type IngestReport, type SummarizerName} from '../ingest/pipeline.js';
import {failedFiles} from '../ingest/report.js';
import {phaseLine, profileTable} from '../ingest/phase-times.js';
import {drawsProgress} from '../ingest/progress.js';
import type {ChatSettings} from '../ingest/llm/chat-client.js';
import {defineCommand, type CommandContext} from './command.js';
import {agentFolderRoots, agentRoots, noAgentsError, roundJson, roundLines, watchingLine, type AgentReport} from './ingest-live.js';
import {printJson, usageError} from './output.js';
import {realPath} from '../ingest/io/real-path.js';
import {sweepStaleCopies} from '../store/private-copies.js';
import {append} from '../core/arrays.js';

const summarizers = ['extractive', 'llm', 'claude', 'codex', 'gemini'] as const;
const defaultLlmTimeoutMs = 120_000;

function llmSettings(flags: {llmUrl?: string; llmModel?: string}, env: NodeJS.ProcessEnv): ChatSettings {
	const url = flags.llmUrl || env.DRILL_LLM_URL;
	if (!url) throw usageError('--summarizer llm needs an endpoint', 'give --llm-url URL or set DRILL_LLM_URL, e.g. http://127.0.0.1:11434/v1 for Ollama');
	try {
		const parsed = new URL(url);
		if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error('not http');
	} catch {
		throw usageError(`--llm-url ${JSON.stringify(url)} is not an http(s) URL`, 'e.g. http://127.0.0.1:8080/v1');
	}
	const model = flags.llmModel || env.DRILL_LLM_MODEL;
	if (!model) throw usageError('--summarizer llm needs a model name', 'give --llm-model NAME or set DRILL_LLM_MODEL, e.g. llama3.1:8b');
	const timeout = Number(env.DRILL_LLM_TIMEOUT_MS);
	return {url, model, ...(env.DRILL_LLM_KEY ? {key: env.DRILL_LLM_KEY} : {}), timeoutMs: Number.isFinite(timeout) && timeout > 0 ? timeout : defaultLlmTimeoutMs};
}

function plural(count: number, word: string): string {
	return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/** One summary line; files with problems are counted as files, whatever number of lines each has. */
function humanReport(report: IngestReport, store: string): string {
	const troubled = failedFiles(report);
	const extras = [
		`${plural(troubled, 'file')} with problems`,
		...(report.conflicts.length > 0 ? [plural(report.conflicts.length, 'conflict')] : []),
		...(report.skipped_records > 0 ? [`${plural(report.skipped_records, 'record')} of unused kinds skipped`] : []),
		...(report.skipped_files > 0 ? [`${plural(report.skipped_files, 'other file')} in folders skipped (images, styles, scripts, configuration)`] : []),
		...(report.redactions > 0 ? [`${plural(report.redactions, 'secret')} redacted`] : []),
		...(report.subagents > 0 ? [`${plural(report.subagents, 'subagent')} put under ${report.subagents === 1 ? 'its session' : 'their sessions'}`] : []),
		...(report.warmups > 0 ? [`${plural(report.warmups, 'subagent warm-up')} left out`] : []),
		...(report.empty_sessions > 0 ? [`${plural(report.empty_sessions, 'empty session')} (no request) left out`] : []),
		...(report.summarizer_sessions ? [`${plural(report.summarizer_sessions, "session")} of drill's own summarizer left out`] : []),
		...(report.summarized ? [`${report.summarized.summarized} summarized by ${report.summarized.agent}${report.summarized.failed > 0 ? ` (${report.summarized.failed} kept drill's own)` : ''}`] : []),
		...(report.forgotten > 0 ? [`${plural(report.forgotten, 'forgotten source')} left out (--include-forgotten PATH takes one back)`] : []),
	];
	return `ingested: ${report.added} added, ${report.updated} updated, ${report.skipped} unchanged, ${extras.join(', ')} — ${plural(report.items, 'item')}, ${plural(report.nodes, 'node')}, ${plural(report.spans, 'span')} written in ${report.seconds.toFixed(1)} s into ${shownPath(store, {cwd: process.cwd(), home: process.env.HOME})}\n`;
}

/** Conflicts listed on a terminal; `--json` has them all (two exports of the same chats can collide by the hundred). */
const maxConflictLines = 20;

function conflictLines(report: IngestReport): string[] {
	const lines = report.conflicts.slice(0, maxConflictLines).map((conflict) => `${conflict.item}: ${conflict.reason}${conflict.copy ? ` (the other version is ${conflict.copy})` : ''}`);
	if (report.conflicts.length > maxConflictLines) lines.push(`and ${report.conflicts.length - maxConflictLines} more conflicts like these (--json lists them all)`);
	return lines;
}

/** Every problem, file by file, then the conflicts: each on one line, before the summary. */
function problemLines(report: IngestReport): string[] {
	return [...report.failed.map((failure) => `${inertPath(failure.path)}${failure.line ? `:${failure.line}` : ''}: ${failure.reason}`), ...conflictLines(report)];
}

export const command = defineCommand({
	about: `
  Summarize files into the store as trees that walk and find navigate: markdown (headings
  become topics), plain text (topics found by lexical cohesion), HTML pages (the article, by
  its headings), and agent sessions: Claude Code JSONL, Codex CLI rollouts, Gemini CLI
  stream-json logs and saved chats, aider chat histories, Claude agent / managed-agent event
  streams, ChatGPT conversations.json, JSONL of {role, content}, Cursor's state.vscdb and its
  Markdown chat exports, Cline, Roo Code and Kilo Code tasks, Continue sessions, OpenCode's
  storage and opencode.db, GitHub Copilot Chat sessions (VS Code's chatSessions), Goose's
  session files and sessions.db, Qwen Code chats, Crush's crush.db, Amp threads, Zed's
  threads.db, Pi, Oh My Pi and OpenClaw sessions, GitHub Copilot CLI sessions, Hermes Agent
  sessions, Warp's warp.sqlite, DeepSeek TUI sessions, Mistral Vibe sessions, OpenHands
  conversations and trajectories, Trae Agent trajectories, Kimi CLI, Factory Droid and Grok
  Build sessions, the Antigravity CLI's transcripts and its editor's artifacts, Kiro CLI
  sessions and databases (and Amazon Q's), and Kiro IDE chats (Windsurf's Cascade files and
  Antigravity's editor conversations are encrypted: said, not read). An agent's SQLite
  database is read without writing to it (nothing is created beside it). Folders are walked
  recursively, honouring .drillignore files (gitignore syntax); hidden files and node_modules
  are skipped (an aider history, .aider.chat.history.md, is read). The format is told from
  the content.

  Items go to the project's store when one is up the tree (a .drill/ folder), else to your
  user store ($XDG_DATA_HOME/drill/store.db, else ~/.local/share/drill/store.db; macOS
  ~/Library/Application Support/drill), which drill, find, walk and mcp open wherever no
  project store is; --store or DRILL_STORE chooses another.

  Unchanged sources are skipped; a changed one replaces its item. Each item is written in one
  transaction, so an interrupted run keeps everything it finished. A session keeps its id
  wherever its file is; when two files hold the same session, the item is replaced only by a
  version that holds all of it (the session grew); a shorter copy is skipped, and two versions
  that differ are both kept. Each such conflict is reported.

  --agents finds the agents' default log folders (HOME and each agent's own variable are
  honoured), says which exist and which do not, and ingests their sessions: aider keeps its
  history in each repository, so only the current project's is found; give other repositories
  as PATHs. Claude managed-agent streams and ChatGPT exports have no folder: give the files.

  --watch keeps running after the first ingest. Folders are watched with fs.watch and listed
  again every 5 s anyway (every second with --poll, or where fs.watch fails), so files that
  appear, grow, are rewritten or are deleted are noticed; changes are gathered for 300 ms
  before a round. A JSON-lines log is read again once it has whole new lines (a line still
  being written is waited for, up to 2 s); a file whose start changed is read as rewritten. A
  session file cut shorter never replaces the longer item: that is reported as a conflict. A
  deleted file's items stay in the store. A long log is read again at most as often as
  reading it takes. An agent's database is read again when a commit changes it or its -wal
  (seen by their sizes and times), and then only the sessions that changed.`,
	usage: ['ingest PATH… [options]', 'ingest --agents [PATH…] [options]', 'ingest PATH… --watch [--poll] [options]'],
	flags: {
		namespace: {type: 'string', value: 'NS', help: 'put every item in NS (default: conversation_session for\ntranscripts, page for HTML, document for markdown and text)'},
		format: {
			type: 'string',
			default: 'auto',
			value: 'NAME',
			help: 'auto (default), transcript (any session format), or one\nof: markdown, text, html, claude-code, codex, gemini-cli,\ngemini-chat, aider, claude-agent, chatgpt, generic-chat,\nsummary-json, cursor, cursor-markdown, gemini-markdown,\ncline, continue, opencode, opencode-db, copilot-chat,\ngoose, goose-db, qwen-code, crush, specstory, prompt-log;\na file of another format is refused, saying what it looks like',
		},
		summarizer: {
			type: 'string',
			default: 'extractive',
			value: 'NAME',
			help: "extractive is offline and deterministic (default); claude,\ncodex or gemini run that agent's installed CLI (claude -p,\ncodex exec, gemini -p) to write each new or changed\nsession's title and TLDR, sending it the main request, the\nother requests, the closing report and the files edited\n(the tokens are said first; answers are kept in the store;\nDRILL_AGENT_TIMEOUT_MS, default 300000); llm asks an\nOpenAI-compatible chat endpoint for every node",
		},
		llmUrl: {type: 'string', value: 'URL', help: 'the endpoint (or DRILL_LLM_URL), e.g. http://127.0.0.1:11434/v1'},
		llmModel: {type: 'string', value: 'NAME', help: 'the model (or DRILL_LLM_MODEL); DRILL_LLM_KEY is sent as a bearer token'},
		agents: {
			type: 'boolean',
			help: "also ingest the agents' own log folders that exist here:\nClaude Code (~/.claude/projects, or $CLAUDE_CONFIG_DIR),\nCodex CLI (~/.codex/sessions and archived_sessions, or\n$CODEX_HOME), Gemini CLI (~/.gemini/tmp/*/chats and\ncheckpoints, or $GEMINI_CLI_HOME), the current project's\n.aider.chat.history.md; in the editors' folders (Code,\nInsiders, VSCodium, Cursor, Windsurf; $VSCODE_APPDATA):\nCursor, Copilot Chat, Cline, Roo Code, Kilo Code; and\nContinue (~/.continue), OpenCode and Goose (~/.local/share,\n$XDG_DATA_HOME), Qwen Code (~/.qwen), Crush (projects.json\nand the current project's .crush); says which it found",
		},
		watch: {type: 'boolean', help: 'keep running: ingest files as they are written or grow\n(logs are read as lines are appended), one line per file\neach round; ctrl-c or SIGTERM stops after the file in flight'},
		poll: {type: 'boolean', help: 'with --watch: list the files every second instead of waiting\nfor change events (for file systems that send none)'},
		keepSecrets: {type: 'boolean', help: 'write secrets as they are, this run only (by default API keys,\ntokens, private keys, passwords in URLs and KEY=value secrets\nbecome [redacted:kind] before anything is written)'},
		strict: {type: 'boolean', help: 'exit 1 when any file or line could not be read (by default a run\nthat ingested what it could exits 0 and lists the rest)'},
		profile: {type: 'boolean', help: 'write where the time went, phase by phase (read, summarize,\nindex, train: seconds, share, MB/s) to stderr; with --json\nthe report has it as phases'},
		includeForgotten: {type: 'boolean', help: 'take the PATHs that drill forget forgot back in (otherwise\nforgotten files and folders are left out, --watch included)'},
	},
	more: `
  Secrets are redacted before anything is written, with gitleaks' published rules and drill's
  own (passwords in URLs, KEY=value secrets, bearer tokens); each item counts its own in
  source.redactions. Files and folders that drill forget removed stay out until
  --include-forgotten PATH.

  With --json it prints {added, updated, skipped, skipped_records, skipped_files, failed,
  conflicts, items, nodes, spans, redactions, subagents, warmups, empty_sessions, forgotten,
  keep_secrets?, summarizer_sessions?, summarized?: {agent, summarized, failed}, seconds} (and
  with --profile phases: {read, summarize, index, train, wall} in seconds and bytes; and
  agents: [{agent, folder, found, files}] with --agents). With
  --watch, one such object per line per round, with round (0 is the first ingest), at, and
  files: [{path, change: new|grown|rewritten|cut|deleted|changed, bytes, lines?, report?}].

  Examples
    drill ingest ~/.claude/projects ~/.codex/sessions
    drill ingest --agents --watch
    drill ingest notes/ conversations.json --json
    drill ingest --agents --summarizer claude
    drill ingest docs/ --summarizer llm --llm-url http://127.0.0.1:11434/v1 --llm-model llama3.1:8b`,
	async run(cli, context) {
		const inputs = cli.input;
		const {namespace, format, summarizer, watch, agents, poll, keepSecrets, includeForgotten, strict, profile} = cli.flags;
		if (inputs.length === 0 && !agents) throw usageError('ingest needs at least one PATH, or --agents', 'give files or folders, e.g. drill ingest notes/ session.jsonl, or drill ingest --agents for the agents\' own log folders');
		if (strict && watch) throw usageError('--strict sets the exit code of one run; --watch keeps running', 'use one or the other');
		if (poll && !watch) throw usageError('--poll goes with --watch', 'e.g. drill ingest ~/sessions --watch --poll');
		if (includeForgotten && inputs.length === 0) throw usageError('--include-forgotten takes back the PATHs given', 'e.g. drill ingest ~/.claude/projects/-src-api --include-forgotten');
		if (namespace !== undefined && !isValidNamespace(namespace)) {
			throw usageError(`--namespace ${JSON.stringify(namespace)} is not a valid namespace`, 'use 1–128 characters without ":", "#", spaces or control characters');
		}
		if (!(formatChoices as readonly string[]).includes(format)) throw usageError(`--format ${JSON.stringify(format)} is not known`, `use one of ${formatChoices.join(', ')}`);
		if (!(summarizers as readonly string[]).includes(summarizer)) throw usageError(`--summarizer ${JSON.stringify(summarizer)} is not known`, `use one of ${summarizers.join(', ')}`);
		const llm = summarizer === 'llm' ? llmSettings(cli.flags, process.env) : undefined;
		// Copies of agent databases a killed run left in the temporary folder (store/private-copies.ts).
		sweepStaleCopies();
		const agentTimeout = Number(process.env.DRILL_AGENT_TIMEOUT_MS);
		const options: IngestOptions = {
			storePath: context.runtime.config.storePath,
			openStore: (turns, hooks) => context.runtime.openWritableStore(turns, hooks),
			...(namespace ? {namespace} : {}),
			format: format as FormatChoice,
			summarizer: summarizer as SummarizerName,
			...(llm ? {llm} : {}),
			...(Number.isFinite(agentTimeout) && agentTimeout > 0 ? {agentTimeoutMs: agentTimeout} : {}),
			onNote: (note) => context.stderr.write(`drill: ${inertText(note, {singleLine: true})}\n`),
			...(keepSecrets ? {keepSecrets: true} : {}),
		};
		if (keepSecrets && !context.json) context.stderr.write('drill: --keep-secrets: secrets are written to the store as they are, this run only\n');
		if (includeForgotten) {
			const taken = takeBackForgotten(context, inputs);
			if (!context.json) context.stderr.write(`drill: ${taken.length === 0 ? 'nothing under those paths was forgotten' : `taken back: ${taken.map((source) => inertText(source, {singleLine: true})).join(', ')}`}\n`);
		}
		const roots: SourceRoot[] = inputs.map((input) => ({path: input}));
		let found: AgentReport[] | undefined;
		// The agents' folders hold more than sessions: only the files that are sessions go in.
		let agentFiles: string[] = [];
		if (agents) {
			const agentSearch = await agentRoots(process.env, process.cwd());
			if (!context.json) for (const line of agentSearch.lines) context.stderr.write(`drill: ${inertText(line, {singleLine: true})}\n`);
			if (agentSearch.roots.length === 0 && inputs.length === 0) throw noAgentsError(agentSearch.search, process.env);
			append(roots, agentSearch.roots);
			agentFiles = agentSearch.files;
			found = agentSearch.agents;
		}
		// Watching the agents: a log folder made after the start (an agent run for the first time) is taken at the next listing.
		const moreRoots = agents ? () => agentFolderRoots(process.env, process.cwd()) : undefined;
		if (watch) return await watchAndIngest(roots, options, context, {poll, ...(found ? {agents: found} : {}), ...(moreRoots ? {moreRoots} : {})});
		// The agents' files were found, not named: one that is no session is skipped as in a folder walk.
		const discovered = new Set(agentFiles);
		const full = await ingestOnce([...inputs, ...agentFiles], {...options, progress: context.stderr, ...(profile || drawsProgress(context.stderr) ? {profile: true} : {}), ...(discovered.size > 0 ? {foundInFolder: (file: string) => discovered.has(file)} : {})}, context);
		const report = shownReport(full, profile);
		if (profile && full.phases) context.stderr.write(profileTable(full.phases, full.bytes ?? 0));
		if (context.json) {
			printJson(context.stdout, found ? {...report, agents: found} : report);
			for (const line of conflictLines(report)) context.stderr.write(`drill: ${inertText(line, {singleLine: true})}\n`);
		} else {
			for (const line of problemLines(report)) context.stderr.write(`drill: ${inertText(line, {singleLine: true})}\n`);
			context.stdout.write(humanReport(report, context.runtime.config.storePath));
			// On a terminal, the run ends saying where its time went (--profile says it in full).
			if (full.phases && !profile && drawsProgress(context.stderr)) context.stderr.write(`drill: ${phaseLine(full.phases)}\n`);
		}
		const wrote = report.items + report.skipped;
		if (wrote === 0 && report.failed.length > 0 && !context.json) throw new DrillError('bad_input', 'nothing could be ingested', 'see the reasons above');
		// A run over many files (cron, --agents) that read what it could has done its job; --strict asks for more.
		return report.failed.length > 0 && (strict || wrote === 0) ? 1 : 0;
	},
});

/** Forgets that the paths (and what is under them) were forgotten, so this run ingests them. */
function takeBackForgotten(context: CommandContext, inputs: string[]): string[] {
	const store = context.runtime.openWritableStore();
	try {
		return includeForgotten(store, inputs.map((input) => realPath(input)));
	} finally {
		store.close();
	}
}


/** The report as --json prints it: the phase breakdown only when --profile asked for it. */
function shownReport(report: IngestReport, profile: boolean): IngestReport {
	const {phases, bytes, ...rest} = report;
	return profile && phases ? report : rest;
}

/** One ingest run; a run that stops says what it committed (with --json, in the error's details). */
async function ingestOnce(files: string[], options: IngestOptions, context: CommandContext): Promise<IngestReport> {
	try {
		return await ingest(files, options);
	} catch (error) {
		const committed = error instanceof DrillError ? (error.details?.committed as {added: number; updated: number; items: number} | undefined) : undefined;
		if (committed && !context.json) {
			context.stderr.write(`drill: ingest stopped; committed before stopping, and kept in the store: ${committed.added} added, ${committed.updated} updated (${plural(committed.items, 'item')})\n`);
		}
		throw error;
	}
}

/**
 * --watch: ingests everything, then each file that is new or changed, until ctrl-c or SIGTERM
 * (the file in flight is finished first, so the store is never left half-written; a second
 * ctrl-c stops at once, losing at most that file's item, which its transaction rolls back).
 */
async function watchAndIngest(roots: SourceRoot[], options: IngestOptions, context: CommandContext, how: {poll: boolean; agents?: AgentReport[]; moreRoots?: () => SourceRoot[]}): Promise<number> {
	const controller = new AbortController();
	const stop = () => {
		if (controller.signal.aborted) process.exit(130);
		if (!context.json) context.stderr.write('drill: stopping after the file in flight (ctrl-c again stops at once)\n');
		controller.abort();
	};
	process.on('SIGINT', stop);
	process.on('SIGTERM', stop);
	const show = (file: string) => shownPath(file, {cwd: process.cwd(), home: process.env.HOME});
	let first = true;
	try {
		await watchSources({
			roots,
			ignore: [options.storePath],
			...(how.moreRoots ? {moreRoots: how.moreRoots} : {}),
			poll: how.poll,
			signal: controller.signal,
			ingest: async (files, foundInFolder) => {
				const progress = first && !context.json ? {progress: context.stderr} : {};
				first = false;
				return shownReport(await ingestOnce(files, {...options, ...progress, keepLonger: true, signal: controller.signal, foundInFolder}, context), false);
			},
			onRound(round) {
				if (context.json) {
					context.stdout.write(`${roundJson(round, round.round === 0 && how.agents ? {agents: how.agents} : {})}\n`);
					return;
				}
				if (round.round === 0) {
					for (const line of problemLines(round.report)) context.stderr.write(`drill: ${inertText(line, {singleLine: true})}\n`);
					context.stdout.write(humanReport(round.report, context.runtime.config.storePath));
					context.stdout.write(`${watchingLine(round)}\n`);
					return;
				}
				for (const line of roundLines(round, show)) context.stdout.write(`${line}\n`);
			},
		});
	} finally {
		process.off('SIGINT', stop);
		process.off('SIGTERM', stop);
	}
	return 0;
}
