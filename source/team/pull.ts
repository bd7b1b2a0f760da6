import {DrillError} from '../core/errors.js';
import {isValidItemId, summaryNodeId} from '../core/summary-node-id.js';
import {validateItem, type ItemRecord} from '../store/interchange.js';
import type {SummaryStore} from '../store/summary-store.js';
import type {TeamClient} from './connection.js';
import {pulledItemId, type Labels} from './labels.js';
import {requireSchema} from './schema.js';

/** What a pull may be limited to (each optional; all given must hold). */
export interface PullFilter {
	/** Items pushed by this user. */
	user?: string;
	/** Items of this project: its path, or its last folder's name. */
	project?: string;
	agent?: string;
	/** Items made at or after this time (ISO 8601). */
	since?: string;
}

export interface PullOptions {
	/** This machine's labels: its own items in the archive are not pulled. */
	labels: Labels;
	filter: PullFilter;
	onPlan?: (items: number) => void;
	onBatch?: (items: number, bytes: number) => void;
}

export interface PullReport {
	added: number;
	updated: number;
	unchanged: number;
	/** Pulled copies removed because their item was forgotten where it lives. */
	removed: number;
	/** Items left out because they were forgotten here (drill forget of a pulled item). */
	forgotten: number;
	/** Items not written here (an id a local item holds, an item forgotten here, a record that fails validation): the first 1000. */
	skipped: Array<{id: string; reason: string}>;
	skipped_count: number;
	bytes: number;
	/** Items written per origin, `user@machine`. */
	origins: Record<string, number>;
}

interface Listed {
	id: string;
	machine: string;
	user_name: string;
	namespace: string;
	item_id: string;
	hash: string;
	deleted: boolean;
}

const fetchBatch = 200;

/** The pull's write batches (see SummaryStore.batchCommits). */
const pullBatch = {items: 500, ms: 1000};

/** The archive's rows a pull looks at: everything not pushed from here, narrowed by the filter (a tombstone by user only: it has no other fields left). */
function listSql(filter: PullFilter): {sql: string; params: unknown[]} {
	const params: unknown[] = [];
	const bind = (value: unknown) => {
		params.push(value);
		return `$${params.length}`;
	};
	const mine = `NOT (machine = ${bind('')} AND user_name = ${bind('')})`;
	const all: string[] = [mine];
	if (filter.user) all.push(`user_name = ${bind(filter.user)}`);
	const live: string[] = [];
	if (filter.agent) live.push(`agent = ${bind(filter.agent)}`);
	if (filter.project) {
		const project = bind(filter.project);
		live.push(`(project = ${project} OR right(project, length(${project}) + 1) = '/' || ${project})`);
	}
	if (filter.since) live.push(`generated_at >= ${bind(filter.since)}::timestamptz`);
	const where = [...all, live.length > 0 ? `(deleted OR (${live.join(' AND ')}))` : ''].filter(Boolean).join(' AND ');
	return {sql: `SELECT id::text, machine, user_name, namespace, item_id, hash, deleted FROM drill_items WHERE ${where} ORDER BY id`, params};
}

/** A record from the archive as this store keeps it: under its pulled id, labelled with where it lives. */
function pulledRecord(json: string, row: ArchivedRef): ItemRecord {
	let parsed: unknown;
	try {
		parsed = JSON.parse(json);
	} catch {
		throw new DrillError('bad_input', 'its record in the archive is not JSON');
	}
	const item = validateItem(parsed, 'archived item');
	const labels = {machine: row.machine, user: row.user_name};
	return {...item, item_id: pulledItemId(labels, row.item_id), source: {...item.source, machine: row.machine, user: row.user_name}};
}

/** The archive's row of an item, as far as a pulled copy is concerned. */
export type ArchivedRef = Pick<Listed, 'machine' | 'user_name' | 'namespace' | 'item_id'>;

/**
 * One item fetched from the archive (a `find --team` hit), written here as a pull writes it unless
 * the same version is here already; returns its local id, or why it was not written.
 */
export function savePulled(store: SummaryStore, row: ArchivedRef, record: string, hash: string): {id: string; skipped?: string} {
	const localId = pulledItemId({machine: row.machine, user: row.user_name}, row.item_id);
	const id = summaryNodeId(row.namespace, localId);
	if (!isValidItemId(localId)) return {id, skipped: 'its id with the user and machine is longer than 256 characters'};
	const here = store.one<{origin_machine: string | null}>('SELECT origin_machine FROM items WHERE namespace = ? AND item_id = ?', row.namespace, localId);
	if (here && here.origin_machine === null) return {id, skipped: 'an item of this machine has the same id'};
	if (here && store.one('SELECT 1 AS found FROM team_pulled WHERE namespace = ? AND item_id = ? AND hash = ?', row.namespace, localId, hash)) return {id};
	let item: ItemRecord;
	try {
		item = pulledRecord(record, row);
	} catch (error) {
		if (!(error instanceof DrillError)) throw error;
		return {id, skipped: error.message};
	}
	store.writeItem(item);
	store.write(() => store.statement('INSERT INTO team_pulled (namespace, item_id, hash) VALUES (?, ?, ?) ON CONFLICT (namespace, item_id) DO UPDATE SET hash = excluded.hash').run(row.namespace, localId, hash));
	return {id};
}

