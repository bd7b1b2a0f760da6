import type {Statement} from 'better-sqlite3';
import {isCorruption} from '../core/errors.js';
import {takeTurn, type TurnOptions} from './busy.js';
import {recordChecked} from './health.js';
import {isStorageFailure, openDatabase, storeError, type OpenOptions, type SqliteDatabase} from './open.js';
import {deleteItem, writeItem, type ItemIndexer, type WriteOutcome} from './write-item.js';
import {moveItemSource} from './move-source.js';
import {recordStat, unchangedByStat, type SourceStat} from './source-stats.js';
import type {ItemRecord, ItemSource} from './interchange.js';
import {addTo} from '../core/arrays.js';

export interface NamespaceRow {
	name: string;
	item_count: number;
}

export interface ItemRow {
	id: number;
	namespace: string;
	item_id: string;
	title: string;
	tldr: string;
	generated_at: string;
	source_uri: string | null;
	source_kind: string | null;
	content_hash: string | null;
	node_count: number;
	span_count: number;
	/** Children of the item root: its level-1 topics. */
	topic_count: number;
	/** Provenance (the interchange's `source`; see itemSource). */
	agent: string | null;
	project: string | null;
	started_at: string | null;
	ended_at: string | null;
	model: string | null;
	turns: number | null;
	tool_calls: number | null;
	source_line: number | null;
	/** The folder of source_uri ("/docs/guides/"), for --group-by folder. */
	source_folder: string | null;
	session_id: string | null;
	redactions: number | null;
	/** The provenance fields without a column (extraSource), as JSON. */
	source_extra: string | null;
	/** Tokens in all (input, output, cache reads and writes). */
	tokens: number | null;
	/** What the session cost, USD (store/usage-rows.ts): recorded by its agent when cost_exact is 1, else drill's estimate. */
	cost_usd: number | null;
	cost_exact: number | null;
	/** The models it used that have no price, one a line. */
	cost_unpriced: string | null;
	/** The machine and user a pulled item came from (drill pull); null for this machine's own. */
	origin_machine: string | null;
	origin_user: string | null;
}

/** What a listing of items reads (fewer columns than ItemRow: each one costs per row read). */
export type ItemListRow = Pick<ItemRow, 'namespace' | 'item_id' | 'title' | 'tldr' | 'generated_at' | 'topic_count' | 'agent' | 'project' | 'started_at' | 'turns' | 'tool_calls' | 'source_folder' | 'tokens' | 'cost_usd' | 'cost_exact' | 'cost_unpriced'>;

/** An item row's provenance in the interchange shape: only the fields it has. */
export function itemSource(row: ItemRow): ItemSource {
	const source: ItemSource = {};
	if (row.source_uri) source.uri = row.source_uri;
	if (row.source_kind) source.kind = row.source_kind;
	if (row.agent) source.agent = row.agent;
	if (row.project) source.project = row.project;
	if (row.started_at) source.started_at = row.started_at;
	if (row.ended_at) source.ended_at = row.ended_at;
	if (row.model) source.model = row.model;
	if (row.turns !== null) source.turns = row.turns;
	if (row.tool_calls !== null) source.tool_calls = row.tool_calls;
	if (row.source_line !== null) source.line = row.source_line;
	if (row.session_id) source.session_id = row.session_id;
	if (row.redactions) source.redactions = row.redactions;
	if (row.source_extra) Object.assign(source, readExtra(row.source_extra));
	if (row.origin_machine) source.machine = row.origin_machine;
	if (row.origin_user) source.user = row.origin_user;
	return source;
}

function readExtra(json: string): Partial<ItemSource> {
	try {
		const value = JSON.parse(json) as unknown;
		return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Partial<ItemSource>) : {};
	} catch {
		return {};
	}
}

export interface NodeRow {
	id: number;
	item: number;
	ordinal: number;
	parent: number | null;
	level: number;
	title: string;
	summary: string;
	/** One keyword per line. */
	keywords: string;
	child_count: number;
}

export interface SpanRow {
	id: number;
	item: number;
	seq: number;
	node: number;
	role: string;
	text: string;
	/** ISO 8601: when the message was written (null when the source did not say, or the store predates span times). */
	time: string | null;
}

