import {itemIdFor} from '../ids.js';
import {hashBytes} from '../io/hash.js';
import {statSync} from 'node:fs';
import {needsCopy} from '../io/sqlite-store.js';
import {BudgetSpent, openAgentDatabase, type AgentDatabase} from '../io/agent-database.js';
import {ConversationBuilder} from './conversation.js';
import type {ParsedSource} from '../model.js';
import type {FileRecord, RecordContext} from '../file-record.js';
import type {StoreSession} from './store-session.js';
import {formatLabels, type Format, type FormatChoice} from './catalog.js';
import {unreadChatStore} from './chat-shape.js';
import {readCrushStore} from './crush.js';
import {cursorChatKeys, readCursorStore} from './cursor-store.js';
import type {Sniffed} from './sniffed.js';
import {readGooseStore} from './goose-store.js';
import {readOpenCodeStore} from './opencode-store.js';
import {readZedStore} from './zed-store.js';
import {readWarpStore} from './warp.js';
import {isKiroDatabase, kiroConversationTables, readKiroStore} from './kiro-store.js';

/**
 * The agents that keep their sessions in a SQLite database (Cursor's `state.vscdb`, OpenCode's
 * `opencode.db`, Goose's `sessions.db`, Crush's `crush.db`): which one a file is, and its sessions
 * as items. A store is opened read-only (see io/sqlite-store.ts: nothing is written beside it).
 * Each session says what it holds with a cheap signature (its row's update time, its messages'
 * count and total length), which is the item's content hash: a session whose signature did not
 * change is skipped without its messages being read, so ingesting a store again, or `--watch`
 * seeing it change, reads only the sessions that changed.
 */


/** The JSON storage and the database of one agent hold the same sessions: their items are the same. */
const itemKindOf: Partial<Record<Format, string>> = {'opencode-db': 'opencode', 'goose-db': 'goose', 'kiro-cli-db': 'kiro-cli'};

type StoreReader = (db: AgentDatabase, file: string) => Iterable<StoreSession>;

const readers: Partial<Record<Format, StoreReader>> = {
	cursor: readCursorStore,
	'opencode-db': readOpenCodeStore,
	'goose-db': readGooseStore,
	crush: readCrushStore,
	zed: readZedStore,
	warp: readWarpStore,
	'kiro-cli-db': readKiroStore,
};

/** Which agent store a database is, from its tables (and the columns that tell two alike apart). */
function storeFormat(tables: Set<string>, columns: (table: string) => Set<string>): Format | undefined {
	if (tables.has('cursorDiskKV') || tables.has('ItemTable')) return 'cursor';
	if (tables.has('session') && tables.has('message') && tables.has('part')) return 'opencode-db';
	if (tables.has('sessions') && tables.has('messages')) {
		const message = columns('messages');
		if (message.has('content_json')) return 'goose-db';
		if (message.has('parts') && tables.has('files')) return 'crush';
	}
	if (tables.has('threads') && columns('threads').has('data_type') && columns('threads').has('data')) return 'zed';
	if (tables.has('ai_queries') && (tables.has('agent_conversations') || tables.has('ai_blocks'))) return 'warp';
	if (isKiroDatabase(tables, columns) && kiroConversationTables(tables, columns).length > 0) return 'kiro-cli-db';
	return undefined;
}

const storeNames = 'Cursor, OpenCode, Goose, Crush, Zed, Warp, Kiro CLI';

/** A database an agent made that holds no conversation (an older Kiro CLI or Amazon Q saved none). */
function emptyAgentDatabase(tables: Set<string>, columns: (table: string) => Set<string>): string | undefined {
	return isKiroDatabase(tables, columns) ? "is a Kiro CLI (or Amazon Q Developer CLI) database with no conversations table: that version saved no conversation in it (Kiro CLI 2.x keeps them in ~/.kiro/sessions/cli/)" : undefined;
}

/**
 * The tables a database's first pages declare (`sqlite_master` starts on page 1, and an agent
 * makes its tables when it makes the database): read from the head, so telling a store from
 * another database opens neither.
 */
