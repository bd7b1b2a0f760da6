import {DrillError} from '../../core/errors.js';
import {normalize, type Embedder} from './embedder.js';
import {append} from '../../core/arrays.js';

export interface OpenAiOptions {
	/** Base URL (`http://127.0.0.1:11434/v1`) or the full `…/embeddings` endpoint. */
	url: string;
	model: string;
	/** Sent as a bearer token when set (e.g. from DRILL_EMBED_KEY). */
	apiKey?: string;
	/** Texts per request. */
	batchSize?: number;
	timeoutMs?: number;
	/** Longer texts are cut: embedding servers have a context limit. */
	maxChars?: number;
}

export function embeddingsEndpoint(url: string): string {
	let parsed: URL;
	try {
		parsed = new URL(url);
	} catch {
		throw new DrillError('bad_argument', `--embed-url ${JSON.stringify(url)} is not a URL`, 'give the server base URL, e.g. http://127.0.0.1:11434/v1');
	}
	if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new DrillError('bad_argument', `--embed-url must be http or https, got ${parsed.protocol}`, 'e.g. http://127.0.0.1:11434/v1');
	const base = parsed.href.replace(/\/+$/u, '');
	return /\/embeddings$/u.test(base) ? base : `${base}/embeddings`;
}

/** An OpenAI-compatible `/v1/embeddings` client (OpenAI, Ollama, llama.cpp's server, vLLM, …). */
export class OpenAiEmbedder implements Embedder {
	readonly name: string;
	readonly endpoint: string;
	dimension = 0;

	constructor(private readonly options: OpenAiOptions) {
		if (!options.model) throw new DrillError('bad_argument', 'the openai embedder needs a model', 'give --embed-model, e.g. --embed-model nomic-embed-text');
		this.endpoint = embeddingsEndpoint(options.url);
		this.name = `openai:${options.model}`;
	}

	/** Learns the dimension from one request, so the store can record it. */
	static async connect(options: OpenAiOptions): Promise<OpenAiEmbedder> {
		const embedder = new OpenAiEmbedder(options);
		const [probe] = await embedder.embed(['dimension probe']);
		if (!probe) throw new DrillError('embedder_failed', `the embedding server at ${embedder.endpoint} returned no vector`, 'check the model name');
		return embedder;
	}

	async embed(texts: string[]): Promise<Array<Float32Array | undefined>> {
		const out: Array<Float32Array | undefined> = [];
		const size = this.options.batchSize ?? 32;
		for (let start = 0; start < texts.length; start += size) append(out, await this.request(texts.slice(start, start + size)));
		return out;
	}

	private async request(texts: string[]): Promise<Array<Float32Array | undefined>> {
		const maxChars = this.options.maxChars ?? 8000;
		const input = texts.map((text) => (text.trim() ? text.slice(0, maxChars) : ' '));
		let response: Response;
		try {
			response = await fetch(this.endpoint, {
				method: 'POST',
				headers: {'content-type': 'application/json', ...(this.options.apiKey ? {authorization: `Bearer ${this.options.apiKey}`} : {})},
				body: JSON.stringify({model: this.options.model, input}),
				signal: AbortSignal.timeout(this.options.timeoutMs ?? 120_000),
			});
		} catch (error) {
			const cause = (error as {cause?: {code?: string}}).cause?.code ?? (error as Error).name;
			throw new DrillError('embedder_failed', `cannot reach the embedding server at ${this.endpoint} (${cause})`, 'start the server (e.g. ollama serve) or fix --embed-url');
		}
		const body = await response.text();
		if (!response.ok) {
			const detail = body.replace(/\s+/gu, ' ').slice(0, 200);
			throw new DrillError('embedder_failed', `the embedding server at ${this.endpoint} answered ${response.status}: ${detail}`, response.status === 404 ? 'check --embed-url (it should end in /v1) and --embed-model' : 'check the server and the model name');
		}
		let parsed: {data?: Array<{embedding?: unknown; index?: number}>};
		try {
			parsed = JSON.parse(body) as typeof parsed;
		} catch {
			throw new DrillError('embedder_failed', `the embedding server at ${this.endpoint} did not answer JSON`, 'check --embed-url');
		}
		if (!Array.isArray(parsed.data) || parsed.data.length !== texts.length) {
			throw new DrillError('embedder_failed', `the embedding server at ${this.endpoint} returned ${Array.isArray(parsed.data) ? parsed.data.length : 'no'} embeddings for ${texts.length} texts`, 'check that it implements /v1/embeddings');
		}
		const ordered = [...parsed.data].sort((a, b) => (a.index ?? 0) - (b.index ?? 0));
		return ordered.map((entry) => {
			const vector = entry.embedding;
			if (!Array.isArray(vector) || vector.length === 0 || vector.some((value) => typeof value !== 'number')) {
				throw new DrillError('embedder_failed', `the embedding server at ${this.endpoint} returned an embedding that is not a list of numbers`, 'check that it implements /v1/embeddings');
			}
			if (this.dimension === 0) this.dimension = vector.length;
			else if (vector.length !== this.dimension) {
				throw new DrillError('embedder_failed', `the embedding server returned ${vector.length} dimensions after ${this.dimension}`, 'use one model for the whole index');
			}
			return normalize(vector as number[]);
		});
	}
}