export const itemColumns = `i.id, i.namespace, i.item_id, i.title, i.tldr, i.generated_at, i.source_uri, i.source_kind, i.content_hash,
	i.node_count, i.span_count, coalesce(r.child_count, 0) AS topic_count,
	i.agent, i.project, i.started_at, i.ended_at, i.model, i.turns, i.tool_calls, i.source_line, i.source_folder, i.session_id, i.redactions, i.source_extra, i.tokens,
	i.cost_usd, i.cost_exact, i.cost_unpriced, i.origin_machine, i.origin_user`;
export const listColumns = `i.namespace, i.item_id, i.title, i.tldr, i.generated_at, coalesce(r.child_count, 0) AS topic_count,
	i.agent, i.project, i.started_at, i.turns, i.tool_calls, i.source_folder, i.tokens, i.cost_usd, i.cost_exact, i.cost_unpriced`;
export const itemFrom = 'items i LEFT JOIN nodes r ON r.item = i.id AND r.ordinal = 0';

/** See SummaryStore.commitBatch: how long after a batch's commit the next one may open. */
const batchGapMs = 120;

/**
 * The SQLite summary store: every read and write the domains, search and ingest need, with
 * statements prepared once and SQLite failures turned into DrillErrors.
 */
export class SummaryStore {
	private readonly statements = new Map<string, Statement>();
	readonly indexers: ItemIndexer[] = [];

	/** Set when a read or write met damage: the store is then not recorded as sound on close. */
	private damaged = false;

	/** Set by `useBulkWrites`: indexers may then batch their own work across items (see search/indexing). */
	bulk = false;

	/** Set by `batchCommits`: the longest a batch stays open, in items and milliseconds. */
	private batchLimits: {items: number; ms: number; gapMs?: number} | undefined;
	/** No batch opens before this time (performance.now()): the gap after a commit in which another writer gets its turn. */
	private nextBatchAt = 0;
	/** The transaction open for a batch of writes (see batchCommits), with what waits for its commit. */
	private batchFailure: unknown;
	private batch: {items: number; opened: number; timer: NodeJS.Timeout; committed: Array<() => void>} | undefined;

	private constructor(
		readonly db: SqliteDatabase,
		readonly file: string,
		private readonly writable: boolean,
		private readonly turns: TurnOptions,
	) {}

	static open(file: string, options: OpenOptions = {}): SummaryStore {
		const {onWait, maxWaitMs} = options;
		return new SummaryStore(openDatabase(file, options), file, Boolean(options.write), {...(onWait ? {onWait} : {}), ...(maxWaitMs === undefined ? {} : {maxWaitMs})});
	}

	/** Runs `action`, turning SQLite's errors into one-line DrillErrors about this store. */
	guard<T>(action: () => T): T {
		try {
			return action();
		} catch (error) {
			// No store problem (see isStorageFailure): it goes on as it is, to be reported against its input.
			if (!isStorageFailure(error)) throw error;
			if (isCorruption(error)) this.damaged = true;
			// SQLite may have rolled the open batch back (a full disk): then it is lost, and nothing of
			// it is reported as written. Otherwise only the failed item's savepoint was undone.
			if (this.batch && !this.db.inTransaction) this.dropBatch();
			throw storeError(error, this.file);
		}
	}

	/**
	 * From now on items are committed in batches: one transaction holds up to `items` items and is
	 * committed once it is `ms` old (on the next write, or by a timer while this process waits on
	 * other work), so that another writer waits at most one batch. Each item is written in a
	 * savepoint of its own inside it: a reader sees only whole, committed items, and a killed run
	 * loses the open batch, which the next run writes again (it skips only what was committed).
	 * What must happen only once an item is committed (counting it in a report) goes to `whenCommitted`.
	 */
	batchCommits(limits: {items: number; ms: number; gapMs?: number} = {items: 64, ms: 500}): void {
		this.batchLimits = limits;
	}

	/** Runs `action` once what was written so far is committed: now, when no batch is open. */
	whenCommitted(action: () => void): void {
		if (this.batch) this.batch.committed.push(action);
		else action();
	}

