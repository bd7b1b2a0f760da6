import {DrillError} from '../../core/errors.js';
import type {SummaryStore, ItemRow} from '../../store/summary-store.js';
import type {Embedder, EmbedderSpec} from '../semantic/embedder.js';
import {createEmbedder} from '../semantic/embedders.js';
import {embedNodeCounts, indexItem, markEmbedded, reembedItem, type SyncEmbedding} from './item-index.js';
import type {ItemTermCounts} from '../../text/item-term-counts.js';
import {TermIds, type TermBag} from '../../text/term-bags.js';
import {itemTermCountsOf, KeptTermCounts, type TermCountsList} from './training-counts.js';
import {trainLsaBags, defaultLsaOptions, type LsaOptions} from '../semantic/lsa.js';
import {LsaEmbedder, saveLsaModel} from '../semantic/lsa-store.js';
import {currentTextVersion, nodeFullText, nodeTexts, rootBodyLimit} from './node-text.js';
import {spanTrainingItems, trainingDocuments} from './training-documents.js';
import {bumpVectorRevision, readSemanticMeta, writeSemanticMeta, type SemanticMeta} from '../semantic/semantic-meta.js';
import {nodeIds} from './text-index.js';
import {DriftTally, recordTrainedDrift, trainedDriftOf, type TrainedDrift} from '../semantic/vocabulary-drift.js';
import {collectGarbage} from '../../ingest/work/memory.js';
import {packRoots} from '../semantic/root-pack.js';
import {dropKeptCounts} from '../../store/kept-counts.js';
import {keepStatusCounts} from './search-status.js';
import {deleteItemVectors, writeItemVectors, type NodeVector} from '../semantic/vectors.js';
import {fitFusion} from '../funnel/fusion-fit.js';

export interface ReindexOptions {
	/** The embedder to build with; default: the one the store records, else LSA. */
	spec?: EmbedderSpec;
	/** A ready embedder for `spec` (otherwise made from it). */
	embedder?: Embedder;
	lsa?: LsaOptions;
	/** LSA trains on at most this many items (an even sample); every item is embedded. */
	maxTrainingItems?: number;
	onProgress?: (phase: 'keyword' | 'train' | 'embed', done: number, total: number) => void;
	/**
	 * Term counts of items as they were just written (by item row id), so that training need not
	 * read and stem those items again (what an ingest's close hands over; see indexer.ts).
	 */
	knownCounts?: (row: ItemRow) => ItemTermCounts | undefined;
	/** The dictionary those counts' term ids are of (training then takes them as they are); default: a new one. */
	termIds?: TermIds;
	/** Items of more spans than this are left out of training (their term counts would not fit in memory); they are still embedded. */
	maxItemSpans?: number;
}

export interface ReindexReport {
	items: number;
	nodes: number;
	embedder: string;
	dimension: number;
	generation: number;
	/** Items newly embedded (all of them after a retrain). */
	embedded: number;
	seconds: number;
}

export const defaultMaxTrainingItems = 30_000;
const batchItems = 200;
/**
 * A store whose raw text is at most this big keeps, from training to embedding, each node's term
 * counts: every item is then read and stemmed once, not twice (the close of a small ingest trains).
 */
const keepCountsMaxTextBytes = 16 << 20;

/**
 * The store's items in `eachItem`'s order, as their row ids and span counts: each item's row is
 * read when it is counted or embedded, not held. Every row held (`[...store.eachItem()]`, ~2.9 KB
 * each with its title and summary) was ~90 MB of V8's heap at 31 460 items, through training and
 * the embedding, at the top of a 500 MB archive's peak.
 */
function itemOrder(store: SummaryStore): Array<[id: number, spans: number]> {
	return store.statement('SELECT i.id, i.span_count FROM items i ORDER BY i.namespace, i.generated_at DESC, i.item_id').raw(true).all() as Array<[number, number]>;
}

function evenSample<T>(list: readonly T[], size: number): T[] {
	if (list.length <= size) return [...list];
	const step = list.length / size;
	return Array.from({length: size}, (_, i) => list[Math.floor(i * step)]!);
}

/**
 * The store's LSA embedding for the write path, when the store's semantic index is LSA: the items
 * it embeds are folded into a model trained before them, and it counts the words the model does not know.
 */
