import {existsSync} from 'node:fs';
import path from 'node:path';
import type {MessageUsage} from '../../core/usage.js';
import type {Block, ParsedSource, SourceProblem} from '../model.js';
import {ConversationBuilder} from './conversation.js';
import {factDate} from './dates.js';
import {parseJsonObjectLine} from './json-line.js';
import {addTokens, count, isObject, text, tokenCounts, type Json} from './json-values.js';
import {commitsMade, filesEditedBy, shellCommand, withSessionFacts} from './session-facts.js';
import {toolCallText, toolOutputText, toolResultText} from './tool-text.js';

/**
 * A Pi session and the sessions of the agents built on Pi's session manager: Oh My Pi and
 * OpenClaw (followed: badlogic/pi-mono packages/coding-agent/src/core/session-manager.ts and
 * messages.ts at 83378aa, 0.58; can1357/oh-my-pi packages/coding-agent/src/session/
 * session-entries.ts at 01d016c). Files: `~/.pi/agent/sessions/--<cwd>--/<time>_<id>.jsonl`
 * (`$PI_CODING_AGENT_DIR` replaces `~/.pi/agent`), `~/.omp/agent/sessions/…` for Oh My Pi, and
 * `~/.openclaw/agents/<agent>/sessions/<id>.jsonl` for OpenClaw. A header `{type: "session",
 * version, id, timestamp, cwd, parentSession, title (Oh My Pi)}`, then entries `{type, id,
 * parentId, timestamp}` forming a tree: message (`role` user, assistant with usage and cost,
 * toolResult, bashExecution, custom, branchSummary, compactionSummary, and v2's hookMessage),
 * compaction, branch_summary, custom_message, model_change, session_info (the name the person
 * gave it), Oh My Pi's fixed title slot and title_change, and bookkeeping (thinking_level_change,
 * custom, label, archive, mode_change, …). The session is the branch that ends at the last entry,
 * as the agent shows it when resumed; entries on branches left behind are counted as unused.
 *
 * `/branch` and `/fork` write a new file whose entries begin with a verbatim copy of the parent's
 * (`createBranchedSession`, `forkFrom`: the entries keep their own times, the new header has the
 * time of the copy). When the parent's file is there too, that copy is the parent's and is left
 * out here, so its turns, tokens and cost are counted once; without the parent, it is kept.
 */

export type PiAgent = 'pi' | 'oh-my-pi' | 'openclaw';

/** Which of the Pi family wrote a file, by the folder the agent keeps it in. */
export function piAgentOfPath(file: string): PiAgent | undefined {
	const parts = file.split(/[\\/]/u);
	if (parts.includes('.openclaw') || (parts.at(-3) !== undefined && parts.at(-2) === 'sessions' && parts.at(-4) === 'agents' && parts.includes('openclaw'))) return 'openclaw';
	if (parts.includes('.omp')) return 'oh-my-pi';
	if (parts.includes('.pi')) return 'pi';
	return undefined;
}

/** A Pi session header (or Oh My Pi's title slot before it). */
export function isPiHeader(value: unknown): boolean {
	if (!isObject(value)) return false;
	if (value.type === 'title' && value.v === 1 && typeof value.title === 'string' && 'pad' in value) return true;
	return value.type === 'session' && typeof value.id === 'string' && typeof value.timestamp === 'string' && 'cwd' in value && !('payload' in value);
}

export function piSessionId(head: string): string | undefined {
	return /"type"\s*:\s*"session"[^\n]*?"id"\s*:\s*"([^"\\]{1,200})"/u.exec(head.slice(0, 16_384))?.[1];
}

interface Entry extends Json {
	type: string;
	id?: string;
	parentId?: string | null;
}

/**
 * OpenClaw wraps what arrives from a chat channel: `Sender (untrusted metadata):` and a JSON
 * block, then `[Sat 2026-03-14 11:35 GMT+8] ` before the person's words. The words are the
 * request; the envelope is context.
 */
const metadataBlock = /^[^\n]{1,80} \(untrusted metadata\):\n```json\n[\s\S]*?\n```\n*/u;
const channelStamp = /^\[[A-Z][a-z]{2} \d{4}-\d{2}-\d{2} \d{2}:\d{2}(?: [^\]]{1,20})?\] /u;

function openClawEnvelope(said: string): {words: string; envelope: string} {
	let words = said;
	let envelope = '';
	for (let match = metadataBlock.exec(words); match; match = metadataBlock.exec(words)) {
		envelope += match[0];
		words = words.slice(match[0].length);
	}
	return {words: words.replace(channelStamp, ''), envelope: envelope.trim()};
}

/** Model names OpenClaw gives the replies its gateway wrote itself. */
const notModels = new Set(['gateway-injected', 'delivery-mirror']);

function contentText(content: unknown): string {
	if (typeof content === 'string') return content;
	return toolResultText(Array.isArray(content) ? content.map((part) => (isObject(part) && part.type === 'image' ? {type: 'image'} : part)) : content);
}

export class PiSessionReader {
	private readonly entries: Entry[] = [];
	private header: Json | undefined;
	private slotTitle: string | undefined;
	private agent: PiAgent | undefined;

