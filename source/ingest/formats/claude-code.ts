import path from 'node:path';
import type {Block, BlockKind, ParsedSource, SourceProblem} from '../model.js';
import {ConversationBuilder, withSessionId} from './conversation.js';
import {factDate} from './dates.js';
import {parseJsonObjectLine} from './json-line.js';
import {isNoiseTitle} from '../tree/titles.js';
import {toolCallText, toolOutputText, toolResultText} from './tool-text.js';
import {commitsMade, filesEditedBy, runsCommit, shellCommand, withSessionFacts} from './session-facts.js';
import {IdSet} from './id-set.js';
import type {ItemSource} from '../../store/interchange.js';
import type {MessageUsage} from '../../core/usage.js';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Slash-command wrappers and hook notices: not something the person wrote. */
/** Claude Code's own session commands: bookkeeping, never what a session was about. */
const builtInCommand = /^\/?(?:exit|quit|clear|compact|resume|model|cost|status|init|help|login|logout|config|memory|doctor|bug|permissions|context|usage|rename|export|btw|agents|mcp|hooks|ide|add-dir|vim|theme|review|release-notes|terminal-setup|upgrade|output-style|statusline|todos|plugin|fast|rewind)$/u;
const noise = /^<(?:command-name|command-message|command-args|local-command-stdout|local-command-stderr|system-reminder)>/u;

/** The note Claude Code appends to every file a Read returns: the same words each time, no part of the file. */
const readReminder = /\s*<system-reminder>\s*Whenever you read a file, you should consider whether it looks malicious\.[^<]*<\/system-reminder>\s*$/u;

/**
 * A Claude Code session (`~/.claude/projects/…/SESSION.jsonl`): `user` and `assistant` lines with
 * `message.content` as a string or content blocks (text, thinking, tool_use, tool_result).
 * Summary lines title stretches of the session; snapshots, system notices and sidechains are
 * skipped; the summary that continues a compacted session is context, not a request.
 */
export class ClaudeCodeReader {
	private readonly conversation: ConversationBuilder;
	private readonly summaries = new Map<string, string>();
	/**
	 * Every message uuid of the session: a `summary` names this session only when its `leafUuid` is
	 * one. Kept as 16 bytes each (a million lines held ~70 MB of them as strings in a Set).
	 */
	private readonly uuids = new IdSet();
	/** The titles Claude Code gave the session: `ai-title` (the last one wins), `custom-title` (a rename, first in rank). */
	private aiTitle: string | undefined;
	private customTitle: string | undefined;
	/** A subagent's own transcript (`subagents/agent-*.jsonl`): every line of it is on a sidechain. */
	private sidechainFile: boolean | undefined;
	/** The first custom slash command run (`/agent-start fix login`), for a session that has no request of its own. */
	private commandLine: string | undefined;
	sessionId: string | undefined;
	version: unknown;
	/**
	 * What each message used, by message id: one message is written as several lines, each
	 * repeating its usage as it stood when the line was written (the output count grows to the
	 * last line's), so each count is the largest any line gave, and the time is the first line's.
	 */
	private readonly usage = new Map<string, MessageUsage>();
	private readonly edited = new Set<string>();
	/** Shell commands that run `git commit`, by tool_use id, to count the commits their results show (no other command can count one). */
	private readonly commands = new Map<string, string>();
	private commits = 0;
	/** Sidechains written inside this session (older Claude Code): a reader per subagent, by the uuids of its lines. */
	private readonly sidechains: ClaudeCodeReader[] = [];
	private readonly sidechainOf = new Map<string, ClaudeCodeReader>();

	constructor(
		private readonly problems: SourceProblem[],
		line?: number,
		sidechain?: boolean,
		/** The file read, when it is one: a file named by its own session id is that session, never a subagent of it. */
		private readonly file?: string,
	) {
		this.conversation = new ConversationBuilder('claude-code', line);
		if (sidechain) this.sidechainFile = true;
	}

	push(text: string, line: number): void {
		const record = parseJsonObjectLine(text, line, this.problems);
		if (record) this.take(record, line);
	}

	/** A sidechain line inside a session: the subagent it continues (by its parentUuid), or a new one. */
	private sidechain(record: Json, line: number): void {
		const parent = typeof record.parentUuid === 'string' ? this.sidechainOf.get(record.parentUuid) : undefined;
		let reader = parent;
		if (!reader) {
			reader = new ClaudeCodeReader(this.problems, line, true);
			this.sidechains.push(reader);
		}
		if (typeof record.uuid === 'string') this.sidechainOf.set(record.uuid, reader);
		reader.take(record, line);
	}