	/** Opens a batch's transaction when none is open, waiting its turn for the write lock. */
	private openBatch(): void {
		this.throwBatchFailure();
		if (this.batch || !this.batchLimits || performance.now() < this.nextBatchAt) return;
		this.guard(() => takeTurn(this.file, () => this.db.prepare('BEGIN IMMEDIATE').run(), this.turns));
		const timer = setTimeout(() => {
			try {
				this.commitBatch();
			} catch (error) {
				// Said by the next write (the batch is dropped: none of it is reported as written).
				this.batchFailure = error;
			}
		}, this.batchLimits.ms);
		timer.unref();
		this.batch = {items: 0, opened: performance.now(), timer, committed: []};
	}

	/** Commits the open batch (its search rows first: the indexers' `beforeCommit`), if there is one. */
	commitBatch(): void {
		this.throwBatchFailure();
		const batch = this.batch;
		if (!batch || !this.db.open) return;
		try {
			this.guard(() => {
				for (const indexer of this.indexers) indexer.beforeCommit?.(this.db);
				this.db.prepare('COMMIT').run();
			});
		} catch (error) {
			this.dropBatch();
			throw error;
		}
		clearTimeout(batch.timer);
		this.batch = undefined;
		// Another writer's busy handler looks for the lock every 100 ms at most: for a moment longer
		// than that, items are committed one by one (the lock free between them), so that it gets in.
		this.nextBatchAt = performance.now() + (this.batchLimits?.gapMs ?? batchGapMs);
		for (const action of batch.committed) action();
	}

	private throwBatchFailure(): void {
		const failure = this.batchFailure;
		this.batchFailure = undefined;
		if (failure) throw failure;
	}

	/** The open batch is lost (a store failure): rolled back, and none of its items reported. */
	private dropBatch(): void {
		const batch = this.batch;
		if (!batch) return;
		this.batch = undefined;
		clearTimeout(batch.timer);
		try {
			if (this.db.open && this.db.inTransaction) this.db.prepare('ROLLBACK').run();
		} catch {
			// Nothing more to undo.
		}
	}

	/** Commits the open batch when it is full or old enough. */
	private batchWritten(): void {
		const batch = this.batch;
		if (!batch || !this.batchLimits) return;
		batch.items++;
		if (batch.items >= this.batchLimits.items || performance.now() - batch.opened >= this.batchLimits.ms) this.commitBatch();
	}

	/** Commits the open batch when it is older than its limit (before work that would keep it open long). */
	commitIfDue(): void {
		if (this.batch && this.batchLimits && performance.now() - this.batch.opened >= this.batchLimits.ms) this.commitBatch();
	}

	statement(sql: string): Statement {
		let statement = this.statements.get(sql);
		if (!statement) {
			statement = this.guard(() => this.db.prepare(sql));
			this.statements.set(sql, statement);
		}
		return statement;
	}

	all<T>(sql: string, ...params: unknown[]): T[] {
		return this.guard(() => this.statement(sql).all(...params) as T[]);
	}

	one<T>(sql: string, ...params: unknown[]): T | undefined {
		return this.guard(() => this.statement(sql).get(...params) as T | undefined);
	}

	namespaces(offset = 0, limit = -1): NamespaceRow[] {
		return this.all('SELECT name, item_count FROM namespaces ORDER BY name LIMIT ? OFFSET ?', limit, offset);
	}

	namespace(name: string): NamespaceRow | undefined {
		return this.one('SELECT name, item_count FROM namespaces WHERE name = ?', name);
	}

	namespaceCount(): number {
		return this.one<{n: number}>('SELECT count(*) AS n FROM namespaces')!.n;
	}

	/** A namespace's items, newest first (what a listing shows of them). */
	items(namespace: string, offset = 0, limit = -1): ItemListRow[] {
		// The page's ids come from the covering index first, so a deep offset skips index entries, not joined rows.
		return this.all(
			`SELECT ${listColumns} FROM ${itemFrom} WHERE i.id IN (SELECT id FROM items WHERE namespace = ? ORDER BY generated_at DESC, item_id LIMIT ? OFFSET ?)
			 ORDER BY i.generated_at DESC, i.item_id`,
			namespace,
			limit,
			offset,
		);
	}

