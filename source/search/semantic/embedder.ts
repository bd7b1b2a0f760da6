/**
 * Turns text into vectors for the semantic list. The store records the embedder's name and
 * dimension; a query is embedded by the same embedder that embedded the nodes, or refused.
 */
export interface Embedder {
	/** What the store records, e.g. `lsa`, `openai:nomic-embed-text`, `transformers:all-MiniLM-L6-v2`. */
	readonly name: string;
	readonly dimension: number;
	/** One L2-normalized vector per text, or undefined for a text the embedder cannot place. */
	embed(texts: string[]): Promise<Array<Float32Array | undefined>>;
}

export type EmbedderKind = 'lsa' | 'openai' | 'transformers';
export const embedderKinds: readonly EmbedderKind[] = ['lsa', 'openai', 'transformers'];

/** How to make an embedder: what `--embedder`, `--embed-url`, `--embed-model` say, or what the store recorded. */
export interface EmbedderSpec {
	kind: EmbedderKind;
	/** openai: the server's base URL (…/v1 or the full …/v1/embeddings). */
	url?: string;
	/** openai: the model name; transformers: the local model folder. */
	model?: string;
}

export function normalize(vector: ArrayLike<number>): Float32Array | undefined {
	let norm = 0;
	for (let i = 0; i < vector.length; i++) norm += vector[i]! * vector[i]!;
	if (!(norm > 0) || !Number.isFinite(norm)) return undefined;
	norm = Math.sqrt(norm);
	const out = new Float32Array(vector.length);
	for (let i = 0; i < vector.length; i++) out[i] = vector[i]! / norm;
	return out;
}
