import path from 'node:path';
import {addTo} from '../../core/arrays.js';
import type {AgentDatabase} from '../io/agent-database.js';
import type {Block, ParsedSource} from '../model.js';
import type {StoreSession} from './store-session.js';
import {ConversationBuilder} from './conversation.js';
import {factDate} from './dates.js';
import {isObject, parsedJson, text, tokenCounts} from './json-values.js';
import {filesEditedBy, withSessionFacts} from './session-facts.js';
import {toolCallText, toolOutputText} from './tool-text.js';

/**
 * Crush's store (`.crush/crush.db` in each project; followed: charmbracelet/crush 37f36e9,
 * 2026-08-21, internal/db/migrations and internal/message/content.go). `sessions` (title,
 * parent_session_id for an agent tool's task, prompt/completion tokens, cost, times in ms, though
 * its update trigger writes seconds), `messages` (role user|assistant|tool|system, `parts` a JSON
 * array of `{type, data}`: text, reasoning, image_url, binary, tool_call, tool_result, finish,
 * shell_command; model, provider), and `files` (the versions of each file the session edited).
 * The sessions Crush makes to generate a title (`title-…`) are not sessions of their own; those its
 * agent tools make for a task are read into the session that called them (see `foldedInto`). The
 * Go OpenCode's `.opencode/opencode.db` (Crush's predecessor, migrations up to 20250513) is read
 * the same way and named `opencode-go`.
 */

interface SessionRow {
	id: string;
	parent_session_id?: string | null;
	title?: string | null;
	message_count?: number | null;
	prompt_tokens?: number | null;
	completion_tokens?: number | null;
	cost?: number | null;
	updated_at?: number | null;
	created_at?: number | null;
}

interface MessageRow {
	role: string;
	parts: string;
	model?: string | null;
	created_at?: number | null;
	updated_at?: number | null;
}

/** The project a store belongs to: the folder that holds its `.crush` (or `.opencode`) data folder. */
function projectOf(file: string): string | undefined {
	const folder = path.dirname(file);
	return path.basename(folder) === '.crush' || path.basename(folder) === '.opencode' ? path.dirname(folder) : undefined;
}

/**
 * Crush began as a fork of the Go OpenCode (opencode-ai/opencode, archived in 2025), whose
 * `.opencode/opencode.db` has the same tables. Its own markers tell them apart: Crush's first
 * migrations added `sessions.summary_message_id` and `messages.provider`, which the Go OpenCode
 * never had; its folder (`.opencode`, `.crush`) says so too.
 */
export function crushStoreAgent(db: AgentDatabase, file: string): 'crush' | 'opencode-go' {
	const folder = path.basename(path.dirname(file));
	if (folder === '.crush') return 'crush';
	if (folder === '.opencode') return 'opencode-go';
	return db.columns('sessions').has('summary_message_id') || db.columns('messages').has('provider') ? 'crush' : 'opencode-go';
}

function messageBlocks(row: MessageRow, conversation: ConversationBuilder, edited: Set<string>): void {
	const parts = parsedJson(row.parts);
	if (!Array.isArray(parts)) {
		conversation.skipped++;
		return;
	}
	const blocks: Block[] = [];
	const results: Block[] = [];
	for (const part of parts) {
		if (!isObject(part) || !isObject(part.data)) continue;
		const data = part.data;
		switch (part.type) {
			case 'text':
				if (text(data.text)) blocks.push({role: row.role === 'user' ? 'user' : row.role === 'system' ? 'system' : 'assistant', kind: 'prose', text: String(data.text)});
				break;
			case 'reasoning':
				if (text(data.thinking)) blocks.push({role: 'thinking', kind: 'thinking', text: String(data.thinking)});
				break;
			case 'image_url':
			case 'binary':
				blocks.push({role: row.role === 'user' ? 'user' : 'assistant', kind: 'prose', text: `[attachment${typeof data.Path === 'string' ? `: ${data.Path}` : ''}]`});
				break;
			case 'tool_call': {
				const name = String(data.name ?? 'tool');
				for (const file of filesEditedBy(name, data.input)) edited.add(file);
				blocks.push({role: 'tool_call', kind: 'tool', text: toolCallText(name, data.input)});
				break;
			}
			case 'tool_result':
				results.push({role: 'tool', kind: 'tool', text: toolOutputText(typeof data.content === 'string' ? data.content : '', data.is_error === true)});
				break;
			case 'shell_command':
				blocks.push({role: 'tool_call', kind: 'tool', text: toolCallText('shell', {command: data.command})});
				results.push({role: 'tool', kind: 'tool', text: toolOutputText(`${typeof data.exit_code === 'number' && data.exit_code !== 0 ? `[exit code ${data.exit_code}]\n` : ''}${typeof data.output === 'string' ? data.output : ''}`)});
				break;
			case 'finish':
				if (data.reason === 'error' && (text(data.message) || text(data.details))) conversation.system([{role: 'system', kind: 'prose', text: `[error] ${[data.message, data.details].filter((value) => text(value)).join(': ')}`}]);
				else conversation.skipped++;
				break;
			default:
				conversation.skipped++;
		}
	}
	if (row.role === 'user') {
		// A shell command the person ran (`!`) is a call and its output after their words.
		conversation.prompt(blocks.filter((block) => block.role === 'user'));
		conversation.answer(blocks.filter((block) => block.role !== 'user'));
		conversation.toolResults(results);
	} else if (row.role === 'tool') conversation.toolResults([...blocks, ...results]);
	else if (row.role === 'system') conversation.system(blocks.map((block) => ({...block, role: 'system'})));
	else {
		conversation.answer(blocks);
		conversation.toolResults(results);
	}
}

