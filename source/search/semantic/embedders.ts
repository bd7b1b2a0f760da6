import {DrillError} from '../../core/errors.js';
import type {Embedder, EmbedderSpec} from './embedder.js';
import {OpenAiEmbedder} from './openai-embedder.js';
import {TransformersEmbedder} from './transformers-embedder.js';

/** A model embedder from its spec. LSA is not made here: it lives in the store it was trained on. */
export async function createEmbedder(spec: EmbedderSpec, env: NodeJS.ProcessEnv = process.env): Promise<Embedder> {
	switch (spec.kind) {
		case 'openai':
			if (!spec.url) throw new DrillError('bad_argument', 'the openai embedder needs a server URL', 'give --embed-url, e.g. http://127.0.0.1:11434/v1 (Ollama) or http://127.0.0.1:8080/v1 (llama.cpp)');
			if (!spec.model) throw new DrillError('bad_argument', 'the openai embedder needs a model name', 'give --embed-model, e.g. nomic-embed-text');
			return OpenAiEmbedder.connect({url: spec.url, model: spec.model, apiKey: env.DRILL_EMBED_KEY || undefined});
		case 'transformers':
			return TransformersEmbedder.load(spec.model);
		case 'lsa':
			throw new DrillError('bad_argument', 'the LSA embedder is trained on a store', 'use drill reindex');
	}
}

/** The name an embedder spec will be recorded under (to compare with the store before connecting). */
export function specName(spec: EmbedderSpec): string {
	switch (spec.kind) {
		case 'lsa':
			return 'lsa';
		case 'openai':
			return `openai:${spec.model ?? ''}`;
		case 'transformers':
			return `transformers:${(spec.model ?? '').replace(/[\\/]+$/u, '').split(/[\\/]/u).pop() ?? ''}`;
	}
}
