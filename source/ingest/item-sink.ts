import type {ItemRecord} from '../store/interchange.js';
import type {SummaryStore} from '../store/summary-store.js';
import {judge, sameSession, type CopyKey, type JudgeOptions} from './collisions.js';
import {itemIdFor} from './ids.js';
import type {IngestReport} from './report.js';
import {MemoryKeeper} from './work/memory.js';

/** Where an item goes and what makes it itself. */
export interface Placement {
	namespace: string;
	itemId: string;
	uri: string;
	hash: string;
	/** The real path of the file it is built from. */
	file: string;
	/**
	 * What identifies the item apart from its file (a session id), with the format: set when a
	 * copy of the file elsewhere would give the same id, so the collision rules apply.
	 */
	copyKey?: CopyKey;
}

/**
 * Writes items into the store, one transaction each, counting them in the report: skips what is
 * unchanged, and settles collisions between files that hold the same session.
 */
export class ItemSink {
	private readonly memory = new MemoryKeeper();

	constructor(
		private readonly store: SummaryStore,
		private readonly report: IngestReport,
		private readonly show: (file: string) => string,
		private readonly rules: JudgeOptions = {},
	) {}

	/**
	 * True (and counted) when the store already holds this item built from these very bytes. A
	 * byte-for-byte copy of a session in another file is unchanged too, and reported as a conflict.
	 */
	isUnchanged(namespace: string, itemId: string, hash: string, placement?: Placement): boolean {
		if (this.store.contentHash(namespace, itemId) !== hash) return false;
		this.report.skipped++;
		if (placement?.copyKey) {
			const found = sameSession(this.store, namespace, itemId, placement, this.show, this.rules);
			if (found.action === 'conflict') this.report.conflicts.push(found.conflict);
			else if (found.action === 'move') this.store.moveSource(namespace, itemId, placement.uri);
		}
		return true;
	}

	/** Writes one item; a session claimed by another file is written, skipped or kept apart as `judge` rules. */
	save(item: ItemRecord, placement?: Placement): void {
		if (!placement?.copyKey) {
			this.write(item);
			return;
		}
		const verdict = judge(this.store, {item, file: placement.file, show: this.show, copyKey: placement.copyKey}, this.rules);
		if (verdict.action === 'write') {
			this.write(item);
			return;
		}
		if (verdict.action === 'skip') {
			this.report.conflicts.push(verdict.conflict);
			return;
		}
		if (verdict.action === 'replace') {
			this.report.conflicts.push(verdict.conflict);
			this.write(item);
			return;
		}
		// Both versions are kept: this one under an id of its own, stable for this file.
		const copyId = itemIdFor(placement.copyKey.format, `${placement.copyKey.key}\u0000${placement.file}`);
		this.report.conflicts.push({...verdict.conflict, copy: `${item.namespace}:${copyId}`});
		if (this.isUnchanged(item.namespace, copyId, placement.hash)) return;
		this.write({...item, item_id: copyId});
	}

	private write(item: ItemRecord): void {
		const outcome = this.store.writeItem(item);
		const {nodes, spans} = {nodes: item.nodes.length, spans: item.spans.length};
		const redactions = item.source?.redactions ?? 0;
		// Counted once committed: a batch lost to a store failure is not reported as written.
		this.store.whenCommitted(() => {
			this.report[outcome]++;
			this.report.items++;
			this.report.nodes += nodes;
			this.report.spans += spans;
			this.report.redactions += redactions;
		});
		this.memory.written(item.spans.reduce((sum, span) => sum + span.text.length, 0));
	}

	/** Collects garbage now (before a big item is written). */
	collectNow(): void {
		this.memory.collectNow();
	}

	/** Collects garbage when enough was written since the last time; call where no item is held. */
	collectIfDue(): void {
		this.memory.collectIfDue();
	}
}