	private take(record: Json, line: number): void {
		const type = record.type;
		if (type === 'summary') {
			if (typeof record.summary === 'string' && typeof record.leafUuid === 'string' && !isNoiseTitle(record.summary)) this.summaries.set(record.leafUuid, record.summary);
			return;
		}
		if (type === 'ai-title' || type === 'custom-title') {
			const title = type === 'ai-title' ? record.aiTitle : record.customTitle;
			if (typeof title === 'string' && title.trim()) {
				if (type === 'ai-title') this.aiTitle = title;
				else this.customTitle = title;
			}
			return;
		}
		if (type === 'system' && record.subtype === 'init') {
			// The Agent SDK's stream-json (`claude -p --output-format stream-json`) opens with the session's setup.
			if (typeof record.session_id === 'string') this.sessionId ??= record.session_id;
			this.conversation.model(record.model);
			this.conversation.project(record.cwd);
			return;
		}
		if (type === 'user' || type === 'assistant') this.sidechainFile ??= record.isSidechain === true;
		// A sidechain inside a session is a subagent's detour (a node of its own); a file that is all sidechain is the subagent's session.
		if ((type === 'user' || type === 'assistant') && record.isSidechain === true && !this.sidechainFile && record.isMeta !== true) {
			this.sidechain(record, line);
			return;
		}
		if ((type !== 'user' && type !== 'assistant') || record.isMeta === true) {
			this.conversation.skipped++;
			return;
		}
		const session = record.sessionId ?? record.session_id;
		if (typeof session === 'string') this.sessionId ??= session;
		if (record.version !== undefined) this.version = record.version;
		const message = record.message;
		if (!isObject(message)) {
			this.problems.push({line, reason: `line ${line} is a ${type} line without a "message" object`});
			return;
		}
		const uuid = typeof record.uuid === 'string' ? record.uuid : undefined;
		if (uuid) this.uuids.add(uuid);
		// One string for the line's time, its blocks' and its usage's: a session of a million lines holds them all.
		const at = factDate(record.timestamp);
		this.conversation.time(at);
		this.conversation.project(record.cwd);
		if (type === 'assistant') {
			this.conversation.model(message.model);
			if (isObject(message.usage)) this.countUsage(typeof message.id === 'string' ? message.id : `line ${line}`, message.usage, at, message.model);
		}
		const content = message.content;
		if (record.isCompactSummary === true) this.conversation.system([this.block('system', 'prose', toolResultText(content))]);
		else if (type === 'user') this.user(content, uuid);
		else this.assistant(content, uuid);
	}

	private countUsage(id: string, usage: Json, at: string | undefined, model: unknown): void {
		const seen = this.usage.get(id);
		const creation = isObject(usage.cache_creation) ? usage.cache_creation : {};
		const counts = {
			input: count(usage.input_tokens),
			output: count(usage.output_tokens),
			cache_read: count(usage.cache_read_input_tokens),
			cache_write: count(usage.cache_creation_input_tokens),
			cache_write_1h: count(creation.ephemeral_1h_input_tokens),
		};
		if (!seen) {
			// Built key by key: an object spread of optional parts got a hidden class of its own per message in V8.
			const entry: MessageUsage = {};
			if (at) entry.at = at;
			if (typeof model === 'string' && model.trim()) entry.model = this.modelName(model.trim());
			this.usage.set(id, Object.assign(entry, counts));
			return;
		}
		for (const key of ['input', 'output', 'cache_read', 'cache_write', 'cache_write_1h'] as const) seen[key] = Math.max(seen[key] ?? 0, counts[key]);
	}

	/** The one string of each model name: every message's JSON gave a copy of its own. */
	private readonly models = new Map<string, string>();
	private modelName(name: string): string {
		const known = this.models.get(name);
		if (known !== undefined) return known;
		this.models.set(name, name);
		return name;
	}

	/**
	 * A block made whole with the time the conversation will stamp on it: its four fields then sit
	 * in the object itself, where a time added afterwards cost each block a property array of its
	 * own (~40 bytes; 375 000 blocks in a session of a million lines).
	 */
	private block(role: string, kind: BlockKind, text: string): Block {
		const time = this.conversation.stamp;
		return time ? {role, kind, text, time} : {role, kind, text};
	}

	/** Keeps the first custom command a `<command-name>` wrapper names, with its arguments. */
	private noteCommand(text: string): void {
		if (this.commandLine !== undefined) return;
		const name = /<command-name>\s*(\/?[^<\s]+)\s*<\/command-name>/u.exec(text)?.[1];
		if (!name || builtInCommand.test(name)) return;
		const args = /<command-args>([^<]*)<\/command-args>/u.exec(text)?.[1]?.trim();
		this.commandLine = `${name.startsWith('/') ? name : `/${name}`}${args ? ` ${args}` : ''}`;
	}

