import type {Statement} from 'better-sqlite3';
import {isCorruption} from '../core/errors.js';
import {takeTurn, type TurnOptions} from './busy.js';
import {recordChecked} from './health.js';
import {isStorageFailure, openDatabase, storeError, type OpenOptions, type SqliteDatabase} from './open.js';
import {deleteItem, writeItem, type ItemIndexer, type WriteOutcome} from './write-item.js';
import {moveItemSource} from './move-source.js';
import {recordStat, unchangedByStat, type SourceStat} from './source-stats.js';
import type {ItemRecord} from './interchange.js';
import {addTo} from '../core/arrays.js';
import {itemColumns, itemFrom, itemSource, listColumns, type ItemListRow, type ItemRow, type NamespaceRow, type NodeRow, type SpanRow} from './store-rows.js';
import {WriteBatches, type BatchLimits} from './write-batches.js';

export {itemColumns, itemFrom, itemSource, listColumns, type ItemListRow, type ItemRow, type NamespaceRow, type NodeRow, type SpanRow} from './store-rows.js';

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

	/** Whether an indexer will read the term counts of the items written next (see ItemIndexer.wantsTermCounts). */
	wantsTermCounts(): boolean {
		return this.indexers.some((indexer) => indexer.wantsTermCounts?.() === true);
	}

	/**
	 * Cleared by `leaveTrainingForLater`: the indexer's close then trains or retrains the semantic
	 * model only when the store is small enough to train in a moment (see search/indexing/train-phase).
	 */
	trainsOnClose = true;

	/** The index phase's transactions (see batchCommits). */
	private readonly batches: WriteBatches = new WriteBatches(this);

	private constructor(
		readonly db: SqliteDatabase,
		readonly file: string,
		private readonly writable: boolean,
		readonly turns: TurnOptions,
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
			if (this.batches.isOpen && !this.db.inTransaction) this.batches.drop();
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
	batchCommits(limits: BatchLimits = {items: 64, ms: 500}): void {
		this.batches.limit(limits);
	}

	/** Runs `action` once what was written so far is committed: now, when no batch is open. */
	whenCommitted(action: () => void): void {
		this.batches.whenCommitted(action);
	}

	/** Commits the open batch (its search rows first: the indexers' `beforeCommit`), if there is one. */
	commitBatch(): void {
		this.batches.commit();
	}

	/** Commits the open batch when it is older than its limit (before work that would keep it open long). */
	commitIfDue(): void {
		this.batches.commitIfDue();
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
		this.batches.stop();
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

	/**
	 * This writer brings in many items that need no model of their own (a pull): its close leaves
	 * training a large store's semantic model to the next ingest or `drill reindex`; the items it
	 * writes are folded into the model there is, as between retrainings.
	 */
	leaveTrainingForLater(): void {
		this.trainsOnClose = false;
	}

	/** Writes one item in one transaction, waiting its turn while another process writes. */
	writeItem(item: ItemRecord): WriteOutcome {
		this.batches.open();
		const outcome = this.guard(() => takeTurn(this.file, () => writeItem(this.db, item, this.indexers, this.batches.isOpen), this.turns));
		this.batches.written();
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
		this.batches.open();
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