	item(namespace: string, itemId: string): ItemRow | undefined {
		return this.one(`SELECT ${itemColumns} FROM ${itemFrom} WHERE i.namespace = ? AND i.item_id = ?`, namespace, itemId);
	}

	itemByRowId(id: number): ItemRow | undefined {
		return this.one(`SELECT ${itemColumns} FROM ${itemFrom} WHERE i.id = ?`, id);
	}

	node(itemRowId: number, ordinal: number): NodeRow | undefined {
		return this.one('SELECT * FROM nodes WHERE item = ? AND ordinal = ?', itemRowId, ordinal);
	}

	nodeByRowId(id: number): NodeRow | undefined {
		return this.one('SELECT * FROM nodes WHERE id = ?', id);
	}

	children(itemRowId: number, parentOrdinal: number, offset = 0, limit = -1): NodeRow[] {
		return this.all('SELECT * FROM nodes WHERE item = ? AND parent = ? ORDER BY ordinal LIMIT ? OFFSET ?', itemRowId, parentOrdinal, limit, offset);
	}

	/** Every node of an item, by ordinal. */
	nodes(itemRowId: number): NodeRow[] {
		return this.all('SELECT * FROM nodes WHERE item = ? ORDER BY ordinal', itemRowId);
	}

	spansOfNode(itemRowId: number, ordinal: number): SpanRow[] {
		return this.all('SELECT * FROM spans WHERE item = ? AND node = ? ORDER BY seq', itemRowId, ordinal);
	}

	spans(itemRowId: number): SpanRow[] {
		return this.all('SELECT * FROM spans WHERE item = ? ORDER BY seq', itemRowId);
	}

	/** Walks every item (optionally of one namespace) without holding them all in memory. */
	eachItem(namespace?: string): Generator<ItemRow> {
		return namespace
			? this.iterate(`SELECT ${itemColumns} FROM ${itemFrom} WHERE i.namespace = ? ORDER BY i.namespace, i.generated_at DESC, i.item_id`, namespace)
			: this.iterate(`SELECT ${itemColumns} FROM ${itemFrom} ORDER BY i.namespace, i.generated_at DESC, i.item_id`);
	}

	/** A namespace's items one at a time, newest first, as a listing shows them. */
	eachListedItem(namespace: string): Generator<ItemListRow> {
		return this.iterate(`SELECT ${listColumns} FROM ${itemFrom} WHERE i.namespace = ? ORDER BY i.generated_at DESC, i.item_id`, namespace);
	}

	/** The rows of a query one at a time; stopping early releases the statement. */
	*iterate<T>(sql: string, ...params: unknown[]): Generator<T> {
		const statement = this.statement(sql);
		const rows = this.guard(() => statement.iterate(...params) as IterableIterator<T>);
		try {
			for (;;) {
				const next = this.guard(() => rows.next());
				if (next.done) return;
				yield next.value;
			}
		} finally {
			// Stopping early must release the statement, or the connection stays busy.
			rows.return?.();
		}
	}

	/** An item back in the interchange shape (what `drill export` writes). */
	record(row: ItemRow): ItemRecord {
		const spans = this.spans(row.id);
		const owned = new Map<number, number[]>();
		for (const span of spans) addTo(owned, span.node, span.seq);
		return {
			namespace: row.namespace,
			item_id: row.item_id,
			title: row.title,
			generated_at: row.generated_at,
			source: itemSource(row),
			tldr: row.tldr,
			...(row.content_hash ? {content_hash: row.content_hash} : {}),
			nodes: this.nodes(row.id).map((node) => ({
				ordinal: node.ordinal,
				parent: node.parent,
				title: node.title,
				summary: node.summary,
				keywords: node.keywords ? node.keywords.split('\n') : [],
				spans: owned.get(node.ordinal) ?? [],
			})),
			spans: spans.map((span) => ({seq: span.seq, role: span.role, text: span.text, ...(span.time ? {time: span.time} : {})})),
		};
	}