	constructor(
		private readonly problems: SourceProblem[],
		private readonly file: string,
	) {
		this.agent = piAgentOfPath(file);
	}

	push(line: string, number: number): void {
		const record = parseJsonObjectLine(line, number, this.problems);
		if (!record || typeof record.type !== 'string') return;
		if (record.type === 'session') this.header ??= record;
		else if (record.type === 'title' && record.v === 1) this.slotTitle = text(record.title);
		else this.entries.push(record as Entry);
	}

	/** The entries of the branch that ends at the last one (the whole file, in order, for v1 files without ids). */
	private branch(): {path: Entry[]; left: number} {
		if (this.entries.every((entry) => typeof entry.id !== 'string')) return {path: this.entries, left: 0};
		const byId = new Map<string, Entry>();
		for (const entry of this.entries) if (typeof entry.id === 'string') byId.set(entry.id, entry);
		const onPath = new Set<Entry>();
		for (let entry: Entry | undefined = this.entries.at(-1); entry && !onPath.has(entry); entry = typeof entry.parentId === 'string' ? byId.get(entry.parentId) : undefined) onPath.add(entry);
		const path = this.entries.filter((entry) => onPath.has(entry) || typeof entry.id !== 'string');
		return {path, left: this.entries.length - path.length};
	}

	private agentOf(): PiAgent {
		if (this.agent) return this.agent;
		const header = this.header ?? {};
		if (this.slotTitle !== undefined || 'title' in header || 'titleSource' in header || this.entries.some((entry) => entry.type === 'title_change' || (entry.type === 'model_change' && typeof entry.model === 'string'))) return 'oh-my-pi';
		const cwd = typeof header.cwd === 'string' ? header.cwd : '';
		if (/[\\/]\.openclaw(?:[\\/]|$)/u.test(cwd) || this.entries.some((entry) => entry.type === 'custom' && typeof entry.customType === 'string' && (entry.customType === 'model-snapshot' || entry.customType.startsWith('openclaw:')))) return 'openclaw';
		return 'pi';
	}