export function storeSyncEmbedding(store: SummaryStore, meta = readSemanticMeta(store)): SyncEmbedding | undefined {
	if (!meta || meta.spec.kind !== 'lsa' || meta.dimension <= 0) return undefined;
	const embedder = new LsaEmbedder(meta.dimension, {db: store.db});
	return {generation: meta.generation, embedBag: (bag, ids) => embedder.embedBag(bag, ids), drift: new DriftTally((term) => embedder.knows(term))};
}

/** After items were embedded with the store's model, inside the same transaction: readers reload, the drift is counted. */
export function recordEmbedded(store: SummaryStore, embedding: SyncEmbedding): void {
	bumpVectorRevision(store);
	embedding.drift?.save(store);
}

/**
 * Layout 5 bounds the root row's body (rootBodyLimit): an item indexed with layout 4 whose text is
 * surely under the bound already has the very rows layout 5 writes, and only takes the new number
 * (a store is not rewritten whole for its few huge items). Surely: SQLite counts characters, which
 * are at most two UTF-16 units each, and a newline is counted after every span.
 */
export function keepUnboundedRows(store: SummaryStore): void {
	if (currentTextVersion !== 5) return;
	store.guard(() => {
		const kept = store
			.statement('UPDATE search_items SET text_version = 5 WHERE text_version = 4 AND 2 * (SELECT coalesce(sum(length(text) + 1), 0) FROM spans WHERE spans.item = search_items.item) < ?')
			.run(rootBodyLimit.chars);
		if (kept.changes > 0) dropKeptCounts(store.db);
	});
}

/**
 * Indexes the items that have no stage-1 rows yet (written without the search indexer), and
 * rewrites the rows of items indexed with an older layout of the root row (see `currentTextVersion`).
 */
export function indexMissingItems(store: SummaryStore, onProgress?: ReindexOptions['onProgress']): number {
	keepUnboundedRows(store);
	const missing = store.guard(
		() => store.statement('SELECT i.id FROM items i LEFT JOIN search_items s ON s.item = i.id WHERE s.item IS NULL OR s.text_version < ?').all(currentTextVersion) as Array<{id: number}>,
	);
	const embedding = storeSyncEmbedding(store);
	for (let start = 0; start < missing.length; start += batchItems) {
		store.guard(() =>
			store.db
				.transaction(() => {
					for (const {id} of missing.slice(start, start + batchItems)) {
						const row = store.itemByRowId(id);
						if (row) indexItem(store.db, id, store.record(row), embedding);
					}
					if (embedding) recordEmbedded(store, embedding);
				})
				.immediate(),
		);
		onProgress?.('keyword', Math.min(start + batchItems, missing.length), missing.length);
	}
	return missing.length;
}

/** The row of an item of the training sample (read in the same transaction as its id: it is there). */
function sampleRow(store: SummaryStore, id: number): ItemRow {
	const row = store.itemByRowId(id);
	if (!row) throw new DrillError('not_found', `item ${id} left the store while it was being trained on`, 'run drill reindex');
	return row;
}