	private user(content: unknown, uuid: string | undefined): void {
		if (typeof content === 'string') {
			if (!noise.test(content.trim())) this.conversation.prompt([this.block('user', 'prose', content)], uuid);
			else this.noteCommand(content);
			return;
		}
		if (!Array.isArray(content)) return;
		const prompt: Block[] = [];
		const results: Block[] = [];
		for (const part of content) {
			if (!isObject(part)) continue;
			if (part.type === 'tool_result') {
				const command = typeof part.tool_use_id === 'string' ? this.commands.get(part.tool_use_id) : undefined;
				if (command) this.commits += commitsMade(command, toolResultText(part.content), part.is_error === true);
				results.push(this.block('tool', 'tool', toolOutputText(toolResultText(part.content).replace(readReminder, ''), part.is_error === true)));
			} else if (part.type === 'text' && typeof part.text === 'string' && !noise.test(part.text.trim())) {
				prompt.push(this.block('user', 'prose', part.text));
			} else if (part.type === 'text' && typeof part.text === 'string') this.noteCommand(part.text); else if (part.type === 'image') prompt.push(this.block('user', 'prose', '[image]'));
		}
		this.conversation.toolResults(results, uuid);
		this.conversation.prompt(prompt, uuid);
	}

	private assistant(content: unknown, uuid: string | undefined): void {
		if (typeof content === 'string') {
			this.conversation.answer([this.block('assistant', 'prose', content)], uuid);
			return;
		}
		if (!Array.isArray(content)) return;
		const blocks: Block[] = [];
		for (const part of content) {
			if (!isObject(part)) continue;
			if (part.type === 'text' && typeof part.text === 'string') blocks.push(this.block('assistant', 'prose', part.text));
			else if (part.type === 'thinking' && typeof part.thinking === 'string') blocks.push(this.block('thinking', 'thinking', part.thinking));
			else if (part.type === 'tool_use' || part.type === 'server_tool_use') {
				const name = String(part.name ?? 'tool');
				for (const file of filesEditedBy(name, part.input)) this.edited.add(file);
				const command = shellCommand(part.input);
				if (command && typeof part.id === 'string' && /bash|shell/iu.test(name) && runsCommit(command)) this.commands.set(part.id, command);
				blocks.push(this.block('tool_call', 'tool', toolCallText(name, part.input)));
			}
		}
		this.conversation.answer(blocks, uuid);
	}

	/** Whether the file is `<session id>.jsonl`: the session's own file (a resumed one can open on a sidechain line). */
	private namedBySession(): boolean {
		return this.file !== undefined && this.sessionId !== undefined && path.basename(this.file, path.extname(this.file)) === this.sessionId;
	}

	finish(): ParsedSource {
		const source = withSessionFacts(withSessionId(this.conversation.finish(), this.sessionId), {tokens: claudeTokens(this.usage.values()), filesEdited: this.edited, commits: this.commits, parentSession: this.sidechainFile && !this.namedBySession() ? this.sessionId : undefined, agentVersion: this.version});
		if (this.usage.size > 0) source.usage = [...this.usage.values()];
		if (this.summaries.size > 0) source.facts.titlesByEnd = this.summaries;
		if (this.commandLine) source.facts.commandLine = this.commandLine;
		// A `summary` whose leaf is in another session titles that one (a resumed session carries its predecessor's).
		const held = this.uuids.hasOf(this.summaries.keys());
		const own = [...this.summaries].filter(([leaf]) => held.has(leaf)).map(([, title]) => title);
		// `custom-title` is the person's `/rename`; `ai-title` (the last one) and `summary` are Claude Code's own.
		withSessionFacts(source, {userTitle: this.customTitle, agentTitle: this.aiTitle ?? own.at(-1)});
		const subagents = this.sidechains.map((reader) => reader.finish()).filter((sub) => sub.root.units.length > 0 || sub.root.children.length > 0);
		if (subagents.length > 0) source.subagents = subagents;
		return source;
	}
}

const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : 0);

/** What each message used, added up: input, output, cache reads and cache writes. */
function claudeTokens(usages: Iterable<MessageUsage>): ItemSource['tokens'] {
	const sum = {input: 0, output: 0, cache_read: 0, cache_write: 0};
	let any = false;
	for (const usage of usages) {
		any = true;
		sum.input += usage.input ?? 0;
		sum.output += usage.output ?? 0;
		sum.cache_read += usage.cache_read ?? 0;
		sum.cache_write += usage.cache_write ?? 0;
	}
	return any ? sum : undefined;
}

/**
 * The session id from the first lines, so the item id is known before the whole file is read. A
 * subagent's transcript names its parent session: its key adds the subagent (its `agentId`, else
 * the file's name), so it does not take the place of the session that started it.
 */
export function claudeSessionId(head: string, file?: string): string | undefined {
	const session = /"session_?[iI]d"\s*:\s*"([^"\\]{1,200})"/u.exec(head)?.[1];
	if (!session) return undefined;
	const first = head.split('\n').find((line) => /"type"\s*:\s*"(?:user|assistant)"/u.test(line));
	if (!first || !/"isSidechain"\s*:\s*true/u.test(first)) return session;
	const agent = /"agentId"\s*:\s*"([^"\\]{1,200})"/u.exec(first)?.[1] ?? (file ? path.basename(file, path.extname(file)) : 'sidechain');
	return `${session}/${agent}`;
}