	contentHash(namespace: string, itemId: string): string | undefined {
		return this.one<{content_hash: string | null}>('SELECT content_hash FROM items WHERE namespace = ? AND item_id = ?', namespace, itemId)?.content_hash ?? undefined;
	}

	/**
	 * Many items are about to be written one after another (an ingest): a bigger page cache keeps
	 * FTS5's segment merges of a large item in memory (measured: ~1.5x faster writes).
	 */
	useBulkWrites(): void {
		this.guard(() => this.db.pragma('cache_size = -16000'));
		this.bulk = true;
	}

	/**
	 * What is written from now on ends the run: indexers catch up with it item by item, so that the
	 * run's last commit leaves every item indexed.
	 */
	endBulkWrites(): void {
		// The run's last writes are committed one by one (each leaving the store fully indexed).
		this.commitBatch();
		this.batchLimits = undefined;
		if (!this.bulk) return;
		this.bulk = false;
		// What the indexers batched is indexed now, in a commit of its own: the last file of a run may
		// be one that holds no item (a database of another program), and its items, not the close,
		// must leave the store indexed and report an item whose search rows fail.
		const indexers = this.indexers.filter((indexer) => indexer.endBulk);
		if (indexers.length === 0) return;
		this.guard(() => takeTurn(this.file, () => this.db.transaction(() => {
			for (const indexer of indexers) indexer.endBulk?.(this.db);
		})(), this.turns));
	}

	/** Writes one item in one transaction, waiting its turn while another process writes. */
	writeItem(item: ItemRecord): WriteOutcome {
		this.openBatch();
		const outcome = this.guard(() => takeTurn(this.file, () => writeItem(this.db, item, this.indexers), this.turns));
		this.batchWritten();
		return outcome;
	}

	/** Runs a write of the caller's (one transaction inside it is the caller's to open), waiting its turn as writeItem does. */
	write<T>(action: (db: SqliteDatabase) => T): T {
		return this.guard(() => takeTurn(this.file, () => action(this.db), this.turns));
	}

	/** Whether a source file is, by its stat, what the store holds (see source-stats.ts). */
	unchangedByStat(stat: Omit<SourceStat, 'namespace' | 'itemId' | 'contentHash'>): boolean {
		return this.guard(() => unchangedByStat(this.db, stat));
	}

	/** Remembers a source file's stat (in the open batch when there is one). */
	recordStat(stat: SourceStat): void {
		this.openBatch();
		this.guard(() => takeTurn(this.file, () => recordStat(this.db, stat), this.turns));
	}

	/** Points an unchanged item at the file that holds it now (see moveItemSource). */
	moveSource(namespace: string, itemId: string, uri: string): boolean {
		return this.guard(() => takeTurn(this.file, () => moveItemSource(this.db, namespace, itemId, uri), this.turns));
	}

	deleteItem(namespace: string, itemId: string): boolean {
		return this.guard(() => takeTurn(this.file, () => deleteItem(this.db, namespace, itemId, this.indexers), this.turns));
	}

	/** The LLM summarizer's cached answer to a prompt (keyed by its hash), if it was asked before. */
	llmAnswer(key: string): string | undefined {
		return this.one<{answer: string}>('SELECT answer FROM llm_answers WHERE key = ?', key)?.answer;
	}

	saveLlmAnswer(key: string, answer: string): void {
		this.guard(() => takeTurn(this.file, () => this.statement('INSERT INTO llm_answers (key, answer) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET answer = excluded.answer').run(key, answer), this.turns));
	}

	getMeta(key: string): string | undefined {
		return this.one<{value: string}>('SELECT value FROM meta WHERE key = ?', key)?.value;
	}

	setMeta(key: string, value: string): void {
		this.guard(() => this.statement('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(key, value));
	}

	close(): void {
		if (!this.db.open) return;
		try {
			this.commitBatch();
		} finally {
			this.db.close();
		}
		// The file as this writer leaves it is sound: the next writer need not check it again.
		if (this.writable && !this.damaged) recordChecked(this.file);
	}
}