/** Retrains the LSA model on the store and re-indexes every item with it, in one transaction. */
function rebuildLsa(store: SummaryStore, options: ReindexOptions, started: number): ReindexReport {
	const order = itemOrder(store);
	const {maxItemSpans} = options;
	const trainable = maxItemSpans === undefined ? order : order.filter(([, spans]) => spans <= maxItemSpans);
	const previous = readSemanticMeta(store);
	if (trainable.length === 0) {
		return {items: order.length, nodes: 0, embedder: 'lsa', dimension: previous?.dimension ?? 0, generation: previous?.generation ?? 0, embedded: 0, seconds: (performance.now() - started) / 1000};
	}
	const sample = evenSample(trainable, options.maxTrainingItems ?? defaultMaxTrainingItems).map(([id]) => id);
	const textBytes = (store.statement('SELECT coalesce(sum(length(text)), 0) AS n FROM spans').get() as {n: number}).n;
	const kept = sample.length === order.length && textBytes <= keepCountsMaxTextBytes ? new Map<number, Map<number, TermBag>>() : undefined;
	// Every document's terms get ids of one dictionary: training and embedding look each term up once.
	const ids = options.termIds ?? new TermIds();
	// A small store keeps every item's counts, for the embedding too; a larger one holds them only
	// up to a budget between training's passes, and counts the rest again (training-counts.ts).
	const documents: TermCountsList = kept
		? sample.map((id, i) => {
				if (i % 500 === 0) options.onProgress?.('train', i, sample.length);
				const counts = itemTermCountsOf(store, sampleRow(store, id), ids, options.knownCounts);
				kept.set(id, counts.nodes);
				return counts.item!;
			})
		: new KeptTermCounts(store, sample, ids, {...(options.knownCounts ? {knownCounts: options.knownCounts} : {}), onCounted: (done, total) => options.onProgress?.('train', done, total)});
	const lsaOptions = {...defaultLsaOptions, ...options.lsa};
	// Only a store of few items may train on turns (training-documents.ts): its rows are read for that.
	const training = sample.length < spanTrainingItems ? trainingDocuments(store, sample.map((id) => sampleRow(store, id)), documents, ids) : documents;
	let trainedDrift: TrainedDrift | undefined;
	const model = trainLsaBags(training, ids, lsaOptions, {
		documentsRead: (knows) => {
			// The drift of the training text is counted now and the sample's counts let go, with
			// whatever the passes left behind, before the SVD's matrices are made beside them.
			trainedDrift = trainedDriftOf(documents, knows);
			if (documents instanceof KeptTermCounts) documents.release();
			collectGarbage();
		},
	});
	// The matrix (by row and by column) and the SVD's blocks are garbage now: V8 would hold them
	// through the embedding, which makes little garbage of its own to trigger a full collection.
	collectGarbage();
	options.onProgress?.('train', sample.length, sample.length);
	const meta: SemanticMeta = {
		embedder: 'lsa',
		spec: {kind: 'lsa'},
		dimension: lsaOptions.dimension,
		generation: (previous?.generation ?? 0) + 1,
		builtItems: order.length,
		trainedDocuments: model.documents,
		builtAt: new Date().toISOString(),
	};
	const embedder = new LsaEmbedder(meta.dimension, {model});
	const embedding: SyncEmbedding = {generation: meta.generation, embedBag: (bag, bagIds) => embedder.embedBag(bag, bagIds)};
	let nodes = 0;
	store.guard(() =>
		store.db
			.transaction(() => {
				saveLsaModel(store.db, model);
				deleteItemVectors(store.db);
				const indexed = new Set((store.db.prepare('SELECT item FROM search_items WHERE text_version >= ?').raw(true).all(currentTextVersion) as Array<[number]>).map(([item]) => item));
				order.forEach(([id], i) => {
					// Keyword rows of the current layout stay as they are (rewriting them would only cost time); vectors are redone.
					const counts = indexed.has(id) ? kept?.get(id) : undefined;
					kept?.delete(id);
					const row = counts ? undefined : store.itemByRowId(id);
					if (counts) {
						nodes += counts.size;
						embedNodeCounts(store.db, id, {ids, nodes: counts}, nodeIds(store.db, id), embedding);
					} else if (row) {
						const record = store.record(row);
						nodes += record.nodes.length;
						if (indexed.has(id)) reembedItem(store.db, id, record, embedding);
						else indexItem(store.db, id, record, embedding);
					}
					if (i % 500 === 0) options.onProgress?.('embed', i, order.length);
				});
				writeSemanticMeta(store, meta);
				recordTrainedDrift(store, trainedDrift ?? trainedDriftOf(documents, () => false));
				bumpVectorRevision(store);
			})
			.immediate(),
	);
	if (documents instanceof KeptTermCounts) documents.release();
	options.onProgress?.('embed', order.length, order.length);
	return {items: order.length, nodes, embedder: meta.embedder, dimension: meta.dimension, generation: meta.generation, embedded: order.length, seconds: (performance.now() - started) / 1000};
}

