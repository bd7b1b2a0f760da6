import type {SqliteDatabase} from '../../store/open.js';
import type {Embedder} from './embedder.js';
import {embedBag, embedCounts, embedTerms, type LsaModel, type LsaTerm} from './lsa.js';
import {prepared} from '../../store/prepared.js';
import {blobVector, vectorBlob} from './vectors.js';
import {stemmedTerms} from '../../text/index-words.js';
import type {TermBag, TermIds} from '../../text/term-bags.js';

export function saveLsaModel(db: SqliteDatabase, model: LsaModel): void {
	prepared(db, 'DELETE FROM lsa_terms').run();
	const insert = prepared(db, 'INSERT INTO lsa_terms (term, weight, vector) VALUES (?, ?, ?)');
	for (const [term, entry] of model.terms) insert.run(term, entry.weight, vectorBlob(entry.vector));
}

/**
 * The LSA embedder. Its model is either in memory (just trained) or read from the store one term
 * at a time, so embedding a query reads a handful of rows, not the whole model.
 */
export class LsaEmbedder implements Embedder {
	readonly name = 'lsa';
	private readonly cache = new Map<string, LsaTerm | null>();
	/** The model's entry of each term id of `byIdOf` (null: not in the model), found once per id. */
	private byId: Array<LsaTerm | null | undefined> = [];
	private byIdOf: TermIds | undefined;

	constructor(
		readonly dimension: number,
		private readonly source: {model: LsaModel} | {db: SqliteDatabase},
	) {}

	private lookup = (term: string): LsaTerm | undefined => {
		if ('model' in this.source) return this.source.model.terms.get(term);
		const cached = this.cache.get(term);
		if (cached !== undefined) return cached ?? undefined;
		const row = prepared(this.source.db, 'SELECT weight, vector FROM lsa_terms WHERE term = ?').get(term) as {weight: number; vector: Buffer} | undefined;
		const entry = row && row.vector.byteLength === this.dimension * 4 ? {weight: row.weight, vector: blobVector(row.vector)} : null;
		if (this.cache.size > 200_000) this.cache.clear();
		this.cache.set(term, entry);
		return entry ?? undefined;
	};

	embedSync(text: string): Float32Array | undefined {
		return embedTerms(stemmedTerms(text), this.dimension, this.lookup);
	}

	/** Whether the model has a vector for this stemmed term. */
	knows(term: string): boolean {
		return this.lookup(term) !== undefined;
	}

	/** The embedding of a text already counted into stemmed terms. */
	embedCounts(counts: ReadonlyMap<string, number>): Float32Array | undefined {
		return embedCounts(counts, this.dimension, this.lookup);
	}

	/** The embedding of a text counted into a bag of term ids of `ids`: each id is looked up once, whatever the bags. */
	embedBag(bag: TermBag, ids: TermIds): Float32Array | undefined {
		if (this.byIdOf !== ids) {
			this.byIdOf = ids;
			this.byId = [];
		}
		const byId = this.byId;
		// Filled in order (a sparse array would be a slow dictionary): one slot per id of `ids`.
		while (byId.length < ids.size) byId.push(undefined);
		return embedBag(bag, this.dimension, (id) => {
			let entry = byId[id];
			if (entry === undefined) {
				entry = this.lookup(ids.term(id)) ?? null;
				byId[id] = entry;
			}
			return entry ?? undefined;
		});
	}

	async embed(texts: string[]): Promise<Array<Float32Array | undefined>> {
		return texts.map((text) => this.embedSync(text));
	}
}