function headSchema(head: Buffer): {tables: Set<string>; columns: (table: string) => Set<string>} {
	const columns = new Map<string, Set<string>>();
	for (const match of head.toString('latin1').matchAll(/CREATE TABLE\s+(?:IF NOT EXISTS\s+)?[`"[]?(\w+)[`"\]]?\s*\(([^)]{0,4000})\)/giu)) {
		const names = match[2]!.split(',').map((column) => /^\s*[`"[]?(\w+)/u.exec(column)?.[1] ?? '');
		columns.set(match[1]!, new Set(names.filter(Boolean)));
	}
	return {tables: new Set(columns.keys()), columns: (table) => columns.get(table) ?? new Set()};
}

/** Opening a WAL database that nobody has open means reading it into memory: only this big, just to tell what it is. */
const maxSniffCopyBytes = 64 << 20;

function openedFormat(file: string): {format?: Format; noChats?: boolean; empty?: string} {
	const {database, close} = openAgentDatabase(file);
	try {
		const {tables, columns} = realSchema(database);
		const format = storeFormat(tables, columns);
		const empty = format ? undefined : emptyAgentDatabase(tables, columns);
		// A VS Code family state database that keeps no chat (most of an editor's workspaces).
		return {...(format ? {format} : {}), ...(empty ? {empty} : {}), noChats: format === 'cursor' && !cursorChatKeys(database)};
	} finally {
		close();
	}
}

/** The tables SQLite says a database has (real ones, with their stored columns), as storeFormat reads them. */
function realSchema(database: AgentDatabase): {tables: Set<string>; columns: (table: string) => Set<string>} {
	return {tables: new Set(database.tables.keys()), columns: (table) => database.columns(table)};
}

/**
 * The columns each store's queries name, by table (checked when the table is there: the readers
 * skip a table that is not): each must be a stored column, or the database is not read.
 */
const requiredColumns: Partial<Record<Format, Record<string, string[]>>> = {
	cursor: {cursorDiskKV: ['key', 'value'], ItemTable: ['key', 'value']},
	'opencode-db': {session: ['id'], message: ['id', 'session_id', 'data', 'time_created', 'time_updated'], part: ['id', 'message_id', 'session_id', 'data', 'time_updated']},
	'goose-db': {sessions: ['id'], messages: ['id', 'session_id', 'role', 'content_json', 'created_timestamp']},
	crush: {sessions: ['id'], messages: ['session_id', 'role', 'parts', 'created_at', 'updated_at'], files: ['session_id', 'path']},
	zed: {threads: ['id', 'data', 'updated_at']},
	warp: {
		ai_queries: ['id', 'exchange_id', 'conversation_id', 'start_ts', 'input', 'working_directory'],
		ai_blocks: ['exchange_id', 'output'],
		agent_conversations: ['id', 'conversation_id', 'conversation_data', 'last_modified_at'],
		agent_tasks: ['id', 'conversation_id', 'task', 'last_modified_at'],
	},
	'kiro-cli-db': {conversations: ['value'], conversations_v2: ['value']},
};

/** The columns a store's queries need that its tables lack as stored columns. */
function missingColumns(database: AgentDatabase, format: Format): string[] {
	return Object.entries(requiredColumns[format] ?? {}).flatMap(([table, columns]) => (database.has(table) ? columns.filter((column) => !database.columns(table).has(column)).map((column) => `${table}.${column}`) : []));
}

/** A name from the file, shown harmless and short. */
const shownName = (name: string) => `"${name.replace(/[^\w.$-]/gu, '?').slice(0, 60)}"`;

/**
 * Why a database the head called one agent's store is not read as it: its schema (as SQLite
 * says) holds a view, a virtual table or a generated column where the store has a table or a
 * column, or not the store's tables at all (the head's text was a comment, say).
 */
function refusal(database: AgentDatabase, format: Format): string | undefined {
	const missing = missingColumns(database, format);
	const {tables, columns} = realSchema(database);
	if (storeFormat(tables, columns) === format && missing.length === 0) return undefined;
	const refused = database.refused.slice(0, 3).map((entry) => `${shownName(entry.name)} ${entry.why}`);
	if (refused.length > 0) return `is not read: ${refused.join(', ')} (drill reads only an agent's own tables and stored columns, never a view, virtual table or generated column, which can run without end or make values of any size)`;
	if (missing.length > 0) return `is not read: it has no stored column ${missing.slice(0, 3).map(shownName).join(', ')}, which ${formatLabels[format]} has`;
	return `is not read: its tables (as SQLite lists them) are not those of ${formatLabels[format]}`;
}

/** Tells an agent's store from any other SQLite file, and refuses a format forced on one that is not it. */
export function sniffStore(file: string, head: Buffer, choice: FormatChoice): Sniffed {
	let format: Format | undefined;
	let noChats = false;
	let chats: string | undefined;
	let empty: string | undefined;
	try {
		const schema = headSchema(head);
		chats = unreadChatStore(schema.tables, schema.columns);
		format = storeFormat(schema.tables, schema.columns);
		empty = format ? undefined : emptyAgentDatabase(schema.tables, schema.columns);
		// A Cursor database tells what it holds only by its keys; one the head does not tell is opened: where that is cheap.
		const cheap = !needsCopy(file) || statSync(file).size <= maxSniffCopyBytes;
		if ((format === 'cursor' || !format) && cheap) ({format, noChats = false, empty} = openedFormat(file));
	} catch (error) {
		return {problem: `is a SQLite database that cannot be read (${(error as Error).message.split('\n')[0]})`, head: ''};
	}
	if (!format && chats) return {problem: chats, head: ''};
	if (!format && empty) return {problem: empty, head: '', notASource: true};
	if (!format) return {problem: `is a SQLite database, not one of the agent stores drill reads (${storeNames})`, head: '', notASource: true};
	if (noChats) return {problem: 'is a VS Code state database (state.vscdb) that holds no chats', head: '', notASource: true};
	if (choice === 'auto' || choice === 'transcript' || choice === format) return {format, head: ''};
	return {problem: `is not ${formatLabels[choice]}; it looks like ${formatLabels[format]}`, head: ''};
}

/** A session's record: its messages are read only when the pipeline asks for them (its hash changed). */
function lazyRecord(session: StoreSession, format: Format, context: RecordContext): FileRecord {
	let parsed: ParsedSource | undefined;
	const kind = session.itemKind ?? itemKindOf[format] ?? format;
	return {
		kind: 'source',
		get parsed() {
			try {
				parsed ??= session.read();
			} catch (error) {
				// A query its budget stopped: storeRecords says so once for the database, and the item stays as it was.
				if (!(error instanceof BudgetSpent)) throw error;
				parsed = new ConversationBuilder(format).finish();
			}
			return parsed;
		},
		itemId: itemIdFor(kind, session.id),
		uri: `${context.real}#${session.id}`,
		hash: hashBytes(session.signature, context.salt),
		copyKey: session.id,
		where: `the session ${session.id}`,
		...(session.absorbs ? {absorbs: session.absorbs.map((id) => itemIdFor(kind, id))} : {}),
	};
}

/** The sessions of a store, one record each, the store open only while they are read. */
export async function* storeRecords(format: Format, context: RecordContext): AsyncGenerator<FileRecord> {
	const reader = readers[format];
	if (!reader) return;
	let store: ReturnType<typeof openAgentDatabase>;
	try {
		store = openAgentDatabase(context.file);
	} catch (error) {
		context.problems.push({reason: `cannot be opened as a database (${firstLine(error)})`});
		context.onBytes?.(context.size);
		return;
	}
	const {database} = store;
	try {
		// The head told the format from the file's text; SQLite's own schema decides.
		const refused = refusal(database, format);
		if (refused) {
			context.problems.push({reason: refused});
			return;
		}
		for (const session of reader(database, context.real)) {
			yield lazyRecord(session, format, context);
			// A query stopped by its budget stops the database: one line says why, not one per session.
			if (database.stopped) break;
		}
	} catch (error) {
		if (!database.stopped) context.problems.push({reason: `could not be read to the end (${firstLine(error)})`});
	} finally {
		if (database.stopped) context.problems.push({reason: `could not be read to the end (${database.stopped})`});
		if (database.oversize > 0) context.problems.push({reason: `${database.oversize} value${database.oversize === 1 ? ' was' : 's were'} longer than ${database.limits.valueBytes >> 20} MB and left out`});
		store.close();
		context.onBytes?.(context.size);
	}
}

const firstLine = (error: unknown) => (error instanceof Error ? error.message : String(error)).split('\n')[0];
