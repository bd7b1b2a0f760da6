import {existsSync, readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {hashBytes} from '../io/hash.js';
import {openAgentDatabase, type AgentDatabase} from '../io/agent-database.js';
import type {Block, ParsedSource} from '../model.js';
import type {StoreSession} from './store-session.js';
import {ConversationBuilder} from './conversation.js';
import {readCopilotChat} from './copilot-chat.js';
import {factDate} from './dates.js';
import {addTokens, filePath, isObject, parsedJson, text, tokenCounts, type Json} from './json-values.js';
import {filesEditedBy, withSessionFacts} from './session-facts.js';
import {toolCallText, toolOutputText, toolResultText} from './tool-text.js';

/**
 * Cursor's chats in its `state.vscdb` databases (Cursor is closed source: followed the layout
 * reverse-engineered by the community — cursor-chat-export, cursor-view, SpecStory, and
 * michaeldhood/chatrxiv docs/cursor/storage-reference.md, composerData `_v` 10 and bubbles `_v` 3,
 * Cursor 0.43 to 2.x). Two tables of `(key, value)`:
 *
 * - The global database (`User/globalStorage/state.vscdb`), table `cursorDiskKV`:
 *   `composerData:<composerId>` — a chat ("composer"): name, createdAt, lastUpdatedAt,
 *   modelConfig, originalFileStates and newlyCreatedFiles (the files it changed), and its turns as
 *   `fullConversationHeadersOnly` (bubble ids, each turn in its own `bubbleId:<composerId>:<bubbleId>`
 *   row, since 0.46), or inline as `conversation` (a list) or `conversationMap` (by id);
 *   a bubble is `{type: 1 (user) | 2 (assistant), text, richText, thinking, toolFormerData {name,
 *   rawArgs, params, result, status}, codeBlocks, tokenCount, createdAt, modelInfo}`.
 * - A workspace database (`User/workspaceStorage/<hash>/state.vscdb`, with `workspace.json` naming
 *   the folder), table `ItemTable`: `workbench.panel.aichat.view.aichat.chatdata` — the chats of
 *   the old side panel, `{tabs: [{tabId, chatTitle, lastSendTime, bubbles: [{type: user|ai, text}]}]}`
 *   —, `composer.composerData` (`allComposers`: the workspace's composers; before 0.46 with their
 *   turns inline), and `interactive.sessions` (VS Code's own chat, kept there before chatSessions/).
 *
 * A global composer's project is the folder of the workspace whose `composer.composerData` lists
 * it (the workspace databases beside the global one are read for that, read-only).
 */

const chatKeys = ['workbench.panel.aichat.view.aichat.chatdata', 'composer.composerData', 'interactive.sessions'];

function hasTable(db: AgentDatabase, table: string): boolean {
	return db.columns(table).has('key') && db.columns(table).has('value');
}

function itemValue(db: AgentDatabase, key: string): unknown {
	if (!hasTable(db, 'ItemTable')) return undefined;
	const row = db.prepare(`SELECT ${db.capped('value')} AS value FROM ItemTable WHERE budget() AND key = ?`).get(key) as {value: unknown} | undefined;
	return row ? parsedJson(row.value) : undefined;
}

/** Whether a state database holds any chat (a VS Code or Cursor workspace that never chatted holds none). */
export function cursorChatKeys(db: AgentDatabase): boolean {
	if (hasTable(db, 'cursorDiskKV')) {
		const composer = db.prepare("SELECT 1 FROM cursorDiskKV WHERE budget() AND key >= 'composerData:' AND key < 'composerData;' LIMIT 1").get();
		if (composer) return true;
	}
	if (!hasTable(db, 'ItemTable')) return false;
	return Boolean(db.prepare(`SELECT 1 FROM ItemTable WHERE budget() AND key IN (${chatKeys.map(() => '?').join(', ')}) LIMIT 1`).get(...chatKeys));
}

/** The folder a workspace storage folder is for (its `workspace.json`). */
function workspaceFolder(folder: string): string | undefined {
	try {
		const value: unknown = JSON.parse(readFileSync(path.join(folder, 'workspace.json'), 'utf8'));
		if (!isObject(value)) return undefined;
		return filePath(value.folder) ?? filePath(value.workspace);
	} catch {
		return undefined;
	}
}

function composerList(value: unknown): Json[] {
	if (!isObject(value)) return [];
	const list = value.allComposers ?? value.composers;
	return Array.isArray(list) ? list.filter(isObject) : [];
}

/** For the global database: which project each composer was made in, from the workspace databases beside it. */
function composerProjects(globalFile: string, db: AgentDatabase): Map<string, string> {
	const projects = new Map<string, string>();
	const workspaces = path.join(path.dirname(path.dirname(globalFile)), 'workspaceStorage');
	let entries: string[] = [];
	try {
		entries = readdirSync(workspaces);
	} catch {
		return projects;
	}
	const folders = new Map<string, string>();
	for (const entry of entries) {
		const folder = workspaceFolder(path.join(workspaces, entry));
		if (folder) folders.set(entry, folder);
	}
	// Newer Cursor lists every composer with its workspace in the global database.
	for (const composer of composerList(itemValue(db, 'composer.composerHeaders'))) {
		const workspace = text(composer.workspaceId);
		const id = text(composer.composerId);
		if (id && workspace && folders.has(workspace)) projects.set(id, folders.get(workspace)!);
	}
	for (const [entry, folder] of folders) {
		const file = path.join(workspaces, entry, 'state.vscdb');
		if (!existsSync(file)) continue;
		try {
			const store = openAgentDatabase(file);
			try {
				for (const composer of composerList(itemValue(store.database, 'composer.composerData'))) {
					const id = text(composer.composerId);
					if (id && !projects.has(id)) projects.set(id, folder);
				}
			} finally {
				store.close();
			}
		} catch {
			// A workspace database that cannot be read only costs its composers their project.
		}
	}
	return projects;
}

/** The plain text of a Lexical editor state (`richText`), for a bubble whose `text` is empty. */
function lexicalText(value: unknown): string {
	const root = parsedJson(value);
	const out: string[] = [];
	const visit = (node: unknown) => {
		if (!isObject(node)) return;
		if (typeof node.text === 'string') out.push(node.text);
		if (Array.isArray(node.children)) {
			for (const child of node.children) visit(child);
			if (node.type === 'paragraph') out.push('\n');
		}
	};
	visit(isObject(root) ? root.root : undefined);
	return out.join('').trim();
}

interface Turns {
	conversation: ConversationBuilder;
	edited: Set<string>;
	tokens: ReturnType<typeof tokenCounts>;
}

/** A composer bubble as blocks. */
function bubble(value: Json, turns: Turns): void {
	const {conversation, edited} = turns;
	conversation.time(factDate(value.createdAt));
	const said = text(value.text) ?? lexicalText(value.richText);
	const user = value.type === 1 || value.type === 'user';
	if (isObject(value.modelInfo)) conversation.model(value.modelInfo.modelName);
	if (isObject(value.tokenCount)) turns.tokens = addTokens(turns.tokens, tokenCounts({input: value.tokenCount.inputTokens, output: value.tokenCount.outputTokens}));
	if (user) {
		if (said) conversation.prompt([{role: 'user', kind: 'prose', text: said}]);
		else conversation.skipped++;
		return;
	}
	const blocks: Block[] = [];
	const thinking = isObject(value.thinking) ? text(value.thinking.text) : undefined;
	if (thinking) blocks.push({role: 'thinking', kind: 'thinking', text: thinking});
	if (said) blocks.push({role: 'assistant', kind: 'prose', text: said});
	else if (Array.isArray(value.codeBlocks)) {
		for (const code of value.codeBlocks) if (isObject(code) && text(code.content)) blocks.push({role: 'assistant', kind: 'code', text: String(code.content)});
	}
	const tool = isObject(value.toolFormerData) ? value.toolFormerData : undefined;
	let result: Block | undefined;
	if (tool) {
		const name = text(tool.name) ?? 'tool';
		const input = parsedJson(tool.rawArgs) ?? parsedJson(tool.params) ?? tool.rawArgs;
		for (const file of filesEditedBy(name, input)) edited.add(file);
		blocks.push({role: 'tool_call', kind: 'tool', text: toolCallText(name, input)});
		const output = parsedJson(tool.result) ?? tool.result;
		if (output !== undefined && output !== null && output !== '') {
			const failed = tool.status === 'error' || (isObject(output) && typeof output.error === 'string');
			result = {role: 'tool', kind: 'tool', text: toolOutputText(typeof output === 'string' ? output : toolResultText(output), failed)};
		}
	}
	if (blocks.length === 0) {
		conversation.skipped++;
		return;
	}
	conversation.answer(blocks);
	if (result) conversation.toolResults([result]);
}

/** The files a composer changed, as it keeps them: the originals it can revert to, and the ones it created. */
function composerFiles(composer: Json): string[] {
	const files: string[] = [];
	if (isObject(composer.originalFileStates)) for (const uri of Object.keys(composer.originalFileStates)) files.push(filePath(uri) ?? uri);
	if (Array.isArray(composer.newlyCreatedFiles)) {
		for (const entry of composer.newlyCreatedFiles) {
			const file = isObject(entry) ? filePath(entry.uri) : filePath(entry);
			if (file) files.push(file);
		}
	}
	return files;
}

function composerSession(composer: Json, bubbles: Json[], project: string | undefined): ParsedSource {
	const turns: Turns = {conversation: new ConversationBuilder('cursor'), edited: new Set(), tokens: undefined};
	turns.conversation.time(factDate(composer.createdAt));
	for (const value of bubbles) bubble(value, turns);
	turns.conversation.time(factDate(composer.lastUpdatedAt));
	const model = isObject(composer.modelConfig) ? text(composer.modelConfig.modelName) : undefined;
	return withSessionFacts(turns.conversation.finish(), {
		sessionId: text(composer.composerId),
		agentTitle: text(composer.name),
		tokens: turns.tokens,
		filesEdited: [...turns.edited, ...composerFiles(composer)],
		project,
		model: model === 'default' ? undefined : model,
	});
}

/** A composer's bubbles, in order, wherever this version of Cursor keeps them. */
function composerBubbles(composer: Json, fetch: (bubbleId: string) => Json | undefined): Json[] {
	if (Array.isArray(composer.fullConversationHeadersOnly) && composer.fullConversationHeadersOnly.length > 0) {
		const map = isObject(composer.conversationMap) ? composer.conversationMap : {};
		return composer.fullConversationHeadersOnly.flatMap((header) => {
			if (!isObject(header) || typeof header.bubbleId !== 'string') return [];
			const inline = map[header.bubbleId];
			const value = isObject(inline) ? inline : fetch(header.bubbleId);
			return value ? [{type: header.type, ...value}] : [];
		});
	}
	if (Array.isArray(composer.conversation)) return composer.conversation.filter(isObject);
	if (isObject(composer.conversationMap)) return Object.values(composer.conversationMap).filter(isObject);
	return [];
}

function* globalComposers(db: AgentDatabase, file: string): Iterable<StoreSession> {
	if (!hasTable(db, 'cursorDiskKV')) return;
	let projects: Map<string, string> | undefined;
	const bubbleValue = db.prepare(`SELECT ${db.capped('value')} AS value FROM cursorDiskKV WHERE budget() AND key = ?`);
	const bubbleSummary = db.prepare('SELECT count(*) AS n, sum(length(value)) AS bytes FROM cursorDiskKV WHERE budget() AND key >= ? AND key < ?');
	const composerValue = bubbleValue;
	// The update time and name are read by SQLite itself, so no composer is parsed here.
	const keys = db
		.prepare(
			`SELECT key, bytes, CASE WHEN valid THEN ifnull(json_extract(value, '$.lastUpdatedAt'), '') || '|' || ifnull(json_extract(value, '$.name'), '') END AS updated,
			CASE WHEN valid THEN ifnull(json_array_length(value, '$.fullConversationHeadersOnly'), 0) + ifnull(json_array_length(value, '$.conversation'), 0) ELSE 1 END AS turns
			FROM (SELECT key, length(value) AS bytes, CAST(${db.capped('value')} AS TEXT) AS value, json_valid(CAST(${db.capped('value')} AS TEXT)) AS valid FROM cursorDiskKV WHERE budget() AND key >= 'composerData:' AND key < 'composerData;') ORDER BY key`,
		)
		.all() as Array<{key: string; bytes: number; updated: string | null; turns: number}>;
	for (const {key, bytes, updated, turns} of keys) {
		const id = key.slice('composerData:'.length);
		const prefix = `bubbleId:${id}:`;
		const {n, bytes: bubbleBytes} = bubbleSummary.get(prefix, `bubbleId:${id};`) as {n: number; bytes: number | null};
		// A composer opened and closed without a word has no turns.
		if (turns === 0) continue;
		yield {
			id,
			signature: `${bytes}|${updated}|${n}|${bubbleBytes}`,
			read() {
				const row = composerValue.get(key) as {value: unknown} | undefined;
				const composer = parsedJson(row?.value);
				if (!isObject(composer)) return new ConversationBuilder('cursor').finish();
				projects ??= composerProjects(file, db);
				const fetch = (bubbleId: string) => {
					const value = parsedJson((bubbleValue.get(`${prefix}${bubbleId}`) as {value: unknown} | undefined)?.value);
					return isObject(value) ? value : undefined;
				};
				return composerSession({composerId: id, ...composer}, composerBubbles(composer, fetch), projects.get(id));
			},
		};
	}
}

/** A chat of the old side panel (`aichat` tabs). */
function panelChat(tab: Json, project: string | undefined): ParsedSource {
	const conversation = new ConversationBuilder('cursor');
	const edited = new Set<string>();
	for (const value of Array.isArray(tab.bubbles) ? tab.bubbles.filter(isObject) : []) {
		conversation.time(factDate(value.timestamp ?? value.createdAt));
		const said = text(value.text) ?? text(value.rawText) ?? text(value.initText);
		if (!said) {
			conversation.skipped++;
			continue;
		}
		if (value.type === 'user') conversation.prompt([{role: 'user', kind: 'prose', text: said}]);
		else {
			conversation.model(value.modelType);
			conversation.answer([{role: 'assistant', kind: 'prose', text: said}]);
		}
	}
	conversation.time(factDate(tab.lastSendTime));
	return withSessionFacts(conversation.finish(), {sessionId: text(tab.tabId), agentTitle: text(tab.chatTitle)?.split('\n')[0], filesEdited: edited, project});
}

const signatureOf = (value: unknown) => hashBytes(JSON.stringify(value) ?? '', 'cursor');

function* workspaceChats(db: AgentDatabase, file: string): Iterable<StoreSession> {
	const project = workspaceFolder(path.dirname(file));
	const panel = itemValue(db, 'workbench.panel.aichat.view.aichat.chatdata');
	for (const tab of isObject(panel) && Array.isArray(panel.tabs) ? panel.tabs.filter(isObject) : []) {
		const id = text(tab.tabId);
		if (!id || !Array.isArray(tab.bubbles) || tab.bubbles.length === 0) continue;
		yield {id, signature: signatureOf(tab), read: () => panelChat(tab, project)};
	}
	// Composers whose turns were kept inline in the workspace (before 0.46).
	for (const composer of composerList(itemValue(db, 'composer.composerData'))) {
		const id = text(composer.composerId);
		if (!id || !Array.isArray(composer.conversation) || composer.conversation.length === 0) continue;
		yield {id, signature: signatureOf(composer), read: () => composerSession(composer, composerBubbles(composer, () => undefined), project)};
	}
	// VS Code's own chat, as VS Code 1.8x–1.9x kept it (and Cursor, which inherits it).
	const sessions = itemValue(db, 'interactive.sessions');
	for (const session of Array.isArray(sessions) ? sessions.filter(isObject) : []) {
		const id = text(session.sessionId);
		if (!id || !Array.isArray(session.requests) || session.requests.length === 0) continue;
		yield {id, signature: signatureOf(session), itemKind: 'copilot-chat', read: () => readCopilotChat(session, {project, agent: file.includes(`${path.sep}Cursor${path.sep}`) ? 'cursor' : 'copilot-chat'})};
	}
}

/** The chats of one `state.vscdb`: a global database's composers, a workspace database's own chats. */
export function* readCursorStore(db: AgentDatabase, file: string): Iterable<StoreSession> {
	yield* globalComposers(db, file);
	yield* workspaceChats(db, file);
}
