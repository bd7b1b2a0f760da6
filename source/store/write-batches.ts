import {takeTurn, type TurnOptions} from './busy.js';
import type {SqliteDatabase} from './open.js';
import type {ItemIndexer} from './write-item.js';
import {indexPendingSpans, preparePendingSpans} from './pending-span-index.js';

/** See WriteBatches.commit: how long after a batch's commit the next one may open. */
const batchGapMs = 120;

export interface BatchLimits {
	items: number;
	ms: number;
	gapMs?: number;
}

/** What a batch of writes needs of the store it writes to. */
export interface BatchedStore {
	readonly db: SqliteDatabase;
	readonly file: string;
	readonly indexers: readonly ItemIndexer[];
	readonly turns: TurnOptions;
	/** Runs `action`, turning SQLite's errors into the store's DrillErrors. */
	guard<T>(action: () => T): T;
}

/**
 * The index phase's transactions: items (with their search rows) committed in batches. One
 * transaction holds up to `items` items and is committed once it is `ms` old (on the next write,
 * or by a timer while this process waits on other work), so that another writer waits at most one
 * batch. Each item is written in a savepoint of its own inside it: a reader sees only whole,
 * committed items, and a killed run loses the open batch, which the next run writes again (it
 * skips only what was committed).
 */
export class WriteBatches {
	/** Set by `limit`: the longest a batch stays open, in items and milliseconds. */
	private limits: BatchLimits | undefined;
	/** No batch opens before this time (performance.now()): the gap after a commit in which another writer gets its turn. */
	private nextBatchAt = 0;
	/** A commit by the timer that failed: said by the next write. */
	private failure: unknown;
	/** The transaction open for a batch of writes, with what waits for its commit. */
	private batch: {items: number; opened: number; timer: NodeJS.Timeout; committed: Array<() => void>} | undefined;

	constructor(private readonly store: BatchedStore) {}

	get isOpen(): boolean {
		return this.batch !== undefined;
	}

	/** From now on items are committed in batches of at most these limits. */
	limit(limits: BatchLimits): void {
		this.store.guard(() => preparePendingSpans(this.store.db));
		this.limits = limits;
	}

	/** Items are committed one by one from now on (what is open is committed first: see SummaryStore.endBulkWrites). */
	stop(): void {
		this.limits = undefined;
	}

	/** Runs `action` once what was written so far is committed: now, when no batch is open. */
	whenCommitted(action: () => void): void {
		if (this.batch) this.batch.committed.push(action);
		else action();
	}

	/** Opens a batch's transaction when none is open, waiting its turn for the write lock. */
	open(): void {
		this.throwFailure();
		if (this.batch || !this.limits || performance.now() < this.nextBatchAt) return;
		const {db, file, turns} = this.store;
		this.store.guard(() => takeTurn(file, () => db.prepare('BEGIN IMMEDIATE').run(), turns));
		const timer = setTimeout(() => {
			try {
				this.commit();
			} catch (error) {
				// Said by the next write (the batch is dropped: none of it is reported as written).
				this.failure = error;
			}
		}, this.limits.ms);
		timer.unref();
		this.batch = {items: 0, opened: performance.now(), timer, committed: []};
	}

	/** Commits the open batch (its search rows first: the indexers' `beforeCommit`), if there is one. */
	commit(): void {
		this.throwFailure();
		const batch = this.batch;
		const {db} = this.store;
		if (!batch || !db.open) return;
		try {
			this.store.guard(() => {
				indexPendingSpans(db);
				for (const indexer of this.store.indexers) indexer.beforeCommit?.(db);
				db.prepare('COMMIT').run();
			});
		} catch (error) {
			this.drop();
			throw error;
		}
		clearTimeout(batch.timer);
		this.batch = undefined;
		// Another writer's busy handler looks for the lock every 100 ms at most: for a moment longer
		// than that, items are committed one by one (the lock free between them), so that it gets in.
		this.nextBatchAt = performance.now() + (this.limits?.gapMs ?? batchGapMs);
		for (const action of batch.committed) action();
	}

	private throwFailure(): void {
		const failure = this.failure;
		this.failure = undefined;
		if (failure) throw failure;
	}

	/** The open batch is lost (a store failure): rolled back, and none of its items reported. */
	drop(): void {
		const batch = this.batch;
		if (!batch) return;
		this.batch = undefined;
		clearTimeout(batch.timer);
		const {db} = this.store;
		try {
			if (db.open && db.inTransaction) db.prepare('ROLLBACK').run();
		} catch {
			// Nothing more to undo.
		}
	}

	/** An item was written: commits the open batch when it is full or old enough. */
	written(): void {
		const batch = this.batch;
		if (!batch || !this.limits) return;
		batch.items++;
		if (batch.items >= this.limits.items || performance.now() - batch.opened >= this.limits.ms) this.commit();
	}

	/** Commits the open batch when it is older than its limit (before work that would keep it open long). */
	commitIfDue(): void {
		if (this.batch && this.limits && performance.now() - this.batch.opened >= this.limits.ms) this.commit();
	}
}