function readSession(db: AgentDatabase, row: SessionRow, file: string, hasModel: boolean, agent: string): ParsedSource {
	const conversation = new ConversationBuilder(agent);
	const edited = new Set<string>();
	const messages = db.prepare(`SELECT role, ${db.capped('parts')} AS parts, created_at, updated_at${hasModel ? `, ${db.capped('model')} AS model` : ''} FROM messages WHERE budget() AND session_id = ? ORDER BY created_at, rowid`).all(row.id) as MessageRow[];
	conversation.time(factDate(row.created_at));
	for (const message of messages) {
		conversation.time(factDate(message.created_at));
		if (message.role === 'assistant') conversation.model(message.model);
		messageBlocks(message, conversation, edited);
	}
	conversation.time(factDate(row.updated_at));
	for (const version of db.prepare(`SELECT DISTINCT ${db.capped('path')} AS path FROM files WHERE budget() AND session_id = ?`).all(row.id) as Array<{path: string}>) edited.add(version.path);
	return withSessionFacts(conversation.finish(), {
		sessionId: row.id,
		agentTitle: row.title ?? undefined,
		tokens: tokenCounts({input: row.prompt_tokens, output: row.completion_tokens}),
		costUsd: row.cost ?? undefined,
		filesEdited: edited,
		parentSession: row.parent_session_id ?? undefined,
		project: projectOf(file),
	});
}

/** The session columns read (a generated or unknown column never is). */
const sessionColumns = ['id', 'parent_session_id', 'title', 'message_count', 'prompt_tokens', 'completion_tokens', 'cost', 'updated_at', 'created_at'];

/** How far up a chain of sub-agent sessions' parents is followed (a loop of parents ends there). */
const maxSubagentDepth = 16;

/**
 * The session a sub-agent session is read into: its parent when that is a conversation of this
 * store, else none (it stays an item of its own that names its parent). Crush's `agent` and
 * `agentic_fetch` tools run their task in a session of its own (its id `<message id>$$<tool call
 * id>`, `parent_session_id` the session that called the tool; internal/session/session.go
 * CreateTaskSession): a Claude Code subagent's transcript is the same thing. A chain of parents
 * that loops or runs deeper than `maxSubagentDepth` is no sub-agent of anything.
 */
function foldedInto(sessions: Map<string, SessionRow>): Map<string, string> {
	const parentOf = new Map<string, string>();
	for (const [id, row] of sessions) {
		const parent = row.parent_session_id;
		if (typeof parent !== 'string' || parent === id || !sessions.has(parent)) continue;
		let at: string | undefined = parent;
		let depth = 0;
		while (at !== undefined && at !== id && depth < maxSubagentDepth) {
			const up: string | null | undefined = sessions.get(at)?.parent_session_id;
			at = typeof up === 'string' && sessions.has(up) ? up : undefined;
			depth++;
		}
		if (at === undefined) parentOf.set(id, parent);
	}
	return parentOf;
}

export function* readCrushStore(db: AgentDatabase, file: string): Iterable<StoreSession> {
	const hasModel = db.columns('messages').has('model');
	const agent = crushStoreAgent(db, file);
	const ordered = db.columns('sessions').has('created_at') ? 'created_at, rowid' : 'rowid';
	const rows = db.prepare(`SELECT ${db.select('sessions', sessionColumns)} FROM sessions WHERE budget() ORDER BY ${ordered}`).all() as SessionRow[];
	const summary = db.prepare("SELECT count(*) AS n, max(updated_at) AS at, sum(length(parts)) AS bytes, sum(role = 'user') AS asked FROM messages WHERE budget() AND session_id = ?");
	// The conversations (a title generator's session is none, nor one nobody asked anything in), each with its signature.
	const sessions = new Map<string, SessionRow>();
	const signatures = new Map<string, string>();
	for (const row of rows) {
		if (typeof row.id !== 'string' || row.id.startsWith('title-') || sessions.has(row.id)) continue;
		const {n, at, bytes, asked} = summary.get(row.id) as {n: number; at: number | null; bytes: number | null; asked: number | null};
		if (!asked) continue;
		sessions.set(row.id, row);
		signatures.set(row.id, `${row.updated_at}|${row.title}|${row.prompt_tokens}|${row.completion_tokens}|${row.cost}|${n}|${at}|${bytes}`);
	}
	const parentOf = foldedInto(sessions);
	const childrenOf = new Map<string, string[]>();
	for (const [child, parent] of parentOf) addTo(childrenOf, parent, child);
	/** The sub-agent sessions read into a session, theirs too, in the order Crush made them. */
	const descendants = (id: string): string[] => (childrenOf.get(id) ?? []).flatMap((child) => [child, ...descendants(child)]);
	const readTree = (id: string): ParsedSource => {
		const parsed = readSession(db, sessions.get(id)!, file, hasModel, agent);
		const subagents = (childrenOf.get(id) ?? []).map(readTree);
		if (subagents.length === 0) return parsed;
		// Their records of unused kinds are counted with the session's, as they were when they were items.
		const skipped = subagents.reduce((sum, sub) => sum + (sub.skipped ?? 0), parsed.skipped ?? 0);
		return {...parsed, subagents, ...(skipped > 0 ? {skipped} : {})};
	};
	for (const [id] of sessions) {
		if (parentOf.has(id)) continue;
		const folded = descendants(id);
		yield {
			id,
			// A sub-agent session changing changes the session it is read into.
			signature: [signatures.get(id)!, ...folded.map((child) => `${child}:${signatures.get(child)}`)].join('\n'),
			read: () => readTree(id),
			...(folded.length > 0 ? {absorbs: folded} : {}),
		};
	}
}
