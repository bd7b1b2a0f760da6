import {DrillError} from '../../core/errors.js';
import type {SummaryStore} from '../../store/summary-store.js';
import {normalize, type Embedder, type EmbedderSpec} from './embedder.js';
import {createEmbedder, specName} from './embedders.js';
import type {ScoredNode} from '../keyword/keyword.js';
import {LsaEmbedder} from './lsa-store.js';
import {vectorRevision, type SemanticMeta} from './semantic-meta.js';
import {VectorMatrix} from './vectors.js';
import {VectorIndex} from './vector-index.js';
import {itemPredicate, type ItemFilter} from '../funnel/item-filter.js';
import {readPackFileInBackground} from '../../store/root-pack-file.js';

/** The command that rebuilds the semantic index with `spec`. */
export function reindexCommand(spec: EmbedderSpec): string {
	switch (spec.kind) {
		case 'lsa':
			return 'drill reindex --embedder lsa';
		case 'openai':
			return `drill reindex --embedder openai --embed-url ${spec.url ?? 'URL'} --embed-model ${spec.model ?? 'MODEL'}`;
		case 'transformers':
			return `drill reindex --embedder transformers --embed-model ${spec.model ?? 'FOLDER'}`;
	}
}

/** Refuses to search a store's vectors with a different embedder than the one that made them. */
export function checkEmbedder(meta: SemanticMeta, requested: EmbedderSpec | undefined): void {
	if (!requested) return;
	// A kind without a model (e.g. only --embedder openai --embed-url …) means "the store's model".
	const wanted = requested.kind !== 'lsa' && !requested.model ? `${requested.kind}:` : specName(requested);
	if (wanted.endsWith(':') ? !meta.embedder.startsWith(wanted) : wanted !== meta.embedder) {
		throw new DrillError(
			'embedder_mismatch',
			`the store's semantic index was built with ${meta.embedder} (${meta.dimension} dimensions), not ${wanted}`,
			`run \`${reindexCommand(requested)}\` to rebuild it with ${wanted.replace(/:$/u, '')}, or leave out --embedder to use ${meta.embedder}`,
		);
	}
}

// Kept per store file: the app and the MCP server load vectors once, not per query.
const matrices = new Map<string, {key: string; matrix: VectorMatrix}>();
const embedders = new Map<string, Embedder>();

const indexes = new WeakMap<SummaryStore['db'], {key: string; index: VectorIndex}>();

/** The store's node vectors, read lazily (see VectorIndex), kept per connection and vector revision. */
export function vectorIndex(store: SummaryStore, meta: SemanticMeta): VectorIndex {
	const revision = vectorRevision(store);
	const key = `${meta.generation}:${meta.dimension}:${revision}`;
	const cached = indexes.get(store.db);
	if (cached?.key === key) return cached.index;
	const index = new VectorIndex(store.db, meta.dimension, undefined, revision, store.file);
	indexes.set(store.db, {key, index});
	return index;
}

const rootReads = new WeakMap<SummaryStore['db'], Promise<Uint8Array | undefined>>();

/**
 * Begins reading the store's pack file on libuv's thread pool when this connection has not read
 * its item roots yet, so that the first semantic search finds them read: the funnel calls it before
 * the keyword list, which runs meanwhile. The bytes are checked against the store when used.
 */
export function prefetchRoots(store: SummaryStore): void {
	if (rootReads.has(store.db) || indexes.get(store.db)?.index.hasRoots) return;
	rootReads.set(store.db, readPackFileInBackground(store.file));
}

/** Drops a read begun by prefetchRoots that no search will use (the store has no semantic index). */
export function dropPrefetchedRoots(store: SummaryStore): void {
	rootReads.delete(store.db);
}

/** Every node vector in memory at once (the find bench compares exact scans with it). */
export function vectorMatrix(store: SummaryStore, meta: SemanticMeta): VectorMatrix {
	const key = `${meta.generation}:${meta.dimension}:${vectorRevision(store)}`;
	const cached = matrices.get(store.file);
	if (cached?.key === key) return cached.matrix;
	const matrix = store.guard(() => VectorMatrix.load(store.db, meta.dimension));
	matrices.set(store.file, {key, matrix});
	return matrix;
}

