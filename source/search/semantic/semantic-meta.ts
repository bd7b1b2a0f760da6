import type {SummaryStore} from '../../store/summary-store.js';
import {resetVocabularyDrift} from './vocabulary-drift.js';
import {embedderKinds, type EmbedderKind, type EmbedderSpec} from './embedder.js';

/** What the store records about its semantic index. */
export interface SemanticMeta {
	/** The embedder's name, e.g. `lsa` or `openai:nomic-embed-text`. */
	embedder: string;
	spec: EmbedderSpec;
	dimension: number;
	/** Bumped at every rebuild; `search_items.model` says which generation embedded an item. */
	generation: number;
	/** Items in the store when the index was (re)built. */
	builtItems: number;
	/** The documents an LSA model was trained on (items, or a small store's spans); absent for other embedders and older stores. */
	trainedDocuments?: number;
	builtAt: string;
}

const key = (name: string) => `search.semantic.${name}`;

export function readSemanticMeta(store: SummaryStore): SemanticMeta | undefined {
	const embedder = store.getMeta(key('embedder'));
	if (!embedder) return undefined;
	let spec: EmbedderSpec;
	try {
		spec = JSON.parse(store.getMeta(key('spec')) ?? '{}') as EmbedderSpec;
	} catch {
		spec = {kind: 'lsa'};
	}
	if (!embedderKinds.includes(spec.kind as EmbedderKind)) spec = {kind: 'lsa'};
	const trainedDocuments = Number(store.getMeta(key('trained_documents')) ?? 0);
	return {
		embedder,
		spec,
		dimension: Number(store.getMeta(key('dimension')) ?? 0),
		generation: Number(store.getMeta(key('generation')) ?? 0),
		builtItems: Number(store.getMeta(key('built_items')) ?? 0),
		...(trainedDocuments > 0 ? {trainedDocuments} : {}),
		builtAt: store.getMeta(key('built_at')) ?? '',
	};
}

/** Records the model's metadata; a new generation starts with nothing folded into it. */
export function writeSemanticMeta(store: SummaryStore, meta: SemanticMeta): void {
	if (Number(store.getMeta(key('generation')) ?? 0) !== meta.generation) resetVocabularyDrift(store);
	store.setMeta(key('embedder'), meta.embedder);
	store.setMeta(key('spec'), JSON.stringify(meta.spec));
	store.setMeta(key('dimension'), String(meta.dimension));
	store.setMeta(key('generation'), String(meta.generation));
	store.setMeta(key('built_items'), String(meta.builtItems));
	store.setMeta(key('trained_documents'), String(meta.trainedDocuments ?? 0));
	store.setMeta(key('built_at'), meta.builtAt);
}

/** Changes whenever any node vector changes, so an in-memory copy knows when to reload. */
export function vectorRevision(store: SummaryStore): string {
	return store.getMeta(key('revision')) ?? '0';
}

export function bumpVectorRevision(store: SummaryStore): void {
	store.setMeta(key('revision'), String(Number(vectorRevision(store)) + 1));
}