/** Embeds, with a remote or local model, every item the current generation has not embedded. */
async function rebuildWith(store: SummaryStore, embedder: Embedder, spec: EmbedderSpec, options: ReindexOptions, started: number): Promise<ReindexReport> {
	indexMissingItems(store, options.onProgress);
	const previous = readSemanticMeta(store);
	const same = previous && previous.embedder === embedder.name && previous.dimension === embedder.dimension;
	const meta: SemanticMeta = same
		? {...previous, builtItems: Math.max(previous.builtItems, 0)}
		: {embedder: embedder.name, spec, dimension: embedder.dimension, generation: (previous?.generation ?? 0) + 1, builtItems: 0, builtAt: new Date().toISOString()};
	if (!same) {
		store.guard(() =>
			store.db
				.transaction(() => {
					deleteItemVectors(store.db);
					store.db.exec('DELETE FROM lsa_terms; UPDATE search_items SET model = 0;');
					dropKeptCounts(store.db);
					writeSemanticMeta(store, meta);
					bumpVectorRevision(store);
				})
				.immediate(),
		);
	}
	const pending = store.guard(() => store.statement('SELECT item FROM search_items WHERE model <> ? ORDER BY item').all(meta.generation) as Array<{item: number}>);
	let nodes = 0;
	for (let start = 0; start < pending.length; start += 16) {
		const batch = pending.slice(start, start + 16).flatMap(({item}) => {
			const row = store.itemByRowId(item);
			return row ? [{id: item, texts: nodeTexts(store.record(row)), ids: nodeIds(store.db, item)}] : [];
		});
		const texts = batch.flatMap((entry) => entry.texts.map((text) => nodeFullText(text)));
		const vectors = await embedder.embed(texts);
		if (vectors.length !== texts.length) throw new DrillError('embedder_failed', `the ${embedder.name} embedder returned ${vectors.length} vectors for ${texts.length} texts`, 'check the embedding server');
		let at = 0;
		store.guard(() =>
			store.db
				.transaction(() => {
					for (const entry of batch) {
						const written: NodeVector[] = [];
						for (const text of entry.texts) {
							const vector = vectors[at++];
							const node = entry.ids.get(text.ordinal);
							if (vector && node !== undefined) {
								if (vector.length !== meta.dimension) throw new DrillError('embedder_failed', `the ${embedder.name} embedder returned a ${vector.length}-dimensional vector, expected ${meta.dimension}`, 'check the embedding model');
								written.push({node, ordinal: text.ordinal, vector});
							}
						}
						writeItemVectors(store.db, entry.id, written);
						nodes += entry.texts.length;
						markEmbedded(store.db, entry.id, meta.generation);
					}
					bumpVectorRevision(store);
				})
				.immediate(),
		);
		options.onProgress?.('embed', Math.min(start + 16, pending.length), pending.length);
	}
	const items = store.guard(() => (store.statement('SELECT count(*) AS n FROM items').get() as {n: number}).n);
	store.guard(() => store.db.transaction(() => writeSemanticMeta(store, {...meta, builtItems: items, builtAt: new Date().toISOString()})).immediate());
	return {items, nodes, embedder: meta.embedder, dimension: meta.dimension, generation: meta.generation, embedded: pending.length, seconds: (performance.now() - started) / 1000};
}

/** Trains a new LSA model on the store and re-embeds every item (synchronous: the write path uses it). */
export function retrainLsa(store: SummaryStore, options: Omit<ReindexOptions, 'spec' | 'embedder'> = {}): ReindexReport {
	return rebuildLsa(store, options, performance.now());
}

/** Trains the store's LSA model again if it has one (a model trained elsewhere holds none of the store's words). */
export function retrainStoreLsa(store: SummaryStore): void {
	if (readSemanticMeta(store)?.spec.kind === 'lsa') retrainLsa(store);
}

/**
 * `drill reindex`: brings the search indexes up to date. LSA retrains on the store and re-embeds
 * everything; a remote or local model embeds what it has not embedded yet (everything, when the
 * embedder changes). Then the hybrid's keyword share is fitted to the store (fusion-fit.ts).
 */
export async function reindex(store: SummaryStore, options: ReindexOptions = {}): Promise<ReindexReport> {
	const started = performance.now();
	const spec = options.spec ?? readSemanticMeta(store)?.spec ?? {kind: 'lsa'};
	const report = spec.kind === 'lsa' ? rebuildLsa(store, options, started) : await rebuildWith(store, options.embedder ?? (await createEmbedder(spec)), spec, options, started);
	store.guard(() => packRoots(store));
	await fitFusion(store);
	keepStatusCounts(store);
	return report;
}
