import type {FlagTable} from './command.js';
import {embedderKinds, type EmbedderKind, type EmbedderSpec} from '../search/semantic/embedder.js';
import {usageError} from './output.js';

export const embedderFlags = {
	embedder: {type: 'string', value: 'lsa|openai|transformers', help: 'the embedder (default: the one the store was indexed with, else lsa)'},
	embedUrl: {type: 'string', value: 'URL', help: 'openai: the server, e.g. http://127.0.0.1:11434/v1 (Ollama), :8080/v1 (llama.cpp)'},
	embedModel: {type: 'string', value: 'NAME|FOLDER', help: 'openai: the model name; transformers: a local model folder\n(DRILL_EMBED_KEY is sent as a bearer token when set)'},
} as const satisfies FlagTable;

/** The embedder the flags ask for, or undefined when they name none. */
export function embedderSpec(flags: {embedder?: string; embedUrl?: string; embedModel?: string}, env: NodeJS.ProcessEnv = process.env): EmbedderSpec | undefined {
	const kind = flags.embedder ?? env.DRILL_EMBEDDER;
	if (!kind) {
		if (flags.embedUrl || flags.embedModel) throw usageError('--embed-url and --embed-model need --embedder', 'e.g. --embedder openai --embed-url http://127.0.0.1:11434/v1 --embed-model nomic-embed-text');
		return undefined;
	}
	if (!embedderKinds.includes(kind as EmbedderKind)) throw usageError(`unknown embedder ${JSON.stringify(kind)}`, `use one of: ${embedderKinds.join(', ')}`);
	const url = flags.embedUrl ?? env.DRILL_EMBED_URL;
	const model = flags.embedModel ?? env.DRILL_EMBED_MODEL;
	return {kind: kind as EmbedderKind, ...(url ? {url} : {}), ...(model ? {model} : {})};
}