async function queryEmbedder(store: SummaryStore, meta: SemanticMeta, requested: EmbedderSpec | undefined): Promise<Embedder> {
	if (meta.spec.kind === 'lsa') return new LsaEmbedder(meta.dimension, {db: store.db});
	// The server may have moved since the index was built: a URL given now wins, the model may not change.
	const spec: EmbedderSpec = {...meta.spec, ...(requested?.url ? {url: requested.url} : {})};
	const key = `${store.file}\n${JSON.stringify(spec)}`;
	let embedder = embedders.get(key);
	if (!embedder) {
		embedder = await createEmbedder(spec);
		embedders.set(key, embedder);
	}
	if (embedder.name !== meta.embedder || embedder.dimension !== meta.dimension) {
		throw new DrillError('embedder_mismatch', `the store's semantic index holds ${meta.dimension}-dimensional ${meta.embedder} vectors, but the embedder now gives ${embedder.dimension}-dimensional ${embedder.name} vectors`, `run \`${reindexCommand(spec)}\` to rebuild it`);
	}
	return embedder;
}

export interface SemanticHit extends ScoredNode {
	item: number;
}

/**
 * Pseudo-relevance feedback (Rocchio) for the hybrid: the query vector can move toward the vectors
 * of the top keyword hits, by `feedbackWeight` of their mean. Off (0 hits) since the hybrid's share
 * adapts to the lists' agreement (see adaptiveShare): feedback makes the semantic list agree with
 * bm25 by construction, and lost on the collections measured.
 */
export const feedbackHits = 0;
export const feedbackWeight = 1;

function withFeedback(query: Float32Array | undefined, vectors: VectorIndex, feedback: readonly number[], weight: number): Float32Array | undefined {
	const found = feedback.map((node) => vectors.vector(node)).filter((vector): vector is Float32Array => vector !== undefined);
	if (found.length === 0) return query;
	const sum = new Float64Array(vectors.dimension);
	if (query) for (let j = 0; j < sum.length; j++) sum[j] = query[j]!;
	for (const vector of found) for (let j = 0; j < sum.length; j++) sum[j]! += (weight / found.length) * vector[j]!;
	return normalize(sum);
}

/**
 * Stage-1 semantic list: the query's embedding against every node vector (exact cosine),
 * optionally moved toward `feedback` nodes (the top keyword hits, in the hybrid).
 */
export async function semanticList(store: SummaryStore, meta: SemanticMeta, query: string, filter: ItemFilter, limit: number, requested?: EmbedderSpec, feedback: readonly number[] = [], weight = feedbackWeight): Promise<SemanticHit[]> {
	const embedder = await queryEmbedder(store, meta, requested);
	const [embedded] = await embedder.embed([query]);
	if (embedded && embedded.length !== meta.dimension) {
		throw new DrillError('embedder_mismatch', `the query embedding has ${embedded.length} dimensions, the store's index ${meta.dimension}`, `run \`${reindexCommand(meta.spec)}\``);
	}
	const vectors = store.guard(() => vectorIndex(store, meta));
	const pending = rootReads.get(store.db);
	if (pending) {
		rootReads.delete(store.db);
		const file = await pending;
		if (!vectors.hasRoots) store.guard(() => vectors.useRoots(file ?? null));
	}
	const vector = withFeedback(embedded, vectors, feedback, weight);
	if (!vector) return [];
	// Roots first, then the nodes of the best items (coarse to fine, like the keyword list).
	return store.guard(() => vectors.search(vector, limit, Math.max(coarseItems, limit), itemPredicate(store, filter)));
}

/**
 * Items whose nodes the semantic list scores (at least as many as the list is deep). nDCG@10 of
 * every method on all six eval collections is the same at 75, 150 and 300; each item read costs
 * the first query ~0.07 ms (150 instead of 300: ~10 ms less at 30,000 nodes).
 */
export const coarseItems = 150;