/**
 * Brings the archive's items from other machines into this store: only those whose hash differs
 * from the copy here (or that are not here), each under `{user}@{machine}/{item_id}` and labelled
 * with both, so that no item of this machine's own is ever replaced. A pulled copy whose item was
 * forgotten where it lives is removed here; an item forgotten here is not brought back.
 */
export async function pullInto(store: SummaryStore, client: TeamClient, options: PullOptions): Promise<PullReport> {
	await requireSchema(client);
	const report: PullReport = {added: 0, updated: 0, unchanged: 0, removed: 0, forgotten: 0, skipped: [], skipped_count: 0, bytes: 0, origins: {}};
	const skip = (id: string, reason: string) => {
		report.skipped_count++;
		if (report.skipped.length < 1000) report.skipped.push({id, reason});
	};
	const {sql, params} = listSql(options.filter);
	params[0] = options.labels.machine;
	params[1] = options.labels.user;
	const listed = await client.query<Listed>(sql, params);

	const key = (namespace: string, itemId: string) => `${namespace}\u0000${itemId}`;
	const pulledHash = new Map(store.all<{namespace: string; item_id: string; hash: string}>('SELECT namespace, item_id, hash FROM team_pulled').map((row) => [key(row.namespace, row.item_id), row.hash]));
	const forgotten = new Set(store.all<{namespace: string; item_id: string}>('SELECT namespace, item_id FROM forgotten_items').map((row) => key(row.namespace, row.item_id)));
	const origin = store.statement('SELECT origin_machine FROM items WHERE namespace = ? AND item_id = ?').pluck();
	const localOrigin = (namespace: string, itemId: string): {exists: boolean; pulled: boolean} => {
		const found = store.guard(() => origin.all(namespace, itemId)) as Array<string | null>;
		return {exists: found.length > 0, pulled: found.length > 0 && found[0] !== null};
	};
	const forgetPulled = store.statement('DELETE FROM team_pulled WHERE namespace = ? AND item_id = ?');
	const rememberPulled = store.statement('INSERT INTO team_pulled (namespace, item_id, hash) VALUES (?, ?, ?) ON CONFLICT (namespace, item_id) DO UPDATE SET hash = excluded.hash');

	const wanted: Listed[] = [];
	for (const row of listed) {
		const localId = pulledItemId({machine: row.machine, user: row.user_name}, row.item_id);
		const shown = summaryNodeId(row.namespace, localId);
		const here = localOrigin(row.namespace, localId);
		if (row.deleted) {
			if (here.pulled) {
				store.deleteItem(row.namespace, localId);
				store.write(() => forgetPulled.run(row.namespace, localId));
				report.removed++;
			}
			continue;
		}
		if (!isValidItemId(localId)) skip(shown, 'its id with the user and machine is longer than 256 characters');
		else if (here.exists && !here.pulled) skip(shown, 'an item of this machine has the same id');
		else if (forgotten.has(key(row.namespace, localId))) report.forgotten++;
		else if (here.exists && pulledHash.get(key(row.namespace, localId)) === row.hash) report.unchanged++;
		else wanted.push(row);
	}
	options.onPlan?.(wanted.length);

	const fetch = (rows: readonly Listed[]) => client.query<{id: string; hash: string; record: string | null}>('SELECT id::text, hash, record FROM drill_items WHERE id = ANY($1::bigint[])', [rows.map((row) => row.id)]);
	store.useBulkWrites();
	// Larger batches than an ingest's: after each commit, items are committed one by one for a
	// moment (another writer's turn), each paying a commit and an FTS5 segment of its own; at a
	// pull's pace that was one item in four (measured: 756–796 of 3 000; 397 with these limits).
	// Another writer waits a second at most.
	store.batchCommits(pullBatch);
	// A big pull would spend longer training the semantic model on close than writing its items.
	store.leaveTrainingForLater();
	let next = wanted.length > 0 ? fetch(wanted.slice(0, fetchBatch)) : undefined;
	for (let at = 0; at < wanted.length; at += fetchBatch) {
		const rows = wanted.slice(at, at + fetchBatch);
		const fetched = await next!;
		// The next batch is on its way while this one is written.
		next = at + fetchBatch < wanted.length ? fetch(wanted.slice(at + fetchBatch, at + 2 * fetchBatch)) : undefined;
		next?.catch(() => {});
		const byId = new Map(fetched.map((entry) => [entry.id, entry]));
		let bytes = 0;
		for (const row of rows) {
			const localId = pulledItemId({machine: row.machine, user: row.user_name}, row.item_id);
			const entry = byId.get(row.id);
			// Forgotten there (or replaced) since the list was read: the next pull sees it as it is then.
			if (!entry?.record) continue;
			let item: ItemRecord;
			try {
				item = pulledRecord(entry.record, row);
			} catch (error) {
				if (!(error instanceof DrillError)) throw error;
				skip(summaryNodeId(row.namespace, localId), error.message);
				continue;
			}
			report[store.writeItem(item)]++;
			store.write(() => rememberPulled.run(row.namespace, localId, entry.hash));
			const label = `${row.user_name}@${row.machine}`;
			report.origins[label] = (report.origins[label] ?? 0) + 1;
			bytes += entry.record.length;
		}
		report.bytes += bytes;
		options.onBatch?.(rows.length, bytes);
	}
	store.endBulkWrites();
	return report;
}