	finish(): ParsedSource {
		const conversation = new ConversationBuilder(this.agentOf());
		const header = this.header ?? {};
		conversation.time(factDate(header.timestamp));
		conversation.project(header.cwd);
		// A v1 header names the model the session started with; the replies name the ones used after.
		conversation.model(header.modelId);
		const {path: branch, left} = this.branch();
		conversation.skipped += left;
		const parent = header.parentSession ?? header.branchedFrom;
		const copiedBefore = typeof parent === 'string' && parentFileIsThere(this.file, parent) ? Date.parse(String(header.timestamp)) : Number.NaN;
		const entries = Number.isNaN(copiedBefore) ? branch : branch.filter((entry) => !(Date.parse(String(entry.timestamp)) < copiedBefore));
		const state = {edited: new Set<string>(), commands: new Map<string, string>(), commits: 0, tokens: undefined as ReturnType<typeof tokenCounts>, cost: 0, usage: [] as MessageUsage[], named: undefined as string | undefined, auto: undefined as string | undefined};
		for (const entry of entries) {
			conversation.time(factDate(entry.timestamp));
			switch (entry.type) {
				case 'message':
					if (isObject(entry.message)) message(entry.message, conversation, state);
					break;
				case 'compaction':
				case 'branch_summary':
					if (text(entry.summary)) conversation.system([{role: 'system', kind: 'prose', text: String(entry.summary)}]);
					break;
				case 'custom_message':
					if (text(contentText(entry.content))) conversation.system([{role: 'system', kind: 'prose', text: contentText(entry.content)}]);
					break;
				case 'model_change':
					conversation.model(typeof entry.modelId === 'string' ? entry.modelId : typeof entry.model === 'string' ? entry.model.replace(/^[^/]+\//u, '') : undefined);
					break;
				case 'session_info':
					if (text(entry.name)) state.named = text(entry.name);
					break;
				case 'title_change':
					if (entry.source === 'user') state.named = text(entry.title) ?? state.named;
					else state.auto = text(entry.title) ?? state.auto;
					break;
				case 'model_usage':
					addUsage(entry.usage, state, factDate(entry.timestamp), typeof entry.model === 'string' ? entry.model.replace(/^[^/]+\//u, '') : undefined);
					conversation.skipped++;
					break;
				default:
					conversation.skipped++;
			}
		}
		const parsed = withSessionFacts(conversation.finish(), {
			sessionId: text(header.id),
			agentTitle: state.named ?? (header.titleSource === 'user' ? text(header.title) : undefined) ?? this.slotTitle ?? state.auto ?? text(header.title),
			tokens: state.tokens,
			filesEdited: state.edited,
			commits: state.commits,
			// v1 named the session a `/branch` copied its start from `branchedFrom`; v2 on, `parentSession`.
			parentSession: typeof parent === 'string' ? path.basename(parent, '.jsonl').replace(/^.*_/u, '') : undefined,
		});
		if (state.cost > 0 && parsed.facts.provenance) parsed.facts.provenance.cost_usd = Math.round(state.cost * 1e6) / 1e6;
		if (state.usage.length > 0) parsed.usage = state.usage;
		return parsed;
	}
}

/** The parent's file, where the header names it or beside this one (a copied folder). */
function parentFileIsThere(file: string, parent: string): boolean {
	const name = path.basename(parent.replaceAll('\\', '/'));
	if (!name.endsWith('.jsonl')) return false;
	return [parent, path.join(path.dirname(file), name)].some((candidate) => path.resolve(candidate) !== path.resolve(file) && existsSync(candidate));
}

interface State {
	edited: Set<string>;
	commands: Map<string, string>;
	commits: number;
	tokens: ReturnType<typeof tokenCounts>;
	cost: number;
	usage: MessageUsage[];
}

/** Adds one reply's usage to the session's, and keeps it apart with its time, model and the cost Pi recorded. */
function addUsage(usage: unknown, state: State, at: string | undefined, model: string | undefined): void {
	if (!isObject(usage)) return;
	const tokens = tokenCounts({input: usage.input, output: usage.output, cache_read: usage.cacheRead, cache_write: usage.cacheWrite});
	const cost = (isObject(usage.cost) ? count(usage.cost.total) : undefined) ?? 0;
	state.tokens = addTokens(state.tokens, tokens);
	state.cost += cost;
	const used = Object.values(tokens ?? {}).some((value) => value > 0);
	if (used || cost > 0) state.usage.push({...(at ? {at} : {}), ...(model ? {model} : {}), ...tokens, ...(cost > 0 ? {cost_usd: cost} : {})});
}

function message(message: Json, conversation: ConversationBuilder, state: State): void {
	conversation.time(factDate(message.timestamp));
	switch (message.role) {
		case 'user': {
			const parts = typeof message.content === 'string' ? [{type: 'text', text: message.content}] : Array.isArray(message.content) ? message.content : [];
			const said: Block[] = [];
			const envelopes: Block[] = [];
			for (const part of parts.filter(isObject)) {
				if (part.type === 'image') said.push({role: 'user', kind: 'prose', text: '[image]'});
				if (part.type !== 'text' || !text(part.text)) continue;
				const {words, envelope} = openClawEnvelope(String(part.text));
				if (envelope) envelopes.push({role: 'system', kind: 'prose', text: envelope});
				if (words.trim()) said.push({role: 'user', kind: 'prose', text: words});
			}
			conversation.system(envelopes);
			conversation.prompt(said);
			return;
		}
		case 'assistant': {
			const blocks: Block[] = [];
			for (const part of Array.isArray(message.content) ? message.content.filter(isObject) : []) {
				if (part.type === 'text' && text(part.text)) blocks.push({role: 'assistant', kind: 'prose', text: String(part.text)});
				else if (part.type === 'thinking' && part.redacted !== true && text(part.thinking)) blocks.push({role: 'thinking', kind: 'thinking', text: String(part.thinking)});
				else if (part.type === 'toolCall') {
					const name = String(part.name ?? 'tool');
					for (const file of filesEditedBy(name, part.arguments)) state.edited.add(file);
					const command = shellCommand(part.arguments);
					if (command && typeof part.id === 'string') state.commands.set(part.id, command);
					blocks.push({role: 'tool_call', kind: 'tool', text: toolCallText(name, part.arguments)});
				}
			}
			const model = notModels.has(String(message.model)) ? undefined : text(message.model);
			conversation.model(model);
			addUsage(message.usage, state, factDate(message.timestamp), model);
			conversation.answer(blocks);
			if (message.stopReason === 'error' && text(message.errorMessage)) conversation.system([{role: 'system', kind: 'prose', text: `[error] ${String(message.errorMessage)}`}]);
			return;
		}
		case 'toolResult': {
			const output = contentText(message.content);
			const failed = message.isError === true;
			const command = typeof message.toolCallId === 'string' ? state.commands.get(message.toolCallId) : undefined;
			if (command) state.commits += commitsMade(command, output, failed);
			conversation.toolResults([{role: 'tool', kind: 'tool', text: toolOutputText(output, failed)}]);
			return;
		}
		case 'bashExecution': {
			// A command the person ran with `!`: a call and its output.
			const command = String(message.command ?? '');
			const exit = typeof message.exitCode === 'number' && message.exitCode !== 0 ? `[exit code ${message.exitCode}]\n` : '';
			state.commits += commitsMade(command, String(message.output ?? ''), exit !== '');
			conversation.answer([{role: 'tool_call', kind: 'tool', text: toolCallText('bash', {command})}]);
			conversation.toolResults([{role: 'tool', kind: 'tool', text: toolOutputText(`${exit}${String(message.output ?? '')}`)}]);
			return;
		}
		case 'custom':
		case 'hookMessage':
			if (text(contentText(message.content))) conversation.system([{role: 'system', kind: 'prose', text: contentText(message.content)}]);
			else conversation.skipped++;
			return;
		case 'branchSummary':
		case 'compactionSummary':
			if (text(message.summary)) conversation.system([{role: 'system', kind: 'prose', text: String(message.summary)}]);
			return;
		default:
			conversation.skipped++;
	}
}
